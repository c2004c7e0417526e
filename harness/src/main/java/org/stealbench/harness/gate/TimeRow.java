package org.stealbench.harness.gate;

import org.stealbench.harness.stats.RatioEstimate;

/**
 * The gate's verdict on one benchmark's time: its score ({@code metric} "time") or its CPU time per
 * operation from {@code CpuTimeProfiler} ({@code metric} "cpu").
 *
 * @param benchmark     the fully qualified benchmark method
 * @param label         {@code Class.method param=value ...}, what thresholds and --normalize match
 * @param shortName     {@code Class.method}
 * @param params        {@code param=value ...}, sorted by name; empty when none
 * @param metric        {@link GateComparison#TIME} or {@link GateComparison#CPU}
 * @param mode          JMH mode; {@code "avgt/thrpt"} when the two sides differ
 * @param unit          the score unit; {@code "ns/op vs us/op"} when the two sides differ
 * @param baselineForks forks with data in the baseline
 * @param currentForks  forks with data in the current run
 * @param baseline      the geometric mean of the baseline's fork means, in {@code unit}
 * @param current       the geometric mean of the current run's fork means
 * @param slowdown      the time ratio, current cost / baseline cost (above 1 is slower; for a
 *                      throughput unit it is baseline score / current score), normalized when
 *                      the gate normalizes; null when the data cannot give one
 * @param pAdjusted     the Bonferroni-adjusted p-value of "no change"; NaN without a ratio
 * @param threshold     the thresholds in force for this benchmark
 * @param verdict       the verdict
 * @param reason        why, in a few words
 */
public record TimeRow(String benchmark, String label, String shortName, String params, String metric, String mode,
                      String unit,
                      int baselineForks, int currentForks, double baseline, double current,
                      RatioEstimate slowdown, double pAdjusted, Threshold threshold, GateVerdict verdict,
                      String reason) {
}
