package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.results.JmhJson;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.JmhSettings;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.results.RunData;

/**
 * The comparison of saved runs ({@code scripts/report RUN_A RUN_B}) on synthetic runs whose truth
 * is known: it refuses or flags each thing the retired stored-number gate compared silently.
 */
final class ComparisonSectionTest {

    private static final String PUSH_POP = "org.stealbench.harness.bench.DequeOpsBenchmark.pushPop";
    private static final JmhSettings FIVE_FORKS = new JmhSettings(5, 2, "200 ms", 4, "200 ms");

    @TempDir
    Path dir;

    /** A result of {@code queue} with five forks around {@code mean} ns/op (or the given raw values). */
    private static JmhResult result(String queue, int threads, JmhSettings settings, List<List<Double>> raw) {
        return new JmhResult(PUSH_POP, "avgt", threads, new TreeMap<>(Map.of("queue", queue, "depth", "0")),
                new Metric(raw.get(0).get(0), 0, "ns/op", raw), Map.of(), "17", "", settings);
    }

    private static List<List<Double>> forks(double mean) {
        List<List<Double>> raw = new ArrayList<>();
        for (int f = 0; f < 5; f++) {
            double v = mean * (1 + 0.002 * (f - 2));
            raw.add(List.of(v, v * 1.001, v * 0.999, v));
        }
        return raw;
    }

