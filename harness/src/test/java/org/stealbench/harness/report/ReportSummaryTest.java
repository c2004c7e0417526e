package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.stats.CostVerdict;

/**
 * The summary on the checked-in fixture, against values computed here by hand from the fixture's
 * raw data: geometric means, the ranking, each contender's standing against the best (the 95%
 * Welch interval on the logarithms of one fork's iterations, at or below 1.1x: as good as the best;
 * wholly above: slower; else undecided), and the one-line answers.
 */
@Tag("quick")
final class ReportSummaryTest {

    @TempDir
    static Path dir;

    static Document doc;

    @BeforeAll
    static void render() throws Exception {
        Path run = ReportRenderTest.copyFixture(dir.resolve(ReportRenderTest.RUN));
        doc = Jsoup.parse(ReportCommand.render(List.of(run), "jdk-tpe", null).toFile(), "UTF-8");
    }

    private static double geoMean(Metric m) {
        return Math.exp(m.samples().stream().mapToDouble(Math::log).average().orElseThrow());
    }

    /** The standing the rule gives {@code m} against {@code best}, from a Welch interval computed here. */
    private static String standing(Metric m, Metric best) {
        SummaryStatistics a = new SummaryStatistics();
        SummaryStatistics b = new SummaryStatistics();
        m.samples().forEach(v -> a.addValue(Math.log(v)));
        best.samples().forEach(v -> b.addValue(Math.log(v)));
        double va = a.getVariance() / a.getN();
        double vb = b.getVariance() / b.getN();
        double df = (va + vb) * (va + vb) / (va * va / (a.getN() - 1) + vb * vb / (b.getN() - 1));
        double half = new TDistribution(df).inverseCumulativeProbability(0.975) * Math.sqrt(va + vb);
        double diff = a.getMean() - b.getMean();
        return Math.exp(diff + half) <= 1.1 ? "as good as the best" : Math.exp(diff - half) > 1.1 ? "slower" : "undecided";
    }

    private static Element table(String id) {
        Element t = doc.selectFirst("table[data-table=" + id + "]");
        assertTrue(t != null, "table " + id);
        return t;
    }

    /** contender -> its row's cells (rank, contender, family, geometric mean, cost, standing). */
    private static Map<String, Element> rows(String tableId) {
        Map<String, Element> out = new java.util.LinkedHashMap<>();
        for (Element tr : table(tableId).select("tbody tr")) {
            out.put(tr.child(1).text(), tr);
        }
        return out;
    }

    @Test
    void summary_isThePagesFirstSection() {
        Element first = doc.selectFirst("main section");
        assertEquals("summary", first.id());
        assertTrue(doc.selectFirst("nav.toc a").attr("href").equals("#summary"));
    }

