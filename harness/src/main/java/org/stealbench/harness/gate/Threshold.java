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
        check(time > 0 && time <= 10, "time threshold must lie in (0, 10], was " + time);
        check(cpu > 0 && cpu <= 10, "cpu threshold must lie in (0, 10], was " + cpu);
        check(allocationFraction >= 0 && allocationFraction <= 10,
                "allocationFraction must lie in [0, 10], was " + allocationFraction);
        check(allocationBytes >= 0 && Double.isFinite(allocationBytes),
                "allocationBytes must be a non-negative number, was " + allocationBytes);
    }

    private static void check(boolean valid, String message) {
        if (!valid) {
            throw new IllegalArgumentException(message);
        }
    }
}