    private static RunView run(String label, int cores, Path source, JmhResult... results) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("cores", cores);
        return RunView.of(new RunData(source, env, Map.of("deque-ops", List.of(results)), List.of()), label);
    }

    private static RunView run(String label, int cores, JmhResult... results) {
        return run(label, cores, Path.of(label + ".json"), results);
    }

    private static Html.Section compare(RunView... runs) {
        return ComparisonSection.build(List.of(runs), ReportTablesTest.ctx());
    }

    private static List<String> banners(Html.Section s) {
        return s.banners().stream().map(Html.Banner::text).toList();
    }

    /** The ratio cell of the table's only row. */
    private static Html.Cell ratio(Html.Section s) {
        Html.Table t = s.blocks().stream().filter(b -> b.table() != null).findFirst().orElseThrow().table();
        List<Html.Cell> cells = t.body().get(0).cells();
        return cells.get(cells.size() - 1);
    }

    @Test
    void tenPercentSlower_sameConditions_isJudgedSlower() {
        Html.Section s = compare(run("A", 2, result("locked", 1, FIVE_FORKS, forks(100))),
                run("B", 2, result("locked", 1, FIVE_FORKS, forks(110))));
        assertEquals(List.of(), banners(s));
        assertTrue(ratio(s).cls().contains("bad"), "judged slower: " + ratio(s));
        assertTrue(ratio(s).text().startsWith("1.1"), ratio(s).text());
    }

    @Test
    void sameSpeed_sameConditions_isJudgedNoClearDifference_withoutAWarning() {
        Html.Section s = compare(run("A", 2, result("locked", 1, FIVE_FORKS, forks(100))),
                run("B", 2, result("locked", 1, FIVE_FORKS, forks(100))));
        assertEquals(List.of(), banners(s), "a judged 'no difference' is an answer");
        assertTrue(ratio(s).title().startsWith("interval contains 1"), ratio(s).title());
    }

    @Test
    void infinityOrANegativeValue_isRefusedNotAveragedIn() {
        List<List<Double>> inf = new ArrayList<>(forks(100));
        inf.set(2, List.of(100.0, Double.POSITIVE_INFINITY, 100.0, 100.0));
        Html.Section s = compare(run("A", 2, result("locked", 1, FIVE_FORKS, forks(100))),
                run("B", 2, result("locked", 1, FIVE_FORKS, inf)));
        assertEquals("\u2013", ratio(s).text());
        assertTrue(ratio(s).title().contains("damaged value (Infinity"), ratio(s).title());
        assertTrue(banners(s).get(0).startsWith("NOTHING COMPARED"), banners(s).toString());

        List<List<Double>> negative = new ArrayList<>(forks(100));
        negative.set(0, List.of(100.0, -3.0, 100.0, 100.0));
        s = compare(run("A", 2, result("locked", 1, FIVE_FORKS, negative)),
                run("B", 2, result("locked", 1, FIVE_FORKS, forks(100))));
        assertTrue(ratio(s).title().contains("damaged value (-3.0"), ratio(s).title());
    }

    @Test
    void jmhsInfinityText_inARunsJson_isRefusedNotReadAsZero() throws Exception {
        Path file = Files.writeString(dir.resolve("jmh-deque-ops.json"), "[{\"benchmark\":\"" + PUSH_POP + "\","
                + "\"mode\":\"avgt\",\"threads\":1,\"forks\":5,\"warmupIterations\":2,\"warmupTime\":\"200 ms\","
                + "\"measurementIterations\":4,\"measurementTime\":\"200 ms\",\"params\":{\"queue\":\"locked\","
                + "\"depth\":\"0\"},\"primaryMetric\":{\"score\":\"+INF\",\"scoreUnit\":\"ns/op\",\"rawData\":"
                + "[[100.0,\"+INF\",100.0,100.0],[100.0,100.0,100.0,100.0],[100.0,100.0,100.0,100.0],"
                + "[100.0,100.0,100.0,100.0],[100.0,100.0,100.0,100.0]]},\"secondaryMetrics\":{}}]");
        JmhResult damaged = JmhJson.read(file).get(0);
        Html.Section s = compare(run("A", 2, result("locked", 1, FIVE_FORKS, forks(100))), run("B", 2, damaged));
        assertTrue(ratio(s).title().contains("damaged value (Infinity"), ratio(s).title());
    }

    @Test
    void nothingInCommon_saysNothingCompared() {
        Html.Section s = compare(run("A", 2, result("locked", 1, FIVE_FORKS, forks(100))),
                run("B", 2, result("duffy", 1, FIVE_FORKS, forks(100))));
        assertTrue(banners(s).get(0).startsWith("NOTHING COMPARED"), banners(s).toString());
    }

    @Test
    void tooFewForksEverywhere_saysNoRatioJudged() {
        JmhSettings one = new JmhSettings(1, 2, "200 ms", 4, "200 ms");
        Html.Section s = compare(run("A", 2, result("locked", 1, one, forks(100).subList(0, 1))),
                run("B", 2, result("locked", 1, one, forks(100).subList(0, 1))));
        assertTrue(banners(s).get(0).startsWith("No ratio judged: 1 row(s) compared"), banners(s).toString());
    }

    @Test
    void differentThreadCounts_areRefused() {
        Html.Section s = compare(run("A", 2, result("locked", 1, FIVE_FORKS, forks(100))),
                run("B", 2, result("locked", 2, FIVE_FORKS, forks(100))));
        assertTrue(ratio(s).title().contains("thread counts differ (1 vs 2)"), ratio(s).title());
        assertTrue(banners(s).get(0).startsWith("NOTHING COMPARED"), banners(s).toString());
    }

    @Test
    void differentJmhSettings_showTheRatioUnjudged() {
        JmhSettings longer = new JmhSettings(5, 2, "200 ms", 10, "1 s");
        Html.Section s = compare(run("A", 2, result("locked", 1, FIVE_FORKS, forks(100))),
                run("B", 2, result("locked", 1, longer, forks(130))));
        assertTrue(ratio(s).cls().contains("neutral"), ratio(s).toString());
        assertTrue(ratio(s).title().contains("JMH settings differ"), ratio(s).title());
        assertTrue(banners(s).get(0).startsWith("No ratio judged"), banners(s).toString());
    }

    @Test
    void differentCoreCounts_areSaidAndNotJudged() {
        Html.Section s = compare(run("A", 2, result("locked", 1, FIVE_FORKS, forks(100))),
                run("B", 4, result("locked", 1, FIVE_FORKS, forks(130))));
        assertTrue(banners(s).get(0).contains("different core counts (A: 2, B: 4)"), banners(s).toString());
        assertTrue(ratio(s).cls().contains("neutral"), ratio(s).toString());
    }

    @Test
    void differentJvmArguments_areSaidAndNotJudged() {
        RunView a = run("A", 2, result("locked", 1, FIVE_FORKS, forks(100)));
        RunView b = run("B", 2, result("locked", 1, FIVE_FORKS, forks(130)));
        a.data().env().put("jvmArgs", List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"));
        b.data().env().put("jvmArgs", List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "-XX:+UseTransparentHugePages"));
        Html.Section s = compare(a, b);
        assertTrue(banners(s).get(0).contains("different JVM arguments (A: [-Xms2g, -Xmx2g, -XX:+AlwaysPreTouch]; B: "
                + "[-Xms2g, -Xmx2g, -XX:+AlwaysPreTouch, -XX:+UseTransparentHugePages])"), banners(s).toString());
        assertTrue(ratio(s).cls().contains("neutral"), ratio(s).toString());
    }

    @Test
    void sameJvmArguments_butJmhProperties_orOneUnrecorded_areJudged() {
        RunView a = run("A", 2, result("locked", 1, FIVE_FORKS, forks(100)));
        RunView b = run("B", 2, result("locked", 1, FIVE_FORKS, forks(130)));
        a.data().env().put("jvmArgs", List.of("-Xms2g"));
        assertTrue(banners(compare(a, b)).isEmpty(), "B recorded none");
        b.data().env().put("jvmArgs", List.of("-Xms2g", "-Djmh.ignoreLock=true"));
        Html.Section s = compare(a, b);
        assertTrue(banners(s).isEmpty(), banners(s).toString());
        assertTrue(ratio(s).cls().contains("bad"), ratio(s).toString());
    }

    @Test
    void aRunWithFailuresTxt_isSaidAndNotJudged() throws Exception {
        Path b = Files.createDirectories(dir.resolve("run-b"));
        Files.writeString(b.resolve("failures.txt"), "deque-ops fork 3: exit 1\n");
        Html.Section s = compare(run("A", 2, result("locked", 1, FIVE_FORKS, forks(100))),
                run("B", 2, b, result("locked", 1, FIVE_FORKS, forks(130))));
        assertTrue(banners(s).get(0).contains("Run B recorded 1 failure(s) in failures.txt (first: deque-ops fork 3"),
                banners(s).toString());
        assertTrue(ratio(s).cls().contains("neutral"), ratio(s).toString());
    }
}
