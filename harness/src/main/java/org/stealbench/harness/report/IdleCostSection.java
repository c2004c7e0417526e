package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.run.Experiment;
import org.stealbench.harness.stats.GeometricMean;

/**
 * The idle-cost experiment: per pool, the CPU its workers burnt in a quiet interval after a burst
 * and between the bursts of a bursty load, and the CPU per task of that load, as a table and a
 * dot-and-interval chart.
 */
final class IdleCostSection {

    static final String EXPERIMENT = Experiment.IDLE_COST.id();
    static final String TITLE = Experiment.IDLE_COST.title();

    /** Counter, column heading. */
    static final List<List<String>> COLUMNS = List.of(
            List.of("idleCores", "after a burst (cores)"),
            List.of("idleCpuUs", "after a burst (\u00b5s CPU)"),
            List.of("gapCores", "between bursts (cores)"),
            List.of("idleShare", "share of CPU between bursts"),
            List.of("cpuPerTaskUs", "CPU per task (\u00b5s)"),
            List.of("gapMs", "gaps (ms)"));

    /**
     * Added to a CPU share (cores) before it is ranked or drawn on a log scale: a ten-thousandth
     * of a core, 0.1 ms of CPU per second. A pool whose workers all park burns exactly 0, which a
     * geometric mean cannot hold; below this, differences are not worth telling apart here.
     */
    static final double FLOOR_CORES = 1e-4;

    /**
     * The summary ranks by the fraction of a core the workers burnt after a burst and between the
     * bursts (each + {@link #FLOOR_CORES}), and by all their CPU per task (lower is better).
     */
    static final List<SummarySection.Measure> SUMMARY = List.of(
            new SummarySection.Measure(EXPERIMENT, "CPU after a burst", "cores", r -> r.secondary().get("idleCores"),
                    null, null, FLOOR_CORES),
            new SummarySection.Measure(EXPERIMENT, "CPU between bursts", "cores", r -> r.secondary().get("gapCores"),
                    null, null, FLOOR_CORES),
            new SummarySection.Measure(EXPERIMENT, "CPU per task", "\u00b5s", r -> r.secondary().get("cpuPerTaskUs"),
                    null, null, 0));

    private IdleCostSection() {
    }

    static Html.Section build(RunView run, ReportContext ctx) {
        // one pool size: a ladder's other counts are in Scaling and the summary
        List<JmhResult> results = ScalingSection.atCores(run.results(EXPERIMENT), run.cores());
        if (results.isEmpty()) {
            return Html.Section.notInRun(EXPERIMENT, TITLE, EXPERIMENT);
        }
        JmhResult first = results.get(0);
        List<Html.Block> blocks = new ArrayList<>();
        blocks.add(Html.Block.paragraph("The pool's workers' own thread CPU time (ThreadMXBean, ns), so neither the "
                + "submitting thread nor the JVM's other threads count. After a burst of " + first.param("burst")
                + " tasks, " + first.param("idleMs") + " ms of nothing: the CPU burnt in that interval, as a fraction of a "
                + "core (1 = one core spinning the whole time). Then " + first.param("bursts") + " bursts of "
                + first.param("burst") + " tasks, one every " + first.param("periodMs") + " ms: the fraction of a core "
                + "burnt between bursts, the share of the load's CPU that went there, and all the workers' CPU per task. "
                + "Geometric mean over invocations with its " + Math.round(ctx.confidence() * 100) + "% interval on the log "
                + "scale (where a value is 0: the arithmetic mean with its interval, cut at 0). The chart draws each CPU share + "
                + SummarySection.offsetText(FLOOR_CORES) + " core on a log scale, as the summary ranks it. Lower is better: "
                + "a pool that spins while idle wins bursts and pays here."));
        blocks.add(Html.Block.table(table(results, ctx)));
        List<String> pools = results.stream().map(Cells::contender).toList();
        List<List<GeometricMean>> means = Stream.of("idleCores", "gapCores").map(counter -> results.stream()
                .map(r -> r.secondary().get(counter) == null ? null
                        : Cells.geometricAbove(r.secondary().get(counter), FLOOR_CORES, ctx.confidence())).toList()).toList();
        blocks.add(Html.Block.chart(Charts.dots("idle-cost-chart", "CPU burnt while idle, + "
                + SummarySection.offsetText(FLOOR_CORES) + " core", "cores + " + SummarySection.offsetText(FLOOR_CORES), pools,
                List.of("after a burst", "between bursts"), means, null, List.of())));
        return new Html.Section(EXPERIMENT, TITLE, List.of(), blocks, null);
    }

    static Html.Table table(List<JmhResult> results, ReportContext ctx) {
        return Cells.counters("idle-cost-table", "Idle cost per pool", COLUMNS.stream().map(c -> c.get(1)).toList(),
                COLUMNS.stream().map(c -> c.get(0)).toList(), results, ctx, "cores = CPU time / wall time of the "
                        + "interval. gaps = total time between bursts; near 0 means the bursts took the whole period and "
                        + "the between-bursts columns mean little. A worker a JDK pool retired while idle stops counting.");
    }
}
