package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.run.Experiment;

/** Table assembly from results: which result lands in which row and column, and what the cells say. */
@Tag("quick")
final class ReportTablesTest {

    static final String ED = "org.stealbench.harness.bench.EnqueueDequeueBenchmark.run";

    static JmhResult result(String benchmark, Map<String, String> params, double[] samples, Map<String, Metric> secondary) {
        List<Double> raw = new ArrayList<>();
        for (double s : samples) {
            raw.add(s);
        }
        double mean = raw.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        return new JmhResult(benchmark, "ss", 1, new TreeMap<>(params), new Metric(mean, 0, "ms/op", List.of(raw)),
                secondary, "17", "", null);
    }

    static JmhResult ed(String queue, String shape, double... samples) {
        return result(ED, Map.of("queue", queue, "shape", shape, "items", "1000"), samples, Map.of(
                "sizeMismatch", new Metric(0, Double.NaN, "#", List.of(List.of(0.0, 0.0))),
                "misses", new Metric(0, Double.NaN, "#", List.of(List.of(0.0, 0.0)))));
    }

    static ReportContext ctx() {
        return new ReportContext(ReportThresholds.load(), "jdk-tpe", Correctness.load());
    }

    @Test
    void series_placeEachShapeAtItsThreadCount() {
        assertEquals(40, EnqueueDequeueSection.Series.EQUAL.threads(40, 40));
        assertEquals(-1, EnqueueDequeueSection.Series.EQUAL.threads(10, 40));
        assertEquals(40, EnqueueDequeueSection.Series.DEQUEUER_HEAVY.threads(10, 40));
        assertEquals(10, EnqueueDequeueSection.Series.DEQUEUER_HEAVY.threads(10, 10));
        assertEquals(-1, EnqueueDequeueSection.Series.DEQUEUER_HEAVY.threads(40, 10));
        assertEquals(40, EnqueueDequeueSection.Series.ENQUEUER_HEAVY.threads(40, 10));
        assertNull(EnqueueDequeueSection.shape("10by10"));
    }

    /**
     * Seed 002's band claim pairs each hybrid result with the locked one whose every other
     * parameter is the same, not the first locked one of its shape and items.
     */
    @Test
    void seed002Band_pairsHybridWithTheLockedResultOfTheSameParameters() {
        Map<String, List<JmhResult>> experiments = Map.of(EnqueueDequeueSection.EXPERIMENT, List.of(
                result(ED, Map.of("queue", "locked", "shape", "40x40", "items", "1000", "spin", "0"),
                        new double[] {1, 1.1}, Map.of()),
                result(ED, Map.of("queue", "locked", "shape", "40x40", "items", "1000", "spin", "9"),
                        new double[] {100, 110}, Map.of()),
                result(ED, Map.of("queue", "hybrid", "shape", "40x40", "items", "1000", "spin", "9"),
                        new double[] {10, 11}, Map.of())));

        ClaimsSection.Claim c = ClaimsSection.seed002Band(SummarySectionTest.run("a", "17", experiments), ctx());

        assertEquals(ClaimsSection.Verdict.HOLDS, c.verdict(), c.measured());
    }

    @Test
    void seed002Grid_rowsPerQueueNoneLast_columnsPerThreadCount_netSubtractsNone() {
        List<JmhResult> results = List.of(ed("none", "10x10", 2, 4), ed("locked", "10x10", 10, 12), ed("locked", "40x40", 30, 34),
                ed("hybrid", "10x10", 8, 8), ed("locked", "10x40", 99, 99));
        EnqueueDequeueSection.Grid g = EnqueueDequeueSection.grid(results, EnqueueDequeueSection.Series.EQUAL, "1000");
        assertEquals(List.of("locked", "hybrid", "none"), g.queues());
        assertEquals(List.of(10, 40), g.threads());
        assertEquals(11 - 3, EnqueueDequeueSection.net(g, "locked", 10), 1e-12);
        assertTrue(Double.isNaN(EnqueueDequeueSection.net(g, "locked", 40)), "no 'none' at 40x40");
        assertEquals("size right in all 4 invocations", EnqueueDequeueSection.indicator(g, "locked"));

        Html.Table raw = EnqueueDequeueSection.rawTable(g, ctx());
        assertEquals("seed002-equal-k1000", raw.id());
        assertEquals(List.of("queue \\ threads per side (E = D)", "10", "40", "correctness indicator"),
                raw.head().get(0).cells().stream().map(Html.Cell::text).toList());
        Html.Row hybrid = raw.body().get(1);
        assertTrue(hybrid.cells().get(0).cls().contains("broken"), "the faithful hybrid is marked broken");
        assertEquals("8.00", hybrid.cells().get(1).text(), "no spread: the geometric mean alone");
        assertEquals("\u2013", hybrid.cells().get(2).text());
    }

