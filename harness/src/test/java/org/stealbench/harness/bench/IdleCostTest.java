package org.stealbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The idle-cost arithmetic on made-up CPU readings (no thread runs, nothing is timed). */
@Tag("quick")
final class IdleCostTest {

    @Test
    void sample_readsEveryThreadThroughTheClock() {
        Thread a = new Thread(() -> { });
        Thread b = new Thread(() -> { });
        Map<Thread, Long> cpu = new HashMap<>(Map.of(a, 100L, b, -1L));
        IdleCost meter = new IdleCost(List.of(a, b), cpu::get);
        assertArrayEquals(new long[] {100, -1}, meter.sample());
        cpu.put(a, 250L);
        assertArrayEquals(new long[] {250, -1}, meter.sample());
    }

    @Test
    void spent_sumsEachThreadsDelta_leavingOutUnknownEnds() {
        assertEquals(300 + 50, IdleCost.spent(new long[] {100, 0, 10}, new long[] {400, 50, 10}));
        // a thread that exited (-1 at the end) or appeared unknown at the start counts nothing
        assertEquals(7, IdleCost.spent(new long[] {100, -1, 3}, new long[] {-1, 500, 10}));
        assertThrows(IllegalArgumentException.class, () -> IdleCost.spent(new long[1], new long[2]));
    }

    @Test
    void cores_isCpuOverWall_zeroForAnEmptyInterval() {
        assertEquals(0.5, IdleCost.cores(50_000_000, 100_000_000), 1e-12);
        assertEquals(2.0, IdleCost.cores(200, 100), 1e-12);
        assertEquals(0.0, IdleCost.cores(10, 0), 1e-12);
    }

    @Test
    void ledger_splitsBusyAndGapCpu() {
        IdleCost.Ledger ledger = new IdleCost.Ledger();
        ledger.busy(3_000_000, 1000);      // 3 ms of CPU running 1,000 tasks
        ledger.gap(1_000_000, 8_000_000);  // 1 ms of CPU over an 8 ms gap
        ledger.busy(1_000_000, 1000);
        ledger.gap(0, 2_000_000);
        assertEquals(5_000_000 / 1e3 / 2000, ledger.cpuPerTaskMicros(), 1e-12);
        assertEquals(0.1, ledger.gapCores(), 1e-12);
        assertEquals(0.2, ledger.idleShare(), 1e-12);
        assertEquals(10.0, ledger.gapMillis(), 1e-12);
    }

    @Test
    void ledger_empty_isAllZero() {
        IdleCost.Ledger ledger = new IdleCost.Ledger();
        assertEquals(0.0, ledger.cpuPerTaskMicros());
        assertEquals(0.0, ledger.gapCores());
        assertEquals(0.0, ledger.idleShare());
    }
}
