package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The paired decision on synthetic pairs whose truth is known: A and B fork values are drawn as
 * {@code level * drift(pair) * (1 + slowdown on B) * lognormal noise}, so the true slowdown is
 * set by the test and the drift hits both forks of a pair.
 */
class PairedDecisionTest {

    private static final double ALPHA = 0.05;

    /** Per-pair log ratios of a synthetic row. */
    private static List<Double> pairs(long seed, int n, double slowdown, double noise, double driftPerPair) {
        Random random = new Random(seed);
        List<Double> logRatios = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double drift = Math.exp(driftPerPair * i);
            double a = 100 * drift * Math.exp(noise * random.nextGaussian());
            double b = 100 * drift * (1 + slowdown) * Math.exp(noise * random.nextGaussian());
            logRatios.add(Math.log(b / a));
        }
        return logRatios;
    }

    private static PairedDecision.Outcome one(List<Double> logRatios, double threshold, int rows) {
        List<PairedDecision.Row> all = new ArrayList<>();
        all.add(new PairedDecision.Row("row", logRatios, threshold, false));
        for (int i = 1; i < rows; i++) {
            all.add(new PairedDecision.Row("filler" + i, pairs(1000 + i, logRatios.size(), 0, 0.01, 0), threshold,
                    false));
        }
        return PairedDecision.decide(all, ALPHA, 1, 2, 0).get(0);
    }

    /**
     * How many of {@code jobs} synthetic A/A jobs (identical sides, 5% noise, drift on both sides,
     * no practical threshold) the rule calls a REGRESSION at one look.
     */
    private static int aaAlarms(int jobs, int rowsPerJob, int pairsPerRow, long seedStride, double alpha, int look,
                                int looks) {
        int alarms = 0;
        for (int job = 0; job < jobs; job++) {
            List<PairedDecision.Row> rows = new ArrayList<>();
            for (int r = 0; r < rowsPerJob; r++) {
                rows.add(new PairedDecision.Row("r" + r, pairs(job * seedStride + r, pairsPerRow, 0, 0.05, 0.1), 0,
                        false));
            }
            if (PairedDecision.decide(rows, alpha, look, looks, 0).stream()
                    .anyMatch(o -> o.verdict() == GateVerdict.REGRESSION)) {
                alarms++;
            }
        }
        return alarms;
    }

    @Test
    void identicalCodePasses() {
        PairedDecision.Outcome o = one(pairs(1, 8, 0, 0.02, 0), 0.10, 5);
        assertEquals(GateVerdict.PASS, o.verdict(), o.reason());
        assertTrue(o.detectable() >= 0.10);
    }

    @Test
    void theDefaultAlphaKeepsFalseAlarmsWithinOnePercentAndStillCatchesTenPercent() {
        double alpha = Double.parseDouble(PairedDecision.DEFAULT_ALPHA);
        int jobs = 3000;
        int alarms = aaAlarms(jobs, 15, 4, 37, alpha, 1, 3);
        // look 1 of 3 spends alpha / 3 = 0.33%: 10 expected at most; at alpha 0.05, 50
        assertTrue(alarms <= 20, alarms + " false alarms in " + jobs + " A/A jobs");
        List<PairedDecision.Row> rows = new ArrayList<>();
        rows.add(new PairedDecision.Row("slower", pairs(7, 8, 0.10, 0.02, 0.1), 0.02, false));
        for (int r = 1; r < 15; r++) {
            rows.add(new PairedDecision.Row("r" + r, pairs(700 + r, 8, 0, 0.02, 0.1), 0.02, false));
        }
        PairedDecision.Outcome o = PairedDecision.decide(rows, alpha, 2, 3, 0).get(0);
        assertEquals(GateVerdict.REGRESSION, o.verdict(), o.reason());
    }

    @Test
    void aaJobsKeepTheFamilyWiseFalseAlarmRateEvenWithoutAPracticalThreshold() {
        int jobs = 400;
        int alarms = aaAlarms(jobs, 5, 6, 31, ALPHA, 1, 2);
        // at most alpha / looks = 2.5% expected; 5% of 400 is 20
        assertTrue(alarms <= 20, alarms + " false alarms in " + jobs + " A/A jobs");
    }

    @Test
    void fivePercentSlowerAtLowNoiseIsBelowATenPercentThresholdButCaughtByAThreePercentOne() {
        List<Double> x = pairs(2, 8, 0.05, 0.005, 0);
        PairedDecision.Outcome loose = one(x, 0.10, 5);
        assertEquals(GateVerdict.PASS, loose.verdict(), loose.reason());
        assertTrue(loose.reason().contains("significant"), loose.reason());
        assertEquals(GateVerdict.REGRESSION, one(x, 0.03, 5).verdict());
    }

    @Test
    void fivePercentSlowerAtHighNoiseIsNotCalledFine() {
        PairedDecision.Outcome o = one(pairs(3, 8, 0.05, 0.10, 0), 0.03, 5);
        assertNotEquals(GateVerdict.REGRESSION, o.verdict(), o.reason());
        assertNotEquals(GateVerdict.PASS, o.verdict(), "a noisy 5% slowdown above a 3% threshold must not pass");
        assertTrue(o.detectable() > 0.05, "the row says it could not see 5%: " + o.detectable());
    }

    @Test
    void tenPercentSlowerAtLowNoiseIsARegression() {
        PairedDecision.Outcome o = one(pairs(4, 8, 0.10, 0.01, 0), 0.05, 5);
        assertEquals(GateVerdict.REGRESSION, o.verdict(), o.reason());
        assertEquals(0.10, o.slowdown(), 0.02);
    }

    @Test
    void tenPercentSlowerAtHighNoiseIsInconclusiveNotPass() {
        PairedDecision.Outcome o = one(pairs(5, 4, 0.10, 0.10, 0), 0.05, 5);
        assertEquals(GateVerdict.INCONCLUSIVE, o.verdict(), o.reason());
    }

    @Test
    void thirtyPercentSlowerIsARegressionAtLowAndHighNoise() {
        assertEquals(GateVerdict.REGRESSION, one(pairs(6, 8, 0.30, 0.01, 0), 0.10, 5).verdict());
        assertEquals(GateVerdict.REGRESSION, one(pairs(7, 8, 0.30, 0.10, 0), 0.10, 5).verdict());
    }

    @Test
    void driftOnBothSidesCancels() {
        // the machine gets 3x slower over the job (drift 0.15 per pair over 8 pairs): pairs cancel it
        assertEquals(GateVerdict.PASS, one(pairs(8, 8, 0, 0.02, 0.15), 0.10, 5).verdict());
        assertEquals(GateVerdict.REGRESSION, one(pairs(9, 8, 0.30, 0.02, 0.15), 0.10, 5).verdict());
    }

    @Test
    void bimodalForksAreFlaggedAndNeverCalledFine() {
        assertTrue(bimodal(List.of(111.0, 40.0, 112.0, 41.0, 39.5, 110.0)));
        assertFalse(bimodal(List.of(100.0, 101.0, 99.0, 102.0, 100.5)));
        assertFalse(bimodal(List.of(100.0, 101.0, 99.0, 150.0)), "one outlier is not a mode");
        PairedDecision.Row row = new PairedDecision.Row("bimodal", pairs(10, 8, 0, 0.02, 0), 0.10, true);
        PairedDecision.Outcome o = PairedDecision.decide(List.of(row), ALPHA, 1, 2, 0).get(0);
        assertEquals(GateVerdict.INCONCLUSIVE, o.verdict());
        assertTrue(o.reason().contains("bimodal"));
        PairedDecision.Row slow = new PairedDecision.Row("bimodal", pairs(11, 8, 0.5, 0.02, 0), 0.10, true);
        assertEquals(GateVerdict.REGRESSION, PairedDecision.decide(List.of(slow), ALPHA, 1, 2, 0).get(0).verdict());
    }

    @Test
    void damagedValuesAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new PairedDecision.Row("r", List.of(0.1, Double.NaN), 0.1, false));
        assertThrows(IllegalArgumentException.class,
                () -> new PairedDecision.Row("r", List.of(0.1, Double.POSITIVE_INFINITY), 0.1, false));
        assertThrows(IllegalArgumentException.class,
                () -> new PairedDecision.Row("r", List.of(0.1, Double.NEGATIVE_INFINITY), 0.1, false));
        assertThrows(IllegalArgumentException.class, () -> PairedDecision.decide(List.of(), 0, 1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> PairedDecision.decide(List.of(), 0.05, 3, 2, 0));
    }

    @Test
    void tooFewPairsIsInconclusive() {
        PairedDecision.Outcome o = one(List.of(0.5), 0.10, 1);
        assertEquals(GateVerdict.INCONCLUSIVE, o.verdict());
    }

    @Test
    void holmAdjustsStepDown() {
        assertArrayEquals(new double[]{0.03, 0.04, 0.04}, PairedDecision.holm(new double[]{0.01, 0.04, 0.02}, 0),
                1e-12);
        assertArrayEquals(new double[]{0.9, 0.5}, PairedDecision.holm(new double[]{0.9, 0.25}, 0), 1e-12);
        assertArrayEquals(new double[]{1.0, 1.0}, PairedDecision.holm(new double[]{0.7, 0.6}, 0), 1e-12);
    }

    @Test
    void aLaterLookSpendsOnlyItsShareOfAlpha() {
        // p just below alpha / 2 but above alpha / 4: significant with 2 looks, not with 4
        List<Double> x = pairs(12, 8, 0.12, 0.06, 0);
        double p = PairedDecision.pValue(x);
        assertTrue(p > 0 && p < 0.02, "p = " + p);
        PairedDecision.Row row = new PairedDecision.Row("r", x, 0.05, false);
        assertEquals(GateVerdict.REGRESSION, PairedDecision.decide(List.of(row), ALPHA, 1, 1, 0).get(0).verdict());
        double strictAlpha = p * 0.9;
        assertNotEquals(GateVerdict.REGRESSION,
                PairedDecision.decide(List.of(row), strictAlpha, 1, 1, 0).get(0).verdict());
    }

    @Test
    void holmInALargerFamilyMultipliesByTheFamilyNotTheRowsTested() {
        assertArrayEquals(new double[]{0.15, 0.28}, PairedDecision.holm(new double[]{0.01, 0.02}, 15), 1e-12);
        assertArrayEquals(PairedDecision.holm(new double[]{0.01, 0.04}, 0),
                PairedDecision.holm(new double[]{0.01, 0.04}, 1), 1e-12);
    }

    private static boolean bimodal(List<Double> forks) {
        return org.stealbench.harness.stats.Modes.of(forks, PairedDecision.BIMODAL_FORKS).bimodal();
    }
}
