package org.stealbench.harness.stats;

/**
 * What the interval of a cost ratio (a contender's time over the best's, or the best's rate over
 * the contender's) shows against a margin of practical equivalence: the one rule that decides
 * whether a contender is as good as the best, costs more, or cannot be placed yet.
 *
 * <p>A difference is claimed only when the interval lies wholly beyond the margin, and sameness
 * only when it lies wholly within it: the two one-sided tests of equivalence testing (Schuirmann,
 * J. Pharmacokinetics and Biopharmaceutics 15(6), 1987; Lakens, Social Psychological and
 * Personality Science 8(4), 2017), read one-sided as non-inferiority to the best. An interval that
 * holds 1 is not evidence of sameness, only of too few replicates. Two runs with honest intervals
 * reach opposite verdicts ({@link #AS_GOOD} and {@link #COSTS}) only when the intervals are disjoint.
 */
public enum CostVerdict {
    /** The whole interval lies below the margin: no worse than the best by as much as the margin. */
    AS_GOOD,
    /** The whole interval lies above the margin: costs more than the margin over the best. */
    COSTS,
    /** The interval holds the margin (or there is none): the data cannot tell which. */
    UNDECIDED;

    /**
     * @param cost   the cost ratio with its interval, about 1 or above for a contender ranked after the best
     * @param margin the smallest cost that matters, above 1 (e.g. 1.10): the seeds' claims' "as good as" bound
     * @throws IllegalArgumentException if the margin is not a finite number above 1
     */
    public static CostVerdict of(RatioEstimate cost, double margin) {
        if (!(margin > 1) || Double.isInfinite(margin)) {
            throw new IllegalArgumentException("the margin must be a finite number above 1, was " + margin);
        }
        return cost.below(margin) ? AS_GOOD : cost.above(margin) ? COSTS : UNDECIDED;
    }
}
