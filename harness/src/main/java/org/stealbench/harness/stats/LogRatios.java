package org.stealbench.harness.stats;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Ratios of geometric means of independent samples of positive values (benchmark scores, one per
 * fork) with confidence intervals from Welch's t on the logarithms: the log of a ratio is a
 * difference of log means, a linear contrast with the Welch-Satterthwaite degrees of freedom of its
 * terms; and the geometric mean of paired ratios with a one-sample t interval. Pure functions.
 */
public final class LogRatios {

    private LogRatios() {
    }

    /** One sample in a contrast, with its sign: +1 for a numerator, -1 for a denominator. */
    public record Term(List<Double> values, int sign) {

        public Term {
            if (sign != 1 && sign != -1) {
                throw new IllegalArgumentException("sign must be +1 or -1, was " + sign);
            }
            values = List.copyOf(values);
        }
    }

    /** {@code current / baseline} of the geometric means, at the given two-sided confidence. */
    public static RatioEstimate ratio(List<Double> baseline, List<Double> current, double confidence) {
        return contrast(List.of(new Term(current, 1), new Term(baseline, -1)), confidence);
    }

    /**
     * {@code current / baseline} from paired samples (value i of each was measured in the same
     * round, as an interleaved run's forks are): the geometric mean of the per-pair ratios with a
     * one-sample t interval on their logarithms, so the round-to-round drift both share cancels.
     *
     * @throws IllegalArgumentException if the samples differ in length, have fewer than two pairs
     *                                  or a value that is not a positive finite number
     */
    public static RatioEstimate pairedRatio(List<Double> baseline, List<Double> current, double confidence) {
        if (baseline.size() != current.size()) {
            throw new IllegalArgumentException("paired samples must have the same length, had "
                    + baseline.size() + " and " + current.size());
        }
        List<Double> ratios = new ArrayList<>(baseline.size());
        for (int i = 0; i < baseline.size(); i++) {
            double b = baseline.get(i);
            double c = current.get(i);
            if (!(b > 0) || !(c > 0) || Double.isInfinite(b) || Double.isInfinite(c)) {
                throw new IllegalArgumentException("values must be positive finite numbers, had " + b + " and " + c);
            }
            ratios.add(c / b);
        }
        if (ratios.size() < 2) {
            throw new IllegalArgumentException("a paired sample needs at least two pairs, had " + ratios.size());
        }
        return contrast(List.of(new Term(ratios, 1)), confidence);
    }

    /**
     * exp of the signed sum of the terms' log means, with a Welch interval.
     *
     * @throws IllegalArgumentException if a term has fewer than two values, a value that is not a
     *                                  positive finite number, or the confidence is not in (0, 1)
     */
    public static RatioEstimate contrast(List<Term> terms, double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie in (0, 1), was " + confidence);
        }
        if (terms.isEmpty()) {
            throw new IllegalArgumentException("terms must not be empty");
        }
        double estimate = 0;
        double variance = 0;
        double dfDenominator = 0;
        for (Term term : terms) {
            List<Double> logs = logs(term.values());
            int n = logs.size();
            double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            double ss = 0;
            for (double x : logs) {
                ss += (x - mean) * (x - mean);
            }
            double varianceOfMean = ss / (n - 1) / n;
            estimate += term.sign() * mean;
            variance += varianceOfMean;
            dfDenominator += varianceOfMean * varianceOfMean / (n - 1);
        }
        if (variance == 0) {
            double r = Math.exp(estimate);
            return new RatioEstimate(r, r, r, estimate == 0 ? 1 : 0, confidence);
        }
        double df = variance * variance / dfDenominator;
        TDistribution t = new TDistribution(null, df, TDistribution.DEFAULT_INVERSE_ABSOLUTE_ACCURACY);
        double se = Math.sqrt(variance);
        double quantile = t.inverseCumulativeProbability(1 - (1 - confidence) / 2);
        double p = 2 * t.cumulativeProbability(-Math.abs(estimate) / se);
        return new RatioEstimate(Math.exp(estimate), Math.exp(estimate - quantile * se),
                Math.exp(estimate + quantile * se), Math.min(1, p), confidence);
    }

    private static List<Double> logs(List<Double> values) {
        if (values.size() < 2) {
            throw new IllegalArgumentException("a sample needs at least two values, had " + values.size());
        }
        for (double v : values) {
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("values must be positive finite numbers, had " + v);
            }
        }
        return values.stream().map(Math::log).toList();
    }
}
