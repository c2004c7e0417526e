package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.stealbench.harness.bench.Contenders;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.run.BenchmarkCatalog;
import org.stealbench.harness.stats.CostVerdict;
import org.stealbench.harness.stats.GeometricMean;
import org.stealbench.harness.stats.LogRatios;
import org.stealbench.harness.stats.RatioEstimate;

/**
 * The page's first section: per experiment and shape (one benchmark method with one set of the
 * parameters that are not the contender), the contenders ranked by geometric mean, each with its
 * cost relative to the best and that ratio's interval, its verdict against the margin of practical
 * equivalence ({@link CostVerdict}: as good as the best, costs more, or undecided), and a one-line
 * answer. Any JMH file whose results have a contender parameter ({@link
 * ExperimentSection#contenderParam}) is summarized, so a new experiment appears here without an
 * edit. Broken contenders (not exactly-once) and floors (a reference that is not a choice, e.g.
 * {@code array-deque}, {@code none}) are shown, never ranked.
 */
public final class SummarySection {

    static final String ID = "summary";
    static final String TITLE = "Summary: which contender to use, and how sure that is";

    private SummarySection() {
    }

    enum Standing {
        RANKED, BROKEN, FLOOR
    }

    /**
     * What the summary ranks an experiment's contenders by: a metric of which lower is better, with
     * a name and unit for the answer line, declared by an experiment whose primary JMH score is not
     * what it measures ({@link #measures}); each measure gives its own answers. A measure that can
     * be exactly 0 (parked workers burn no CPU) has no geometric mean, so it is ranked on value +
     * {@code offset}, the smallest difference worth telling apart: a 0 then ranks, and the ratios
     * between near-zero values stay finite.
     *
     * @param name       what is ranked, e.g. {@code outside p50}; null for the experiment's own score
     * @param unit       the unit of the metric and its aside; null for the metric's own unit
     * @param asideName  a second figure of the same unit the answer line shows beside the ranked one,
     *                   e.g. {@code p99}; null for none
     * @param aside      that figure's metric of a result; null for none
     * @param offset     added to every value before ranking, in the metric's unit; 0 for none
     */
    record Measure(String experiment, String name, String unit, Function<JmhResult, Metric> metric, String asideName,
                   Function<JmhResult, Metric> aside, double offset) {
    }

    /**
     * One contender in one shape.
     *
     * @param mean      geometric mean of its replicates with a log-scale interval
     * @param cost      its cost relative to the best ranked contender (time / best time, or best
     *                  rate / rate), at least about 1; 1 exactly for the best
     * @param rank      1 for the best; 0 when not ranked
     * @param verdict   what its cost interval shows against the margin ({@link CostVerdict}); {@link
     *                  CostVerdict#AS_GOOD} for the best; null when not ranked
     * @param beats     the ranked contenders after it that cost more than the margin relative to it
     * @param aside     geometric mean of the measure's aside, or null
     */
    record Entry(String contender, Standing standing, GeometricMean mean, RatioEstimate cost, int rank,
                 CostVerdict verdict, Set<String> beats, GeometricMean aside) {

        boolean asGood() {
            return verdict == CostVerdict.AS_GOOD;
        }
    }

