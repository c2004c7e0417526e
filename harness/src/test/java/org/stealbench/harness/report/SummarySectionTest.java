package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.results.RunData;

/**
 * The summary on runs built here by hand, whose truth is known: wake-up latency and idle cost
 * ranked by what they measure (not by the invocation's wall time, which orders these fixtures the
 * other way), a ranking compared between a JDK 17 and a JDK 25 run, and claims that flip between
 * two runs of one JDK marked unstable. The expected figures are geometric means worked out by hand.
 */
@Tag("quick")
final class SummarySectionTest {

    static final String FIB = "org.stealbench.harness.bench.ForkJoinFibBenchmark.fib";
    static final String PARTITIONER = "org.stealbench.harness.bench.RangePartitionerBenchmark.parallelFor";

    /** One fork whose iterations are the values. */
    static Metric oneFork(String unit, double... values) {
        List<Double> raw = java.util.Arrays.stream(values).boxed().toList();
        return new Metric(raw.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), Double.NaN, unit,
                List.of(raw));
    }

    /** One fork per value, one iteration each. */
    static Metric forks(double... values) {
        List<List<Double>> raw = new ArrayList<>();
        for (double v : values) {
            raw.add(List.of(v));
        }
        return new Metric(0, Double.NaN, "ms/op", raw);
    }

    static JmhResult result(String benchmark, Map<String, String> params, Metric primary, Map<String, Metric> secondary,
                            String jdk) {
        return new JmhResult(benchmark, "ss", 1, new TreeMap<>(params), primary, secondary, jdk, "", null);
    }

    static RunView run(String label, String jdk, Map<String, List<JmhResult>> experiments) {
        Map<String, Object> env = Map.of("jdk", Map.of("version", jdk), "cores", 2, "profile", "full");
        return RunView.of(new RunData(Path.of("no-such-folder", label), env, new TreeMap<>(experiments), List.of()), label);
    }

    static Document page(RunView... runs) {
        return Jsoup.parse(Report.render(List.of(runs), ReportTablesTest.ctx()));
    }

    static List<String> answers(Document doc) {
        return doc.select("table[data-table=summary-answers] tbody tr").stream().map(tr -> tr.child(0).text()).toList();
    }

    /** Wall times order jdk-fjp first; outside latency orders ws-chase-lev first, sibling latency jdk-fjp. */
    static JmhResult wakeup(String pool, double[] wall, double[] outP50, double[] outP99, double[] sibP50, double[] sibP99) {
        Map<String, Metric> sec = new LinkedHashMap<>();
        sec.put("outsideP50Us", oneFork("#", outP50));
        sec.put("outsideP99Us", oneFork("#", outP99));
        sec.put("siblingP50Us", oneFork("#", sibP50));
        sec.put("siblingP99Us", oneFork("#", sibP99));
        return result(NewExperimentSectionsTest.WAKEUP, Map.of("pool", pool, "threads", "2", "samples", "1000"),
                oneFork("ms/op", wall), sec, "17.0.15");
    }

    static JmhResult idle(String pool, double[] wall, double[] gapCores, double[] cpuPerTask) {
        return result(NewExperimentSectionsTest.IDLE, Map.of("pool", pool, "burst", "1000", "idleMs", "200",
                "bursts", "20", "periodMs", "10"), oneFork("ms/op", wall),
                Map.of("gapCores", oneFork("#", gapCores), "cpuPerTaskUs", oneFork("#", cpuPerTask),
                        "idleCores", oneFork("#", 0, 0, 0.001)), "17.0.15");
    }

    /**
     * The run engine's look between rounds. Three rounds, ws-chase-lev over jdk-fjp paired by
     * round: log ratios 0.379, 0.5, 0.621 (mean 0.5, standard error 0.0699). At one look (95%,
     * t = 4.30) the cost interval starts at exp(0.199) = 1.22, above the 1.10 margin: decided. At
     * three looks (98.3%, t = 7.65) it starts at exp(-0.035), below the margin: not yet.
     */
    @Test
    void decided_whenEveryContenderIsPlaced_atTheLooksLevel() {
        Map<String, String> shape = Map.of("n", "25", "threshold", "0", "threads", "2");
        JmhResult fjp = result(FIB, with(shape, "pool", "jdk-fjp"), forks(10, 10, 10), Map.of(), "17.0.15");
        JmhResult ws = result(FIB, with(shape, "pool", "ws-chase-lev"),
                forks(10 * Math.exp(0.379), 10 * Math.exp(0.5), 10 * Math.exp(0.621)), Map.of(), "17.0.15");
        JmhResult same = result(FIB, with(shape, "pool", "ws-duffy"), forks(10.5, 9.5, 10.2), Map.of(), "17.0.15");

        assertTrue(SummarySection.decided("fork-join-fib", List.of(fjp, ws), 1));
        assertFalse(SummarySection.decided("fork-join-fib", List.of(fjp, ws), 3));
        assertFalse(SummarySection.decided("fork-join-fib", List.of(fjp, ws, same), 1),
                "ws-duffy's cost interval holds the margin: undecided");
        assertTrue(SummarySection.decided("fork-join-fib", List.of(fjp), 3), "one contender: nothing to place");
        assertFalse(SummarySection.decided("fork-join-fib", List.of(), 1), "nothing to rank");
    }

    @Test
    void shapeThatStoppedEarly_saysSoInItsCertainty_otherShapesDoNot() {
        Map<String, String> shape = Map.of("n", "25", "threshold", "0", "threads", "2");
        List<JmhResult> results = List.of(
                result(FIB, with(shape, "pool", "jdk-fjp"), forks(10, 10, 10), Map.of(), "17.0.15"),
                result(FIB, with(shape, "pool", "ws-chase-lev"), forks(15, 15.5, 16), Map.of(), "17.0.15"));
        RoundsFile.Stop stopped = new RoundsFile.Stop(FIB, shape, 3, 60);
        RoundsFile.Stop other = new RoundsFile.Stop(FIB, with(shape, "threads", "1"), 3, 60);

        assertEquals("paired by round, 3 rounds (of 8 planned: decided early)", SummarySection.analyze("fork-join-fib",
                results, true, 0.95, 1.10, new RoundsFile("fork-join-fib", 1, 8, List.of(), List.of(stopped)))
                .get(0).basis());
        assertEquals("paired by round, 3 rounds", SummarySection.analyze("fork-join-fib", results, true, 0.95, 1.10,
                new RoundsFile("fork-join-fib", 1, 8, List.of(), List.of(other))).get(0).basis(), "another shape's stop");
        assertEquals("paired by round, 3 rounds", SummarySection.analyze("fork-join-fib", results, true, 0.95, 1.10,
                new RoundsFile("fork-join-fib", 1, 3, List.of())).get(0).basis(), "every planned round ran");
    }

    private static Map<String, String> with(Map<String, String> params, String key, String value) {
        Map<String, String> more = new LinkedHashMap<>(params);
        more.put(key, value);
        return more;
    }

    @Test
    void wakeupAndIdleCost_areRankedByWhatTheyMeasure_notByWallTime() {
        double[] small = {5, 5.2, 5.4};       // geometric mean 5.197
        double[] large = {20, 21, 22};        // geometric mean 20.98: 4.037x small
        double[] smallP99 = {40, 44, 48};     // 43.88
        double[] largeP99 = {300, 320, 340};  // 319.6
        RunView run = run("r", "17.0.15", Map.of(
                WakeupLatencySection.EXPERIMENT, List.of(
                        wakeup("jdk-fjp", new double[] {10, 10.5, 11}, large, largeP99, small, smallP99),
                        wakeup("ws-chase-lev", new double[] {50, 51, 52}, small, smallP99, large, largeP99)),
                IdleCostSection.EXPERIMENT, List.of(
                        // idle cores (0, 0, 0.001) for both: + 0.0001, 0.0002224 each (undecided: the values span 11x);
                        // gap cores + 0.0001: 0.011069 vs 0.0011973 (9.245x), CPU per task 2.098 vs 0.5485 us (3.826x)
                        idle("jdk-fjp", new double[] {100, 101, 102}, new double[] {0.01, 0.012, 0.011},
                                new double[] {2, 2.2, 2.1}),
                        idle("ws-chase-lev", new double[] {200, 201, 202}, new double[] {0.001, 0.0012, 0.0011},
                                new double[] {0.5, 0.6, 0.55}))));
        List<String> answers = answers(page(run));
        assertEquals(List.of(
                "on 2 cores, idle-cost by CPU after a burst (cores, + 0.0001): jdk-fjp; undecided ws-chase-lev 1x "
                        + "[0.0434, 23.1] [CPU after a burst in cores + 0.0001: jdk-fjp 0.000222]",
                "on 2 cores, idle-cost by CPU between bursts (cores, + 0.0001): ws-chase-lev; jdk-fjp costs 9.25x "
                        + "[CPU between bursts in cores + 0.0001: ws-chase-lev 0.00120]",
                "on 2 cores, idle-cost by CPU per task (\u00b5s): ws-chase-lev; jdk-fjp costs 3.83x "
                        + "[CPU per task in \u00b5s: ws-chase-lev 0.548]",
                "on 2 cores, wakeup-latency by outside p50 (\u00b5s): ws-chase-lev; jdk-fjp costs 4.04x "
                        + "[outside p50 / p99 in \u00b5s: ws-chase-lev 5.20 / 43.9]",
                "on 2 cores, wakeup-latency by sibling p50 (\u00b5s): jdk-fjp; ws-chase-lev costs 4.04x "
                        + "[sibling p50 / p99 in \u00b5s: jdk-fjp 5.20 / 43.9]"), answers);
        Element ranking = page(run).selectFirst("table[data-table=summary-wakeup-latency-outside-p50]");
        assertEquals("wakeup-latency by outside p50 (\u00b5s)", ranking.selectFirst("caption").text());
        assertEquals(5.1974346320454154, Double.parseDouble(ranking.selectFirst("tbody tr").child(3).attr("data-value")),
                1e-9);
    }

    /**
     * A pool whose workers burnt exactly 0 CPU between the bursts in every invocation is ranked
     * (the best), on value + 0.0001 core: 0.0001 against jdk-fjp's 0.011069, 110.7x. Without the
     * offset it had no geometric mean and dropped out of the ranking.
     */
    @Test
    void idleCost_aPoolThatBurntExactlyZero_isRankedOnValuePlusTheStatedOffset() {
        RunView run = run("r", "17.0.15", Map.of(IdleCostSection.EXPERIMENT, List.of(
                idle("jdk-fjp", new double[] {100, 101, 102}, new double[] {0.01, 0.012, 0.011}, new double[] {2, 2.2, 2.1}),
                idle("ws-chase-lev", new double[] {200, 201, 202}, new double[] {0, 0, 0}, new double[] {0.5, 0.6, 0.55}))));
        Document doc = page(run);
        assertTrue(answers(doc).contains("on 2 cores, idle-cost by CPU between bursts (cores, + 0.0001): ws-chase-lev; "
                + "jdk-fjp costs 111x [CPU between bursts in cores + 0.0001: ws-chase-lev 0.000100]"), answers(doc).toString());
        Element ranking = doc.selectFirst("table[data-table=summary-idle-cost-CPU-between-bursts]");
        List<Element> rows = ranking.select("tbody tr");
        assertEquals("ws-chase-lev", rows.get(0).child(1).text());
        assertEquals("1", rows.get(0).child(0).text());
        assertEquals(1e-4, Double.parseDouble(rows.get(0).child(3).attr("data-value")), 1e-12);
        assertEquals(110.69, Double.parseDouble(rows.get(1).child(4).attr("data-value")), 0.01);
        Element note = ranking.parent().nextElementSibling();
        assertTrue(note.hasClass("note") && note.text().contains("Ranked on value + 0.0001 cores"), note.text());
    }

    /**
     * JDK 17 and JDK 25, three forks each. threshold=0: jdk-fjp is clearly faster than the two
     * ws pools on JDK 17, ws-chase-lev clearly faster than the others on JDK 25 (a change).
     * threshold=10: two contenders within each other's noise swap places (no change).
     */
    static Map<String, List<JmhResult>> fib(String jdk, boolean swap) {
        double[] fast = {10, 10.1, 9.9};
        double[] slow = {20, 20.2, 19.8};
        double[] locked = {20.1, 19.7, 20.3};
        double[] noisyA = {10, 12, 8};
        double[] noisyB = {10.5, 8.5, 12.5};
        List<JmhResult> rs = List.of(
                result(FIB, Map.of("pool", "jdk-fjp", "threshold", "0"), forks(swap ? slow : fast), Map.of(), jdk),
                result(FIB, Map.of("pool", "ws-chase-lev", "threshold", "0"), forks(swap ? fast : slow), Map.of(), jdk),
                result(FIB, Map.of("pool", "ws-locked", "threshold", "0"), forks(locked), Map.of(), jdk),
                result(FIB, Map.of("pool", "jdk-fjp", "threshold", "10"), forks(swap ? noisyB : noisyA), Map.of(), jdk),
                result(FIB, Map.of("pool", "ws-chase-lev", "threshold", "10"), forks(swap ? noisyA : noisyB), Map.of(), jdk),
                // separated on one JDK, the other way round within the noise on the other: no change
                result(FIB, Map.of("pool", "jdk-fjp", "threshold", "20"), forks(swap ? noisyB : fast), Map.of(), jdk),
                result(FIB, Map.of("pool", "ws-chase-lev", "threshold", "20"), forks(swap ? noisyA : slow), Map.of(), jdk));
        return Map.of("fork-join-fib", rs);
    }

    @Test
    void twoJdks_eachAnswerSaysWhetherTheRankingChanges_noiseIsNoChange() {
        Document doc = page(run("run-jdk17", "17.0.15", fib("17.0.15", false)),
                run("run-jdk25", "25.0.3", fib("25.0.3", true)));
        Element answers = doc.selectFirst("table[data-table=summary-answers]");
        List<String> head = answers.select("thead th").eachText();
        // every answer has the same certainty, so the caption says it once and there is no certainty column
        assertEquals(List.of("answer", "JDK 17 vs 25"), head, "no stability column across JDKs");
        assertTrue(answers.selectFirst("caption").text().contains("certainty of each: Welch on 3 fork means"),
                answers.selectFirst("caption").text());
        Map<String, String> jdkColumn = new TreeMap<>();
        for (Element tr : answers.select("tbody tr")) {
            jdkColumn.put(tr.child(0).text().replaceFirst(":.*", ""), tr.child(1).text());
        }
        assertEquals("JDK 17: jdk-fjp, ws-chase-lev ~ ws-locked; JDK 25: ws-chase-lev, jdk-fjp ~ ws-locked "
                + "\u2014 ranking changes", jdkColumn.get("on 2 cores, fork-join-fib (threshold=0)"));
        assertEquals("JDK 17: jdk-fjp, ws-chase-lev; JDK 25: ws-chase-lev ~ jdk-fjp \u2014 no change beyond the noise",
                jdkColumn.get("on 2 cores, fork-join-fib (threshold=20)"), jdkColumn.toString());
        assertEquals("JDK 17: jdk-fjp ~ ws-chase-lev; JDK 25: ws-chase-lev ~ jdk-fjp \u2014 no change beyond the noise",
                jdkColumn.get("on 2 cores, fork-join-fib (threshold=10)"));
        assertTrue(doc.select("div.banner").eachText().stream().anyMatch(t -> t.contains("1 of 3 answers rank the "
                + "contenders differently on JDK 17 and JDK 25")), doc.select("div.banner").eachText().toString());
        assertFalse(doc.text().contains("unstable"), "a JDK difference is not instability");
    }

    static Map<String, List<JmhResult>> partitioner(double[] workStealing, double[] stat) {
        return Map.of("range-partitioner", List.of(
                result(PARTITIONER, Map.of("partitioner", "work-stealing", "workload", "worst"), forks(workStealing),
                        Map.of(), "17.0.15"),
                result(PARTITIONER, Map.of("partitioner", "static", "workload", "worst"), forks(stat), Map.of(), "17.0.15")));
    }

    @Test
    void claimThatFlipsBetweenRunsOfOneJdk_isMarkedUnstable() {
        // run a: work-stealing 0.1x of static on the worst case (holds); run b: 10x (does not hold)
        RunView a = run("run-a", "17.0.15", partitioner(new double[] {1, 1.1, 0.9}, new double[] {10, 11, 9}));
        RunView b = run("run-b", "17.0.15", partitioner(new double[] {10, 11, 9}, new double[] {1, 1.1, 0.9}));
        Document doc = page(a, b);
        for (String prefix : List.of("run1-", "run2-")) {
            Element claims = doc.selectFirst("table[data-table=" + prefix + "claims]");
            assertEquals("other runs", claims.select("thead th").last().text());
            Element worst = claims.select("tbody tr").stream().filter(tr -> tr.child(1).text().contains("worst-case"))
                    .findFirst().orElseThrow();
            String other = prefix.equals("run1-") ? "does not hold in run-b" : "holds in run-a";
            assertEquals("unstable: " + other, worst.child(6).text(), worst.text());
            assertTrue(worst.child(6).hasClass("bad"));
            Element random = claims.select("tbody tr").stream().filter(tr -> tr.child(1).text().contains("random work"))
                    .findFirst().orElseThrow();
            assertEquals("\u2013", random.child(6).text(), "not measurable in either run: nothing to compare");
        }
        // the summary (run-b's answers) flips too: run-a's best group shares no contender with run-b's
        Element answers = doc.selectFirst("table[data-table=summary-answers]");
        assertEquals(List.of("answer", "in run-a"), answers.select("thead th").eachText());
        Element row = answers.selectFirst("tbody tr");
        assertTrue(row.child(0).text().startsWith("on 2 cores, range-partitioner: static; work-stealing costs"), row.text());
        assertEquals("unstable: chose work-stealing", row.child(1).text());
    }
}
