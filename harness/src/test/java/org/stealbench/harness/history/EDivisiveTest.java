package org.stealbench.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

final class EDivisiveTest {

    private static final int LENGTH = 40;
    private static final int STEP_AT = 23;

    /** 40 values around 100 with relative noise {@code cv}, times {@code step} from index {@link #STEP_AT}. */
    private static double[] series(long seed, double cv, double step) {
        Random r = new Random(seed);
        double[] x = new double[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            x[i] = 100 * (i >= STEP_AT ? step : 1) * (1 + cv * r.nextGaussian());
        }
        return x;
    }

    /** Noise up to a fifth of the step; at a third (3%) the split can land a commit or two off. */
    @ParameterizedTest
    @ValueSource(doubles = {0.005, 0.01, 0.02})
    void find_tenPercentStep_findsItAtItsIndexAtEachNoiseLevel(double cv) {
        for (long seed = 1; seed <= 5; seed++) {
            List<EDivisive.ChangePoint> found = EDivisive.standard().find(series(seed, cv, 1.10));

            assertEquals(1, found.size(), "noise " + cv + ", seed " + seed + ": " + found);
            assertEquals(STEP_AT, found.get(0).index(), "noise " + cv + ", seed " + seed);
            assertTrue(found.get(0).pValue() <= EDivisive.ALPHA);
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.005, 0.01, 0.02, 0.03})
    void find_flatSeries_findsNoneAtEachNoiseLevel(double cv) {
        assertEquals(List.of(), EDivisive.standard().find(series(7, cv, 1.0)));
    }

    @Test
    void find_manyFlatSeries_falseAlarmsAtMostAlpha() {
        int series = 300;
        int alarms = 0;
        for (long seed = 100; seed < 100 + series; seed++) {
            if (!EDivisive.standard().find(series(seed, 0.02, 1.0)).isEmpty()) {
                alarms++;
            }
        }
        // at a true rate of 5%, 300 series give more than 27 alarms with probability below 0.1%
        assertTrue(alarms <= 27, alarms + " of " + series + " flat series had a change point");
    }

    @Test
    void find_twoSteps_findsBoth() {
        double[] x = series(3, 0.01, 1.10);
        for (int i = 10; i < STEP_AT; i++) {
            x[i] *= 0.9;
        }

        List<EDivisive.ChangePoint> found = EDivisive.standard().find(x);

        assertEquals(List.of(10, STEP_AT), found.stream().map(EDivisive.ChangePoint::index).toList());
    }

    @Test
    void find_tooShortSeries_findsNone() {
        assertEquals(List.of(), EDivisive.standard().find(new double[] {1, 2, 3, 10, 11}));
    }
}
