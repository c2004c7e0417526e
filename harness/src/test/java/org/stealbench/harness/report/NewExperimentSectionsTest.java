package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;

/** The sections of the issue-12 experiments: which counter lands in which cell. */
@Tag("quick")
final class NewExperimentSectionsTest {

    static final String WAKEUP = "org.stealbench.harness.bench.WakeupLatencyBenchmark.wakeup";
    static final String IDLE = "org.stealbench.harness.bench.IdleCostBenchmark.idleCost";

    static Metric counter(double... perInvocation) {
        List<Double> raw = java.util.Arrays.stream(perInvocation).boxed().toList();
        return new Metric(raw.stream().mapToDouble(Double::doubleValue).sum(), Double.NaN, "#", List.of(raw));
    }

    static JmhResult wakeup(String pool, double base) {
        Map<String, Metric> sec = new LinkedHashMap<>();
        double[] factor = {1, 2, 4, 8};
        for (String path : WakeupLatencySection.PATHS) {
            for (int i = 0; i < 4; i++) {
                double v = base * factor[i] * (path.equals("sibling") ? 10 : 1);
                sec.put(path + WakeupLatencySection.SUFFIXES.get(i), counter(v, v));
            }
        }
        return ReportTablesTest.result(WAKEUP, Map.of("pool", pool, "threads", "2", "samples", "1000"),
                new double[] {50, 50}, sec);
    }

    @Test
    void wakeupTable_onePoolPerRow_outsideThenSiblingPercentiles() {
        Html.Table t = WakeupLatencySection.table(List.of(wakeup("jdk-tpe", 3), wakeup("ws-chase-lev", 5)),
                ReportTablesTest.ctx());
        List<String> head = t.head().get(0).cells().stream().map(Html.Cell::text).toList();
        assertEquals(List.of("pool", "outside p50", "outside p90", "outside p99", "outside p99.9",
                "sibling p50", "sibling p90", "sibling p99", "sibling p99.9"), head);
        Html.Row ws = t.body().get(1);
        assertEquals("ws-chase-lev", ws.cells().get(0).text());
        assertEquals(5.0, Double.parseDouble(ws.cells().get(1).value()), 1e-9);
        assertEquals(40.0, Double.parseDouble(ws.cells().get(4).value()), 1e-9);
        assertEquals(50.0, Double.parseDouble(ws.cells().get(5).value()), 1e-9);
        assertEquals(400.0, Double.parseDouble(ws.cells().get(8).value()), 1e-9);
        assertNotNull(WakeupLatencySection.plot(List.of(wakeup("jdk-tpe", 3)), "sibling", ReportTablesTest.ctx()).dataUri());
    }

    @Test
    void idleCostTable_countersInTheirColumns_missingIsADash() {
        Map<String, Metric> sec = new LinkedHashMap<>();
        sec.put("idleCores", counter(0.5, 0.7));
        sec.put("cpuPerTaskUs", counter(2, 4));
        sec.put("gapCores", counter(0, 0, 0.003));
        JmhResult r = ReportTablesTest.result(IDLE, Map.of("pool", "jdk-fjp", "burst", "1000", "idleMs", "200",
                "bursts", "20", "periodMs", "10"), new double[] {400, 400}, sec);
        Html.Table t = IdleCostSection.table(List.of(r), ReportTablesTest.ctx());
        Html.Row row = t.body().get(0);
        assertEquals("jdk-fjp", row.cells().get(0).text());
        assertEquals(Math.sqrt(0.5 * 0.7), Double.parseDouble(row.cells().get(1).value()), 1e-12, "geometric mean");
        assertEquals("\u2013", row.cells().get(2).text(), "idleCpuUs absent");
        assertEquals(Math.sqrt(2.0 * 4.0), Double.parseDouble(row.cells().get(5).value()), 1e-12, "geometric mean");
        // a 0 has no geometric mean: the arithmetic mean 0.001, its t interval (0.001 +- 4.30 * 0.001) cut at 0
        assertEquals("0.00100 [0, 0.00530]", row.cells().get(3).text());
        assertEquals(IdleCostSection.COLUMNS.size() + 1, row.cells().size());
    }

