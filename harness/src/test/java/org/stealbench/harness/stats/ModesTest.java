package org.stealbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

final class ModesTest {

    /** The report's rule (report/thresholds.properties). */
    private static final Modes.Rule REPORT = new Modes.Rule(6, 0.2, 2.5, 1.25, 0);
    /** A rule as the gate's: four forks are enough, two in each cluster. */
    private static final Modes.Rule FORKS = new Modes.Rule(4, 0, 0, 1.15, 0.7);

    @Test
    void of_twoSeparateClusters_isBimodalWithTheirSizesAndMeans() {
        Modes m = Modes.of(List.of(22.0, 23.0, 21.5, 165.0, 22.5, 160.0, 170.0, 168.0), REPORT);
        assertTrue(m.bimodal());
        assertEquals(4, m.lowCount());
        assertEquals(4, m.highCount());
        assertEquals(22.25, m.lowMean(), 1e-12);
        assertEquals(165.75, m.highMean(), 1e-12);
    }

    @Test
    void of_oneCluster_closeClusters_orTooFewValues_isNotBimodal() {
        assertFalse(Modes.of(List.of(10.0, 10.4, 9.8, 10.1, 10.6, 9.9, 10.2, 10.3), REPORT).bimodal());
        // clean separation but only 5% apart: noise, not two modes
        assertFalse(Modes.of(List.of(100.0, 100.1, 100.2, 105.0, 105.1, 105.2), REPORT).bimodal());
        assertFalse(Modes.of(List.of(1.0, 1.0, 9.0, 9.0, 9.0), REPORT).bimodal(), "fewer than 6 values");
        assertTrue(Modes.of(List.of(1.0, 1.0, 9.0, 9.0, 9.0), FORKS).bimodal(), "the same under a 4-value rule");
        // one outlier is not a mode: each cluster must hold at least 20%
        assertFalse(Modes.of(List.of(10.0, 10.1, 9.9, 10.2, 10.0, 9.8, 10.1, 10.0, 9.9, 50.0), REPORT).bimodal());
        assertFalse(Modes.of(List.of(100.0, 101.0, 99.0, 150.0), FORKS).bimodal(), "nor under the forks' rule");
    }

    @Test
    void of_evenSpreadWithoutAGap_isNotBimodal_whenTheRuleAsksForAGap() {
        List<Double> drift = List.of(100.0, 110.0, 120.0, 130.0, 140.0, 150.0, 160.0, 170.0);
        assertTrue(Modes.of(drift, new Modes.Rule(4, 0, 2.5, 1.15, 0)).bimodal(), "Ashman's D alone says two modes");
        assertFalse(Modes.of(drift, FORKS).bimodal());
        assertTrue(Modes.of(List.of(100.0, 101.0, 102.0, 160.0, 161.0, 162.0), FORKS).bimodal());
    }

    @Test
    void rule_outOfRange_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Modes.Rule(3, 0.2, 2.5, 1.25, 0));
        assertThrows(IllegalArgumentException.class, () -> new Modes.Rule(6, 0.5, 2.5, 1.25, 0));
        assertThrows(IllegalArgumentException.class, () -> new Modes.Rule(6, 0.2, 2.5, 0.9, 0));
        assertThrows(IllegalArgumentException.class, () -> new Modes.Rule(6, 0.2, 2.5, 1.25, 1.5));
    }
}
