package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.List;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.run.Experiment;

/**
 * The wake-up latency experiment: per pool, the percentiles of the time from submit to the task's
 * first instruction on an idle pool, from outside and from a worker to an idle sibling, as a table
 * and a percentile plot (one line per pool, x the percentile on a log scale of nines).
 */
final class WakeupLatencySection {

    static final String EXPERIMENT = Experiment.WAKEUP_LATENCY.id();
    static final String TITLE = Experiment.WAKEUP_LATENCY.title();

    /** The counters' suffixes and the percentiles they hold. */
    static final List<String> SUFFIXES = List.of("P50Us", "P90Us", "P99Us", "P999Us");
    static final List<String> LABELS = List.of("p50", "p90", "p99", "p99.9");
    /** 1 / (1 - q) of each percentile: the x of the plot (2, 10, 100, 1000). */
    static final double[] NINES = {2, 10, 100, 1000};
    static final List<String> PATHS = List.of("outside", "sibling");
    /** The summary ranks each path by its p50 and shows its p99 beside it (lower is better). */
    static final List<SummarySection.Measure> SUMMARY = PATHS.stream().map(path -> new SummarySection.Measure(
            EXPERIMENT, path + " p50", "\u00b5s", (JmhResult r) -> r.secondary().get(path + "P50Us"), "p99",
            (JmhResult r) -> r.secondary().get(path + "P99Us"), 0)).toList();

    private WakeupLatencySection() {
    }

    static Html.Section build(RunView run, ReportContext ctx) {
        // one pool size: a ladder's other counts are in Scaling and the summary
        List<JmhResult> results = ScalingSection.atCores(run.results(EXPERIMENT), run.cores());
        if (results.isEmpty()) {
            return Html.Section.notInRun(EXPERIMENT, TITLE, EXPERIMENT);
        }
        List<Html.Block> blocks = new ArrayList<>();
        JmhResult first = results.get(0);
        blocks.add(Html.Block.paragraph("Every worker of a " + first.param("threads") + "-thread pool parked (checked "
                + "through the workers' thread states before each sample), then one task: from outside (the benchmark "
                + "thread's execute) or from inside (a task on one worker executes it and keeps its worker busy, so it "
                + "must start on an idle sibling). Latency = the task's first nanoTime minus the one taken before execute. "
                + "Each invocation takes " + first.param("samples") + " samples of each path; the cells are the per-"
                + "invocation percentile in microseconds, geometric mean over invocations with its "
                + Math.round(ctx.confidence() * 100) + "% interval on the log scale (p99.9 of fewer than 1,000 samples is close to their maximum). Lower is "
                + "better."));
        blocks.add(Html.Block.table(table(results, ctx)));
        for (String path : PATHS) {
            blocks.add(Html.Block.chart(plot(results, path, ctx)));
        }
        return new Html.Section(EXPERIMENT, TITLE, List.of(), blocks, null);
    }

    static Html.Table table(List<JmhResult> results, ReportContext ctx) {
        List<String> headings = new ArrayList<>();
        List<String> counters = new ArrayList<>();
        for (String path : PATHS) {
            for (int i = 0; i < LABELS.size(); i++) {
                headings.add(path + " " + LABELS.get(i));
                counters.add(path + SUFFIXES.get(i));
            }
        }
        return Cells.counters("wakeup-latency-table", "Wake-up latency (\u00b5s)", headings, counters, results, ctx,
                "outside = submitted by a thread outside the pool; sibling = executed by a task on one worker, started by "
                + "another (idle) worker. The primary JMH score of this benchmark (the invocation's wall time) is no latency "
                + "and is not shown.");
    }

    static Html.Chart plot(List<JmhResult> results, String path, ReportContext ctx) {
        List<Charts.Line> lines = new ArrayList<>();
        for (JmhResult r : results) {
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < SUFFIXES.size(); i++) {
                Metric m = r.secondary().get(path + SUFFIXES.get(i));
                points.add(Charts.Line.point(NINES[i], m == null ? null : Cells.geometricOrNull(m, ctx.confidence())));
            }
            if (points.stream().anyMatch(p -> !Double.isNaN(p[1]))) {
                lines.add(Charts.Line.of(Cells.contender(r), Cells.contender(r), points, false));
            }
        }
        return Charts.lines("wakeup-latency-" + path, "Wake-up latency, " + path,
                "percentile: 2 = p50, 10 = p90, 100 = p99, 1000 = p99.9", "\u00b5s", lines);
    }
}
