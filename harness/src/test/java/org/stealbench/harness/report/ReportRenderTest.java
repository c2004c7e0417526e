package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.results.JmhJson;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.run.Experiment;

/**
 * Renders the checked-in fixture (a real quick-profile run, cut down) and reads the page back
 * with jsoup: every section is there, the tables' numbers are the fixture's, every chart is an
 * embedded SVG, nothing is fetched from the network, and the run's files are left as they were.
 */
@Tag("quick")
final class ReportRenderTest {

    static final String RUN = "20261122T032225Z-62528d8";

    @TempDir
    static Path dir;

    static Path run;
    static Map<String, String> hashesBefore;
    static Path page;
    static Document doc;

    static Path fixture() throws URISyntaxException {
        return Path.of(ReportRenderTest.class.getResource("/report/run/" + RUN).toURI());
    }

    /** A copy of the fixture run in {@code target}, so the report can be written beside it. */
    static Path copyFixture(Path target) throws Exception {
        Files.createDirectories(target);
        try (Stream<Path> files = Files.list(fixture())) {
            for (Path f : files.toList()) {
                Files.copy(f, target.resolve(f.getFileName()));
            }
        }
        return target;
    }

    static Map<String, String> hashes(Path folder) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.put(f.getFileName().toString(),
                        HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f))));
            }
        }
        return out;
    }

    @BeforeAll
    static void render() throws Exception {
        run = copyFixture(dir.resolve(RUN));
        hashesBefore = hashes(run);
        page = ReportCommand.render(List.of(run), "jdk-tpe", null);
        doc = Jsoup.parse(page.toFile(), "UTF-8");
    }

    static List<JmhResult> results(String experiment) throws Exception {
        return JmhJson.read(fixture().resolve("jmh-" + experiment + ".json"));
    }

    static double mean(Metric m) {
        return m.samples().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    static double geoMean(Metric m) {
        return Math.exp(m.samples().stream().mapToDouble(Math::log).average().orElseThrow());
    }

    static Element table(String id) {
        Element t = doc.selectFirst("table[data-table=" + id + "]");
        assertNotNull(t, "table " + id);
        return t;
    }

    /** The cell of the row whose first cell reads {@code row}, in the column headed {@code column}. */
    static Element cell(String tableId, String row, String column) {
        Element t = table(tableId);
        List<String> head = t.select("thead tr").last().select("th").stream().map(Element::text).toList();
        int col = head.indexOf(column);
        assertTrue(col >= 0, tableId + " has no column " + column + ": " + head);
        for (Element tr : t.select("tbody tr")) {
            if (tr.child(0).text().equals(row)) {
                return tr.child(col);
            }
        }
        throw new AssertionError(tableId + " has no row " + row);
    }

    static double value(Element cell) {
        assertTrue(cell.hasAttr("data-value"), "cell '" + cell.text() + "' has no data-value");
        return Double.parseDouble(cell.attr("data-value"));
    }

    /** The fixture was made with {@code --out /work/runs}: the header's repeat command leaves that path out. */
    @Test
    void header_repeatCommand_leavesOutTheMakingMachinesOutFolder() {
        assertEquals("scripts/bench quick", doc.selectFirst("header .reproduce code").text());
    }

    /**
     * On a narrow screen each table scrolls in its own labelled, focusable box; the print
     * stylesheet keeps charts and rows whole, and printing opens every folded block.
     */
    @Test
    void layout_tablesScrollInTheirOwnBox_printOpensEveryFoldedBlock() {
        for (Element t : doc.select("table")) {
            Element box = t.parent();
            assertTrue(box.hasClass("table-scroll") && box.attr("tabindex").equals("0"), t.attr("data-table"));
            assertEquals(t.selectFirst("caption").id(), box.attr("aria-labelledby"));
        }
        String css = doc.selectFirst("style").data();
        assertTrue(css.contains(".table-scroll { overflow-x: auto;"), css);
        assertTrue(css.contains("@media print") && css.contains("figure, tr, .banner { break-inside: avoid; }"), css);
        assertTrue(css.lines().filter(l -> l.startsWith("caption")).noneMatch(l -> l.contains("nowrap")), "captions wrap");
        assertTrue(doc.selectFirst("script").data().contains("beforeprint"));
    }

    @Test
    void page_isWhereTheIssueSaysAndTheRunsFilesAreUntouched() throws Exception {
        assertEquals(run.resolve("report").resolve("index.html"), page);
        Map<String, String> after = hashes(run);
        assertEquals(hashesBefore, after);
    }

    @Test
    void page_hasEverySectionWithData() {
        for (String id : List.of("settings", "claims", "seed-003", "seed-002", "fork-join-fib", "recursive-work",
                "range-partitioner", "deque-ops", "deque-contention", "distributions", "footprint", "correctness")) {
            Element s = doc.selectFirst("section[data-section=" + id + "]");
            assertNotNull(s, "section " + id);
            assertFalse(s.hasAttr("data-absent"), id + " says it is not in this run");
            assertFalse(s.select("table, figure").isEmpty(), id + " has neither a table nor a chart");
        }
    }

    @Test
    void experimentSections_sayWhatTheRegistrySays() {
        for (Experiment e : List.of(Experiment.FORK_JOIN_FIB, Experiment.RECURSIVE_WORK, Experiment.RANGE_PARTITIONER,
                Experiment.DEQUE_OPS, Experiment.DEQUE_CONTENTION)) {
            Element s = doc.selectFirst("section[data-section=" + e.id() + "]");
            assertNotNull(s, "section " + e.id());
            assertEquals(e.title(), s.selectFirst("h2").text(), e.id());
            assertEquals(e.intro(), s.selectFirst("p").text(), e.id());
        }
    }

    @Test
    void header_saysWhatRanWhereAndWarns() {
        String facts = table("runs").text();
        for (String fact : List.of("2026-11-22 03:22:25 UTC", "quick", "62528d8bc7c9bdb4c409bb96a532d22fc37c7765",
                "17.0.15", "G1", "AMD EPYC", "23.5 GiB", "1.37")) {
            assertTrue(facts.contains(fact), "header lacks " + fact);
        }
        assertTrue(cell("runs", "cores", RUN).text().startsWith("2"));
        String banners = String.join("\n", doc.select("div.banner").eachText());
        assertTrue(banners.contains("Quick profile"), banners);
        assertTrue(banners.contains("Threads exceeded the 2 cores in: deque-contention (3, 4 threads); enqueue-dequeue"),
                banners);
        assertTrue(banners.contains("error bar wider than 25%"), banners);
        assertTrue(table("jmh-settings").text().contains("1 fork x (3 warmup + 10 measurement iterations) of single-shot"));
    }

    @Test
    void seed003Tables_holdTheFixturesNumbers() throws Exception {
        int rows = 0;
        for (JmhResult r : results("queue-drain")) {
            String table = "seed003-separate-" + r.param("separate");
            String pool = r.param("pool");
            assertEquals(geoMean(r.primary()), value(cell(table, pool, "total (ms)")), 1e-9);
            assertEquals(geoMean(r.secondary().get("queueMs")), value(cell(table, pool, "queue (ms)")), 1e-9);
            assertEquals(geoMean(r.secondary().get("drainMs")), value(cell(table, pool, "drain (ms)")), 1e-9);
            assertEquals(r.secondary().get("gc.alloc.rate.norm").score(), value(cell(table, pool, "allocated (B/op)")), 1e-9);
            assertEquals(mean(r.secondary().get("gc.count")), value(cell(table, pool, "GC count per op")), 1e-9);
            rows++;
        }
        assertEquals(8, rows);
        JmhResult base = results("queue-drain").stream().filter(r -> "jdk-tpe".equals(r.param("pool"))
                && "false".equals(r.param("separate"))).findFirst().orElseThrow();
        JmhResult lock = results("queue-drain").stream().filter(r -> "simple-lock".equals(r.param("pool"))
                && "false".equals(r.param("separate"))).findFirst().orElseThrow();
        Element t = cell("seed003-ratio-separate-false", "simple-lock", "t");
        assertEquals(geoMean(lock.primary()) / geoMean(base.primary()), value(t), 1e-9);
        assertTrue(t.text().matches("[0-9.]+x \\[[0-9.]+, [0-9.]+\\]"), t.text());
        assertEquals("1x (baseline)", cell("seed003-ratio-separate-false", "jdk-tpe", "t").text());
    }

    @Test
    void seed002Tables_holdTheFixturesNumbersAndMarkTheBrokenQueue() throws Exception {
        for (JmhResult r : results("enqueue-dequeue")) {
            int[] s = EnqueueDequeueSection.shape(r.param("shape"));
            if (s[0] != s[1]) {
                continue;
            }
            String row = r.param("queue").equals("none") ? "none (thread start/join)" : r.param("queue");
            assertEquals(geoMean(r.primary()), value(cell("seed002-equal-k1000", row, String.valueOf(s[0]))), 1e-9);
        }
        assertTrue(cell("seed002-equal-k1000", "hybrid", "10").parent().child(0).hasClass("broken"));
        assertTrue(cell("seed002-equal-k1000", "locked", "correctness indicator").text().startsWith("size right in all"));
        for (String t : List.of("seed002-equal-k1000-net", "seed002-dequeuer-heavy-k1000", "seed002-enqueuer-heavy-k1000")) {
            table(t);
        }
    }

    @Test
    void experimentTables_holdTheFixturesNumbers() throws Exception {
        Map<String, String> firstColumn = Map.of("fork-join-fib", "threshold=0", "recursive-work", "work=0",
                "range-partitioner", "workload=random", "deque-ops", "pushPop", "deque-contention", "thieves1");
        for (Map.Entry<String, String> e : firstColumn.entrySet()) {
            ExperimentSection.Grid g = ExperimentSection.grid(results(e.getKey()));
            assertTrue(g.columns().contains(e.getValue()), e.getKey() + " columns " + g.columns());
            for (String c : g.contenders()) {
                JmhResult r = g.get(c, e.getValue());
                assertEquals(geoMean(ExperimentSection.metric(r)), value(cell(e.getKey(), c, e.getValue())), 1e-9,
                        e.getKey() + " " + c);
            }
        }
        JmhResult contention = results("deque-contention").get(0);
        assertEquals(geoMean(contention.secondary().get("owner1")),
                value(cell("deque-contention", contention.param("queue"), "thieves1")), 1e-9, "the owner's time is shown");
    }

    @Test
    void footprintAndCorrectness_showTheRegistryAndTheJsonValues() throws Exception {
        var footprint = new com.fasterxml.jackson.databind.ObjectMapper().readTree(fixture().resolve("footprint.json").toFile());
        for (var q : footprint.path("queues")) {
            String id = q.path("queue").asText();
            assertEquals(q.path("bytesPerItem").path("1000000").asDouble(), value(cell("footprint", id, "B/item at 1,000,000")),
                    1e-9);
            assertEquals(q.path("verdict").asText(), cell("footprint", id, "layout verdict").text());
        }
        assertEquals("NO", cell("correctness", "hybrid", "exactly-once").text());
        assertTrue(cell("correctness", "hybrid", "test that shows it").text().contains("HybridLinkedDequeFlawsTest"));
        assertEquals("yes", cell("correctness", "locked", "exactly-once").text());
    }

    @Test
    void claims_eachHasAVerdict() {
        List<String> verdicts = table("claims").select("tbody tr").stream().map(tr -> tr.child(4).text()).toList();
        assertEquals(9, verdicts.size(), "eight claims and seed 000's about processors");
        assertTrue(List.of("holds", "does not hold", "not measurable here").containsAll(verdicts), verdicts.toString());
        assertEquals("not measurable here", cell("claims", "002", "verdict").parent().parent().select("tr").stream()
                .filter(tr -> tr.child(1).text().contains("many cores")).findFirst().orElseThrow().child(4).text());
        Element fib = table("claims").select("tbody tr").stream().filter(tr -> tr.child(0).text().equals("004"))
                .findFirst().orElseThrow();
        assertEquals("holds", fib.child(4).text());
        assertTrue(fib.child(5).text().contains("n = 25"));
        Element flow = table("claims").select("tbody tr").stream().filter(tr -> tr.child(1).text().startsWith("Flowing"))
                .findFirst().orElseThrow();
        assertTrue(flow.child(3).text().contains("allocated 22.9 MiB vs"), flow.text());
        assertTrue(flow.child(5).text().contains("allocates"), flow.text());
    }

    @Test
    void charts_areEmbeddedSvgWithAltTextAndNothingComesFromTheNetwork() {
        List<String> ids = new ArrayList<>();
        for (Element figure : doc.select("figure[data-chart]")) {
            ids.add(figure.attr("data-chart"));
            String src = figure.selectFirst("img").attr("src");
            assertTrue(src.startsWith("data:image/svg+xml,"), figure.attr("data-chart") + " is not SVG");
            String svg = java.net.URLDecoder.decode(src.substring("data:image/svg+xml,".length()).replace("+", "%2B"),
                    java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(svg.contains("<svg") && svg.contains("viewBox=\"0 0 900 420\""), figure.attr("data-chart"));
            assertTrue(svg.length() < 300_000, figure.attr("data-chart") + ": " + svg.length() + " bytes of SVG");
            assertFalse(figure.selectFirst("img").attr("alt").isEmpty(), figure.attr("data-chart"));
        }
        for (String id : List.of("seed003-chart-separate-true", "seed003-chart-separate-false", "seed002-equal-k1000-chart",
                "seed002-dequeuer-heavy-k1000-chart", "fork-join-fib-chart", "recursive-work-chart", "range-partitioner-chart",
                "deque-ops-chart", "deque-contention-chart", "footprint-chart", "dist-queue-drain-separate-true",
                "dist-enqueue-dequeue-shape-40x40")) {
            assertTrue(ids.contains(id), "chart " + id + " missing from " + ids);
        }
        assertTrue(doc.select("script[src], link, iframe").isEmpty());
        assertTrue(doc.select("[src^=http], [href^=http]").isEmpty());
    }

    /** Strip plots name every contender under its column (the SVG draws text as outlines, so the alt text lists them). */
    @Test
    void stripPlots_labelEveryColumn() {
        Element figure = doc.selectFirst("figure[data-chart=dist-queue-drain-separate-true]");
        String alt = figure.selectFirst("img").attr("alt");
        for (String pool : List.of("simple-lock", "ws-locked", "jdk-tpe")) {
            assertTrue(alt.contains(pool), alt);
        }
        assertFalse(figure.text().contains("as in the legend"), figure.text());
    }
}