    @Test
    void seed002Indicator_countsWrongSizesAndMisses() {
        JmhResult bad = result(ED, Map.of("queue", "hybrid", "shape", "10x10", "items", "1000"), new double[] {1, 2, 3},
                Map.of("sizeMismatch", new Metric(2, Double.NaN, "#", List.of(List.of(1.0, 0.0, 1.0))),
                        "misses", new Metric(5, Double.NaN, "#", List.of(List.of(5.0, 0.0, 0.0)))));
        EnqueueDequeueSection.Grid g = EnqueueDequeueSection.grid(List.of(bad), EnqueueDequeueSection.Series.EQUAL, "1000");
        assertEquals("size WRONG in 2 of 3 invocations; 5 dequeues found it empty", EnqueueDequeueSection.indicator(g, "hybrid"));
    }

    @Test
    void experimentGrid_columnsAreMethodsAndVaryingParams_constantsGoToTheCaption() {
        String bench = "org.stealbench.harness.bench.DequeOpsBenchmark.";
        List<JmhResult> results = List.of(
                result(bench + "pushPop", Map.of("queue", "locked", "depth", "0", "x", "1"), new double[] {5, 6}, Map.of()),
                result(bench + "pushSteal", Map.of("queue", "locked", "depth", "0", "x", "1"), new double[] {7, 8}, Map.of()),
                result(bench + "pushPop", Map.of("queue", "locked", "depth", "64", "x", "1"), new double[] {1, 2}, Map.of()),
                result(bench + "pushPop", Map.of("queue", "array-deque", "depth", "0", "x", "1"), new double[] {1, 1}, Map.of()));
        ExperimentSection.Grid g = ExperimentSection.grid(results);
        assertEquals(List.of("locked", "array-deque"), g.contenders());
        assertEquals(List.of("pushPop, depth=0", "pushSteal, depth=0", "pushPop, depth=64"), g.columns());
        assertEquals(Map.of("x", "1"), g.constant());
        Html.Table t = ExperimentSection.table(Experiment.DEQUE_OPS, g, "ms/op", ctx());
        // 5 and 6 ms: a symmetric interval would read 5.5 ± 6.35 and cross zero; on the log scale it cannot
        assertEquals("5.48 [1.72, 17.4]", t.body().get(0).cells().get(1).text());
        assertEquals("\u2013", t.body().get(1).cells().get(2).text(), "array-deque has no pushSteal here");
        Html.Table ratio = ExperimentSection.ratioTable(Experiment.DEQUE_OPS, g, ctx());
        assertEquals("1x (baseline)", ratio.body().get(1).cells().get(1).text());
    }

    @Test
    void threadsUsed_isTheLargestOfJmhThreadsPoolThreadsAndShape() {
        assertEquals(110, Report.threadsUsed(ed("locked", "100x10", 1, 2)));
        JmhResult pool = result("a.B.c", Map.of("pool", "jdk-tpe", "threads", "2"), new double[] {1, 2}, Map.of());
        assertEquals(2, Report.threadsUsed(pool));
    }

    @Test
    void nameCell_marksBrokenKindsAndAsksThePoolRegistryForItsWorkerDeque() {
        assertTrue(Correctness.nameCell("hybrid").cls().contains("broken"));
        // the pool registry builds no pool on a broken kind, so an old run's ws-hybrid is not a registry pool
        assertEquals("", Correctness.nameCell("ws-chase-lev").cls());
        assertEquals("", Correctness.nameCell("hybrid-fixed").cls());
        assertEquals("", Correctness.nameCell("jdk-tpe").cls());
    }
}
