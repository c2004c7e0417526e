package org.stealbench.harness.gate;

/**
 * The practical thresholds for one benchmark.
 *
 * @param time               the slowdown of the score that counts: 0.25 means a significant slowdown
 *                           is a regression only when it is estimated above 25%
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
}
