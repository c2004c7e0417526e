package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CpuBalanceTest {

    /** Structure only (nothing here is timed): a share in (0, 1], 1 for one thread, bad input refused. */
    @Test
    void probe_givesTheSlowestThreadsShareOfTheFastests() throws Exception {
        double two = CpuBalance.probe(2, Duration.ofMillis(20));
        assertTrue(two > 0 && two <= 1, "every spinner ran, none faster than the fastest: " + two);
        assertEquals(1.0, CpuBalance.probe(1, Duration.ofMillis(5)));
        assertThrows(IllegalArgumentException.class, () -> CpuBalance.probe(0, Duration.ofMillis(5)));
        assertThrows(IllegalArgumentException.class, () -> CpuBalance.probe(2, Duration.ZERO));
    }
}
