package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.stealbench.harness.history.HistoryChanges;
import org.stealbench.harness.history.HistoryRun;
import org.stealbench.harness.history.HistorySeries;
import org.stealbench.harness.stats.GeometricMean;

/**
 * The results history's page ({@code scripts/history report}), in the report's style and through
 * its template: a table of the runs, the change points, then one section per experiment with, per
 * chart of {@link HistorySeries}, a dot-and-interval plot ({@link Charts#dots}: a column per run,
 * oldest first, labelled by commit and date; one marker per contender) and the points' table, each
 * row naming its run and its source. Each contender keeps one mark on the whole page ({@link
 * Charts#mark}). Chart columns and runs link to the run's page the caller found (its report,
 * folder or file), else to its row in the runs table.
 */
public final class HistoryPage {

    /** The most columns of a chart that get a commit label. */
    private static final int MAX_LABELS = 8;

    private HistoryPage() {
    }

    /**
     * The page's HTML.
     *
     * @param runPages a link per run id, relative to the page, for the runs whose folder or file it can reach
     */
    public static String render(List<HistorySeries.Chart> charts, List<HistoryRun> runs,
                                List<HistoryChanges.Group> changes, String store, Map<String, String> runPages) {
        Map<String, Charts.Mark> marks = marks(charts);
        Map<String, List<HistorySeries.Chart>> byExperiment = new LinkedHashMap<>();
        charts.forEach(c -> byExperiment.computeIfAbsent(c.key().experiment(), e -> new ArrayList<>()).add(c));
        List<Html.Section> sections = new ArrayList<>();
        sections.add(changesSection(changes));
        int n = 0;
        for (var e : byExperiment.entrySet()) {
            List<Html.Block> blocks = new ArrayList<>();
            for (HistorySeries.Chart chart : e.getValue()) {
                n++;
                blocks.add(Html.Block.paragraph(chart.key().title() + ": " + chart.key().where()));
                blocks.add(Html.Block.chart(chart(chart, "history-chart-" + n, marks, runPages)));
                blocks.add(Html.Block.details("points of " + chart.key().title(),
                        List.of(Html.Block.table(points(chart, "history-points-" + n, runPages))), false));
            }
            sections.add(new Html.Section("history-" + e.getKey(), e.getKey(), List.of(), blocks, null));
        }
        Html.Page page = new Html.Page("stealbench results history", runs.size() + " runs, " + charts.size()
                + " charts", null, null, List.of(), runsTable(runs, runPages), sections, List.of(), List.of(),
                Html.generated("scripts/history report from " + store));
        return Report.html(page);
    }

    private static Html.Chart chart(HistorySeries.Chart chart, String id, Map<String, Charts.Mark> marks,
                                    Map<String, String> runPages) {
        int every = (chart.runs().size() + MAX_LABELS - 1) / MAX_LABELS;
        List<String> columns = IntStream.range(0, chart.runs().size())
                .mapToObj(i -> i % every == 0 ? column(chart.runs().get(i)) : "").toList();
        List<String> contenders = new ArrayList<>(chart.series().keySet());
        List<List<GeometricMean>> means = new ArrayList<>();
        for (String contender : contenders) {
            Map<String, GeometricMean> byRun = new LinkedHashMap<>();
            chart.series().get(contender).forEach(p -> byRun.put(p.run().runId(), p.mean()));
            means.add(chart.runs().stream().map(r -> byRun.get(r.runId())).toList());
        }
        List<String> names = contenders.stream().map(c -> c.isEmpty() ? "-" : c).toList();
        List<Charts.ColumnLink> links = chart.runs().stream()
                .map(r -> new Charts.ColumnLink(href(r, runPages), "run " + r.runId() + " (" + column(r) + ")"))
                .toList();
        return Charts.dots(id, chart.key().title(), chart.key().unit(), columns, names, means,
                contenders.stream().map(marks::get).toList(), links);
    }

