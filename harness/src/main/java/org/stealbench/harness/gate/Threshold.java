package org.stealbench.harness.gate;

/**
 * The practical thresholds for one benchmark.
 *
 * @param time               the slowdown of the score that counts: 0.25 means a regression is
 *                           called only when the whole interval of the time ratio lies above 1.25
 *                           (an improvement when it lies below 1 / 1.25)
 * @param cpu                the same for CPU time per operation ({@code cpu.time.norm})
 * @param allocationFraction allocation growth that counts, relative to the baseline's B/op
 * @param allocationBytes    allocation growth that counts, in bytes per operation; the larger of
 *                           the two allowances applies
 * @param rule               where it came from: "default" or the matching rule's pattern
 */
public record Threshold(double time, double cpu, double allocationFraction, double allocationBytes, String rule) {

    public Threshold {
        if (!(time > 0 && time <= 10)) {
            throw new IllegalArgumentException("time threshold must lie in (0, 10], was " + time);
        }
        if (!(cpu > 0 && cpu <= 10)) {
            throw new IllegalArgumentException("cpu threshold must lie in (0, 10], was " + cpu);
        }
        if (!(allocationFraction >= 0 && allocationFraction <= 10)) {
            throw new IllegalArgumentException("allocationFraction must lie in [0, 10], was " + allocationFraction);
        }
        if (!(allocationBytes >= 0 && Double.isFinite(allocationBytes))) {
            throw new IllegalArgumentException("allocationBytes must be a non-negative number, was " + allocationBytes);
        }
    }

    /** The threshold for a metric: {@link GateComparison#CPU} has its own, anything else {@link #time}. */
    public double forMetric(String metric) {
        return GateComparison.CPU.equals(metric) ? cpu : time;
    }

    /** The allocation growth, in B/op, that a baseline of {@code baselineBytes} B/op is allowed. */
    public double allocationAllowance(double baselineBytes) {
        return Math.max(allocationBytes, allocationFraction * baselineBytes);
    }
}
