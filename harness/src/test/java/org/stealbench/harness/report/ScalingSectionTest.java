package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.RunData;

/**
 * The scaling section and the summary's scaling answers on runs built here, whose truth is known:
 * jdk-fjp halves its time from 1 to 2 threads and gains nothing beyond, ws-chase-lev gains 1.25x
 * from 1 to 2 threads and nothing beyond. The same measurements read as a 2-core and a 16-core run
 * answer for their own core count, and two runs on different core counts are never repeats.
 */
final class ScalingSectionTest {

    private static final double CONFIDENCE = 0.99;
    private static final String DRAIN = "org.stealbench.harness.bench.QueueDrainBenchmark.queueAndDrain";

    private static JmhResult fib(String experimentPool, int threads, double... times) {
        return SummarySectionTest.result(SummarySectionTest.FIB, Map.of("pool", experimentPool, "threads",
                Integer.toString(threads), "n", "25", "threshold", "0", "tuning", "default"),
                SummarySectionTest.forks(times), Map.of(), "17.0.15");
    }

    /** fork-join-fib at 1 and 2 threads, oversubscribed-fib at 4, as a quick run on 2 cores measures them. */
    private static Map<String, List<JmhResult>> ladder() {
        return Map.of(
                "fork-join-fib", List.of(
                        fib("ws-chase-lev", 1, 100, 102, 98), fib("jdk-fjp", 1, 100, 101, 99),
                        fib("ws-chase-lev", 2, 80, 81, 79), fib("jdk-fjp", 2, 50, 51, 49)),
                "oversubscribed-fib", List.of(fib("ws-chase-lev", 4, 80, 79, 81), fib("jdk-fjp", 4, 50, 52, 48)));
    }

    private static RunView run(String label, int cores, Map<String, List<JmhResult>> experiments) {
        Map<String, Object> env = Map.of("jdk", Map.of("version", "17.0.15"), "cores", cores, "profile", "quick");
        return RunView.of(new RunData(Path.of("no-such-folder", label), env, new TreeMap<>(experiments), List.of()), label);
    }

    @Test
    void ladders_joinTheExperimentsOfOneBenchmarkWhoseOtherParametersAgree() {
        List<ScalingSection.Ladder> ladders = ScalingSection.ladders(run("a", 2, ladder()), CONFIDENCE);

        assertEquals(1, ladders.size());
        ScalingSection.Ladder l = ladders.get(0);
        assertEquals(List.of("fork-join-fib", "oversubscribed-fib"), l.experiments());
        assertEquals(List.of(1, 2, 4), l.threads());
        assertEquals("invocations/s", l.unit());
        assertEquals(List.of("ws-chase-lev", "jdk-fjp"), l.curves().stream().map(ScalingSection.Curve::contender).toList());
        assertEquals(20.0, l.curves().get(1).at(2).throughput().value(), 0.1, "1 / 50 ms");
    }

    @Test
    void ladders_oneThreadCount_isNoLadder() {
        RunView run = run("a", 2, Map.of("fork-join-fib", List.of(fib("jdk-fjp", 2, 50, 51, 49),
                fib("ws-chase-lev", 2, 80, 81, 79))));

        assertTrue(ScalingSection.ladders(run, CONFIDENCE).isEmpty());
        assertTrue(ScalingSection.build(run, ReportTablesTest.ctx()).isAbsent());
    }

    @Test
    void speedup_isExactlyOneAtOneThread() {
        ScalingSection.Curve c = ScalingSection.ladders(run("a", 2, ladder()), CONFIDENCE).get(0).curves().get(0);

        org.stealbench.harness.stats.RatioEstimate one = ScalingSection.speedup(c, 1, CONFIDENCE);
        assertEquals(List.of(1.0, 1.0, 1.0), List.of(one.ratio(), one.low(), one.high()));
        assertEquals(1.25, ScalingSection.speedup(c, 2, CONFIDENCE).ratio(), 0.01, "100 ms / 80 ms");
    }

