package org.stealbench.harness.stats;

import java.util.List;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The two-cluster split of a sample behind every bimodality flag (the report's distributions and
 * the gate's forks): the split where the between-cluster variance is largest (Otsu on the sorted
 * values). It is bimodal when the sample has at least {@link Rule#minValues} values, each cluster
 * holds at least {@link Rule#minFraction} of them (and never fewer than 2), Ashman's
 * D = sqrt(2) |m1 - m2| / sqrt(s1^2 + s2^2) exceeds {@link Rule#minAshmanD} (2 is the usual bound
 * for a clean separation), the clusters' means are at least {@link Rule#minRatio} apart, and the
 * empty gap between them is at least {@link Rule#minGapShare} of the whole range (Ashman's D alone
 * calls a spread-out sample with no gap bimodal: a uniform one has D = 3.5).
 *
 * @param lowMean   the lower cluster's mean (NaN when no split was possible)
 */
public record Modes(boolean bimodal, double lowMean, double highMean, int lowCount, int highCount) {

    /** When a split counts as two modes, as the class says. */
    public record Rule(int minValues, double minFraction, double minAshmanD, double minRatio, double minGapShare) {

        public Rule {
            if (minValues < 4 || !(minFraction >= 0 && minFraction < 0.5) || !(minAshmanD >= 0) || !(minRatio >= 1)
                    || !(minGapShare >= 0 && minGapShare <= 1)) {
                throw new IllegalArgumentException("a bimodality rule needs minValues >= 4, minFraction in [0, 0.5), "
                        + "minAshmanD >= 0, minRatio >= 1 and minGapShare in [0, 1], had " + minValues + ", "
                        + minFraction + ", " + minAshmanD + ", " + minRatio + ", " + minGapShare);
            }
        }
    }

    private static final Modes NONE = new Modes(false, Double.NaN, Double.NaN, 0, 0);

    /** The split of {@code values} and whether it passes {@code rule}. */
    public static Modes of(List<Double> values, Rule rule) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = v.length;
        if (n < rule.minValues()) {
            return NONE;
        }
        int best = -1;
        double bestBetween = -1;
        int minCount = Math.max(2, (int) Math.ceil(rule.minFraction() * n));
        for (int k = minCount; k <= n - minCount; k++) {
            double m1 = StatUtils.mean(v, 0, k);
            double m2 = StatUtils.mean(v, k, n - k);
            double between = (double) k * (n - k) * (m2 - m1) * (m2 - m1);
            if (between > bestBetween) {
                bestBetween = between;
                best = k;
            }
        }
        if (best < 0) {
            return NONE;
        }
        double m1 = StatUtils.mean(v, 0, best);
        double m2 = StatUtils.mean(v, best, n - best);
        double s1 = StatUtils.variance(v, 0, best);
        double s2 = StatUtils.variance(v, best, n - best);
        double d = s1 + s2 == 0 ? Double.POSITIVE_INFINITY : Math.sqrt(2) * Math.abs(m2 - m1) / Math.sqrt(s1 + s2);
        boolean apart = m1 > 0 ? m2 / m1 >= rule.minRatio() : m2 - m1 > 0;
        boolean gap = v[best] - v[best - 1] >= rule.minGapShare() * (v[n - 1] - v[0]);
        return new Modes(d > rule.minAshmanD() && apart && gap, m1, m2, best, n - best);
    }
}
