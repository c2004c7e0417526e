package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.results.Units;
import org.stealbench.harness.run.BenchmarkCatalog;
import org.stealbench.harness.run.Experiment;
import org.stealbench.harness.stats.GeometricMean;
import org.stealbench.harness.stats.LogRatios;
import org.stealbench.harness.stats.RatioEstimate;

/**
 * Scaling: per thread ladder (one benchmark method with every parameter but the contender and
 * {@code threads} fixed, measured at two or more thread counts) the throughput, the speedup over
 * one thread and the efficiency (speedup / threads) of each contender, with intervals and the
 * ideal line, and the answers "which scales best up to the cores" and "where does each contender
 * stop gaining". Experiments of one benchmark join one ladder where their other parameters agree,
 * so the curve runs from one thread past the cores.
 *
 * <p>Throughput is invocations per second for a time-per-invocation score, else the score's own
 * rate. Speedups and steps are ratios of geometric means of the replicates with Welch intervals on
 * the log scale (points at different thread counts are different forks, never paired); a step
 * gains when its ratio's interval lies wholly above 1.
 */
final class ScalingSection {

    static final String ID = "scaling";
    static final String TITLE = "Scaling: throughput, speedup and efficiency against threads";

    private ScalingSection() {
    }

    /**
     * One contender at one thread count.
     *
     * @param threads    the pool's (or contending) threads
     * @param rates      the replicates as throughput
     * @param throughput their geometric mean with its interval
     */
    record Point(int threads, List<Double> rates, GeometricMean throughput) {
    }

    /** One contender's points, by ascending threads. */
    record Curve(String contender, List<Point> points) {

        Point at(int threads) {
            return points.stream().filter(p -> p.threads() == threads).findFirst().orElse(null);
        }
    }

    /**
     * One thread ladder.
     *
     * @param experiments the experiments its results come from, in the run's order
     * @param setting     the parameters that set it apart from the benchmark's other ladders (may be empty)
     * @param curves      one per contender, in the run's order
     */
    record Ladder(List<String> experiments, String benchmark, String setting, String unit, List<Curve> curves) {

        String label() {
            return String.join(" + ", experiments) + " " + benchmark.substring(benchmark.lastIndexOf('.') + 1)
                    + (setting.isEmpty() ? "" : " (" + setting + ")");
        }

        /** Every thread count of the ladder, ascending. */
        List<Integer> threads() {
            return curves.stream().flatMap(c -> c.points().stream()).map(Point::threads).distinct().sorted().toList();
        }
    }

    /** The run's thread ladders: every benchmark measured at two or more thread counts. */
    static List<Ladder> ladders(RunView run, double confidence) {
        // key: benchmark, contender parameter and every other parameter but threads
        Map<String, Rungs> byKey = new LinkedHashMap<>();
        for (Map.Entry<String, List<JmhResult>> e : run.data().experiments().entrySet()) {
            String param = ExperimentSection.contenderParam(e.getValue());
            if (param == null) {
                continue;
            }
            for (JmhResult r : e.getValue()) {
                Integer threads = threads(r);
                if (threads == null) {
                    continue;
                }
                SortedMap<String, String> rest = BenchmarkCatalog.completeParams(r);
                rest.remove(param);
                rest.remove(Experiment.THREADS);
                Rungs rungs = byKey.computeIfAbsent(r.benchmark() + " " + param + " " + rest,
                        k -> new Rungs(new LinkedHashSet<>(), r.benchmark(), rest, new LinkedHashMap<>()));
                rungs.experiments().add(e.getKey());
                // the first experiment to measure a point keeps it
                rungs.points().computeIfAbsent(r.param(param), k -> new TreeMap<>()).putIfAbsent(threads, r);
            }
        }
        List<Ladder> out = new ArrayList<>();
        for (Rungs rungs : byKey.values()) {
            List<Curve> curves = new ArrayList<>();
            String[] unit = {null};
            rungs.points().forEach((contender, points) -> {
                List<Point> ps = new ArrayList<>();
                points.forEach((t, r) -> {
                    Point p = point(t, r.primary(), confidence);
                    if (p != null) {
                        ps.add(p);
                        unit[0] = r.primary().higherIsBetter() ? r.primary().unit() : "invocations/s";
                    }
                });
                if (!ps.isEmpty()) {
                    curves.add(new Curve(contender, ps));
                }
            });
            Ladder ladder = new Ladder(List.copyOf(rungs.experiments()), rungs.benchmark(), setting(rungs, byKey.values()),
                    unit[0], curves);
            if (ladder.threads().size() >= 2) {
                out.add(ladder);
            }
        }
        return out;
    }

