package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stealbench.harness.report.SummarySectionTest.FIB;
import static org.stealbench.harness.report.SummarySectionTest.answers;
import static org.stealbench.harness.report.SummarySectionTest.forks;
import static org.stealbench.harness.report.SummarySectionTest.result;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.results.ExperimentId;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.results.RunData;
import org.stealbench.harness.results.RunFolder;
import org.stealbench.harness.run.BenchmarkCatalog;

/** The summary's unsettled forks, on an interleaved run folder written here whose rounds file says which settled. */
final class ForkSteadinessTest {

    private static final RoundsFile.Steadiness FLAT = new RoundsFile.Steadiness("flat", 7, 0, 0, 5);
    private static final RoundsFile.Steadiness WARM_UP = new RoundsFile.Steadiness("warm-up", 7, 2, 0.08, 5);
    private static final RoundsFile.Steadiness NEVER = new RoundsFile.Steadiness("no steady state", 7, 2, 0.08, 5);

    @TempDir
    Path dir;

    /** fork-join-fib threshold=0, three rounds: jdk-fjp clearly faster; the forks named in {@code unsettled} never settled. */
    private Document page(Set<String> unsettled) throws Exception {
        return page("fork-join-fib", unsettled, forks(10, 10.1, 9.9), forks(20, 20.2, 19.8));
    }

    /** Three forks of seven shots each: a first shot of three times the rest. */
    private static Metric coldForks(double shot) {
        List<Double> row = List.of(3 * shot, shot, shot, shot, shot, shot, shot);
        return new Metric(0, Double.NaN, "ms/op", List.of(row, row, row));
    }

    private Document page(String experiment, Set<String> unsettled, Metric fjp, Metric chaseLev) throws Exception {
        List<JmhResult> results = List.of(
                result(FIB, Map.of("pool", "jdk-fjp", "threshold", "0"), fjp, Map.of(), "17.0.15"),
                result(FIB, Map.of("pool", "ws-chase-lev", "threshold", "0"), chaseLev, Map.of(), "17.0.15"));
        RunFolder folder = RunFolder.create(dir, Instant.parse("2026-11-26T12:00:00Z"), "abcdef0", null);
        RoundsFile rounds = new RoundsFile(experiment, 1, 3, List.of());
        for (int round = 0; round < 3; round++) {
            for (JmhResult r : results) {
                String name = r.param("pool") + "-r" + round;
                rounds = rounds.with(new RoundsFile.Fork(round, 0, FIB, BenchmarkCatalog.completeParams(r), "t", name, null,
                        unsettled.contains(name) ? NEVER : round == 0 ? WARM_UP : FLAT));
            }
        }
        rounds.write(folder.rounds(ExperimentId.of(experiment)));
        Map<String, Object> env = Map.of("jdk", Map.of("version", "17.0.15"), "cores", 2, "profile", "quick");
        RunView run = RunView.of(new RunData(folder.dir(), env, new TreeMap<>(Map.of(experiment, results)),
                List.of()), "run");
        return Jsoup.parse(Report.render(List.of(run), ReportTablesTest.ctx()));
    }

    @Test
    void everyForkSettled_answerRanksAndThePageSaysNone() throws Exception {
        Document doc = page(Set.of());

        assertEquals(List.of("on 2 cores, fork-join-fib: jdk-fjp; ws-chase-lev costs 2x"), answers(doc));
        assertTrue(doc.text().contains("Unsettled forks: none (6 forks judged; 2 discarded a warm-up before their "
                + "steady segment)."), doc.text());
    }

    @Test
    void someForksUnsettled_answerRanksAndNamesThem() throws Exception {
        Document doc = page(Set.of("ws-chase-lev-r1"));

        assertEquals(List.of("on 2 cores, fork-join-fib: jdk-fjp; ws-chase-lev costs 2x [rests on 1 unsettled fork: "
                + "ws-chase-lev round 2 (7 iterations)]"), answers(doc));
        assertEquals(List.of("fork-join-fib", "fib (n=32, threads=2, threshold=0, tuning=default)", "ws-chase-lev",
                        "2", "7", "5"),
                doc.select("table[data-table=summary-unsettled] tbody tr").get(0).children().eachText());
        assertTrue(doc.select("div.banner").eachText().stream().anyMatch(t -> t.startsWith("1 of 6 forks never "
                + "became steady; 1 of 1 answers rest on them")), doc.select("div.banner").eachText().toString());
    }

    @Test
    void aContenderWithNoSteadyFork_answerSaysNotSteadyInsteadOfRanking() throws Exception {
        Document doc = page(Set.of("jdk-fjp-r0", "jdk-fjp-r1", "jdk-fjp-r2"));

        String answer = answers(doc).get(0);
        assertTrue(answer.startsWith("fork-join-fib: not steady (jdk-fjp never settled: jdk-fjp round 1"), answer);
        assertTrue(answer.endsWith("): no ranking; give the forks more iterations (-i)"), answer);
        assertFalse(answer.contains("costs"), answer);
    }

    @Test
    void coldStart_answerSaysSoWithTotalsAndShotsUntilSteady_andListsNoUnsettledFork() throws Exception {
        Document doc = page("cold-start-fib", Set.of("ws-chase-lev-r1"), coldForks(10), coldForks(20));

        String answer = answers(doc).get(0);
        assertTrue(answer.startsWith("from a cold start, on 2 cores, cold-start-fib: jdk-fjp; ws-chase-lev costs 2x "
                + "[first 7 shots in all: jdk-fjp 90 ms, ws-chase-lev 180 ms;"), answer);
        assertTrue(answer.endsWith("; shots until steady by round: jdk-fjp 2/0/0, ws-chase-lev 2/never/0]"), answer);
        assertFalse(doc.text().contains("Unsettled forks"), "settling is what a cold start measures: " + doc.text());
    }

    @Test
    void runWithoutJudgedForks_saysNothingOfSteadiness() {
        Document doc = Jsoup.parse(Report.render(List.of(SummarySectionTest.run("run", "17.0.15",
                Map.of("fork-join-fib", List.of(
                        result(FIB, Map.of("pool", "jdk-fjp"), forks(1, 1.1, 0.9), Map.of(), "17.0.15"),
                        result(FIB, Map.of("pool", "ws-chase-lev"), forks(2, 2.1, 1.9), Map.of(), "17.0.15"))))),
                ReportTablesTest.ctx()));

        assertFalse(doc.text().contains("Unsettled forks"), doc.text());
    }
}
