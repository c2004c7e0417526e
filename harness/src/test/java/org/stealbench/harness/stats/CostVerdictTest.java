package org.stealbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

final class CostVerdictTest {

    private static final double MARGIN = 1.1;

    private static RatioEstimate cost(double low, double high) {
        return new RatioEstimate(Math.sqrt(low * high), low, high, 0.5, 0.95);
    }

    @Test
    void of_intervalWithinTheMargin_isAsGood() {
        assertEquals(CostVerdict.AS_GOOD, CostVerdict.of(cost(0.95, 1.08), MARGIN));
        assertEquals(CostVerdict.UNDECIDED, CostVerdict.of(cost(1.02, 1.1), MARGIN), "the margin itself is not below it");
    }

    @Test
    void of_intervalWhollyBeyondTheMargin_costs() {
        assertEquals(CostVerdict.COSTS, CostVerdict.of(cost(1.35, 4.4), MARGIN));
    }

    /** The old rule called this "cannot be told apart from the best": the interval holds 1, and 4.6x too. */
    @Test
    void of_wideIntervalHoldingOne_isUndecided() {
        assertEquals(CostVerdict.UNDECIDED, CostVerdict.of(cost(0.38, 4.6), MARGIN));
    }

    /** The old rule claimed a cost here: above 1, but not shown beyond the margin. */
    @Test
    void of_intervalAboveOneThatHoldsTheMargin_isUndecided() {
        assertEquals(CostVerdict.UNDECIDED, CostVerdict.of(cost(1.03, 1.4), MARGIN));
    }

    @Test
    void of_pointWithoutSpread_isDecidedByThePoint() {
        assertEquals(CostVerdict.AS_GOOD, CostVerdict.of(new RatioEstimate(1.05, 1.05, 1.05, 0, 0.95), MARGIN));
        assertEquals(CostVerdict.COSTS, CostVerdict.of(new RatioEstimate(1.2, 1.2, 1.2, 0, 0.95), MARGIN));
    }

    @Test
    void of_noInterval_isUndecided() {
        assertEquals(CostVerdict.UNDECIDED, CostVerdict.of(new RatioEstimate(3, Double.NaN, Double.NaN, Double.NaN, 0.95), MARGIN));
    }

    @Test
    void of_marginNotAboveOne_refusedNamingIt() {
        for (double bad : new double[] {1, 0.9, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> CostVerdict.of(cost(1, 2), bad));
            assertTrue(e.getMessage().contains("margin"), e.getMessage());
        }
    }
}
