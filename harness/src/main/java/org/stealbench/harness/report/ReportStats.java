package org.stealbench.harness.report;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.stats.LogRatios;
import org.stealbench.harness.stats.Quantiles;

/**
 * The report's statistics, pure functions over samples: a summary with a t interval of the mean.
 * Ratios ({@link LogRatios}), quantiles and bimodality are {@code stats/}'s.
 */
final class ReportStats {

    private ReportStats() {
    }

    /** A sample's mean with its t interval, and its median and 10th and 90th percentiles. */
    record Summary(double mean, double halfWidth, double median, double p10, double p90) {

        /** Half-width as a fraction of the mean; NaN when there is no interval. */
        double relativeHalfWidth() {
            return halfWidth / Math.abs(mean);
        }
    }

    /**
     * The values a ratio or interval is built on: one mean per fork when there are at least two
     * forks (iterations within a fork correlate), else the iterations of the single fork.
     */
    static List<Double> replicates(Metric metric) {
        return metric.forks() >= 2 ? metric.forkMeans() : metric.samples();
    }

    /** The values' summary, {@code halfWidth} the half-width of its mean's interval (NaN for none). */
    static Summary summarize(List<Double> values, double halfWidth) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("values must not be empty");
        }
        return new Summary(mean(values), halfWidth, Quantiles.of(values, 0.5),
                Quantiles.of(values, 0.1), Quantiles.of(values, 0.9));
    }

    /** The half-width of the t interval of the values' mean at the two-sided confidence; NaN below two values. */
    static double halfWidth(List<Double> values, double confidence) {
        int n = values.size();
        return n < 2 ? Double.NaN : new TDistribution(null, n - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2)
                * Math.sqrt(StatUtils.variance(values.stream().mapToDouble(Double::doubleValue).toArray())) / Math.sqrt(n);
    }

    /**
     * The plain mean of the values (NaN for none), summed with compensation, so that equal values
     * average to themselves; of a metric's samples, the mean of every iteration of every fork.
     */
    static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
