package org.stealbench.harness.stats;

import org.apache.commons.math3.distribution.BetaDistribution;

/** Bounds on a proportion estimated from a count of events in independent trials. */
public final class Proportions {

    private Proportions() {
    }

    /**
     * The one-sided Clopper-Pearson upper confidence bound of a proportion after {@code events} in
     * {@code trials}: with 0 events in 30 trials at 0.95 it is 1 - 0.05^(1/30) = 0.095 (the rule of
     * three's 3/30 = 0.1 is its approximation).
     *
     * @throws IllegalArgumentException if the counts or the confidence are out of range
     */
    public static double upperBound(int events, int trials, double confidence) {
        if (trials < 1 || events < 0 || events > trials) {
            throw new IllegalArgumentException("need 0 <= events <= trials and trials >= 1, had events "
                    + events + ", trials " + trials);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie in (0, 1), was " + confidence);
        }
        if (events == trials) {
            return 1;
        }
        return new BetaDistribution(null, events + 1, trials - events,
                BetaDistribution.DEFAULT_INVERSE_ABSOLUTE_ACCURACY).inverseCumulativeProbability(confidence);
    }
}
