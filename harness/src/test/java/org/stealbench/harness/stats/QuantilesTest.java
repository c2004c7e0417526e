package org.stealbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

final class QuantilesTest {

    @Test
    void of_unsortedValues_interpolatesBetweenOrderStatistics() {
        List<Double> v = List.of(40.0, 10.0, 30.0, 20.0);
        assertEquals(10.0, Quantiles.of(v, 0), 1e-12);
        assertEquals(25.0, Quantiles.of(v, 0.5), 1e-12);
        assertEquals(37.0, Quantiles.of(v, 0.9), 1e-12);
        assertEquals(40.0, Quantiles.of(v, 1), 1e-12);
        assertEquals(7.0, Quantiles.of(List.of(7.0), 0.3), 1e-12);
    }

    @Test
    void of_noValues_isNaN_andPOutsideTheUnitInterval_isRefused() {
        assertTrue(Double.isNaN(Quantiles.of(List.of(), 0.5)));
        assertThrows(IllegalArgumentException.class, () -> Quantiles.of(List.of(1.0), 1.5));
    }
}
