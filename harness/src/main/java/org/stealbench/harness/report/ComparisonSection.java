package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stealbench.harness.results.JmhResult;

/**
 * Several runs side by side: for every experiment two or more runs have, one row per benchmark
 * and parameter set, each run's mean with its interval, then each later run's ratio to the first
 * (JDK 25 against JDK 17, one machine against another).
 */
final class ComparisonSection {

    static final String ID = "comparison";
    static final String TITLE = "Runs side by side";

    private ComparisonSection() {
    }

    /** A row label: the contender, then the benchmark method and the parameters that vary across the experiment. */
    static String label(JmhResult r, ExperimentSection.Grid grid) {
        for (Map.Entry<String, Map<String, JmhResult>> e : grid.cells().entrySet()) {
            for (Map.Entry<String, JmhResult> c : e.getValue().entrySet()) {
                if (c.getValue() == r) {
                    return c.getKey().equals("score") ? e.getKey() : e.getKey() + ", " + c.getKey();
                }
            }
        }
        return r.key();
    }

    /** A result's primary metric in the row's unit; runs that reported another time unit are converted. */
    private static org.stealbench.harness.results.Metric metric(JmhResult r, String unit) {
        try {
            return Cells.inUnit(r.primary(), unit);
        } catch (IllegalArgumentException e) {
            return r.primary();
        }
    }

    static Html.Section build(List<RunView> runs, ReportContext ctx) {
        Set<String> experiments = new LinkedHashSet<>();
        runs.forEach(r -> experiments.addAll(r.data().experiments().keySet()));
        List<Html.Block> blocks = new ArrayList<>();
        blocks.add(Html.Block.paragraph("Each run's geometric mean [" + Math.round(ctx.confidence() * 100) + "% interval on the log scale], then "
                + "the ratio of each later run to the first (" + runs.get(0).label() + ") with its interval: green is "
                + "significantly faster than the first run, red significantly slower. Each run's own sections follow."));
        for (String exp : experiments) {
            List<RunView> having = runs.stream().filter(r -> r.has(exp)).toList();
            if (having.size() < 2) {
                blocks.add(Html.Block.paragraph(exp + ": in " + having.size() + " run only, nothing to compare."));
                continue;
            }
            blocks.add(Html.Block.table(table(exp, runs, ctx)));
        }
        return new Html.Section(ID, TITLE, List.of(), blocks, null);
    }

    static Html.Table table(String experiment, List<RunView> runs, ReportContext ctx) {
        Map<String, Map<Integer, JmhResult>> rows = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            List<JmhResult> results = runs.get(i).results(experiment);
            if (results.isEmpty()) {
                continue;
            }
            ExperimentSection.Grid grid = ExperimentSection.grid(results);
            for (JmhResult r : results) {
                rows.computeIfAbsent(label(r, grid), k -> new LinkedHashMap<>()).put(i, r);
            }
        }
        Html.TableBuilder t = new Html.TableBuilder("compare-" + experiment, experiment + ": each row in the unit of "
                + "its first result (" + rows.values().stream().findFirst().map(m -> m.values().iterator().next().primary()
                .unit()).orElse("") + " for the first row)");
        List<String> head = new ArrayList<>();
        head.add("benchmark");
        runs.forEach(r -> head.add(r.label()));
        for (int i = 1; i < runs.size(); i++) {
            head.add(runs.get(i).label() + " / " + runs.get(0).label());
        }
        t.header(head.toArray(String[]::new));
        for (Map.Entry<String, Map<Integer, JmhResult>> e : rows.entrySet()) {
            String unit = e.getValue().values().iterator().next().primary().unit();
            List<Html.Cell> row = new ArrayList<>();
            JmhResult any = e.getValue().values().iterator().next();
            Html.Cell name = Html.Cell.text(e.getKey());
            if (Correctness.flaw(Cells.contender(any)) != null) {
                name = name.withClass("broken").withTitle("BROKEN: " + Correctness.flaw(Cells.contender(any)));
            }
            row.add(name);
            for (int i = 0; i < runs.size(); i++) {
                JmhResult r = e.getValue().get(i);
                row.add(r == null ? Cells.dash() : Cells.score(metric(r, unit), ctx.thresholds()));
            }
            JmhResult first = e.getValue().get(0);
            for (int i = 1; i < runs.size(); i++) {
                JmhResult r = e.getValue().get(i);
                row.add(first == null || r == null ? Cells.dash()
                        : Cells.ratioOrDash(Cells.ratio(metric(first, unit), metric(r, unit), ctx.confidence())));
            }
            t.row(row);
        }
        return t.build();
    }
}
