package org.stealbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;

/** The gate's calibration subject injects exactly the work asked for. */
final class GateCalibrationBenchmarkTest {

    @Test
    @Tag("quick")
    void pairs_scaleExactlyWithWorkPercent() {
        assertEquals(40, GateCalibrationBenchmark.pairs(100));
        assertEquals(44, GateCalibrationBenchmark.pairs(110));
        assertEquals(42, GateCalibrationBenchmark.pairs(105));
        assertEquals(50, GateCalibrationBenchmark.pairs(125));
        assertEquals(60, GateCalibrationBenchmark.pairs(150));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GateCalibrationBenchmark.pairs(0));
        assertTrue(e.getMessage().contains("workPercent"), e.getMessage());
    }

    @Test
    @Tag("quick")
    void pushPopBatch_leavesTheDequeEmptyAndPopsEveryItem() {
        GateCalibrationBenchmark b = new GateCalibrationBenchmark();
        b.workPercent = 125;
        b.queue = "chase-lev";
        b.setUp();
        assertEquals(50 * DequeOpsBenchmark.ITEM, b.pushPopBatch());
        assertTrue(b.deque.isEmpty());
    }

    @Test
    @Tag("slow")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void run_everyWorkPercent_underJmh() throws RunnerException {
        Collection<RunResult> results = new Runner(BenchmarkSmokeTest.shortRun(GateCalibrationBenchmark.class).build())
                .run();
        assertEquals(5, results.size(), "100, 105, 110, 125 and 150 percent");
        results.forEach(r -> assertTrue(r.getPrimaryResult().getScore() > 0, r.getParams().getParam("workPercent")));
    }
}