    @Test
    void schedulerAndOversubscription_gridsByWorkloadAndThreads() {
        String run = "org.stealbench.harness.bench.SchedulerWorkloadsBenchmark.run";
        List<JmhResult> results = List.of(
                ReportTablesTest.result(run, Map.of("pool", "jdk-fjp", "workload", "chain", "tasks", "10000"), new double[] {1, 2}, Map.of()),
                ReportTablesTest.result(run, Map.of("pool", "ws-chase-lev", "workload", "chain", "tasks", "10000"), new double[] {3, 4}, Map.of()),
                ReportTablesTest.result(run, Map.of("pool", "jdk-fjp", "workload", "yield", "tasks", "10000"), new double[] {5, 6}, Map.of()));
        ExperimentSection.Grid g = ExperimentSection.grid(results);
        assertEquals(List.of("jdk-fjp", "ws-chase-lev"), g.contenders());
        assertEquals(List.of("workload=chain", "workload=yield"), g.columns());
        assertTrue(g.get("ws-chase-lev", "workload=yield") == null);

        String fib = "org.stealbench.harness.bench.ForkJoinFibBenchmark.fib";
        ExperimentSection.Grid o = ExperimentSection.grid(List.of(
                ReportTablesTest.result(fib, Map.of("pool", "jdk-fjp", "threads", "1"), new double[] {1, 2}, Map.of()),
                ReportTablesTest.result(fib, Map.of("pool", "jdk-fjp", "threads", "8"), new double[] {1, 2}, Map.of())));
        assertEquals(List.of("threads=1", "threads=8"), o.columns());
    }

    @Test
    void poolOptions_theTuningIsTheContender_unlessPoolsAreCompared() {
        String drain = "org.stealbench.harness.bench.QueueDrainBenchmark.queueAndDrain";
        List<JmhResult> options = List.of("default", "lifo-slot", "searching").stream()
                .map(t -> ReportTablesTest.result(drain, Map.of("pool", "ws-chase-lev", "global", "default",
                        "separate", "false", "tuning", t), new double[] {20, 22}, Map.<String, Metric>of()))
                .toList();
        assertEquals("tuning", ExperimentSection.contenderParam(options));
        ExperimentSection.Grid g = ExperimentSection.grid(options);
        assertEquals(List.of("default", "lifo-slot", "searching"), g.contenders());
        List<JmhResult> pools = List.of("ws-chase-lev", "jdk-fjp").stream()
                .flatMap(p -> List.of("default", "lifo-slot").stream().map(t -> ReportTablesTest.result(drain,
                        Map.of("pool", p, "global", "default", "separate", "false", "tuning", t), new double[] {20, 22},
                        Map.<String, Metric>of())))
                .toList();
        assertEquals("pool", ExperimentSection.contenderParam(pools));
    }

    @Test
    void otherResults_leaveOutEveryExperimentWithASectionOfItsOwn() {
        for (String id : List.of("queue-drain", "fork-join-fib", "wakeup-latency", "idle-cost", "scheduler-workloads",
                "oversubscribed-drain", "oversubscribed-fib")) {
            assertTrue(OtherResultsSection.known().contains(id), id);
        }
        assertFalse(OtherResultsSection.known().contains("cold-start-fib"), "the cold starts have no section");
    }

    @Test
    void wideErrorList_namesEachResultByItsRowAndColumn() {
        String fib = "org.stealbench.harness.bench.ForkJoinFibBenchmark.fib";
        List<JmhResult> options = new ArrayList<>();
        for (String tuning : List.of("default", "lifo-slot")) {
            for (String n : List.of("20", "30")) {
                // three forks each: tight ones for all but lifo-slot at n=30, whose forks spread 2x
                List<List<Double>> forks = tuning.equals("lifo-slot") && n.equals("30")
                        ? List.of(List.of(10.0), List.of(20.0), List.of(15.0))
                        : List.of(List.of(10.0), List.of(10.01), List.of(10.02));
                options.add(new JmhResult(fib, "ss", 1, new TreeMap<>(Map.of("pool", "ws-chase-lev",
                        "tuning", tuning, "n", n, "threshold", "0")), new Metric(12, 0, "ms/op", forks), Map.of(),
                        "17", "", null));
            }
        }
        List<String> wide = Report.wideResults("pool-options-fib", options, ReportTablesTest.ctx());
        assertEquals(1, wide.size(), wide.toString());
        assertTrue(wide.get(0).matches("pool-options-fib lifo-slot \\(n=30\\) \\d+%"), wide.get(0));
    }
}
