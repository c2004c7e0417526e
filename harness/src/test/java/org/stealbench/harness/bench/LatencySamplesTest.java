package org.stealbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("quick")
final class LatencySamplesTest {

    private static LatencySamples of(long... values) {
        LatencySamples s = new LatencySamples(2);
        for (long v : values) {
            s.add(v);
        }
        return s;
    }

    @Test
    void percentile_nearestRank_onOneToTen() {
        LatencySamples s = of(7, 3, 10, 1, 9, 2, 8, 4, 6, 5);
        assertEquals(5, s.percentile(0.50));
        assertEquals(9, s.percentile(0.90));
        assertEquals(10, s.percentile(0.99));
        assertEquals(10, s.percentile(0.999));
        assertEquals(1, s.percentile(0.05));
        assertEquals(10, s.percentile(1.0));
    }

    @Test
    void percentile999_ofAThousand_isThe999thSmallest_notTheMaximum() {
        LatencySamples s = new LatencySamples(10);
        for (long v = 1000; v >= 1; v--) {
            s.add(v);
        }
        assertEquals(999, s.percentile(0.999));
        assertEquals(990, s.percentile(0.99));
        assertEquals(900, s.percentile(0.90));
        assertEquals(500, s.percentile(0.50));
        assertEquals(1000, s.count());
    }

    @Test
    void clear_forgetsEarlierSamples_andMicrosConvert() {
        LatencySamples s = of(1_000_000, 2_000_000);
        s.clear();
        s.add(1500);
        assertEquals(1, s.count());
        assertEquals(1.5, s.percentileMicros(0.5), 1e-12);
    }

    @Test
    void addAfterPercentile_resorts() {
        LatencySamples s = of(5, 1);
        assertEquals(1, s.percentile(0.5));
        s.add(0);
        s.add(0);
        assertEquals(0, s.percentile(0.5));
    }

    @Test
    void percentile_emptyOrBadQuantile_refused() {
        assertThrows(IllegalStateException.class, () -> new LatencySamples(4).percentile(0.5));
        assertThrows(IllegalArgumentException.class, () -> of(1).percentile(0));
        assertThrows(IllegalArgumentException.class, () -> of(1).percentile(1.5));
    }
}
