package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.run.Experiment;
import org.stealbench.harness.stats.GeometricMean;

/**
 * Seed 003's tables, measured here: for {@code separate = true} and {@code false}, each pool's
 * queue, drain and total cost, allocation per operation and GC counts, then the seed's
 * "Comparison against baseline" as ratios with intervals, and a dot-and-interval chart of the phases.
 */
final class QueueDrainSection {

    static final String EXPERIMENT = Experiment.QUEUE_DRAIN.id();
    static final String ID = "seed-003";
    static final String TITLE = Experiment.QUEUE_DRAIN.title();

    private QueueDrainSection() {
    }

    /** The phases in their columns' order: queue, drain, total. */
    private static final List<Function<Phases, Metric>> PHASES = List.of(Phases::queue, Phases::drain, Phases::total);

    /** A pool's three phases for one value of {@code separate}. */
    record Phases(String pool, JmhResult result, Metric queue, Metric drain, Metric total) {
    }

    /** The results of one {@code separate} value, in file order (the registry's order). */
    static List<Phases> phases(List<JmhResult> results, String separate) {
        return results.stream().filter(r -> separate.equals(r.param("separate"))).map(r -> new Phases(r.param("pool"), r,
                r.secondary().get("queueMs"), r.secondary().get("drainMs"), r.primary())).toList();
    }

    static Optional<Phases> find(List<Phases> phases, String pool) {
        return phases.stream().filter(p -> p.pool().equals(pool)).findFirst();
    }

    static Html.Section build(RunView run, ReportContext ctx) {
        List<JmhResult> results = ScalingSection.atCores(run.results(EXPERIMENT), run.cores());
        if (results.isEmpty()) {
            return Html.Section.notInRun(ID, TITLE, EXPERIMENT);
        }
        List<Html.Block> blocks = new ArrayList<>();
        List<Html.Banner> banners = new ArrayList<>();
        JmhResult first = results.get(0);
        blocks.add(Html.Block.paragraph("As in the seed: queue " + NumberText.grouped(first.param("items")) + " items from one outside thread into a "
                + first.param("threads") + "-thread pool and wait until all have run. separate = true holds every item at a "
                + "gate until all are queued (queue and drain measured apart); false lets the workers drain while the caller "
                + "queues. Times in ms per invocation (geometric mean [" + Math.round(ctx.confidence() * 100)
                + "% interval on the log scale]); allocation from -prof gc (bytes per invocation, all threads that were alive at the end); GC "
                + "counts per invocation (the seed's collection counts; this JVM has one young generation, not Gen0/1/2)."));
        for (String separate : List.of("true", "false")) {
            List<Phases> phases = phases(results, separate);
            if (phases.isEmpty()) {
                blocks.add(Html.Block.paragraph("separate = " + separate + ": not in this run."));
                continue;
            }
            List<String> registryOrder = phases.stream().map(Phases::pool).toList();
            phases = Cells.byScore(phases, p -> List.of(p.total()));
            blocks.add(Html.Block.table(costTable(phases, separate, ctx, registryOrder)));
            Optional<Phases> base = find(phases, ctx.baseline());
            if (base.isPresent()) {
                blocks.add(Html.Block.table(ratioTable(phases, base.get(), separate, ctx)));
            } else {
                banners.add(new Html.Banner("warn", "separate = " + separate + ": the baseline pool '" + ctx.baseline()
                        + "' is not in this run, so there is no ratio table (choose another with --baseline)."));
            }
            blocks.add(Html.Block.chart(chart(phases, separate, ctx)));
        }
        return new Html.Section(ID, TITLE, banners, blocks, null);
    }

    static Html.Table costTable(List<Phases> phases, String separate, ReportContext ctx, List<String> registryOrder) {
        Map<String, Function<Phases, Html.Cell>> columns = new LinkedHashMap<>();
        columns.put("queue (ms)", p -> p.queue() == null ? Cells.dash() : Cells.score(p.queue(), ctx.thresholds()));
        columns.put("drain (ms)", p -> p.drain() == null ? Cells.dash() : Cells.score(p.drain(), ctx.thresholds()));
        columns.put("total (ms)", p -> Cells.score(p.total(), ctx.thresholds()));
        columns.put("allocated (B/op)", p -> secondary(p, Metric.ALLOCATION_NORM, Metric::score, Cells.dash()));
        columns.put("GC count per op", p -> secondary(p, "gc.count", m -> ReportStats.mean(m.samples()), Cells.dash()));
        if (phases.stream().anyMatch(p -> p.result().secondary().containsKey("gc.time"))) {
            columns.put("GC time (ms/op)", p -> secondary(p, "gc.time", m -> ReportStats.mean(m.samples()), Cells.number(0)));
        }
        Html.TableBuilder t = new Html.TableBuilder("seed003-separate-" + separate,
                "separate = " + separate + ": cost per invocation").header("pool", List.copyOf(columns.keySet()))
                .rows(phases, p -> Correctness.nameCell(p.pool()), List.copyOf(columns.values()), (p, c) -> c.apply(p),
                        p -> p.pool().equals(ctx.baseline()) ? "baseline" : "");
        t.note("queue = the submitting loop, drain = from the last submission (or the gate opening) until the last item "
                + "ran, total = both (JMH's score). A missing allocation column means the run had no -prof gc. Rows "
                + "sorted by total, cheapest first; registry order: " + String.join(", ", registryOrder) + ".");
        return t.build();
    }

    static Html.Table ratioTable(List<Phases> phases, Phases base, String separate, ReportContext ctx) {
        Html.TableBuilder t = new Html.TableBuilder("seed003-ratio-separate-" + separate,
                "separate = " + separate + ": comparison against baseline (" + base.pool() + ")");
        Html.Cell one = Html.Cell.num("1x (baseline)", 1);
        t.header("pool", "q", "d", "t").rows(phases, p -> Correctness.nameCell(p.pool()), PHASES,
                (p, phase) -> p == base ? one : ratio(phase.apply(base), phase.apply(p), ctx),
                p -> p == base ? "baseline" : "");
        t.note("Ratio of geometric means, pool / " + base.pool() + ", with its " + Math.round(ctx.confidence() * 100)
                + "% interval (Welch's t on the logarithms of " + (base.total().forks() >= 2 ? "fork means" : "iterations")
                + "). Green: significantly cheaper than the baseline; red: significantly dearer; grey: no clear difference. "
                + "The seed printed q, d and t the same way (pool / CLRThreadPool).");
        return t.build();
    }

    private static Html.Cell ratio(Metric base, Metric m, ReportContext ctx) {
        return base == null || m == null ? Cells.dash() : Cells.ratioOrDash(Cells.ratio(base, m, ctx.confidence()));
    }

    /** A number cell of the result's secondary metric {@code name} as {@code value} gives it; {@code absent} when it has none. */
    private static Html.Cell secondary(Phases p, String name, Function<Metric, Double> value, Html.Cell absent) {
        Metric m = p.result().secondary().get(name);
        return m == null ? absent : Cells.number(value.apply(m));
    }

    private static Html.Chart chart(List<Phases> phases, String separate, ReportContext ctx) {
        List<String> pools = phases.stream().map(Phases::pool).toList();
        List<List<GeometricMean>> means = PHASES.stream().map(phase -> phases.stream().map(p -> phase.apply(p) == null
                ? null : Cells.geometricOrNull(phase.apply(p), ctx.confidence())).toList()).toList();
        return Charts.dots("seed003-chart-separate-" + separate, "Queue/drain, separate = " + separate,
                "ms per invocation", pools, List.of("queue", "drain", "total"), means, null, List.of());
    }
}