    @Test
    void fib_rankingAndGroupsAreTheHandComputedOnes() throws Exception {
        for (String threshold : List.of("0", "10")) {
            List<JmhResult> rs = ReportRenderTest.results("fork-join-fib").stream()
                    .filter(r -> threshold.equals(r.param("threshold"))).toList();
            Map<String, Double> gm = new TreeMap<>();
            rs.forEach(r -> gm.put(r.param("pool"), geoMean(r.primary())));
            List<String> byMean = gm.entrySet().stream().sorted(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
                    .toList();
            Map<String, Element> rows = rows("summary-fork-join-fib-threshold-" + threshold);
            assertEquals(byMean, List.copyOf(rows.keySet()), "ranked by geometric mean");
            JmhResult best = rs.stream().filter(r -> r.param("pool").equals(byMean.get(0))).findFirst().orElseThrow();
            for (JmhResult r : rs) {
                Element row = rows.get(r.param("pool"));
                assertEquals(gm.get(r.param("pool")), Double.parseDouble(row.child(3).attr("data-value")), 1e-9);
                assertEquals(gm.get(r.param("pool")) / gm.get(byMean.get(0)),
                        Double.parseDouble(row.child(4).attr("data-value")), 1e-9);
                assertEquals(r == best ? "best" : standing(r.primary(), best.primary()), row.child(5).text(),
                        r.param("pool") + ": " + row.text());
            }
        }
        // the hand-computed values, written out
        assertEquals(List.of("jdk-fjp", "ws-blocking", "ws-locked"), List.copyOf(rows("summary-fork-join-fib-threshold-0").keySet()));
        assertEquals("best", rows("summary-fork-join-fib-threshold-0").get("jdk-fjp").child(5).text());
        assertEquals("slower", rows("summary-fork-join-fib-threshold-0").get("ws-blocking").child(5).text());
        assertEquals("undecided", rows("summary-fork-join-fib-threshold-10").get("ws-locked").child(5).text());
        assertEquals("slower", rows("summary-fork-join-fib-threshold-10").get("jdk-fjp").child(5).text());
    }

    @Test
    void answers_nameTheBestGroupAndWhatTheOthersCost() {
        List<String> answers = table("summary-answers").select("tbody tr").stream().map(tr -> tr.child(0).text()).toList();
        assertTrue(answers.contains("on 2 cores, fork-join-fib (threshold=0): jdk-fjp; the work-stealing pools "
                + "(ws-blocking, ws-locked) cost 4.99x to 10.4x"), String.join("\n", answers));
        assertTrue(answers.contains("on 2 cores, fork-join-fib (threshold=10): ws-blocking; jdk-fjp costs 6.86x; undecided "
                + "ws-locked 1.65x [0.820, 3.31]"), String.join("\n", answers));
        assertTrue(answers.contains("on 2 cores, queue-drain (separate=false): ws-locked; jdk-tpe costs 1.38x; undecided "
                + "simple-lock 1.18x [0.859, 1.62], simple-lock-flow 1.22x [1.05, 1.42]"), String.join("\n", answers));
        assertEquals(18, answers.size(), "one answer per experiment and shape of the fixture");
        assertTrue(table("summary-answers").text().contains("iterations of one fork: indicative"));
    }

    @Test
    void brokenAndFloorContenders_areShownButNeverRanked() {
        Map<String, Element> rows = rows("summary-enqueue-dequeue-shape-10x10");
        assertEquals("1", rows.get("locked").child(0).text());
        assertEquals("\u2013", rows.get("hybrid").child(0).text());
        assertEquals("broken: not ranked", rows.get("hybrid").child(5).text());
        assertTrue(rows.get("hybrid").child(1).hasClass("broken"));
        assertEquals("floor: not a choice", rows.get("none").child(5).text());
        // hybrid's geometric mean is lower than locked's, yet locked is the answer
        assertTrue(Double.parseDouble(rows.get("hybrid").child(3).attr("data-value"))
                < Double.parseDouble(rows.get("locked").child(3).attr("data-value")));
        assertEquals("\u2013", rows("summary-deque-ops-pushPop").get("array-deque").child(0).text());
    }

    @Test
    void noIntervalOnThePageGoesBelowZero() {
        Pattern bracket = Pattern.compile("(-?[0-9][0-9,.]*) \\[(-?[0-9][0-9,.]*), (-?[0-9][0-9,.]*)\\]");
        Pattern plusMinus = Pattern.compile("^(-?[0-9][0-9,.]*) \u00b1 ([0-9][0-9,.]*)$");
        List<String> bad = new ArrayList<>();
        int seen = 0;
        for (Element td : doc.select("td")) {
            Matcher b = bracket.matcher(td.text());
            while (b.find()) {
                seen++;
                if (Double.parseDouble(b.group(2).replace(",", "")) <= 0) {
                    bad.add(td.text());
                }
            }
            Matcher pm = plusMinus.matcher(td.text());
            if (pm.find()) {
                seen++;
                if (Double.parseDouble(pm.group(1).replace(",", "")) - Double.parseDouble(pm.group(2).replace(",", "")) < 0) {
                    bad.add(td.text());
                }
            }
        }
        assertTrue(seen > 100, "intervals found: " + seen);
        assertTrue(bad.isEmpty(), "intervals below zero: " + bad);
    }

    @Test
    void pairedRounds_seeADifferenceThatRoundToRoundDriftHidesFromWelch() {
        // three rounds drifting by 2x; b is 20% slower than a in every round
        double[] a = {10, 20, 40};
        double[] b = {12, 24, 48};
        List<JmhResult> rs = List.of(forks("a", a), forks("b", b));
        SummarySection.Shape welch = SummarySection.analyze("x", rs, false, 0.95, MARGIN, null).get(0);
        SummarySection.Shape paired = SummarySection.analyze("x", rs, true, 0.95, MARGIN, null).get(0);
        assertEquals(CostVerdict.UNDECIDED, welch.entries().get(1).verdict());
        assertEquals(List.of("a", "b"), welch.notRuledOut());
        assertEquals(CostVerdict.COSTS, paired.entries().get(1).verdict());
        assertEquals(List.of("a"), paired.notRuledOut());
        assertEquals(1.2, paired.entries().get(1).cost().ratio(), 1e-12);
        assertTrue(paired.basis().startsWith("paired by round"), paired.basis());
        assertFalse(welch.basis().startsWith("paired"), welch.basis());
    }

    /** The fixture's asGoodRatio, the margin of the answer rule. */
    private static final double MARGIN = 1.1;

    /**
     * Three interleaved rounds of a and b: a's time drifts from round to round, b's is a's times
     * the round's cost.
     */
    private static SummarySection.Shape pairedRounds(double... costs) {
        double[] a = {10, 14, 8};
        double[] b = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i] * costs[i];
        }
        return SummarySection.analyze("x", List.of(forks("a", a), forks("b", b)), true, 0.95, MARGIN, null).get(0);
    }

    @Test
    void answerRule_realDifferenceWithTightRounds_isClaimed() {
        SummarySection.Shape s = pairedRounds(1.6 * 1.02, 1.6 / 1.03, 1.6 * 1.01);
        assertEquals(CostVerdict.COSTS, s.entries().get(1).verdict());
        assertEquals(List.of("a"), s.notRuledOut());
        assertEquals("x: a; b costs 1.60x", SummarySection.answer(s, 0));
    }

    /** The old rule put b in the best group: its interval holds 1. It holds 1.6x as well: not evidence of sameness. */
    @Test
    void answerRule_sameMeanWithWideRoundToRoundSpread_isUndecided_neitherClaimedNorInTheBestGroup() {
        SummarySection.Shape s = pairedRounds(3.2, 1.6, 0.8);
        assertEquals(1.6, s.entries().get(1).cost().ratio(), 1e-9);
        assertEquals(CostVerdict.UNDECIDED, s.entries().get(1).verdict());
        assertEquals(List.of("a"), s.bestGroup());
        assertEquals(List.of("a", "b"), s.notRuledOut());
        String answer = SummarySection.answer(s, 0);
        assertTrue(answer.startsWith("x: a; undecided b 1.60x ["), answer);
        assertFalse(answer.contains("costs"), answer);
    }

    /** The old rule claimed "b costs 1.05x": significant, but within the margin that counts as as good. */
    @Test
    void answerRule_smallCostWithinTheMargin_isAsGoodNotClaimed() {
        SummarySection.Shape s = pairedRounds(1.04, 1.05, 1.06);
        assertEquals(CostVerdict.AS_GOOD, s.entries().get(1).verdict());
        assertEquals(List.of("a", "b"), s.bestGroup());
        assertEquals("x: a or b", SummarySection.answer(s, 0));
    }

    /** A result whose forks have one iteration each, the given values. */
    private static JmhResult forks(String queue, double[] forkValues) {
        List<List<Double>> raw = new ArrayList<>();
        for (double v : forkValues) {
            raw.add(List.of(v));
        }
        return new JmhResult("b.B.m", "avgt", 1, new TreeMap<>(Map.of("queue", queue)), new Metric(0, 0, "ns/op", raw),
                Map.of(), "17", "", null);
    }

    @Test
    void foreignJmhFile_appearsInTheGenericTable() throws Exception {
        Path foreign = Path.of(ReportSummaryTest.class.getResource("/report/foreign/jmh-string-concat.json").toURI());
        Path run = ReportRenderTest.copyFixture(dir.resolve("with-foreign").resolve(ReportRenderTest.RUN));
        java.nio.file.Files.copy(foreign, run.resolve(foreign.getFileName()));
        for (Path source : List.of(run, foreign)) {
            Path out = dir.resolve("foreign-page-" + source.getFileName());
            Document page = Jsoup.parse(ReportCommand.render(List.of(source), "jdk-tpe", out).toFile(), "UTF-8");
            Element table = page.selectFirst("table[data-table=other-results]");
            assertTrue(table != null, "no generic table for " + source);
            List<String> rows = table.select("tbody tr").eachText();
            assertEquals(List.of("string-concat com.example.bench.StringConcatBenchmark.plus length=16 thrpt 41.2 [34.5, 49.4] ops/us",
                    "string-concat com.example.bench.StringConcatBenchmark.builder length=16 thrpt 55.5 [49.5, 62.2] ops/us"), rows);
        }
    }

    @Test
    void tablesBelow_areSortedByScore_withTheRegistryOrderInANote() throws Exception {
        Map<String, Double> logSum = new TreeMap<>();
        Map<String, Integer> count = new TreeMap<>();
        List<String> registry = new ArrayList<>();
        for (JmhResult r : ReportRenderTest.results("recursive-work")) {
            if (!registry.contains(r.param("pool"))) {
                registry.add(r.param("pool"));
            }
            for (double v : r.primary().samples()) {
                logSum.merge(r.param("pool"), Math.log(v), Double::sum);
                count.merge(r.param("pool"), 1, Integer::sum);
            }
        }
        List<String> expected = logSum.keySet().stream()
                .sorted(java.util.Comparator.comparingDouble(p -> logSum.get(p) / count.get(p))).toList();
        List<String> shown = table("recursive-work").select("tbody tr").stream().map(tr -> tr.child(0).text()).toList();
        assertEquals(expected, shown);
        assertTrue(doc.selectFirst("section#recursive-work").text().contains("registry order: "
                + String.join(", ", registry)));
    }
}
