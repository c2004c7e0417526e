package org.stealbench.harness.gate;

/**
 * How the gate decides.
 *
 * @param thresholds the practical thresholds, per benchmark
 * @param confidence family-wise confidence over all compared benchmarks (Bonferroni), e.g. 0.95
 * @param minForks   fewest forks per side for a verdict other than INCONCLUSIVE (at least 2)
 * @param normalize  a glob over benchmark labels naming the reference benchmark whose time ratio
 *                   divides every other one, or null
 */
public record GateSettings(GateThresholds thresholds, double confidence, int minForks, String normalize) {

    public GateSettings {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie in (0, 1), was " + confidence);
        }
        if (minForks < 2) {
            throw new IllegalArgumentException("minForks must be at least 2 (a spread needs two forks), was "
                    + minForks);
        }
    }
}
