package org.stealbench.harness.stats;

import java.util.List;

/** Quantiles of a sample, the one definition report and gate share. */
public final class Quantiles {

    private Quantiles() {
    }

    /**
     * The {@code p} quantile of unsorted values by linear interpolation between order statistics
     * (the R-7 / spreadsheet definition); NaN for no values.
     *
     * @throws IllegalArgumentException if {@code p} is not in [0, 1]
     */
    public static double of(List<Double> values, double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("p must lie in [0, 1], was " + p);
        }
        if (values.isEmpty()) {
            return Double.NaN;
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double h = (v.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(v.length - 1, lo + 1);
        return v[lo] + (h - lo) * (v[hi] - v[lo]);
    }
}
