package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.stealbench.harness.bench.EnqueueDequeueBenchmark;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.run.Experiment;

/**
 * Seed 002's tables, measured here: milliseconds per thread count for each queue, for the equal,
 * dequeuer-heavy and enqueuer-heavy series and each K, raw and net of {@code none} (thread start
 * and join), the correctness indicator beside each queue, and the seed's line charts.
 */
final class EnqueueDequeueSection {

    static final String EXPERIMENT = Experiment.ENQUEUE_DEQUEUE.id();
    static final String ID = "seed-002";
    static final String TITLE = Experiment.ENQUEUE_DEQUEUE.title();
    static final String NONE = "none";

    private EnqueueDequeueSection() {
    }

    /** The seed's three series: which shapes belong, and the thread count each is plotted at. */
    enum Series {
        EQUAL("equal", "equal enqueuers and dequeuers", "threads per side (E = D)"),
        DEQUEUER_HEAVY("dequeuer-heavy", "10 enqueuers, varying dequeuers", "dequeuers (10 enqueuers)"),
        ENQUEUER_HEAVY("enqueuer-heavy", "10 dequeuers, varying enqueuers", "enqueuers (10 dequeuers)");

        final String id;
        final String caption;
        final String axis;

        Series(String id, String caption, String axis) {
            this.id = id;
            this.caption = caption;
            this.axis = axis;
        }

        /** The thread count of {@code enqueuers x dequeuers} in this series, or -1 if it is not in it. */
        int threads(int enqueuers, int dequeuers) {
            return switch (this) {
                case EQUAL -> enqueuers == dequeuers ? enqueuers : -1;
                case DEQUEUER_HEAVY -> enqueuers == 10 && dequeuers >= 10 ? dequeuers : -1;
                case ENQUEUER_HEAVY -> dequeuers == 10 && enqueuers >= 10 ? enqueuers : -1;
            };
        }
    }

