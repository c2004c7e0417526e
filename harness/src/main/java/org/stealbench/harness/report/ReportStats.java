package org.stealbench.harness.report;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.stats.LogRatios;
import org.stealbench.harness.stats.RatioEstimate;

/**
 * The report's statistics, pure functions over samples: a summary with a t interval of the mean,
 * the ratio of two contenders' geometric means with a Welch interval on the logarithms (the
 * regression gate's {@link LogRatios}, so the two agree), and a two-cluster test for bimodal samples.
 */
final class ReportStats {

    private ReportStats() {
    }

    /** A sample's mean with its t interval, and the quantiles a box or strip plot needs. */
    record Summary(int n, double mean, double halfWidth, double median, double p10, double p90, double min,
                   double max) {

        /** Half-width as a fraction of the mean; NaN when there is no interval. */
        double relativeHalfWidth() {
            return halfWidth / Math.abs(mean);
        }
    }

    /** Result of the two-cluster split of a sample, for the bimodality flag. */
    record Modes(boolean bimodal, double lowMean, double highMean, int lowCount, int highCount,
                 double ashmanD) {
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
        return new Summary(n, d.getMean(), half, d.getPercentile(50), quantile(values, 0.1),
                quantile(values, 0.9), d.getMin(), d.getMax());
    }

    /** Linear-interpolation quantile (the R-7 / spreadsheet definition) of unsorted values. */
    static double quantile(List<Double> values, double p) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double h = (v.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(v.length - 1, lo + 1);
        return v[lo] + (h - lo) * (v[hi] - v[lo]);
    }

    /**
     * {@code current / baseline} of the geometric means with a Welch t interval on the logs: the
     * regression gate's {@link LogRatios#ratio}, so the report and the gate agree.
     *
     * @throws IllegalArgumentException if a sample has fewer than two values or a value that is
     *                                  not positive, or the confidence is not in (0, 1)
     */
    static RatioEstimate ratio(List<Double> baseline, List<Double> current, double confidence) {
        return LogRatios.ratio(baseline, current, confidence);
    }

    /**
     * Splits the sample in two where the between-cluster variance is largest (Otsu on sorted
     * values) and calls it bimodal when each cluster holds at least {@code minFraction} of the
     * values and Ashman's D = sqrt(2) |m1 - m2| / sqrt(s1^2 + s2^2) exceeds {@code minD} (2 is
     * the usual bound for a clean separation) and the clusters' means are at least {@code minRatio}
     * apart. Fewer than 6 values are never called bimodal.
     */
    static Modes modes(List<Double> values, double minFraction, double minD, double minRatio) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = v.length;
        if (n < 6) {
            return new Modes(false, Double.NaN, Double.NaN, 0, 0, Double.NaN);
        }
        int best = -1;
        double bestBetween = -1;
        int minCount = Math.max(2, (int) Math.ceil(minFraction * n));
        for (int k = minCount; k <= n - minCount; k++) {
            double m1 = mean(v, 0, k);
            double m2 = mean(v, k, n);
            double between = (double) k * (n - k) * (m2 - m1) * (m2 - m1);
            if (between > bestBetween) {
                bestBetween = between;
                best = k;
            }
        }
        if (best < 0) {
            return new Modes(false, Double.NaN, Double.NaN, 0, 0, Double.NaN);
        }
        double m1 = mean(v, 0, best);
        double m2 = mean(v, best, n);
        double s1 = variance(v, 0, best);
        double s2 = variance(v, best, n);
        double d = s1 + s2 == 0 ? Double.POSITIVE_INFINITY : Math.sqrt(2) * Math.abs(m2 - m1) / Math.sqrt(s1 + s2);
        boolean apart = m1 > 0 ? m2 / m1 >= minRatio : m2 - m1 > 0;
        return new Modes(d > minD && apart, m1, m2, best, n - best, d);
    }

    private static double mean(double[] v, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += v[i];
        }
        return s / (to - from);
    }

    /** Sample variance (n - 1); 0 for a single value. */
    private static double variance(double[] v, int from, int to) {
        int n = to - from;
        if (n < 2) {
            return 0;
        }
        double m = mean(v, from, to);
        double ss = 0;
        for (int i = from; i < to; i++) {
            ss += (v[i] - m) * (v[i] - m);
        }
        return ss / (n - 1);
    }
}
