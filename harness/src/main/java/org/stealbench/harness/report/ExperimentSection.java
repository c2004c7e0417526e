package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.stats.GeometricMean;

/**
 * A table and a grouped bar chart for an experiment whose contenders are compared over a few
 * settings (fork/join fib over thresholds, recursive work over work per node, partitioners over
 * workloads, deque operations over methods and depths): rows are contenders, columns the
 * settings that vary, cells the mean with its interval; then ratios to a reference contender.
 */
final class ExperimentSection {

    /**
     * What to show for one experiment.
     *
     * @param experiment the run's experiment id ({@code jmh-<id>.json})
     * @param id         the section id
     * @param title      the section title
     * @param intro      what is measured and why
     * @param reference  the contender ratios are taken against, or null for none
     * @param metric     the metric shown for a result (the primary one, or e.g. the owner's in a group)
     * @param measures   what the summary ranks the contenders by; empty for {@code metric}
     */
    record Spec(String experiment, String id, String title, String intro, String reference,
                Function<JmhResult, Metric> metric, List<SummarySection.Measure> measures) {

        Spec {
            measures = List.copyOf(measures);
        }

        /** An experiment the summary ranks by {@code metric}. */
        Spec(String experiment, String id, String title, String intro, String reference,
             Function<JmhResult, Metric> metric) {
            this(experiment, id, title, intro, reference, metric, List.of());
        }
    }

    /** The assembled grid: contender -> column -> result, with the parameters that did not vary. */
    record Grid(Map<String, Map<String, JmhResult>> cells, List<String> columns, Map<String, String> constant) {

        /**
         * The grid with its rows sorted by score (the geometric mean over the row's columns), best
         * first; {@link #contenders()} of the original gives the registry order.
         */
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

    /** Seed 004: fork/join fib. */
    static final Spec FIB = new Spec("fork-join-fib", "fork-join-fib", "Seed 004: fork/join fib",
            "fib(n) by recursive fork/join on every pool with a fork/join API: each call above the threshold forks "
                    + "fib(n-1), computes fib(n-2) and joins (threshold 0 forks all the way down, as the seed's fib(32)). "
                    + "The result is checked on every invocation. Milliseconds per fib(n).",
            "jdk-fjp", JmhResult::primary);

    /** Seed 000: recursively queued work. */
    static final Spec RECURSIVE = new Spec("recursive-work", "recursive-work", "Seed 000: recursively queued work",
            "One root task whose nodes each do 'work' units of CPU work and queue 'fanout' children from the worker "
                    + "they run on, down to 'depth': per-worker deques (ws-*, jdk-fjp) against one global queue "
                    + "(simple-lock, jdk-tpe). Milliseconds per tree.",
            "simple-lock", JmhResult::primary);

    /** Seed 001: range partitioners. */
    static final Spec PARTITIONER = new Spec("range-partitioner", "range-partitioner",
            "Seed 001: range partitioners on uneven work",
            "A parallel for over [0, size) whose work per index is uniform, random, increasing or the worst case (all of "
                    + "it in the first static chunk), split by each partitioner; the JDK's parallel stream is the peer. "
                    + "Every workload has the same total work. Milliseconds per loop.",
            "static", JmhResult::primary);

    /** Uncontended deque operations. */
    static final Spec DEQUE_OPS = new Spec("deque-ops", "deque-ops", "Deque operation costs (uncontended)",
            "One thread: an owner push+pop pair and a push+steal pair on each deque, with 'depth' items below the working "
                    + "slot, against java.util.ArrayDeque with no synchronization (array-deque, the floor) and the same with one "
                    + "full fence per pop or steal (array-deque-fenced, the floor of any deque whose owner may pop while "
                    + "a thief steals: such a pop must order a store before a load). Nanoseconds per pair.",
            "array-deque", JmhResult::primary);

    /** The owner against thieves. */
    static final Spec CONTENTION = new Spec("deque-contention", "deque-contention", "Deque operation costs (owner against thieves)",
            "The owner's push+pop pair while 1, 2 or 3 thieves steal from the same deque: the owner's time per pair "
                    + "(nanoseconds). On 2 cores, 2 and 3 thieves oversubscribe the CPU.",
            null, ExperimentSection::ownerMetric);

    /** The work-stealing pool's global queue (outside submissions) under seed 003's queue/drain. */
    static final Spec GLOBAL_QUEUE = new Spec("global-queue", "global-queue",
            "Global queue kinds under queue/drain",
            "Seed 003's queue/drain through one work-stealing pool with each eligible kind as its global queue, where "
                    + "every outside submission goes: the global queue is the whole cost of this workload. Milliseconds per "
                    + "invocation of 1,000,000 items.",
            "locked", JmhResult::primary);

