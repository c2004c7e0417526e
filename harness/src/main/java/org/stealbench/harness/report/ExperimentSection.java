package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.run.Experiment;
import org.stealbench.harness.stats.GeometricMean;

/**
 * A table and a dot-and-interval chart for an experiment whose contenders are compared over a few
 * settings (fib over thresholds, partitioners over workloads, ...): rows are contenders, columns
 * the settings that vary, cells the mean with its interval; then ratios to a reference contender.
 */
final class ExperimentSection {

    /** The assembled grid: contender -> column -> result, with the parameters that did not vary. */
    record Grid(Map<String, Map<String, JmhResult>> cells, List<String> columns, Map<String, String> constant) {

        /** The grid with its rows sorted by score, best first ({@link Cells#byScore}). */
        Grid byScore(Function<JmhResult, Metric> metric) {
            List<String> order = Cells.byScore(contenders(), c -> cells.get(c).values().stream().map(metric).toList());
            Map<String, Map<String, JmhResult>> sorted = new LinkedHashMap<>();
            order.forEach(c -> sorted.put(c, cells.get(c)));
            return new Grid(sorted, columns, constant);
        }

        List<String> contenders() {
            return List.copyOf(cells.keySet());
        }

        JmhResult get(String contender, String column) {
            return cells.getOrDefault(contender, Map.of()).get(column);
        }
    }

    private ExperimentSection() {
    }

    /**
     * The experiments drawn in a section of their own, in the page's order; their title,
     * introduction and reference contender come from the registry ({@link Experiment}).
     */
    static final List<Experiment> OWN_SECTIONS = List.of(Experiment.FORK_JOIN_FIB, Experiment.RECURSIVE_WORK,
            Experiment.RANGE_PARTITIONER, Experiment.DEQUE_OPS, Experiment.DEQUE_CONTENTION, Experiment.GLOBAL_QUEUE,
            Experiment.POOL_OPTIONS_DRAIN, Experiment.POOL_OPTIONS_FIB, Experiment.POOL_OPTIONS_SCHEDULER,
            Experiment.LIVENESS_SCENARIOS);

    /**
     * The metric a result is shown and ranked by: the owner's of a thieves-N group ({@code ownerN},
     * deque-contention's), else the primary metric.
     */
    static Metric metric(JmhResult r) {
        String method = method(r);
        Metric owner = method.startsWith("thieves") ? r.secondary().get("owner" + method.substring("thieves".length()))
                : null;
        return owner != null ? owner : r.primary();
    }

    /**
     * The contender parameter of an experiment's results: the first of partitioner, global, queue,
     * pool, tuning that every result has and that takes more than one value (else the first of
     * partitioner, global, queue, pool that every result has). {@code tuning} comes last, so a pool
     * comparison run under a few tunings still compares pools.
     */
    static String contenderParam(List<JmhResult> results) {
        List<String> candidates = List.of("partitioner", "global", "queue", "pool");
        for (String p : Stream.concat(candidates.stream(), Stream.of("tuning")).toList()) {
            if (results.stream().allMatch(r -> r.param(p) != null)
                    && results.stream().map(r -> r.param(p)).distinct().count() > 1) {
                return p;
            }
        }
        for (String p : candidates) {
            if (results.stream().allMatch(r -> r.param(p) != null)) {
                return p;
            }
        }
        return null;
    }

    /** What tells an experiment's results apart besides their contender: several methods, parameters that vary. */
    record Varying(boolean methods, Map<String, Set<String>> values) {