    /**
     * One shape of one experiment, ranked.
     *
     * @param setting    the method and parameters that set this shape apart within the experiment
     *                   (empty when the experiment has one shape)
     * @param constants  parameters with one value across the experiment, e.g. {@code threads=2}
     * @param basis      how the intervals were formed, for the certainty column
     * @param indicative whether the intervals rest on one fork's iterations
     * @param entries    ranked entries best first, then the unranked ones
     * @param key        {@link SummarySection#shapeKey} and the measure, the same for the shape in another run
     * @param measure    the {@link Measure}'s name, or null (and its {@code asideName} and {@code offset} follow)
     */
    record Shape(String experiment, String setting, String constants, String unit, String basis,
                 boolean indicative, List<Entry> entries, String key, String measure, String asideName,
                 double offset) {

        List<Entry> ranked() {
            return entries.stream().filter(e -> e.standing() == Standing.RANKED).toList();
        }

        /** The best group: the best and the contenders shown to cost no more than the margin over it, best first. */
        List<String> bestGroup() {
            return ranked().stream().filter(Entry::asGood).map(Entry::contender).toList();
        }

        /** The contenders not ruled out as the best: the best group and the undecided, best first. */
        List<String> notRuledOut() {
            return ranked().stream().filter(e -> e.verdict() != CostVerdict.COSTS).map(Entry::contender).toList();
        }

        /** E.g. {@code fork-join-fib (threshold=0)}, {@code wakeup-latency by outside p50 (µs)}. */
        String label() {
            return (setting.isEmpty() ? experiment : experiment + " (" + setting + ")")
                    + (measure == null ? "" : " by " + measure + " (" + unit
                    + (offset > 0 ? ", + " + offsetText(offset) : "") + ")");
        }

        /**
         * The ranked contenders best first, joined by {@code ", "} where the next costs more than the
         * margin over the first and by {@code " ~ "} where that is not shown.
         */
        String order() {
            List<Entry> r = ranked();
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < r.size(); i++) {
                if (i > 0) {
                    b.append(r.get(i - 1).beats().contains(r.get(i).contender()) ? ", " : " ~ ");
                }
                b.append(r.get(i).contender());
            }
            return b.toString();
        }

