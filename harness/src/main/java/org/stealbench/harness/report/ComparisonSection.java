package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.run.BenchmarkCatalog;
import org.stealbench.harness.stats.GeometricMean;
import org.stealbench.harness.stats.LogRatios;

/**
 * Several runs side by side: for every experiment two or more runs have, one row per benchmark and
 * full parameter set (declared defaults filled in), each run's geometric mean with its interval,
 * then each later run's ratio to the first, judged only where the forks can speak for run-to-run
 * variation. Pairs with another mode or thread count, or a damaged value (NaN, infinity, a zero or
 * negative time), are refused with the reason; different JMH settings or core counts and a run that
 * recorded failures leave the ratio unjudged and are said at the top, as is a comparison that
 * compared or judged nothing.
 */
final class ComparisonSection {

    static final String ID = "comparison";
    static final String TITLE = "Runs side by side";

    private ComparisonSection() {
    }

    /** A result's primary metric in the row's unit; runs that reported another time unit are converted. */
    private static Metric metric(JmhResult r, String unit) {
        try {
            return Cells.inUnit(r.primary(), unit);
        } catch (IllegalArgumentException e) {
            return r.primary();
        }
    }

    /** Forks per side below which a ratio between runs is never coloured. */
    static final int MIN_FORKS = 3;

    /**
     * A ratio between two runs, coloured only when each side has at least {@value #MIN_FORKS} forks
     * (the fork means as replicates) and {@code unjudged} is null; else grey, with the reason. Forks
     * within a run share its machine state, so a within-run interval understates run-to-run chance.
     */
    static Html.Cell acrossRuns(Metric first, Metric later, ReportContext ctx, String unjudged) {
        if (unjudged == null && first.forks() >= MIN_FORKS && later.forks() >= MIN_FORKS) {
            try {
                return Cells.ratio(LogRatios.ratio(first.forkMeans(), later.forkMeans(), ctx.confidence()));
            } catch (IllegalArgumentException e) {
                return Cells.dash().withTitle("fork means not all positive");
            }
        }
        double point = GeometricMean.point(later.samples()) / GeometricMean.point(first.samples());
        return Html.Cell.num(NumberText.num(point) + "x", point).withClass("neutral")
                .withTitle("not judged: " + (unjudged != null ? unjudged : Math.min(first.forks(), later.forks())
                        + " fork(s) on a side, fewer than " + MIN_FORKS + "; an interval from within one run does not "
                        + "cover run-to-run variation"));
    }

    /**
     * Why two results of one row must not be compared at all, or null: another JMH mode or
     * thread count is another workload, and a damaged value would be averaged in.
     */
    static String refusal(JmhResult first, JmhResult later) {
        if (!first.mode().equals(later.mode())) {
            return "JMH modes differ (" + first.mode() + " vs " + later.mode() + ")";
        }
        if (first.threads() != later.threads()) {
            return "thread counts differ (" + first.threads() + " vs " + later.threads() + ")";
        }
        String damaged = damaged(first.primary());
        return damaged != null ? damaged : damaged(later.primary());
    }

    /** A value no measurement can have, or null: NaN, an infinity (JMH writes them as text), zero or negative. */
    static String damaged(Metric m) {
        return m.samples().stream().filter(v -> !(v > 0) || Double.isInfinite(v)).findFirst()
                .map(v -> "a damaged value (" + v + ": JMH's NaN or an infinity, or a zero or negative score)")
                .orElse(m.samples().isEmpty() ? "no measured values" : null);
    }

    /** Why a ratio between two comparable results is shown but not judged, or null: JMH ran them differently. */
    static String unjudged(JmhResult first, JmhResult later) {
        return first.settings().equals(later.settings()) ? null : "JMH settings differ ("
                + first.settings().describe() + " vs " + later.settings().describe() + ")";
    }