    /** A ladder being gathered: its experiments, benchmark and fixed parameters, its results by contender and threads. */
    private record Rungs(Set<String> experiments, String benchmark, SortedMap<String, String> fixed,
                         Map<String, Map<Integer, JmhResult>> points) {
    }

    /** The parameters of this ladder that differ among the ladders of its benchmark. */
    private static String setting(Rungs rungs, java.util.Collection<Rungs> all) {
        Map<String, Set<String>> values = new TreeMap<>();
        all.stream().filter(other -> other.benchmark().equals(rungs.benchmark()))
                .forEach(other -> other.fixed().forEach((p, v) -> values.computeIfAbsent(p, x -> new LinkedHashSet<>()).add(v)));
        return rungs.fixed().entrySet().stream().filter(e -> values.get(e.getKey()).size() > 1)
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    /** A result's {@code threads} parameter, or null when it has none or it is not a count. */
    static Integer threads(JmhResult r) {
        try {
            int n = Integer.parseInt(r.param(Experiment.THREADS));
            return n > 0 ? n : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The results at one pool size, for the sections that compare contenders as the seeds did: the
     * most threads at or below the cores (else the fewest), and all results without a thread count.
     */
    static List<JmhResult> atCores(List<JmhResult> results, int cores) {
        TreeSet<Integer> counts = results.stream().map(ScalingSection::threads).filter(Objects::nonNull)
                .collect(Collectors.toCollection(TreeSet::new));
        if (counts.size() < 2) {
            return results;
        }
        Integer within = cores > 0 ? counts.floor(cores) : counts.last();
        int chosen = within != null ? within : counts.first();
        return results.stream().filter(r -> threads(r) == null || threads(r) == chosen).toList();
    }

    /** The metric's replicates as throughput (a time per invocation inverted into invocations per second). */
    static List<Double> rates(Metric m) {
        if (m.higherIsBetter()) {
            return ReportStats.replicates(m);
        }
        double seconds = Units.secondsOf(m.unit());
        return ReportStats.replicates(m).stream().map(v -> 1 / (v * seconds)).toList();
    }

    private static Point point(int threads, Metric m, double confidence) {
        try {
            List<Double> rates = rates(m);
            return new Point(threads, rates, GeometricMean.of(rates, confidence));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** {@code to}'s throughput over {@code from}'s, with its interval; null where it cannot be formed. */
    static RatioEstimate gain(Point from, Point to, double confidence) {
        try {
            return LogRatios.ratio(from.rates(), to.rates(), confidence);
        } catch (IllegalArgumentException e) {
            double r = to.throughput().value() / from.throughput().value();
            return new RatioEstimate(r, Double.NaN, Double.NaN, Double.NaN, confidence);
        }
    }

    /** The speedup at {@code threads} over one thread (exactly 1 at one thread); null without both points. */
    static RatioEstimate speedup(Curve c, int threads, double confidence) {
        Point one = c.at(1);
        Point p = c.at(threads);
        if (one == null || p == null) {
            return null;
        }
        return threads == 1 ? new RatioEstimate(1, 1, 1, 1, confidence) : gain(one, p, confidence);
    }

    /** The thread count after which the contender stops gaining: the last point reached by significant gains. */
    static int stopsGaining(Curve c, double confidence) {
        List<Point> ps = c.points();
        for (int i = 0; i + 1 < ps.size(); i++) {
            if (!gain(ps.get(i), ps.get(i + 1), confidence).above(1)) {
                return ps.get(i).threads();
            }
        }
        return ps.get(ps.size() - 1).threads();
    }

    /** The largest thread count of the ladder at or below {@code cores} (above 1); 0 when none. */
    static int topWithinCores(Ladder l, int cores) {
        return l.threads().stream().mapToInt(t -> t).filter(t -> t > 1 && (cores <= 0 || t <= cores)).max().orElse(0);
    }

    /**
     * The ladder's answer: which contender has the highest speedup over one thread at the most
     * threads within the cores, and where each contender stops gaining, e.g.
     * {@code up to 2 cores, queue-drain drain (separate=false): jdk-fjp scales best (2.0x [1.8, 2.2]
     * at 2 threads); stops gaining: jdk-fjp at 2 threads, simple-lock at 1}.
     */
    static String answer(Ladder l, int cores, double confidence) {
        int top = topWithinCores(l, cores);
        String where = "up to " + (cores > 0 ? cores + " cores" : top + " threads") + ", " + l.label() + ": ";
        List<String> gains = new ArrayList<>();
        for (Curve c : l.curves()) {
            int stop = stopsGaining(c, confidence);
            int last = c.points().get(c.points().size() - 1).threads();
            gains.add(c.contender() + (stop == last && c.points().size() > 1 ? " gains through " + last
                    : stop == c.points().get(0).threads() ? " gains nothing past " + stop : " gains up to " + stop)
                    + (stop == 1 ? " thread" : " threads"));
        }
        String stops = "; " + String.join(", ", gains);
        Map<String, RatioEstimate> speedups = new LinkedHashMap<>();
        for (Curve c : l.curves()) {
            RatioEstimate s = speedup(c, top, confidence);
            if (s != null) {
                speedups.put(c.contender(), s);
            }
        }
        if (speedups.isEmpty()) {
            return where + "no speedup over one thread can be formed (no 1-thread point, or no point up to the cores)"
                    + stops;
        }
        Map.Entry<String, RatioEstimate> best = speedups.entrySet().stream()
                .max(Comparator.comparingDouble(e -> e.getValue().ratio())).orElseThrow();
        List<String> tied = speedups.entrySet().stream().filter(e -> !e.getKey().equals(best.getKey())
                && !(e.getValue().high() < best.getValue().low())).map(Map.Entry::getKey).toList();
        if (best.getValue().ratio() <= 1) {
            return where + "no contender is faster at " + top + " threads than at one (best: " + best.getKey() + " "
                    + NumberText.ratio(best.getValue()) + ")" + stops;
        }
        return where + best.getKey() + " scales best (" + NumberText.ratio(best.getValue()) + " at " + top + " threads"
                + (tied.isEmpty() ? "" : "; intervals overlap with " + String.join(", ", tied)) + ")" + stops;
    }

    /** The summary's scaling answers, one line per ladder; empty when the run has no ladder. */
    static List<String> answers(RunView run, double confidence) {
        return ladders(run, confidence).stream().map(l -> answer(l, run.cores(), confidence)).toList();
    }

    /** The summary's block: the scaling answers as a table; none when the run has no ladder. */
    static List<Html.Block> summary(RunView run, ReportContext ctx) {
        List<String> answers = answers(run, ctx.confidence());
        if (answers.isEmpty()) {
            return List.of();
        }
        Html.TableBuilder t = new Html.TableBuilder("summary-scaling", "Which scales best up to "
                + (run.cores() > 0 ? run.cores() + " cores" : "the cores") + ", and where each contender stops gaining");
        t.header("answer");
        answers.forEach(a -> t.row(List.of(Html.Cell.text(a))));
        t.note("Speedup = throughput at the threads / throughput at one thread, with its " + Math.round(ctx.confidence() * 100)
                + "% interval; a contender stops gaining where the next step up the ladder is not significantly faster. "
                + "See Scaling for the curves.");
        return List.of(Html.Block.table(t.build()));
    }

    static Html.Section build(RunView run, ReportContext ctx) {
        List<Ladder> ladders = ladders(run, ctx.confidence());
        if (ladders.isEmpty()) {
            return Html.Section.absent(ID, TITLE, "No experiment in this run was measured at two or more thread counts.");
        }
        int cores = run.cores();
        List<Html.Block> blocks = new ArrayList<>();
        blocks.add(Html.Block.paragraph("Each experiment with a thread ladder, on " + (cores > 0 ? cores : "an unknown number of")
                + " cores: throughput (higher is better), speedup over one thread, and efficiency (speedup / threads), one "
                + "line per contender with its " + Math.round(ctx.confidence() * 100) + "% interval. The dashed ideal is "
                + "linear up to the cores and flat beyond: past the cores the OS time-slices the threads."));
        int n = 0;
        for (Ladder l : ladders) {
            String id = "scaling-" + (++n);
            blocks.add(Html.Block.paragraph(answer(l, cores, ctx.confidence())));
            blocks.add(Html.Block.chart(Charts.lines(id + "-throughput", l.label() + ": throughput", "threads", l.unit(),
                    throughputLines(l))));
            blocks.add(Html.Block.chart(Charts.lines(id + "-speedup", l.label() + ": speedup over one thread", "threads",
                    "speedup (x)", ratioLines(l, cores, false, ctx.confidence()))));
            blocks.add(Html.Block.chart(Charts.lines(id + "-efficiency", l.label() + ": efficiency", "threads",
                    "speedup / threads", ratioLines(l, cores, true, ctx.confidence()))));
            blocks.add(Html.Block.details("Table: " + l.label(), List.of(Html.Block.table(table(id, l, ctx))), false));
        }
        return new Html.Section(ID, TITLE, List.of(), blocks, null);
    }

    private static List<Charts.Line> throughputLines(Ladder l) {
        return l.curves().stream().map(c -> Charts.Line.of(c.contender(), c.contender(), c.points().stream()
                .map(p -> Charts.Line.point(p.threads(), p.throughput())).toList(), false)).toList();
    }

    /** Speedup (or efficiency) lines of the contenders with a 1-thread point, and the ideal line. */
    private static List<Charts.Line> ratioLines(Ladder l, int cores, boolean efficiency, double confidence) {
        List<Charts.Line> lines = new ArrayList<>();
        for (Curve c : l.curves()) {
            List<double[]> rows = new ArrayList<>();
            for (Point p : c.points()) {
                RatioEstimate s = speedup(c, p.threads(), confidence);
                if (s != null) {
                    double per = efficiency ? p.threads() : 1;
                    boolean interval = !Double.isNaN(s.low());
                    rows.add(new double[] {p.threads(), s.ratio() / per, (interval ? s.low() : s.ratio()) / per,
                            (interval ? s.high() : s.ratio()) / per});
                }
            }
            if (rows.size() >= 2) {
                lines.add(Charts.Line.of(c.contender(), c.contender(), rows, false));
            }
        }
        List<Integer> threads = l.threads();
        double[] x = threads.stream().mapToDouble(t -> t).toArray();
        double[] ideal = threads.stream().mapToDouble(t -> {
            double s = cores > 0 ? Math.min(t, cores) : t;
            return efficiency ? s / t : s;
        }).toArray();
        lines.add(new Charts.Line("ideal", null, x, ideal, null, null, true));
        return lines;
    }

    private static Html.Table table(String id, Ladder l, ReportContext ctx) {
        int confidence = (int) Math.round(ctx.confidence() * 100);
        Html.TableBuilder t = new Html.TableBuilder(id, l.label() + ": by contender and threads");
        t.header("contender", "threads", "throughput (" + l.unit() + ") [" + confidence + "%]",
                "speedup over 1 thread [" + confidence + "%]", "efficiency", "step over the previous threads");
        for (Curve c : l.curves()) {
            Point previous = null;
            for (Point p : c.points()) {
                RatioEstimate s = speedup(c, p.threads(), ctx.confidence());
                RatioEstimate step = previous == null ? null : gain(previous, p, ctx.confidence());
                t.row(List.of(Correctness.nameCell(c.contender()), Cells.number(p.threads()), Cells.geometric(p.throughput()),
                        s == null ? Cells.dash() : Html.Cell.num(NumberText.ratio(s), s.ratio()),
                        s == null ? Cells.dash() : Html.Cell.num(NumberText.num(s.ratio() / p.threads()), s.ratio() / p.threads()),
                        step == null ? Cells.dash() : Html.Cell.num(NumberText.ratio(step), step.ratio())
                                .withClass(step.above(1) ? "good" : step.below(1) ? "bad" : "neutral")));
                previous = p;
            }
        }
        t.note("Throughput is the geometric mean of the replicates (fork means, or one fork's iterations); ratios between "
                + "thread counts are unpaired (different forks), Welch on the log scale.");
        return t.build();
    }
}