    @Test
    void stopsGaining_isTheLastPointReachedBySignificantGains() {
        ScalingSection.Ladder l = ScalingSection.ladders(run("a", 2, ladder()), CONFIDENCE).get(0);

        assertEquals(2, ScalingSection.stopsGaining(l.curves().get(0), CONFIDENCE));
        assertEquals(2, ScalingSection.stopsGaining(l.curves().get(1), CONFIDENCE));
        ScalingSection.Curve flat = new ScalingSection.Curve("x", List.of(l.curves().get(0).at(2), l.curves().get(0).at(4)));
        assertEquals(2, ScalingSection.stopsGaining(flat, CONFIDENCE), "no gain from the first step");
    }

    @Test
    void answer_on2Cores_judgesAt2Threads() {
        String a = ScalingSection.answers(run("a", 2, ladder()), CONFIDENCE).get(0);

        assertTrue(a.startsWith("up to 2 cores, fork-join-fib + oversubscribed-fib fib: jdk-fjp scales best (2"), a);
        assertTrue(a.contains(" at 2 threads)"), a);
        assertTrue(a.contains("ws-chase-lev gains up to 2 threads, jdk-fjp gains up to 2 threads"), a);
    }

    /** The same points on a 16-core machine lie within its cores: the answer is judged at 4 threads. */
    @Test
    void answer_on16Cores_judgesAtTheMostThreadsWithinThem() {
        String a = ScalingSection.answers(run("a", 16, ladder()), CONFIDENCE).get(0);

        assertTrue(a.startsWith("up to 16 cores, "), a);
        assertTrue(a.contains("jdk-fjp scales best (2") && a.contains(" at 4 threads)"), a);
    }

    @Test
    void answer_withoutAOneThreadPoint_saysSo() {
        RunView run = run("a", 2, Map.of("oversubscribed-fib", List.of(fib("jdk-fjp", 4, 50, 52, 48),
                fib("jdk-fjp", 8, 60, 61, 59))));

        String a = ScalingSection.answers(run, CONFIDENCE).get(0);
        assertTrue(a.contains("no speedup over one thread can be formed"), a);
        assertTrue(a.contains("jdk-fjp gains nothing past 4 threads"), a);
    }

    @Test
    void answer_noContenderFasterThanOnOneThread_saysSo() {
        RunView run = run("a", 2, Map.of("fork-join-fib", List.of(fib("jdk-fjp", 1, 50, 51, 49), fib("jdk-fjp", 2, 80, 81, 79))));

        String a = ScalingSection.answers(run, CONFIDENCE).get(0);
        assertTrue(a.contains("no contender is faster at 2 threads than at one (best: jdk-fjp 0.6"), a);
    }

    @Test
    void atCores_keepsTheMostThreadsWithinTheCores() {
        List<JmhResult> all = ladder().get("fork-join-fib");

        assertEquals(List.of("2", "2"), ScalingSection.atCores(all, 2).stream().map(r -> r.param("threads")).toList());
        assertEquals(List.of("2", "2"), ScalingSection.atCores(all, 64).stream().map(r -> r.param("threads")).toList());
        assertEquals(List.of("1", "1"), ScalingSection.atCores(all, 1).stream().map(r -> r.param("threads")).toList());
    }

    @Test
    void page_drawsThroughputSpeedupAndEfficiency_andTheSummaryAnswers() {
        Document doc = Jsoup.parse(Report.render(List.of(run("a", 2, ladder())), ReportTablesTest.ctx()));

        Element section = doc.selectFirst("section[data-section=scaling]");
        assertFalse(section.hasAttr("data-absent"));
        assertEquals(List.of("scaling-1-throughput", "scaling-1-speedup", "scaling-1-efficiency"),
                section.select("figure[data-chart]").eachAttr("data-chart"));
        assertTrue(section.selectFirst("figure[data-chart=scaling-1-speedup] img").attr("alt").contains("ideal"));
        Element answers = doc.selectFirst("table[data-table=summary-scaling]");
        assertTrue(answers.text().contains("Which scales best up to 2 cores"), answers.text());
        assertTrue(answers.text().contains("jdk-fjp scales best"), answers.text());
    }