    /** The work-stealing pool's options under queue/drain. */
    static final Spec POOL_OPTIONS_DRAIN = new Spec("pool-options-drain", "pool-options-drain",
            "Work-stealing pool options under queue/drain",
            "ws-chase-lev with each tuning of WorkStealingThreadPool (one builder option, or a combination, written as "
                    + "its tuning spec) against its defaults: 1,000,000 outside submissions, so the global queue, the "
                    + "admission check and the wake-ups carry the cost. Milliseconds per invocation.",
            "default", JmhResult::primary);

    /** The work-stealing pool's options under fork/join fib. */
    static final Spec POOL_OPTIONS_FIB = new Spec("pool-options-fib", "pool-options-fib",
            "Work-stealing pool options under fork/join fib",
            "ws-chase-lev with each tuning of WorkStealingThreadPool against its defaults on fib(n) with threshold 0: "
                    + "workers' own forks, steals and helping joins carry the cost. Milliseconds per fib(n).",
            "default", JmhResult::primary);

    /** Issue 9's liveness scenarios against the clock. */
    static final Spec LIVENESS = new Spec("liveness-scenarios", "liveness-scenarios",
            "Liveness scenarios against the clock",
            "The five scenarios a work-stealing pool's signalling and helping join must survive (a fork waited for by a "
                    + "latch, an outside task behind waiting forks, a join on an interrupted worker, a join beside an "
                    + "outside task that waits for the joiner, an outside fork joining the joiner), each built so the "
                    + "tasks that may run in parallel do 'workMs' of busy work. A pool that handles a scenario takes about "
                    + "one work unit; one with the bug takes far longer or fails "
                    + "its bounded wait. interrupted-join's counter joinCpuMs is the CPU the joiner burnt while waiting. "
                    + "Milliseconds per scenario.",
            "jdk-fjp", JmhResult::primary);

    /** The experiments drawn by this class's table and chart. */
    static List<Spec> all() {
        return List.of(FIB, RECURSIVE, PARTITIONER, DEQUE_OPS, CONTENTION, GLOBAL_QUEUE, POOL_OPTIONS_DRAIN,
                POOL_OPTIONS_FIB, LIVENESS);
    }

    /**
     * Every experiment a section declares a spec for: those of {@link #all()} and those of the
     * sections with their own layout, whose specs carry the measures the summary ranks them by.
     */
    static List<Spec> declared() {
        List<Spec> out = new ArrayList<>(all());
        out.add(WakeupLatencySection.SPEC);
        out.add(IdleCostSection.SPEC);
        return out;
    }

    /** The owner's metric of a thieves-N group ({@code ownerN}), else the primary metric. */
    static Metric ownerMetric(JmhResult r) {
        String method = r.benchmark().substring(r.benchmark().lastIndexOf('.') + 1);
        if (method.startsWith("thieves")) {
            Metric owner = r.secondary().get("owner" + method.substring("thieves".length()));
            if (owner != null) {
                return owner;
            }
        }
        return r.primary();
    }

    /**
     * The contender parameter of an experiment's results: the first of partitioner, global, queue,
     * pool, tuning that every result has and that takes more than one value (else the first of
     * partitioner, global, queue, pool that every result has). {@code tuning} comes last: it is the
     * axis of the pool-options studies, where one pool runs under many tunings (and the queue/drain
     * benchmark's {@code global} stays at its default), but a pool comparison run under a few
     * tunings still compares pools.
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

    /** Rows by contender, columns by method (when several) and the parameters that vary. */
    static Grid grid(List<JmhResult> results) {
        String contender = contenderParam(results);
        Set<String> methods = new LinkedHashSet<>();
        Map<String, Set<String>> values = new TreeMap<>();
        for (JmhResult r : results) {
            methods.add(method(r));
            r.params().forEach((k, v) -> {
                if (!k.equals(contender)) {
                    values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v);
                }
            });
        }
        Map<String, String> constant = new TreeMap<>();
        values.forEach((k, v) -> {
            if (v.size() == 1) {
                constant.put(k, v.iterator().next());
            }
        });
        Map<String, Map<String, JmhResult>> cells = new LinkedHashMap<>();
        Set<String> columns = new LinkedHashSet<>();
        for (JmhResult r : results) {
            List<String> parts = new ArrayList<>();
            if (methods.size() > 1) {
                parts.add(method(r));
            }
            r.params().forEach((k, v) -> {
                if (!k.equals(contender) && !constant.containsKey(k)) {
                    parts.add(k + "=" + v);
                }
            });
            String column = parts.isEmpty() ? "score" : String.join(", ", parts);
            columns.add(column);
            String c = contender == null ? method(r) : r.param(contender);
            cells.computeIfAbsent(c, x -> new LinkedHashMap<>()).put(column, r);
        }
        return new Grid(cells, List.copyOf(columns), constant);
    }

