package org.stealbench.harness.gate;

/**
 * The gate's verdict on one benchmark's allocation per operation ({@code gc.alloc.rate.norm}),
 * which barely moves with noise and so is gated tightly: a regression when every current fork
 * allocates more than every baseline fork by more than the allowance.
 *
 * @param label         {@code Class.method param=value ...}
 * @param shortName     {@code Class.method}
 * @param params        {@code param=value ...}
 * @param unit          the metric's unit, normally {@code B/op}
 * @param baselineForks forks with data in the baseline
 * @param currentForks  forks with data in the current run
 * @param baseline      the mean of the baseline's fork means
 * @param current       the mean of the current run's fork means
 * @param allowance     the growth (in {@code unit}) allowed before a regression is called
 * @param threshold     the thresholds in force
 * @param verdict       PASS, REGRESSION, IMPROVEMENT or INCONCLUSIVE (units differ)
 * @param reason        why, in a few words
 */
public record AllocationRow(String label, String shortName, String params, String unit, int baselineForks,
                            int currentForks, double baseline, double current, double allowance,
                            Threshold threshold, GateVerdict verdict, String reason) {
}