        /**
         * Whether the ranking differs from {@code other}'s (the same shape measured elsewhere): a
         * contender beats another (the other costs more than the margin over it) in one, and is
         * beaten by it in the other. An order that differs only where one side cannot tell the two
         * apart is not a change: the noise of one run could explain it.
         */
        boolean reorders(Shape other) {
            Map<String, Set<String>> beatsInOther = new LinkedHashMap<>();
            other.ranked().forEach(e -> beatsInOther.put(e.contender(), e.beats()));
            return ranked().stream().anyMatch(e -> e.beats().stream()
                    .anyMatch(worse -> beatsInOther.getOrDefault(worse, Set.of()).contains(e.contender())));
        }
    }

    /** A contender's measured values in one shape, before ranking. */
    private record Candidate(String contender, Metric metric, GeometricMean mean, Standing standing,
                             GeometricMean aside) {
    }

    /** The measures an experiment's section declares, else the metric its results are shown by. */
    static List<Measure> measures(String experiment) {
        return experiment.equals(WakeupLatencySection.EXPERIMENT) ? WakeupLatencySection.SUMMARY
                : experiment.equals(IdleCostSection.EXPERIMENT) ? IdleCostSection.SUMMARY
                : List.of(new Measure(experiment, null, null, ExperimentSection::metric, null, null, 0));
    }

    /** Every experiment of the run with a contender parameter, by shape, ranked against {@code margin}. */
    static List<Shape> analyze(RunView run, double confidence, double margin) {
        return run.data().experiments().entrySet().stream().flatMap(e -> analyze(e.getKey(), e.getValue(),
                run.interleaved(e.getKey()), confidence, margin, run.rounds(e.getKey())).stream()).toList();
    }

    /** Whether the rounds file records that the shape of {@code result} stopped after {@code forks} rounds. */
    private static boolean stoppedAt(RoundsFile rounds, JmhResult result, int forks) {
        return rounds != null && rounds.stops().stream().anyMatch(stop ->
                stop.rounds() == forks && stop.benchmark().equals(result.benchmark())
                        && stop.params().entrySet().stream().allMatch(p -> p.getValue().equals(result.param(p.getKey()))));
    }

    /**
     * Whether an interleaved experiment's results (one shape's, or several) already give their
     * answer when judged at one of {@code looks} sequential looks: every ranked contender of every
     * shape and measure is placed against the best, as good as it or costing more than the margin,
     * by intervals at the confidence {@code 1 - (1 - confidence) / looks}. The run engine asks this
     * between rounds (run/RoundPlan says when); false when there is nothing to rank.
     */
    public static boolean decided(String experiment, List<JmhResult> results, int looks) {
        ReportThresholds thresholds = ReportThresholds.load();
        double confidence = 1 - (1 - thresholds.confidence()) / looks;
        List<Shape> shapes = analyze(experiment, results, true, confidence, thresholds.asGoodRatio(), null);
        return !shapes.isEmpty() && shapes.stream().allMatch(s -> !s.ranked().isEmpty()
                && s.ranked().stream().noneMatch(e -> e.verdict() == CostVerdict.UNDECIDED));
    }

    /**
     * One experiment's shapes, ranked; empty when its results have no contender parameter.
     * {@code rounds}, the experiment's rounds file when it has one (else null), tells which shapes
     * stopped before their planned rounds, their answer decided (run/RoundPlan).
     */
    static List<Shape> analyze(String experiment, List<JmhResult> results, boolean interleaved, double confidence,
                               double margin, RoundsFile rounds) {
        String param = ExperimentSection.contenderParam(results);
        if (param == null || results.isEmpty()) {
            return List.of();
        }
        ExperimentSection.Varying varying = ExperimentSection.Varying.of(results, JmhResult::params);
        String constants = varying.constant(param).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
        Map<String, List<JmhResult>> shapes = new LinkedHashMap<>();
        for (JmhResult r : results) {
            shapes.computeIfAbsent(String.join(", ", varying.parts(r, r.params(), param)), k -> new ArrayList<>()).add(r);
        }
        List<Shape> out = new ArrayList<>();
        for (Measure measure : measures(experiment)) {
            shapes.forEach((setting, rs) -> {
                Shape s = shape(experiment, setting, constants, rs, param, measure, interleaved,
                        confidence, margin, rounds, shapeKey(experiment, rs.get(0).benchmark(), BenchmarkCatalog.completeParams(rs.get(0)),
                                param) + (measure.name() == null ? "" : " by " + measure.name()));
                if (s != null) {
                    out.add(s);
                }
            });
        }
        return out;
    }

    private static Shape shape(String experiment, String setting, String constants, List<JmhResult> results,
                               String param, Measure measure, boolean interleaved, double confidence, double margin,
                               RoundsFile rounds, String key) {
        List<Candidate> candidates = new ArrayList<>();
        for (JmhResult r : results) {
            Metric m = measure.metric().apply(r);
            if (m == null) {
                continue;
            }
            try {
                GeometricMean g = GeometricMean.of(shifted(ReportStats.replicates(m), measure.offset()), confidence);
                String c = r.param(param);
                Standing st = Correctness.flaw(c) != null ? Standing.BROKEN
                        : Contenders.FLOORS.contains(c) ? Standing.FLOOR : Standing.RANKED;
                Metric aside = measure.aside() == null ? null : measure.aside().apply(r);
                candidates.add(new Candidate(c, m, g, st, aside == null ? null : Cells.geometricOrNull(aside, confidence)));
            } catch (IllegalArgumentException e) {
                // a metric with a value <= 0 and no offset cannot be ranked on a log scale: left out
            }
        }
        if (candidates.isEmpty()) {
            return null;
        }
        Metric first = candidates.get(0).metric();
        boolean higher = measure.name() == null && first.higherIsBetter();
        Comparator<Candidate> better = Comparator.comparingDouble(c -> higher ? -c.mean().value() : c.mean().value());
        List<Candidate> ranked = candidates.stream().filter(c -> c.standing() == Standing.RANKED).sorted(better).toList();
        List<Candidate> others = candidates.stream().filter(c -> c.standing() != Standing.RANKED).sorted(better).toList();
        Candidate best = ranked.isEmpty() ? null : ranked.get(0);
        boolean paired = interleaved && best != null
                && candidates.stream().allMatch(c -> c.metric().forks() == best.metric().forks() && c.metric().forks() >= 2);
        int forks = candidates.stream().mapToInt(c -> c.metric().forks()).min().orElse(0);
        String basis = paired && stoppedAt(rounds, results.get(0), forks)
                ? "paired by round, " + forks + " rounds (of " + rounds.rounds() + " planned: decided early)"
                : paired ? "paired by round, " + forks + " rounds"
                : forks >= 2 ? "Welch on " + forks + " fork means per contender"
                : "iterations of one fork: indicative";
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
            Candidate c = ranked.get(i);
            RatioEstimate cost = cost(best, c, higher, paired, measure.offset(), confidence);
            Set<String> beats = new LinkedHashSet<>();
            for (Candidate worse : ranked.subList(i + 1, ranked.size())) {
                RatioEstimate over = cost(c, worse, higher, paired, measure.offset(), confidence);
                if (CostVerdict.of(over, margin) == CostVerdict.COSTS) {
                    beats.add(worse.contender());
                }
            }
            entries.add(new Entry(c.contender(), c.standing(), c.mean(), cost, i + 1,
                    c == best ? CostVerdict.AS_GOOD : CostVerdict.of(cost, margin), Set.copyOf(beats), c.aside()));
        }
        for (Candidate c : others) {
            RatioEstimate cost = best == null ? null : cost(best, c, higher, paired, measure.offset(), confidence);
            entries.add(new Entry(c.contender(), c.standing(), c.mean(), cost, 0, null, Set.of(), c.aside()));
        }
        return new Shape(experiment, setting, constants, measure.unit() != null ? measure.unit() : first.unit(), basis,
                !paired && forks < 2, entries, key, measure.name(), measure.asideName(), measure.offset());
    }

    /**
     * The candidate's cost relative to a base (the best, or any contender ranked before it): its
     * time / the base's, or the base's rate / its rate.
     */
    private static RatioEstimate cost(Candidate best, Candidate candidate, boolean higher, boolean paired,
                                      double offset, double confidence) {
        if (best == candidate) {
            return new RatioEstimate(1, 1, 1, 1, confidence);
        }
        Metric b = best.metric();
        Metric c = candidate.metric();
        List<Double> base = shifted(paired ? b.forkMeans() : ReportStats.replicates(b), offset);
        List<Double> other = shifted(paired ? c.forkMeans() : ReportStats.replicates(c), offset);
        try {
            RatioEstimate r = paired ? LogRatios.pairedRatio(base, other, confidence)
                    : LogRatios.ratio(base, other, confidence);
            return higher ? r.inverse() : r;
        } catch (IllegalArgumentException e) {
            double point = best.mean().value() / candidate.mean().value();
            return new RatioEstimate(higher ? point : 1 / point, Double.NaN, Double.NaN, Double.NaN, confidence);
        }
    }

    /** An offset as written in its declaration, e.g. {@code 0.0001}. */
    static String offsetText(double offset) {
        return new java.math.BigDecimal(Double.toString(offset)).stripTrailingZeros().toPlainString();
    }

    static List<Double> shifted(List<Double> values, double offset) {
        return offset == 0 ? values : values.stream().map(v -> v + offset).toList();
    }

    /**
     * The one-line answer: the best group joined by {@code " or "}, then the contenders that cost
     * more than the margin, grouped by family, then the undecided with their cost intervals, e.g.
     * {@code on 2 cores, fork-join-fib (threshold=0): jdk-fjp; the work-stealing pools (ws-blocking,
     * ws-locked) cost 4.36x to 10.3x; undecided ws-chase-lev 1.3x [0.8, 2.1]}.
     */
    static String answer(Shape s, int cores) {
        String where = (cores > 0 ? "on " + cores + " cores, " : "") + s.label() + ": ";
        List<String> group = s.bestGroup();
        if (group.isEmpty()) {
            return where + "no contender can be ranked (only broken or floor contenders)";
        }
        StringBuilder b = new StringBuilder(where).append(String.join(" or ", group));
        if (s.ranked().size() == 1) {
            b.append(" (the only contender ranked)");
        }
        List<String> floors = s.entries().stream().filter(e -> e.standing() == Standing.FLOOR && e.cost() != null)
                .map(e -> "floor " + e.contender() + " " + NumberText.num(e.cost().ratio()) + "x").toList();
        String floorNote = (floors.isEmpty() ? "" : " [" + String.join(", ", floors) + "]") + figures(s);
        List<Entry> rest = s.ranked().stream().filter(e -> e.verdict() == CostVerdict.COSTS).toList();
        List<String> undecided = s.ranked().stream().filter(e -> e.verdict() == CostVerdict.UNDECIDED)
                .map(e -> e.contender() + " " + (Double.isNaN(e.cost().low()) ? NumberText.num(e.cost().ratio())
                        + "x (no interval)" : NumberText.ratio(e.cost()))).toList();
        String undecidedNote = undecided.isEmpty() ? "" : "; undecided " + String.join(", ", undecided);
        if (rest.isEmpty()) {
            return b.append(undecidedNote).append(floorNote).toString();
        }
        Map<Contender.Family, List<Entry>> byFamily = rest.stream().collect(Collectors.groupingBy(
                e -> Contender.family(e.contender()), LinkedHashMap::new, Collectors.toList()));
        List<String> parts = new ArrayList<>();
        byFamily.forEach((family, es) -> {
            if (es.size() == 1 || family == Contender.Family.OTHER) {
                es.forEach(e -> parts.add(e.contender() + " costs " + NumberText.num(e.cost().ratio()) + "x"));
            } else {
                double lo = es.get(0).cost().ratio();
                double hi = es.get(es.size() - 1).cost().ratio();
                parts.add("the " + family.label() + " (" + String.join(", ", es.stream().map(Entry::contender).toList())
                        + ") cost " + NumberText.num(lo) + "x to " + NumberText.num(hi) + "x");
            }
        });
        return b.append("; ").append(String.join(", ", parts)).append(undecidedNote).append(floorNote).toString();
    }

    /**
     * For a declared measure, the best group's figures with the measure's name and unit, e.g.
     * {@code  [outside p50 / p99 in µs: jdk-fjp 7.1 / 62.3]}; empty for an experiment's own score.
     */
    static String figures(Shape s) {
        if (s.measure() == null) {
            return "";
        }
        List<String> parts = s.ranked().stream().filter(Entry::asGood).map(e -> e.contender() + " "
                + NumberText.num(e.mean().value()) + (s.asideName() == null ? ""
                : " / " + (e.aside() == null ? "\u2013" : NumberText.num(e.aside().value())))).toList();
        return " [" + s.measure() + (s.asideName() == null ? "" : " / " + s.asideName()) + " in " + s.unit()
                + (s.offset() > 0 ? " + " + offsetText(s.offset()) : "") + ": "
                + String.join(", ", parts) + "]";
    }

    /** A shape's key as {@link Shape#key()} begins: experiment, benchmark, every parameter but the contender. */
    static String shapeKey(String experiment, String benchmark, Map<String, String> params, String param) {
        Map<String, String> rest = new TreeMap<>(params);
        rest.remove(param);
        return experiment + ":" + benchmark + rest;
    }

    private static Map<String, Shape> byKey(RunView run, ReportContext ctx) {
        Map<String, Shape> out = new LinkedHashMap<>();
        analyze(run, ctx.confidence(), ctx.thresholds().asGoodRatio()).forEach(s -> out.put(s.key(), s));
        return out;
    }

    /** Per JDK the page's runs measured on (in the order given), the last run on it. */
    static Map<String, RunView> lastRunPerJdk(List<RunView> runs) {
        return runs.stream().collect(Collectors.toMap(RunView::jdkMajor, r -> r, (first, last) -> last, LinkedHashMap::new));
    }

    /** Whether any two of the shapes (one shape measured on several JDKs) rank it differently ({@link Shape#reorders}). */
    static boolean rankingChanges(List<Shape> measured) {
        return IntStream.range(0, measured.size()).anyMatch(i -> IntStream.range(i + 1, measured.size())
                .anyMatch(j -> measured.get(i).reorders(measured.get(j))));
    }

    /**
     * The JDK column of an answer: per JDK the ranking ({@link Shape#order()}), then whether it
     * changes, e.g. {@code JDK 17: a, b ~ c; JDK 25: b, a ~ c — ranking changes}.
     *
     * @param perJdk per JDK the shape measured on it, null where it was not
     */
    static String acrossJdks(Map<String, Shape> perJdk, List<Shape> measured) {
        List<String> parts = new ArrayList<>();
        perJdk.forEach((jdk, shape) -> parts.add("JDK " + jdk + ": " + (shape == null ? "not measured" : shape.order())));
        return String.join("; ", parts) + " \u2014 " + (rankingChanges(measured) ? "ranking changes"
                : "no change beyond the noise");
    }

    /**
     * The summary of the last run given. With several runs on its JDK, each answer also says
     * whether those runs agree (the contenders each does not rule out, {@link Shape#notRuledOut},
     * share one) and is marked unstable when not; with runs on several JDKs, each answer shows the
     * ranking on each JDK (its last run) and whether it changes between them.
     */
    static Html.Section build(List<RunView> runs, ReportContext ctx) {
        RunView run = runs.get(runs.size() - 1);
        double margin = ctx.thresholds().asGoodRatio();
        List<Shape> shapes = analyze(run, ctx.confidence(), margin);
        Map<String, Map<String, Shape>> others = runs.subList(0, runs.size() - 1).stream() // label -> key -> shape
                .filter(other -> other.jdkMajor().equals(run.jdkMajor()) && other.cores() == run.cores())
                .collect(Collectors.toMap(RunView::label, other -> byKey(other, ctx), (a, b) -> b, LinkedHashMap::new));
        Map<String, Map<String, Shape>> jdks = new LinkedHashMap<>(); // JDK -> shape key -> shape
        // runs on another core count are other machines, never repeats of this run
        Map<String, RunView> lastPerJdk = lastRunPerJdk(runs.stream().filter(r -> r.cores() == run.cores()).toList());
        if (lastPerJdk.size() > 1) {
            lastPerJdk.forEach((jdk, r) -> jdks.put(jdk, byKey(r, ctx)));
        }
        if (shapes.isEmpty()) {
            return Html.Section.absent(ID, TITLE, "No experiment in this run compares contenders.");
        }
        int confidence = (int) Math.round(ctx.confidence() * 100);
        List<Html.Block> blocks = new ArrayList<>();
        List<Html.Banner> banners = new ArrayList<>();
        List<String> otherCores = runs.stream().filter(r -> r.cores() != run.cores())
                .map(r -> r.label() + " (" + r.cores() + " cores)").toList();
        if (!otherCores.isEmpty()) {
            banners.add(new Html.Banner("info", "Not checked against " + String.join(", ", otherCores) + ": made on "
                    + "another core count than " + run.label() + "'s " + run.cores() + ", so not a repeat of it."));
        }
        if (shapes.stream().anyMatch(Shape::indicative)) {
            banners.add(new Html.Banner("warn", shapes.stream().filter(Shape::indicative).count() + " of "
                    + shapes.size() + " answers rest on the iterations of one fork, which correlate: their intervals "
                    + "are too narrow, the answers indicative. A run with 3 or more forks (scripts/bench full) or "
                    + "interleaved rounds gives intervals to rely on."));
        }
        // the answers first, so they fill the first screen; how to read them after
        String within = NumberText.num(margin) + "x";
        Html.Block howToRead = Html.Block.paragraph("For each experiment and setting: the best and the contenders as "
                + "good as it (their cost ratio's " + confidence + "% interval lies wholly below " + within + "), then the "
                + "contenders that cost more (the interval lies wholly above " + within + ") with their cost relative to "
                + "the best (time / best time), then the undecided (the interval holds " + within + ") with their cost and "
                + "its interval. An interval that holds 1 is no evidence that two contenders are alike, only that the "
                + "rounds were too few or too spread to tell. Ranked by geometric mean of the experiment's score, or of "
                + "the measure its answer names (wake-up latency by its percentiles, idle cost by the CPU burnt); \u26A0 "
                + "broken contenders (not exactly-once) and floors (" + String.join(", ", Contenders.FLOORS) + ": "
                + "references, not choices) are shown in the details but never ranked.");
        // one certainty for every answer (the usual case): said once in the caption, not in a column
        List<String> bases = shapes.stream().map(Shape::basis).distinct().toList();
        boolean oneBasis = bases.size() == 1;
        Html.TableBuilder answers = new Html.TableBuilder("summary-answers", (runs.size() == 1 ? "The answers"
                : "The answers of " + run.label() + " (the last run given), checked against "
                + (others.isEmpty() ? "" : "the other runs on its JDK" + (jdks.isEmpty() ? "" : " and "))
                + (jdks.isEmpty() ? "" : "the last run on each JDK")) + (oneBasis ? "; certainty of each: " + bases.get(0) : ""));
        List<String> head = new ArrayList<>(oneBasis ? List.of("answer") : List.of("answer", "certainty"));
        others.keySet().forEach(label -> head.add("in " + label));
        if (!jdks.isEmpty()) {
            head.add("JDK " + String.join(" vs ", jdks.keySet()));
        }
        answers.header(head.toArray(String[]::new));
        int unstable = 0;
        int reordered = 0;
        ForkSteadiness steadiness = ForkSteadiness.of(run);
        for (Shape s : shapes) {
            List<Html.Cell> row = new ArrayList<>();
            row.add(Html.Cell.text(steadiness.answer(s, answer(s, run.cores()))).withClass(steadiness.affects(s) ? "wide" : ""));
            if (!oneBasis) {
                row.add(Html.Cell.text(s.basis()).withClass(s.indicative() ? "wide" : ""));
            }
            boolean flips = false;
            for (Map<String, Shape> byKey : others.values()) {
                Shape o = byKey.get(s.key());
                if (o == null) {
                    row.add(Html.Cell.text("not measured").withClass("neutral"));
                } else if (o.notRuledOut().stream().anyMatch(s.notRuledOut()::contains)) {
                    row.add(Html.Cell.text("agrees: " + String.join(" or ", o.notRuledOut())).withClass("good"));
                } else {
                    flips = true;
                    row.add(Html.Cell.text("unstable: chose " + String.join(" or ", o.notRuledOut())).withClass("bad")
                            .withTitle("the contenders the two runs keep (best group and undecided) share none: "
                                    + "run-to-run variation is larger than either run's interval shows"));
                }
            }
            if (!jdks.isEmpty()) {
                Map<String, Shape> perJdk = new LinkedHashMap<>();
                jdks.forEach((jdk, byKey) -> perJdk.put(jdk, byKey.get(s.key())));
                List<Shape> measured = perJdk.values().stream().filter(Objects::nonNull).toList();
                boolean changes = rankingChanges(measured);
                reordered += changes ? 1 : 0;
                row.add(measured.size() < 2 ? Html.Cell.text("measured on one JDK only").withClass("neutral")
                        : Html.Cell.text(acrossJdks(perJdk, measured)).withClass(changes ? "bad" : "good").withTitle("\", \" joins a contender "
                                + "and the next when the next costs more than " + within + " over it, \" ~ \" two where "
                                + "that is not shown; a ranking "
                                + "changes only where one JDK separates two contenders and the other orders them the other way"));
            }
            unstable += flips ? 1 : 0;
            answers.row(row, flips ? "unstable" : "");
        }
        if (reordered > 0) {
            banners.add(new Html.Banner("info", reordered + " of " + shapes.size() + " answers rank the contenders "
                    + "differently on JDK " + String.join(" and JDK ", jdks.keySet()) + ": one JDK separates two "
                    + "contenders that the other orders the other way (see the JDK column)."));
        }
        if (unstable > 0) {
            banners.add(new Html.Banner("warn", unstable + " of " + shapes.size() + " answers are unstable: another "
                    + "run on JDK " + run.jdkMajor() + " keeps (best group and undecided) no contender that " + run.label()
                    + " keeps. Treat them as undecided until more forks or runs agree."));
        }
        answers.note("Times are geometric means; each ratio's interval is on the log scale, so it never crosses zero. "
                + "\"or\", \"costs\" and \"undecided\" are verdicts against the " + within + " margin, explained below (no "
                + "correction for the several comparisons of a row).");
        blocks.add(Html.Block.table(answers.build()));
        if (!steadiness.unsettled().isEmpty()) {
            banners.add(new Html.Banner("warn", steadiness.unsettled().size() + " of " + steadiness.steadyState().size()
                    + " forks never became steady; " + shapes.stream().filter(steadiness::affects).count() + " of "
                    + shapes.size() + " answers rest on them and say so (the forks are listed under the answers)."));
        }
        Optional.ofNullable(steadiness.block()).ifPresent(blocks::add);
        blocks.addAll(ScalingSection.summary(run, ctx));
        blocks.add(howToRead);
        Map<String, List<Shape>> byExperiment = new LinkedHashMap<>();
        shapes.forEach(s -> byExperiment.computeIfAbsent(s.experiment(), k -> new ArrayList<>()).add(s));
        byExperiment.forEach((experiment, ss) -> {
            List<Html.Block> tables = ss.stream().map(s -> Html.Block.table(ranking(s, confidence))).toList();
            String constants = ss.get(0).constants().isEmpty() ? "" : " (" + ss.get(0).constants() + ")";
            blocks.add(Html.Block.details("Ranking: " + experiment + constants + ", " + ss.size() + " setting"
                    + (ss.size() == 1 ? "" : "s"), tables, false));
        });
        return new Html.Section(ID, TITLE, banners, blocks, null);
    }

    /** The ranking table of one shape: rank, contender, family, geometric mean, cost ratio, standing. */
    static Html.Table ranking(Shape s, int confidence) {
        String id = "summary-" + s.experiment() + (s.setting().isEmpty() ? "" : "-" + s.setting()
                .replaceAll("[^A-Za-z0-9]+", "-").replaceAll("-$", ""))
                + (s.measure() == null ? "" : "-" + s.measure().replaceAll("[^A-Za-z0-9]+", "-"));
        Html.TableBuilder t = new Html.TableBuilder(id, s.label() + (s.measure() == null ? ": " + s.unit() : ""));
        t.header("rank", "contender", "family", "geometric mean [" + confidence + "%]", "cost vs best [" + confidence
                + "%]", "standing");
        for (Entry e : s.entries()) {
            String standing = switch (e.standing()) {
                case BROKEN -> "broken: not ranked";
                case FLOOR -> "floor: not a choice";
                case RANKED -> e.rank() == 1 ? "best" : switch (e.verdict()) {
                    case AS_GOOD -> "as good as the best";
                    case COSTS -> "slower";
                    case UNDECIDED -> "undecided";
                };
            };
            Html.Cell cost = e.cost() == null ? Cells.dash() : e.rank() == 1 ? Html.Cell.num("1x", 1)
                    : Html.Cell.num(NumberText.ratio(e.cost()), e.cost().ratio());
            t.row(List.of(e.rank() == 0 ? Cells.dash() : Cells.number(e.rank()), Correctness.nameCell(e.contender()),
                    Html.Cell.text(Contender.family(e.contender()).label()), Cells.geometric(e.mean()), cost,
                    Html.Cell.text(standing).withClass(e.asGood() ? "good" : "")), e.asGood() ? "baseline" : "");
        }
        t.note("Intervals from " + s.basis() + "." + (s.offset() > 0 ? " Ranked on value + " + offsetText(s.offset())
                + " " + s.unit() + " (means and ratios include it): a value can be exactly 0, which a log scale cannot hold, "
                + "and differences below it are not worth telling apart." : ""));
        return t.build();
    }
}
