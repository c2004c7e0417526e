package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.stealbench.harness.history.HistoryRun;
import org.stealbench.harness.history.HistorySeries;
import org.stealbench.harness.stats.GeometricMean;

final class HistoryPageTest {

    private static HistoryRun run(String id, String started) {
        return new HistoryRun(id, HistoryRun.RUN, "results/runs/" + id, "62528d8bc7c9", false, started, "box",
                "AMD EPYC", 2, "Debian 17.0.15", "", "Linux", "quick");
    }

    private static final HistoryRun FIRST = run("20261122T032225Z-62528d8", "2026-11-22T03:22:25Z");
    private static final HistoryRun SECOND = run("20261123T010000Z-aaaaaaa", "2026-11-23T01:00:00Z");

    private static HistorySeries.Chart chart(String benchmark, String... contenders) {
        HistorySeries.Key key = new HistorySeries.Key("fork-join-fib", benchmark, "n=25", "score", "ms/op", "box",
                "Debian 17.0.15", HistoryRun.JMH);
        Map<String, List<HistorySeries.Point>> series = new java.util.LinkedHashMap<>();
        for (String c : contenders) {
            series.put(c, List.of(new HistorySeries.Point(FIRST, List.of(10.0, 11.0)),
                    new HistorySeries.Point(SECOND, List.of(12.0, 12.5))));
        }
        return new HistorySeries.Chart(key, List.of(FIRST, SECOND), series);
    }

    @Test
    void marks_contenderOnTwoCharts_keepsOneMarkAndOthersDiffer() {
        Map<String, Charts.Mark> marks = HistoryPage.marks(List.of(chart("A.a", "ws-duffy", "jdk-fjp"),
                chart("B.b", "jdk-fjp", "simple-lock")));

        assertEquals(Set.of("ws-duffy", "jdk-fjp", "simple-lock"), marks.keySet());
        assertEquals(3, new HashSet<>(marks.values()).size());
    }

    @Test
    void mark_first42_differInColourOrShape_neighboursInBoth() {
        Set<Charts.Mark> seen = new HashSet<>();
        for (int i = 0; i < 42; i++) {
            assertTrue(seen.add(Charts.mark(i)), "mark " + i + " repeats");
            if (i > 0) {
                assertNotEquals(Charts.mark(i - 1).colour(), Charts.mark(i).colour());
                assertNotEquals(Charts.mark(i - 1).shape(), Charts.mark(i).shape());
            }
        }
    }

    @Test
    void dots_columnLinks_oneLinkPerLinkedColumnLeftToRightWithinTheImage() {
        GeometricMean g = GeometricMean.of(List.of(10.0, 11.0), 0.95);
        List<List<GeometricMean>> means = List.of(List.of(g, g, g));

        Html.Chart chart = Charts.dots("c", "t", "ms", List.of("a", "b", "c"), List.of("x"), means,
                List.of(Charts.mark(0)), java.util.Arrays.asList(new Charts.ColumnLink("../a/", "run a"), null,
                        new Charts.ColumnLink("#run-c", "run c")));

        assertEquals(List.of("../a/", "#run-c"), chart.links().stream().map(Html.Link::href).toList());
        Html.Link a = chart.links().get(0);
        Html.Link c = chart.links().get(1);
        double aRight = Double.parseDouble(a.left()) + Double.parseDouble(a.width());
        assertTrue(Double.parseDouble(a.left()) > 0 && aRight < Double.parseDouble(c.left()), a + " " + c);
        assertTrue(Double.parseDouble(c.left()) + Double.parseDouble(c.width()) < 100, c.toString());
        assertTrue(Double.parseDouble(a.top()) > 0 && Double.parseDouble(a.top()) + Double.parseDouble(a.height()) < 100,
                a.toString());
    }

    @Test
    void dots_withoutMarksOrLinks_hasNoLinks() {
        GeometricMean g = GeometricMean.of(List.of(10.0, 11.0), 0.95);
        List<List<GeometricMean>> means = List.of(List.of(g, g));

        Html.Chart plain = Charts.dots("c", "t", "ms", List.of("jdk-fjp", "ws-duffy"), List.of("x"), means, null,
                List.of());

        assertTrue(plain.links().isEmpty());
    }

    @Test
    void render_linksColumnsAndRunCellsToTheRunPage_elseToTheRunsRow() {
        String html = HistoryPage.render(List.of(chart("A.a", "ws-duffy", "jdk-fjp")), List.of(FIRST, SECOND),
                List.of(), "jdbc:sqlite:x.db", Map.of(FIRST.runId(), "../runs/" + FIRST.runId() + "/"));

        Matcher overlay = Pattern.compile("<a href=\"([^\"]*)\" title=\"run [^\"]*\" aria-label=\"[^\"]*\" "
                + "style=\"position:absolute;").matcher(html);
        List<String> columns = new java.util.ArrayList<>();
        while (overlay.find()) {
            columns.add(overlay.group(1));
        }
        assertEquals(List.of("../runs/20261122T032225Z-62528d8/", "#run-20261123T010000Z-aaaaaaa"), columns);
        // the points table: a row per contender and run, each run cell a link
        assertEquals(2, html.split("><a href=\"../runs/20261122T032225Z-62528d8/\">20261122T032225Z-62528d8</a></td>",
                -1).length - 1 - 1);
        assertEquals(2, html.split("><a href=\"#run-20261123T010000Z-aaaaaaa\">", -1).length - 1);
        // the runs table: the row the anchor names, and the reachable run linked
        assertTrue(html.contains("<td id=\"run-20261123T010000Z-aaaaaaa\">20261123T010000Z-aaaaaaa</td>"), html);
        assertTrue(html.contains("<td id=\"run-20261122T032225Z-62528d8\"><a href=\"../runs/20261122T032225Z-62528d8/\">"));
        assertFalse(html.contains("href=\"http"));
    }

    @Test
    void render_moreRunsThanLabels_drawsTheChartWithEveryOtherColumnLabelled() {
        List<HistoryRun> runs = new java.util.ArrayList<>();
        List<HistorySeries.Point> points = new java.util.ArrayList<>();
        for (int i = 1; i <= 9; i++) {
            HistoryRun r = run("2026110" + i + "T000000Z-aaaaaaa", "2026-11-0" + i + "T00:00:00Z");
            runs.add(r);
            points.add(new HistorySeries.Point(r, List.of(10.0 + i, 11.0 + i)));
        }
        HistorySeries.Key key = new HistorySeries.Key("fork-join-fib", "A.a", "n=25", "score", "ms/op", "box",
                "Debian 17.0.15", HistoryRun.JMH);
        HistorySeries.Chart chart = new HistorySeries.Chart(key, runs, Map.of("jdk-fjp", points));

        String html = HistoryPage.render(List.of(chart), runs, List.of(), "jdbc:sqlite:x.db", Map.of());

        assertTrue(html.contains("history-chart-1"), "nine runs, two to a label: the chart is drawn");
    }

    @Test
    void render_pageWithLinksAndMarks_hasNoNuCheckerError(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path page = dir.resolve("index.html");
        java.nio.file.Files.writeString(page, HistoryPage.render(List.of(chart("A.a", "ws-duffy", "jdk-fjp")),
                List.of(FIRST, SECOND), List.of(), "jdbc:sqlite:x.db", Map.of(FIRST.runId(), "../runs/r%20one/")));

        assertEquals(List.of(), ReportHtmlValidityTest.nuErrors(page));
    }
}
