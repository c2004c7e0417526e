package org.stealbench.harness.report;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
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
    record Summary(int n, double mean, double halfWidth, double median, double p10, double p90) {

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

    /** Summary at the given two-sided confidence; the half-width is NaN below two values. */
    static Summary summarize(List<Double> values, double confidence) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("values must not be empty");
        }
        DescriptiveStatistics d = new DescriptiveStatistics();
        values.forEach(d::addValue);
        int n = values.size();
        double half = Double.NaN;
        if (n >= 2) {
            double t = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
            half = t * d.getStandardDeviation() / Math.sqrt(n);
        }
        return new Summary(n, d.getMean(), half, Quantiles.of(values, 0.5), Quantiles.of(values, 0.1),
                Quantiles.of(values, 0.9));
    }
}