    /** What the comparison must say first: different core counts or JVM arguments, runs that recorded failures. */
    static List<String> runFlags(List<RunView> runs) {
        List<String> flags = new ArrayList<>();
        if (runs.stream().map(RunView::cores).distinct().count() > 1) {
            flags.add("The runs ran on different core counts (" + String.join(", ", runs.stream()
                    .map(r -> r.label() + ": " + (r.cores() == 0 ? "unknown" : r.cores())).toList())
                    + "): the ratios compare machines as well as code, so none is judged.");
        }
        Set<List<String>> jvmArgs = runs.stream().map(ComparisonSection::measuredJvmArgs).collect(Collectors.toSet());
        if (jvmArgs.size() > 1 && !jvmArgs.contains(null)) {
            flags.add("The runs' forks had different JVM arguments (" + String.join("; ", runs.stream()
                    .map(r -> r.label() + ": " + measuredJvmArgs(r)).toList())
                    + "): the ratios compare JVM configurations as well as code, so none is judged.");
        }
        for (RunView r : runs) {
            List<String> failures = r.failures();
            if (!failures.isEmpty()) {
                flags.add("Run " + r.label() + " recorded " + failures.size() + " failure(s) in failures.txt (first: "
                        + failures.get(0) + "): its results are incomplete, so no ratio against it is judged.");
            }
        }
        return flags;
    }

    /**
     * The forks' JVM arguments {@code run} recorded, but JMH's own {@code -Djmh.*} properties (they
     * steer the harness, e.g. its lock, not the measured code); null when it recorded none.
     */
    private static List<String> measuredJvmArgs(RunView run) {
        List<String> args = run.jvmArgs();
        return args == null ? null : args.stream().filter(a -> !a.startsWith("-Djmh.")).toList();
    }

    /** Rows compared (both sides present and comparable) and ratios judged, over the section's tables. */
    static final class Tally {
        int compared;
        int judged;
        final List<String> refused = new ArrayList<>();
    }

    static Html.Section build(List<RunView> runs, ReportContext ctx) {
        Set<String> experiments = new LinkedHashSet<>();
        runs.forEach(r -> experiments.addAll(r.data().experiments().keySet()));
        List<Html.Block> blocks = new ArrayList<>();
        List<String> flags = runFlags(runs);
        String runWide = flags.isEmpty() ? null : "run conditions differ (see the top of this section)";
        Tally tally = new Tally();
        blocks.add(Html.Block.paragraph("Each run's geometric mean [" + Math.round(ctx.confidence() * 100) + "% interval on the log scale], then "
                + "the ratio of each later run to the first (" + runs.get(0).label() + "). Rows pair by benchmark and "
                + "full parameter set, parameters a run lacks taking the benchmark's declared default. A ratio is judged "
                + "(green: significantly faster than the first run, red: significantly slower) only when both sides have "
                + "at least " + MIN_FORKS + " forks, their fork means taken as replicates; otherwise it is grey with "
                + "the reason on hover, since an interval from inside one run does not cover run-to-run variation. "
                + "Each run's own sections follow."));
        for (String exp : experiments) {
            List<RunView> having = runs.stream().filter(r -> r.has(exp)).toList();
            if (having.size() < 2) {
                blocks.add(Html.Block.paragraph(exp + ": in " + having.size() + " run only, nothing to compare."));
                continue;
            }
            blocks.add(Html.Block.table(table(exp, runs, ctx, runWide, tally)));
        }
        List<Html.Banner> banners = new ArrayList<>();
        flags.forEach(f -> banners.add(new Html.Banner("warn", f)));
        if (tally.compared == 0) {
            banners.add(new Html.Banner("warn", "NOTHING COMPARED: no benchmark with the same parameters, mode and "
                    + "threads has comparable results in the first run and a later one"
                    + (tally.refused.isEmpty() ? "." : "; refused: " + String.join("; ", tally.refused) + ".")));
        } else if (tally.judged == 0) {
            banners.add(new Html.Banner("warn", "No ratio judged: " + tally.compared + " row(s) compared, none "
                    + "with " + MIN_FORKS + " or more forks on both sides under the same conditions; the grey ratios "
                    + "are indications only."));
        }
        if (!tally.refused.isEmpty() && tally.compared > 0) {
            banners.add(new Html.Banner("warn", tally.refused.size() + " row(s) refused: "
                    + String.join("; ", tally.refused) + "."));
        }
        return new Html.Section(ID, TITLE, banners, blocks, null);
    }

