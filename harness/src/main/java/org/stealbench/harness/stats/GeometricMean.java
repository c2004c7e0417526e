package org.stealbench.harness.stats;

import java.util.List;

/**
 * The geometric mean of positive values with a t interval computed on their logarithms and
 * mapped back: {@code exp(mean(log x) ± t * sd(log x) / sqrt(n))}. The interval is asymmetric
 * and never reaches zero, which a symmetric interval on a time or a rate can.
 *
 * @param low        the interval's lower end (NaN below two values)
 * @param high       the interval's upper end (NaN below two values)
 */
public record GeometricMean(int n, double value, double low, double high, double confidence) {

    /**
     * @throws IllegalArgumentException if there are no values, a value is not a positive finite
     *                                  number, or the confidence is not in (0, 1)
     */
    public static GeometricMean of(List<Double> values, double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie in (0, 1), was " + confidence);
        }
        if (values.isEmpty()) {
            throw new IllegalArgumentException("values must not be empty");
        }
        if (values.size() < 2) {
            double v = values.get(0);
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("values must be positive finite numbers, had " + v);
            }
            return new GeometricMean(1, v, Double.NaN, Double.NaN, confidence);
        }
        RatioEstimate r = LogRatios.contrast(List.of(new LogRatios.Term(values, 1)), confidence);
        return new GeometricMean(values.size(), r.ratio(), r.low(), r.high(), confidence);
    }

    /** The geometric mean alone, {@code exp(mean(log x))}; NaN when a value is not positive or there are none. */
    public static double point(List<Double> values) {
        return values.isEmpty() || values.stream().anyMatch(v -> !(v > 0)) ? Double.NaN
                : Math.exp(values.stream().mapToDouble(Math::log).average().orElseThrow());
    }

    /** Whether there is an interval (two or more values). */
    public boolean hasInterval() {
        return !Double.isNaN(low);
    }

    /** The interval's half-width on the log scale as a factor, e.g. 1.1 for "within 10%". */
    public double spreadFactor() {
        return hasInterval() ? Math.sqrt(high / low) : Double.NaN;
    }
}