    static String method(JmhResult r) {
        return r.benchmark().substring(r.benchmark().lastIndexOf('.') + 1);
    }

    static Html.Section build(RunView run, Spec spec, ReportContext ctx) {
        List<JmhResult> results = run.results(spec.experiment());
        if (results.isEmpty()) {
            return Html.Section.absent(spec.id(), spec.title(), "Not in this run: no readable jmh-" + spec.experiment()
                    + ".json.");
        }
        Grid registry = grid(results);
        Grid g = registry.byScore(spec.metric());
        String unit = spec.metric().apply(results.get(0)).unit();
        List<Html.Block> blocks = new ArrayList<>();
        blocks.add(Html.Block.paragraph(spec.intro()));
        blocks.add(Html.Block.table(table(spec, g, unit, ctx)));
        if (spec.reference() != null && g.cells().containsKey(spec.reference()) && g.contenders().size() > 1) {
            blocks.add(Html.Block.table(ratioTable(spec, g, ctx)));
        }
        blocks.add(Html.Block.paragraph("Rows sorted by score (geometric mean over the columns), best first; registry "
                + "order: " + String.join(", ", registry.contenders()) + "."));
        blocks.add(Html.Block.chart(chart(spec, g, unit, ctx)));
        return new Html.Section(spec.id(), spec.title(), List.of(), blocks, null);
    }

    static String constants(Grid g) {
        List<String> parts = new ArrayList<>();
        g.constant().forEach((k, v) -> parts.add(k + " = " + v));
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    static Html.Table table(Spec spec, Grid g, String unit, ReportContext ctx) {
        Html.TableBuilder t = new Html.TableBuilder(spec.id(), spec.title() + ": " + unit + constants(g));
        List<String> head = new ArrayList<>();
        head.add("contender");
        head.addAll(g.columns());
        t.header(head.toArray(String[]::new));
        for (String c : g.contenders()) {
            List<Html.Cell> row = new ArrayList<>();
            row.add(Correctness.nameCell(c));
            for (String col : g.columns()) {
                JmhResult r = g.get(c, col);
                row.add(r == null ? Cells.dash() : Cells.score(spec.metric().apply(r), ctx.thresholds()));
            }
            t.row(row, c.equals(spec.reference()) ? "baseline" : "");
        }
        t.note("Geometric mean [" + Math.round(ctx.confidence() * 100) + "% interval on the log scale] over "
                + (forks(g, spec) >= 2 ? "fork means" : "the iterations of one fork (indicative)") + ".");
        return t.build();
    }

    private static int forks(Grid g, Spec spec) {
        return g.cells().values().stream().flatMap(m -> m.values().stream()).mapToInt(r -> spec.metric().apply(r).forks())
                .min().orElse(0);
    }

    static Html.Table ratioTable(Spec spec, Grid g, ReportContext ctx) {
        Html.TableBuilder t = new Html.TableBuilder(spec.id() + "-ratio", spec.title() + ": ratio to " + spec.reference());
        List<String> head = new ArrayList<>();
        head.add("contender");
        head.addAll(g.columns());
        t.header(head.toArray(String[]::new));
        for (String c : g.contenders()) {
            List<Html.Cell> row = new ArrayList<>();
            row.add(Correctness.nameCell(c));
            if (c.equals(spec.reference())) {
                g.columns().forEach(col -> row.add(Html.Cell.num("1x (baseline)", 1)));
                t.row(row, "baseline");
                continue;
            }
            for (String col : g.columns()) {
                JmhResult r = g.get(c, col);
                JmhResult base = g.get(spec.reference(), col);
                row.add(r == null || base == null ? Cells.dash()
                        : Cells.ratioOrDash(Cells.ratio(spec.metric().apply(base), spec.metric().apply(r), ctx.confidence())));
            }
            t.row(row, c.equals(spec.reference()) ? "baseline" : "");
        }
        t.note("Ratio of geometric means, contender / " + spec.reference() + ", with its interval; below 1 (green) is "
                + "significantly faster, above 1 (red) significantly slower.");
        return t.build();
    }

    private static Html.Chart chart(Spec spec, Grid g, String unit, ReportContext ctx) {
        List<List<GeometricMean>> means = new ArrayList<>();
        for (String col : g.columns()) {
            List<GeometricMean> row = new ArrayList<>();
            for (String c : g.contenders()) {
                JmhResult r = g.get(c, col);
                row.add(r == null ? null : Cells.geometricOrNull(spec.metric().apply(r), ctx.confidence()));
            }
            means.add(row);
        }
        return Charts.dots(spec.id() + "-chart", spec.title(), unit, g.contenders(), g.columns(), means);
    }
}
