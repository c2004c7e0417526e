package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.stats.Modes;

/**
 * Distributions, not only means: every contender's per-iteration samples as a strip plot for
 * each setting of each experiment, and a table of the distributions that are bimodal or whose
 * spread swamps the difference to another contender.
 */
final class DistributionSection {

    static final String ID = "distributions";
    static final String TITLE = "Distributions: per-iteration samples";

    private DistributionSection() {
    }

    /** An experiment whose samples are plotted, with the metric to take from each result. */
    record Source(String experiment, String title, Function<JmhResult, Metric> metric, boolean open) {
    }

    static List<Source> sources() {
        return Stream.concat(Stream.of(
                new Source(QueueDrainSection.EXPERIMENT, "Seed 003 queue/drain (total)", JmhResult::primary, true),
                new Source(EnqueueDequeueSection.EXPERIMENT, "Seed 002 enqueue/dequeue", JmhResult::primary, false)),
                ExperimentSection.OWN_SECTIONS.stream().map(experiment -> new Source(experiment.id(), experiment.title(),
                        ExperimentSection::metric, false))).toList();
    }

    /**
     * The flags of one setting of one experiment: contenders whose samples are bimodal (with the
     * two clusters), and pairs of contenders whose 10th-90th percentile ranges each contain the
     * other's median, so their order is not settled.
     */
    record Flags(String experiment, String setting, List<String> bimodal, List<String> swamped) {

        boolean any() {
            return !bimodal.isEmpty() || !swamped.isEmpty();
        }
    }

    static Flags flags(String experiment, String setting, Map<String, List<Double>> samples, ReportThresholds t) {
        List<String> bimodal = new ArrayList<>();
        List<String> swamped = new ArrayList<>();
        Map<String, ReportStats.Summary> summaries = new LinkedHashMap<>();
        samples.forEach((c, v) -> {
            if (!v.isEmpty()) {
                summaries.put(c, ReportStats.summarize(v, Double.NaN));
            }
            Modes m = Modes.of(v, t.bimodalRule());
            if (m.bimodal()) {
                bimodal.add(c + ": " + m.lowCount() + " near " + NumberText.num(m.lowMean()) + ", " + m.highCount()
                        + " near " + NumberText.num(m.highMean()) + " (" + NumberText.num(m.highMean() / m.lowMean()) + "x)");
            }
        });
        List<String> names = new ArrayList<>(summaries.keySet());
        for (int i = 0; i < names.size(); i++) {
            for (int j = i + 1; j < names.size(); j++) {
                ReportStats.Summary x = summaries.get(names.get(i));
                ReportStats.Summary y = summaries.get(names.get(j));
                boolean mutual = x.p10() <= y.median() && y.median() <= x.p90()
                        && y.p10() <= x.median() && x.median() <= y.p90();
                if (mutual && x.median() != y.median()) {
                    swamped.add(names.get(i) + " ~ " + names.get(j));
                }
            }
        }
        return new Flags(experiment, setting, bimodal, swamped);
    }