    /**
     * The row key of a result: its benchmark and parameters, declared defaults filled in, so that a
     * run that had one depth pairs with {@code depth=0} of a run that had several.
     */
    static String key(JmhResult r) {
        return r.benchmark() + BenchmarkCatalog.completeParams(r);
    }

    /** The row labels: the contender, the method when there are several, and the parameters that vary. */
    static Map<String, String> labels(List<JmhResult> all) {
        String contender = ExperimentSection.contenderParam(all);
        ExperimentSection.Varying varying = ExperimentSection.Varying.of(all, BenchmarkCatalog::completeParams);
        Map<String, String> out = new LinkedHashMap<>();
        for (JmhResult r : all) {
            List<String> parts = varying.parts(r, BenchmarkCatalog.completeParams(r), contender);
            if (contender != null || !varying.methods()) {
                parts.add(0, contender == null ? ExperimentSection.method(r) : r.param(contender));
            }
            out.putIfAbsent(key(r), String.join(", ", parts));
        }
        return out;
    }

    static Html.Table table(String experiment, List<RunView> runs, ReportContext ctx, String runWide, Tally tally) {
        Map<String, Map<Integer, JmhResult>> rows = new LinkedHashMap<>();
        List<JmhResult> all = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            for (JmhResult r : runs.get(i).results(experiment)) {
                rows.computeIfAbsent(key(r), k -> new LinkedHashMap<>()).put(i, r);
                all.add(r);
            }
        }
        Map<String, String> labels = labels(all);
        Html.TableBuilder t = new Html.TableBuilder("compare-" + experiment, experiment + ": each row in the unit of "
                + "its first result (" + rows.values().stream().findFirst().map(m -> m.values().iterator().next().primary()
                .unit()).orElse("") + " for the first row)");
        t.header("benchmark", Stream.concat(runs.stream().map(RunView::label), runs.stream().skip(1)
                .map(r -> r.label() + " / " + runs.get(0).label())).toList());
        for (Map.Entry<String, Map<Integer, JmhResult>> e : rows.entrySet()) {
            JmhResult any = e.getValue().values().iterator().next();
            String unit = any.primary().unit();
            String flaw = Correctness.flaw(Cells.contender(any));
            Html.Cell name = Html.Cell.text(labels.get(e.getKey()));
            List<Html.Cell> row = new ArrayList<>(List.of(flaw == null ? name
                    : name.withClass("broken").withTitle("BROKEN: " + flaw)));
            for (int i = 0; i < runs.size(); i++) {
                JmhResult r = e.getValue().get(i);
                row.add(r == null ? Cells.dash() : Cells.score(metric(r, unit), ctx.thresholds()));
            }
            JmhResult first = e.getValue().get(0);
            for (int i = 1; i < runs.size(); i++) {
                JmhResult r = e.getValue().get(i);
                if (first == null || r == null) {
                    row.add(Cells.dash());
                    continue;
                }
                String refused = refusal(first, r);
                if (refused != null) {
                    row.add(Cells.dash().withTitle("not compared: " + refused));
                    tally.refused.add(experiment + " " + labels.get(e.getKey()) + " (" + runs.get(i).label() + "): "
                            + refused);
                    continue;
                }
                String unjudged = runWide != null ? runWide : unjudged(first, r);
                tally.compared++;
                tally.judged += unjudged == null && first.primary().forks() >= MIN_FORKS
                        && r.primary().forks() >= MIN_FORKS ? 1 : 0;
                row.add(acrossRuns(metric(first, unit), metric(r, unit), ctx, unjudged));
            }
            t.row(row);
        }
        return t.build();
    }
}