    /** A 16-core run beside a 2-core one: compared side by side, never checked as a repeat. */
    @Test
    void summary_runsOnOtherCoreCounts_areNotRepeats() {
        RunView small = run("small", 2, ladder());
        RunView big = run("big", 16, ladder());
        RunView again = run("again", 16, ladder());

        Document two = Jsoup.parse(Report.render(List.of(small, big), ReportTablesTest.ctx()));
        List<String> head = two.select("table[data-table=summary-answers] thead th").eachText();
        assertEquals(List.of("answer"), head);
        assertTrue(two.select("div.banner").eachText().stream().anyMatch(t -> t.contains("Not checked against small (2 cores)")),
                two.select("div.banner").eachText().toString());

        Document same = Jsoup.parse(Report.render(List.of(again, big), ReportTablesTest.ctx()));
        assertEquals(List.of("answer", "in again"), same.select("table[data-table=summary-answers] thead th").eachText());
    }

    @Test
    void byThreads_saysWhereAClaimStopsHolding() {
        assertEquals("holds up to 4 threads, fails from 8", ClaimsSection.byThreads(new TreeMap<>(Map.of(1, true, 4, true, 8, false))));
        assertEquals("fails up to 1 thread, holds from 2", ClaimsSection.byThreads(new TreeMap<>(Map.of(1, false, 2, true))));
        assertEquals("holds at every thread count (1 to 2)", ClaimsSection.byThreads(new TreeMap<>(Map.of(1, true, 2, true))));
        assertEquals("holds at 1, 4 threads; fails at 2", ClaimsSection.byThreads(new TreeMap<>(Map.of(1, true, 2, false, 4, true))));
    }

    /**
     * A run of one experiment with simple-lock and ws-chase-lev at each thread count: per count
     * their times {lock, ws}, as three forks of time, 1.01 x time and 0.99 x time.
     */
    private static RunView lockAgainstWs(String experiment, String benchmark, Map<String, String> fixed, int cores,
                                         Map<Integer, double[]> times) {
        List<JmhResult> results = new java.util.ArrayList<>();
        new TreeMap<>(times).forEach((t, lockAndWs) -> {
            for (int k = 0; k < 2; k++) {
                Map<String, String> params = new TreeMap<>(fixed);
                params.put("pool", k == 0 ? "simple-lock" : "ws-chase-lev");
                params.put("threads", Integer.toString(t));
                double v = lockAndWs[k];
                results.add(SummarySectionTest.result(benchmark, params, SummarySectionTest.forks(v, 1.01 * v, 0.99 * v),
                        Map.of(), "17.0.15"));
            }
        });
        return run("a", cores, Map.of(experiment, results));
    }

    /** Seed 000's claim with a ladder: far cheaper at 1 thread (0.5x), not at 2 (0.9x): judged per thread count. */
    @Test
    void seed000_isJudgedPerThreadCount() {
        RunView run = lockAgainstWs("recursive-work", "org.stealbench.harness.bench.RecursiveWorkBenchmark.tree",
                Map.of("work", "100"), 2, Map.of(1, new double[] {100, 50}, 2, new double[] {100, 90}));

        ClaimsSection.Claim c = ClaimsSection.seed000(run, ReportTablesTest.ctx());
        assertEquals(ClaimsSection.Verdict.DOES_NOT_HOLD, c.verdict());
        assertTrue(c.why().endsWith("holds up to 1 thread, fails from 2"), c.why());
        assertTrue(c.measured().contains("ws-chase-lev (work 100, 2 threads): 0.9"), c.measured());
    }