    /** {@code ExD} as {E, D} ({@link EnqueueDequeueBenchmark#parseShape}); null when it is no shape. */
    static int[] shape(String shape) {
        try {
            return shape == null ? null : EnqueueDequeueBenchmark.parseShape(shape);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** One series at one K: queue -> thread count -> result, queues and counts in order. */
    record Grid(Series series, String items, Map<String, Map<Integer, JmhResult>> cells, List<Integer> threads) {

        JmhResult get(String queue, int threads) {
            return cells.getOrDefault(queue, Map.of()).get(threads);
        }

        List<String> queues() {
            return List.copyOf(cells.keySet());
        }
    }

    /** Assembles the grid of one series and K from the results; empty cells where a shape did not run. */
    static Grid grid(List<JmhResult> results, Series series, String items) {
        Map<String, Map<Integer, JmhResult>> cells = new LinkedHashMap<>();
        Set<Integer> threads = new TreeSet<>();
        for (JmhResult r : results) {
            int[] s = shape(r.param("shape"));
            if (s == null || !items.equals(r.param("items"))) {
                continue;
            }
            int n = series.threads(s[0], s[1]);
            if (n < 0) {
                continue;
            }
            threads.add(n);
            cells.computeIfAbsent(r.param("queue"), q -> new LinkedHashMap<>()).put(n, r);
        }
        if (cells.containsKey(NONE)) {
            // none last: it is the overhead row, not a contender
            cells.put(NONE, cells.remove(NONE));
        }
        return new Grid(series, items, cells, List.copyOf(threads));
    }

    /** Mean time of a queue's cell net of {@code none} at the same shape; NaN when either is missing. */
    static double net(Grid g, String queue, int threads) {
        JmhResult r = g.get(queue, threads);
        JmhResult none = g.get(NONE, threads);
        return r == null || none == null ? Double.NaN
                : ReportStats.mean(r.primary().samples()) - ReportStats.mean(none.primary().samples());
    }

    /** The correctness indicator of a queue over a grid: invocations with a wrong final size, and misses. */
    static String indicator(Grid g, String queue) {
        long invocations = 0;
        long mismatched = 0;
        long misses = 0;
        boolean counted = false;
        for (JmhResult r : g.cells().getOrDefault(queue, Map.of()).values()) {
            invocations += r.primary().samples().size();
            Metric size = r.secondary().get("sizeMismatch");
            Metric miss = r.secondary().get("misses");
            if (size != null) {
                counted = true;
                mismatched += Math.round(size.samples().stream().mapToDouble(Double::doubleValue).sum());
            }
            if (miss != null) {
                misses += Math.round(miss.samples().stream().mapToDouble(Double::doubleValue).sum());
            }
        }
        if (!counted) {
            return "not counted";
        }
        String size = mismatched == 0 ? "size right in all " + invocations + " invocations"
                : "size WRONG in " + mismatched + " of " + invocations + " invocations";
        return misses == 0 ? size : size + "; " + misses + " dequeues found it empty";
    }

    static Html.Section build(RunView run, ReportContext ctx) {
        List<JmhResult> results = run.results(EXPERIMENT);
        if (results.isEmpty()) {
            return Html.Section.notInRun(ID, TITLE, EXPERIMENT);
        }
        List<Html.Block> blocks = new ArrayList<>();
        blocks.add(Html.Block.paragraph("As in the seed: E enqueuer and D dequeuer threads each do K operations on one queue "
                + "prefilled with D*K items, timed from starting the threads until all are joined. Milliseconds per "
                + "invocation, geometric mean [" + Math.round(ctx.confidence() * 100) + "% interval on the log scale]. 'none' runs the same "
                + "threads doing no queue work: its time is thread start and join, which the net tables subtract. The "
                + "correctness indicator is the seed's: the final size must equal P + E*K - dequeued."));
        List<String> ks = results.stream().map(r -> r.param("items")).distinct().toList();
        for (Series series : Series.values()) {
            for (String k : ks) {
                Grid g = grid(results, series, k);
                if (g.threads().size() < 1 || g.cells().isEmpty()) {
                    continue;
                }
                blocks.add(Html.Block.table(rawTable(g, ctx)));
                if (g.cells().containsKey(NONE)) {
                    blocks.add(Html.Block.table(netTable(g, ctx)));
                }
                if (g.threads().size() >= 2) {
                    blocks.add(Html.Block.chart(chart(g, ctx)));
                }
            }
        }
        List<Html.Banner> banners = new ArrayList<>();
        int cores = run.cores();
        if (cores > 0) {
            banners.add(new Html.Banner("info", "Every shape runs 20 or more threads on this machine's " + cores
                    + " cores: the seed's 4-core laptop was oversubscribed too, but less; absolute times are not comparable "
                    + "with the seed's, the ordering of the queues is."));
        }
        return new Html.Section(ID, TITLE, banners, blocks, null);
    }

    private static String tableId(Grid g) {
        return "seed002-" + g.series().id + "-k" + g.items();
    }

    static Html.Table rawTable(Grid g, ReportContext ctx) {
        Html.TableBuilder t = new Html.TableBuilder(tableId(g), "K = " + g.items() + ", " + g.series().caption
                + ": ms per invocation");
        t.header("queue \\ " + g.series().axis, Stream.concat(g.threads().stream().map(String::valueOf),
                Stream.of("correctness indicator")).toList());
        for (String q : g.queues()) {
            List<Html.Cell> row = new ArrayList<>();
            row.add(q.equals(NONE) ? Html.Cell.text("none (thread start/join)") : Correctness.nameCell(q));
            for (int n : g.threads()) {
                JmhResult r = g.get(q, n);
                row.add(r == null ? Cells.dash() : Cells.score(r.primary(), ctx.thresholds()));
            }
            String ind = q.equals(NONE) ? null : indicator(g, q);
            row.add(ind == null ? Cells.dash() : Html.Cell.text(ind)
                    .withClass(ind.contains("WRONG") ? "bad" : ind.startsWith("size right") ? "good" : ""));
            t.row(row, q.equals(NONE) ? "overhead" : "");
        }
        t.note("Columns: " + g.series().axis + ". A queue marked \u26A0 is not exactly-once (see Correctness); its Enqueue "
                + "and Dequeue alone are linearizable, which is all this experiment uses.");
        return t.build();
    }

    static Html.Table netTable(Grid g, ReportContext ctx) {
        Html.TableBuilder t = new Html.TableBuilder(tableId(g) + "-net", "K = " + g.items() + ", " + g.series().caption
                + ": ms per invocation net of thread start/join ('none' subtracted)");
        t.header("queue \\ " + g.series().axis, g.threads().stream().map(String::valueOf).toList()).rows(g.queues().stream().filter(q -> !q.equals(NONE)).toList(), Correctness::nameCell,
                g.threads(), (q, n) -> Double.isNaN(net(g, q, n)) ? Cells.dash() : Cells.number(net(g, q, n)), q -> "");
        t.note("Net = mean of the queue's invocations minus the mean of 'none' at the same shape; a net near zero or "
                + "negative means the queue work is lost in the thread overhead's noise.");
        return t.build();
    }

    private static Html.Chart chart(Grid g, ReportContext ctx) {
        List<Charts.Line> lines = new ArrayList<>();
        for (String q : g.queues()) {
            List<double[]> points = g.threads().stream().filter(n -> g.get(q, n) != null).map(n -> new double[] {
                    n, ReportStats.mean(g.get(q, n).primary().samples()), Double.NaN, Double.NaN}).toList();
            lines.add(Charts.Line.of(q.equals(NONE) ? "none (overhead)" : Contender.label(q), q, points, q.equals(NONE)));
        }
        return Charts.lines(tableId(g) + "-chart", "K = " + g.items() + ", " + g.series().caption, g.series().axis,
                "ms per invocation", lines);
    }
}