        /** Over the results' parameters as {@code params} gives them. */
        static Varying of(List<JmhResult> results, Function<JmhResult, Map<String, String>> params) {
            Set<String> methods = new HashSet<>();
            Map<String, Set<String>> values = new TreeMap<>();
            for (JmhResult r : results) {
                methods.add(method(r));
                params.apply(r).forEach((k, v) -> values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
            }
            return new Varying(methods.size() > 1, values);
        }

        /** A result's method (when there are several), then its varying parameters but {@code skip}, as {@code k=v}. */
        List<String> parts(JmhResult r, Map<String, String> params, String skip) {
            List<String> parts = new ArrayList<>();
            if (methods) {
                parts.add(method(r));
            }
            params.forEach((k, v) -> {
                if (!k.equals(skip) && values.get(k).size() > 1) {
                    parts.add(k + "=" + v);
                }
            });
            return parts;
        }

        /** The parameters with one value among the results, but {@code skip}, by name. */
        Map<String, String> constant(String skip) {
            return values.entrySet().stream().filter(e -> e.getValue().size() == 1 && !e.getKey().equals(skip))
                    .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().iterator().next(), (a, b) -> a,
                            TreeMap::new));
        }
    }

    /** Rows by contender, columns by method (when several) and the parameters that vary. */
    static Grid grid(List<JmhResult> results) {
        String contender = contenderParam(results);
        Varying varying = Varying.of(results, JmhResult::params);
        Map<String, Map<String, JmhResult>> cells = new LinkedHashMap<>();
        Set<String> columns = new LinkedHashSet<>();
        for (JmhResult r : results) {
            List<String> parts = varying.parts(r, r.params(), contender);
            String column = parts.isEmpty() ? "score" : String.join(", ", parts);
            columns.add(column);
            String c = contender == null ? method(r) : r.param(contender);
            cells.computeIfAbsent(c, x -> new LinkedHashMap<>()).put(column, r);
        }
        return new Grid(cells, List.copyOf(columns), varying.constant(contender));
    }

    static String method(JmhResult r) {
        return r.benchmark().substring(r.benchmark().lastIndexOf('.') + 1);
    }

    /** The experiment's section: its introduction, table, ratio table (where it has a reference) and chart. */
    static Html.Section build(RunView run, Experiment experiment, ReportContext ctx) {
        List<JmhResult> results = run.results(experiment.id());
        if (results.isEmpty()) {
            return Html.Section.notInRun(experiment.id(), experiment.title(), experiment.id());
        }
        Grid registry = grid(results);
        Grid g = registry.byScore(ExperimentSection::metric);
        String unit = metric(results.get(0)).unit();
        List<Html.Block> blocks = new ArrayList<>();
        blocks.add(Html.Block.paragraph(experiment.intro()));
        blocks.add(Html.Block.table(table(experiment, g, unit, ctx)));
        String reference = experiment.reference();
        if (reference != null && g.cells().containsKey(reference) && g.contenders().size() > 1) {
            blocks.add(Html.Block.table(ratioTable(experiment, g, ctx)));
        }
        blocks.add(Html.Block.paragraph("Rows sorted by score (geometric mean over the columns), best first; registry "
                + "order: " + String.join(", ", registry.contenders()) + "."));
        blocks.add(Html.Block.chart(chart(experiment, g, unit, ctx)));
        return new Html.Section(experiment.id(), experiment.title(), List.of(), blocks, null);
    }

    /** The oversubscription experiments, one grid each (pools by thread count), in one section. */
    static Html.Section oversubscription(RunView run, ReportContext ctx) {
        List<Experiment> experiments = List.of(Experiment.OVERSUBSCRIBED_DRAIN, Experiment.OVERSUBSCRIBED_FIB);
        String id = "oversubscription";
        String title = "Oversubscription: more pool threads than cores";
        if (experiments.stream().noneMatch(e -> run.has(e.id()))) {
            return Html.Section.absent(id, title, "Not in this run: no readable jmh-" + experiments.get(0).id()
                    + ".json or jmh-" + experiments.get(1).id() + ".json.");
        }
        List<Html.Block> blocks = new ArrayList<>();
        TreeSet<Integer> threads = new TreeSet<>();
        experiments.forEach(e -> run.results(e.id()).forEach(r -> threads.add(Report.threadsUsed(r))));
        blocks.add(Html.Block.paragraph("The same workloads with " + String.join(", ", threads.stream()
                .map(String::valueOf).toList()) + " pool threads on " + run.cores()
                + " cores (the thread ladder of docs/running.md; Scaling draws them beside the runs at and below the"
                + " cores): past the core count the OS time-slices the workers, and a design that spins, holds a lock "
                + "across a preemption or waits for a descheduled victim degrades faster than one that parks. "
                + "Milliseconds per invocation; lower is better."));
        for (Experiment experiment : experiments) {
            Html.Section s = build(run, experiment, ctx);
            if (s.isAbsent()) {
                blocks.add(Html.Block.paragraph(experiment.title() + ": " + s.absent()));
            } else {
                blocks.add(Html.Block.paragraph(experiment.title()));
                blocks.addAll(s.blocks());
            }
        }
        return new Html.Section(id, title, List.of(), blocks, null);
    }

    static String constants(Grid g) {
        return g.constant().isEmpty() ? "" : " (" + String.join(", ", g.constant().entrySet().stream()
                .map(e -> e.getKey() + " = " + e.getValue()).toList()) + ")";
    }

    static Html.Table table(Experiment experiment, Grid g, String unit, ReportContext ctx) {
        Html.TableBuilder t = gridTable(experiment.id(), experiment.title() + ": " + unit + constants(g), g,
                experiment.reference(), (c, col) -> {
                    JmhResult r = g.get(c, col);
                    return r == null ? Cells.dash() : Cells.score(metric(r), ctx.thresholds());
                });
        t.note("Geometric mean [" + Math.round(ctx.confidence() * 100) + "% interval on the log scale] over "
                + (forks(g) >= 2 ? "fork means" : "the iterations of one fork (indicative)") + ".");
        return t.build();
    }

    private static int forks(Grid g) {
        return g.cells().values().stream().flatMap(m -> m.values().stream()).mapToInt(r -> metric(r).forks())
                .min().orElse(0);
    }

    static Html.Table ratioTable(Experiment experiment, Grid g, ReportContext ctx) {
        String reference = experiment.reference();
        Html.TableBuilder t = gridTable(experiment.id() + "-ratio", experiment.title() + ": ratio to " + reference, g,
                reference, (c, col) -> {
                    if (c.equals(reference)) {
                        return Html.Cell.num("1x (baseline)", 1);
                    }
                    JmhResult r = g.get(c, col);
                    JmhResult base = g.get(reference, col);
                    return r == null || base == null ? Cells.dash()
                            : Cells.ratioOrDash(Cells.ratio(metric(base), metric(r), ctx.confidence()));
                });
        t.note("Ratio of geometric means, contender / " + reference + ", with its interval; below 1 (green) is "
                + "significantly faster, above 1 (red) significantly slower.");
        return t.build();
    }

    /** A grid's table: a row per contender (the reference's marked as the baseline), a column per setting. */
    private static Html.TableBuilder gridTable(String id, String caption, Grid g, String reference,
                                               BiFunction<String, String, Html.Cell> cell) {
        return new Html.TableBuilder(id, caption).header("contender", g.columns()).rows(g.contenders(),
                Correctness::nameCell, g.columns(), cell, c -> c.equals(reference) ? "baseline" : "");
    }

    private static Html.Chart chart(Experiment experiment, Grid g, String unit, ReportContext ctx) {
        List<List<GeometricMean>> means = g.columns().stream().map(col -> g.contenders().stream().map(c -> g.get(c, col))
                .map(r -> r == null ? null : Cells.geometricOrNull(metric(r), ctx.confidence())).toList()).toList();
        return Charts.dots(experiment.id() + "-chart", experiment.title(), unit, g.contenders(), g.columns(), means,
                null, List.of());
    }
}