    /**
     * The report's layout for machines of 1 to 128 cores, from the ladder the planner gives them:
     * one ladder, three charts, and the answer judged at the cores (none can be formed on one core).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 2, 16, 64, 128})
    void page_forTheLadderOfEachMachineSize(int cores) {
        List<JmhResult> results = new java.util.ArrayList<>();
        for (int t : org.stealbench.harness.run.ThreadLadder.full(cores)) {
            double ideal = 100.0 / Math.min(t, cores);
            results.add(fib("jdk-fjp", t, ideal, ideal * 1.01, ideal * 0.99));
            results.add(fib("ws-chase-lev", t, 2 * ideal, 2 * ideal * 1.01, 2 * ideal * 0.99));
        }
        RunView run = run("a", cores, Map.of("fork-join-fib", results));
        Document doc = Jsoup.parse(Report.render(List.of(run), ReportTablesTest.ctx()));

        Element section = doc.selectFirst("section[data-section=scaling]");
        assertEquals(3, section.select("figure[data-chart]").size());
        assertEquals(2 * org.stealbench.harness.run.ThreadLadder.full(cores).size(),
                section.select("details table tbody tr").size(), "a row per contender and thread count");
        String answer = doc.selectFirst("table[data-table=summary-scaling] tbody td").text();
        assertTrue(answer.startsWith("up to " + cores + " cores, "), answer);
        assertTrue(cores == 1 ? answer.contains("no speedup over one thread can be formed")
                : answer.contains(" at " + cores + " threads"), answer);
    }

    private static JmhResult withThreads(JmhResult r, int threads) {
        TreeMap<String, String> params = new TreeMap<>(r.params());
        params.put("threads", Integer.toString(threads));
        return new JmhResult(r.benchmark(), r.mode(), r.threads(), params, r.primary(), r.secondary(), r.jdkVersion(),
                r.jvmArgs(), r.settings());
    }

    /** A full run's wake-up latency at 2 and 4 threads: its section compares the pools once, at the cores. */
    @Test
    void wakeupSection_ofALadder_comparesThePoolsAtTheCores() {
        List<JmhResult> results = new java.util.ArrayList<>();
        for (int t : List.of(2, 4)) {
            results.add(withThreads(NewExperimentSectionsTest.wakeup("jdk-fjp", t), t));
            results.add(withThreads(NewExperimentSectionsTest.wakeup("ws-chase-lev", 2 * t), t));
        }
        RunView run = run("a", 2, Map.of(WakeupLatencySection.EXPERIMENT, results));

        Html.Section s = WakeupLatencySection.build(run, ReportTablesTest.ctx());
        Html.Table t = s.blocks().stream().map(Html.Block::table).filter(java.util.Objects::nonNull).findFirst().orElseThrow();
        assertEquals(List.of("jdk-fjp", "ws-chase-lev"), t.body().stream().map(r -> r.cells().get(0).text()).toList());
        assertEquals(2.0, Double.parseDouble(t.body().get(0).cells().get(1).value()), 1e-9, "the 2-thread point");
    }

    /**
     * Seed 000's processors claim on a queue/drain ladder: simple-lock / ws-chase-lev is 1x at 1
     * thread, 2x at 2 (worse), 2x at 4 (no worse): it holds up to 2 threads, fails from 4.
     */
    @Test
    void seed000Processors_isJudgedStepByStepUpTheLadder() {
        RunView run = lockAgainstWs("queue-drain", DRAIN, Map.of("separate", "false"), 4,
                Map.of(1, new double[] {100, 100}, 2, new double[] {100, 50}, 4, new double[] {100, 50}));

        ClaimsSection.Claim c = ClaimsSection.seed000Processors(run, ReportTablesTest.ctx());
        assertEquals(ClaimsSection.Verdict.DOES_NOT_HOLD, c.verdict());
        assertTrue(c.why().contains("holds up to 2 threads, fails from 4"), c.why());
        assertTrue(c.measured().contains("1 to 2 threads: 2"), c.measured());

        RunView one = lockAgainstWs("queue-drain", DRAIN, Map.of("separate", "false"), 2, Map.of(2, new double[] {100, 50}));
        assertEquals(ClaimsSection.Verdict.NOT_MEASURABLE, ClaimsSection.seed000Processors(one, ReportTablesTest.ctx()).verdict());
    }
}