    static Html.Section build(RunView run, ReportContext ctx) {
        List<Html.Block> blocks = new ArrayList<>();
        List<Flags> flags = new ArrayList<>();
        List<Html.Block> charts = new ArrayList<>();
        for (Source source : sources()) {
            List<JmhResult> results = run.results(source.experiment());
            if (results.isEmpty()) {
                continue;
            }
            ExperimentSection.Grid g = ExperimentSection.grid(results);
            List<Html.Block> mine = new ArrayList<>();
            String unit = source.metric().apply(results.get(0)).unit();
            for (String col : g.columns()) {
                Map<String, List<Double>> samples = new LinkedHashMap<>();
                Map<String, String> ids = new LinkedHashMap<>();
                for (String c : g.contenders()) {
                    JmhResult r = g.get(c, col);
                    if (r != null) {
                        String label = Contender.label(c);
                        samples.put(label, source.metric().apply(r).samples());
                        ids.put(label, c);
                    }
                }
                flags.add(flags(source.experiment(), col, samples, ctx.thresholds()));
                mine.add(Html.Block.chart(Charts.strip("dist-" + source.experiment() + "-" + slug(col),
                        source.title() + ": " + col, unit, samples, ids)));
            }
            charts.add(Html.Block.details(source.title() + " (" + mine.size() + (mine.size() == 1 ? " plot)" : " plots)"),
                    mine, source.open()));
        }
        if (charts.isEmpty()) {
            return Html.Section.absent(ID, TITLE, "Not in this run: no experiment with readable results.");
        }
        blocks.add(Html.Block.paragraph("Every dot is one measurement iteration (a single invocation for the single-shot "
                + "experiments), in its contender's column; the black bar is the median; colours by family as in the other charts. Means hide what these show: lock-based pools on this machine "
                + "are often bimodal (two threads on one core drain several times faster than on two), and a spread wider "
                + "than the gap between two contenders means their order in the tables above is not settled."));
        blocks.add(Html.Block.table(flagCounts(flags)));
        long flagged = flags.stream().filter(Flags::any).count();
        if (flagged > 0) {
            blocks.add(Html.Block.details("Every flag, per setting (" + flagged + ")", List.of(Html.Block.table(
                    flagTable(flags))), false));
        }
        blocks.addAll(charts);
        return new Html.Section(ID, TITLE, List.of(), blocks, null);
    }

    /** One line per experiment: how many settings are flagged, and for what. */
    static Html.Table flagCounts(List<Flags> all) {
        Map<String, List<Flags>> byExperiment = new LinkedHashMap<>();
        all.forEach(f -> byExperiment.computeIfAbsent(f.experiment(), k -> new ArrayList<>()).add(f));
        Html.TableBuilder t = new Html.TableBuilder("distribution-flag-counts", "Flagged distributions: "
                + all.stream().filter(Flags::any).count() + " of " + all.size() + " settings");
        t.header("experiment", "settings flagged", "bimodal samples", "pairs whose spread swamps their difference");
        byExperiment.forEach((experiment, fs) -> {
            long flagged = fs.stream().filter(Flags::any).count();
            int bimodal = fs.stream().mapToInt(f -> f.bimodal().size()).sum();
            int swamped = fs.stream().mapToInt(f -> f.swamped().size()).sum();
            t.row(List.of(Html.Cell.text(experiment), Html.Cell.text(flagged + " of " + fs.size()),
                    Cells.number(bimodal).withClass(bimodal > 0 ? "flag" : ""), Cells.number(swamped)));
        });
        t.note("Bimodal: the samples split into two clusters (thresholds at the foot of the page). Swamped: two "
                + "contenders' 10th-90th percentile ranges each contain the other's median, so their order is noise at "
                + "this number of iterations; the summary's intervals say the same more precisely. The pairs are listed "
                + "in the folded table below.");
        return t.build();
    }

    static Html.Table flagTable(List<Flags> all) {
        List<Flags> flagged = all.stream().filter(Flags::any).toList();
        Html.TableBuilder t = new Html.TableBuilder("distribution-flags", "Flagged distributions: " + flagged.size()
                + " of " + all.size() + " settings");
        t.header("experiment", "setting", "bimodal", "spread swamps the difference between");
        for (Flags f : flagged) {
            t.row(List.of(Html.Cell.text(f.experiment()), Html.Cell.text(f.setting()),
                    Html.Cell.text(f.bimodal().isEmpty() ? "\u2013" : String.join("; ", f.bimodal())).withClass("flag"),
                    Html.Cell.text(f.swamped().isEmpty() ? "\u2013" : String.join("; ", f.swamped()))));
        }
        t.note("Bimodal: the samples split into two clusters (thresholds at the foot of the page), with each cluster's "
                + "size and mean. Swamped: the two contenders' 10th-90th percentile ranges each contain the other's median, "
                + "so the order the tables give them is noise at this number of iterations.");
        return t.build();
    }

    static String slug(String s) {
        return s.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("(^-|-$)", "").toLowerCase(java.util.Locale.ROOT);
    }
}