    /** One mark per contender of the page, in the order of their names, so each keeps it on every chart. */
    static Map<String, Charts.Mark> marks(List<HistorySeries.Chart> charts) {
        List<String> names = charts.stream().flatMap(c -> c.series().keySet().stream()).distinct().sorted().toList();
        return IntStream.range(0, names.size()).boxed().collect(Collectors.toMap(names::get, Charts::mark));
    }

    /** Where a run links: its page, else its row of the runs table. */
    static String href(HistoryRun run, Map<String, String> runPages) {
        return runPages.getOrDefault(run.runId(), "#" + anchor(run));
    }

    /** The id of a run's row in the runs table: {@code run-} and its id, {@code [^A-Za-z0-9._-]} as {@code _}. */
    static String anchor(HistoryRun run) {
        return "run-" + run.runId().replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static String column(HistoryRun run) {
        return run.commitLabel() + " " + run.day();
    }

    private static Html.Table points(HistorySeries.Chart chart, String id, Map<String, String> runPages) {
        Html.TableBuilder t = new Html.TableBuilder(id, chart.key().title() + " per run")
                .header("contender", "commit", "started", "run", "forks", "geometric mean", "95% interval", "source");
        chart.series().forEach((contender, points) -> points.forEach(p -> {
            GeometricMean g = p.mean();
            t.row(List.of(Html.Cell.text(contender), Html.Cell.text(p.run().commit()),
                    Html.Cell.text(p.run().startedAt()),
                    Html.Cell.text(p.run().runId()).withHref(href(p.run(), runPages)),
                    Html.Cell.num(Integer.toString(g.n()), g.n()), Html.Cell.num(NumberText.num(g.value()), g.value()),
                    Html.Cell.text(g.hasInterval() ? NumberText.num(g.low()) + " to " + NumberText.num(g.high()) : "-"),
                    Html.Cell.text(p.run().source())));
        }));
        return t.build();
    }

    private static Html.Section changesSection(List<HistoryChanges.Group> groups) {
        Html.TableBuilder t = new Html.TableBuilder("history-changes", "Change points (E-divisive means, "
                + "permutation test per split at level 0.05)")
                .header("chart", "where", "last run before", "first run after", "contenders affected (after/before, "
                        + "95% interval, p)");
        for (HistoryChanges.Group g : groups) {
            List<String> parts = g.changes().stream().map(c -> (c.contender().isEmpty() ? "-" : c.contender()) + " x"
                    + NumberText.num(c.ratio()) + (Double.isNaN(c.low()) ? "" : " [" + NumberText.num(c.low()) + ", "
                    + NumberText.num(c.high()) + "]") + " p=" + NumberText.num(c.pValue())).toList();
            t.row(List.of(Html.Cell.text(g.key().title()), Html.Cell.text(g.key().where()),
                    Html.Cell.text(column(g.lastBefore())), Html.Cell.text(column(g.firstAfter())),
                    Html.Cell.text(String.join("; ", parts))));
        }
        return new Html.Section("history-changes", "Change points", List.of(), List.of(t.isEmpty()
                ? Html.Block.paragraph("No series has a change point.") : Html.Block.table(t.build())), null);
    }

    private static Html.Table runsTable(List<HistoryRun> runs, Map<String, String> runPages) {
        Html.TableBuilder t = new Html.TableBuilder("history-runs", "Runs in the store")
                .header("run", "kind", "commit", "started", "machine", "JDK", "profile", "source");
        for (HistoryRun r : runs) {
            Html.Cell id = Html.Cell.text(r.runId()).withAnchor(anchor(r));
            t.row(List.of(runPages.containsKey(r.runId()) ? id.withHref(runPages.get(r.runId())) : id,
                    Html.Cell.text(r.kind()),
                    Html.Cell.text(r.commit() + (r.dirty() ? " (uncommitted changes)" : "")), Html.Cell.text(r.startedAt()),
                    Html.Cell.text(r.machine()), Html.Cell.text(r.jdk()), Html.Cell.text(r.profile()),
                    Html.Cell.text(r.source())));
        }
        return t.build();
    }
}
