package org.stealbench.harness.stats;

/**
 * A ratio of geometric means with a two-sided confidence interval and the p-value of "no change".
 *
 * @param ratio  the point estimate, e.g. current / baseline
 * @param pValue two-sided p-value of the hypothesis ratio = 1
 */
public record RatioEstimate(double ratio, double low, double high, double pValue, double confidence) {

    /** The same estimate seen from the other side: 1 / ratio, with the interval's ends swapped. */
    public RatioEstimate inverse() {
        return new RatioEstimate(1 / ratio, 1 / high, 1 / low, pValue, confidence);
    }

    /** Whether the whole interval lies below {@code bound} (e.g. 1: current significantly smaller). */
    public boolean below(double bound) {
        return high < bound;
    }

    public boolean above(double bound) {
        return low > bound;
    }
}
