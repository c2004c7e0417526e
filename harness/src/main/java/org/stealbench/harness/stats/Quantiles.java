package org.stealbench.harness.stats;

import java.util.List;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

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
        // Percentile takes (0, 100]; R-7 at the smallest p is the minimum, as at 0
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        return new Percentile().withEstimationType(Percentile.EstimationType.R_7)
                .evaluate(v, Math.max(p * 100, Double.MIN_VALUE));
    }
}
