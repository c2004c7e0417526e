package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;

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
        List<Source> s = new ArrayList<>();
        s.add(new Source(QueueDrainSection.EXPERIMENT, "Seed 003 queue/drain (total)", JmhResult::primary, true));
        s.add(new Source(EnqueueDequeueSection.EXPERIMENT, "Seed 002 enqueue/dequeue", JmhResult::primary, false));
        for (ExperimentSection.Spec spec : ExperimentSection.all()) {
            s.add(new Source(spec.experiment(), spec.title(), spec.metric(), false));
        }
        return s;
    }

    /** One flagged distribution. */
    record Flag(String experiment, String setting, String contender, String kind, String detail) {
    }

    /**
     * The flags of one group of contenders measured under the same setting: bimodal samples, and
     * pairs whose 10th-90th percentile ranges each contain the other's median.
     */
    static List<Flag> flags(String experiment, String setting, Map<String, List<Double>> samples, Thresholds t) {
        List<Flag> out = new ArrayList<>();
        Map<String, ReportStats.Summary> summaries = new LinkedHashMap<>();
        samples.forEach((c, v) -> {
            if (!v.isEmpty()) {
                summaries.put(c, ReportStats.summarize(v, t.confidence()));
            }
        });
        for (Map.Entry<String, List<Double>> e : samples.entrySet()) {
            ReportStats.Modes m = ReportStats.modes(e.getValue(), t.bimodalMinFraction(), t.bimodalMinAshmanD());
            if (m.bimodal()) {
                out.add(new Flag(experiment, setting, e.getKey(), "bimodal", m.lowCount() + " samples near "
                        + Fmt.num(m.lowMean()) + ", " + m.highCount() + " near " + Fmt.num(m.highMean()) + " ("
                        + Fmt.num(m.highMean() / m.lowMean()) + "x apart, Ashman's D " + Fmt.num(m.ashmanD()) + ")"));
            }
        }
        for (Map.Entry<String, ReportStats.Summary> a : summaries.entrySet()) {
            List<String> swamped = new ArrayList<>();
            for (Map.Entry<String, ReportStats.Summary> b : summaries.entrySet()) {
                if (a.getKey().equals(b.getKey())) {
                    continue;
                }
                ReportStats.Summary x = a.getValue();
                ReportStats.Summary y = b.getValue();
                boolean mutual = x.p10() <= y.median() && y.median() <= x.p90()
                        && y.p10() <= x.median() && x.median() <= y.p90();
                if (mutual && x.median() != y.median()) {
                    swamped.add(b.getKey());
                }
            }
            if (!swamped.isEmpty()) {
                out.add(new Flag(experiment, setting, a.getKey(), "spread swamps differences",
                        "10th-90th percentile range " + Fmt.num(a.getValue().p10()) + " to " + Fmt.num(a.getValue().p90())
                                + " overlaps the medians of, and is overlapped by: " + String.join(", ", swamped)));
            }
        }
        return out;
    }

    static Html.Section build(RunView run, Ctx ctx) {
        List<Html.Block> blocks = new ArrayList<>();
        List<Flag> flags = new ArrayList<>();
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
                for (String c : g.contenders()) {
                    JmhResult r = g.get(c, col);
                    if (r != null) {
                        samples.put(Correctness.flaw(c) != null ? c + " (broken)" : c, source.metric().apply(r).samples());
                    }
                }
                flags.addAll(flags(source.experiment(), col, samples, ctx.thresholds()));
                mine.add(Html.Block.chart(Charts.strip("dist-" + source.experiment() + "-" + slug(col),
                        source.title() + ": " + col, unit, samples)));
            }
            charts.add(source.open() ? Html.Block.details(source.title() + " (" + mine.size() + " plots)", mine)
                    : Html.Block.details(source.title() + " (" + mine.size() + " plots, click to open)", mine));
        }
        if (charts.isEmpty()) {
            return Html.Section.absent(ID, TITLE, "Not in this run: no experiment with readable results.");
        }
        blocks.add(Html.Block.paragraph("Every dot is one measurement iteration (a single invocation for the single-shot "
                + "experiments); the black bar is the median. Means hide what these show: lock-based pools on this machine "
                + "are often bimodal (two threads on one core drain several times faster than on two), and a spread wider "
                + "than the gap between two contenders means their order in the tables above is not settled."));
        blocks.add(Html.Block.table(flagTable(flags)));
        blocks.addAll(charts);
        return new Html.Section(ID, TITLE, List.of(), blocks, null);
    }

    static Html.Table flagTable(List<Flag> flags) {
        Html.TableBuilder t = new Html.TableBuilder("distribution-flags", "Flagged distributions (" + flags.size() + ")");
        t.header("experiment", "setting", "contender", "flag", "detail");
        for (Flag f : flags) {
            t.row(List.of(Html.Cell.text(f.experiment()), Html.Cell.text(f.setting()), Html.Cell.text(f.contender()),
                    Html.Cell.text(f.kind()).withClass("flag"), Html.Cell.text(f.detail())));
        }
        if (flags.isEmpty()) {
            t.row(List.of(new Html.Cell("no distribution is bimodal or swamped", "", "", 5, "")));
        }
        t.note("Bimodal: the samples split into two clusters (see the thresholds at the foot of the page). Spread swamps "
                + "differences: this contender's and the listed ones' 10th-90th percentile ranges each contain the other's "
                + "median, so the tables' order between them is noise at this number of iterations.");
        return t.build();
    }

    static String slug(String s) {
        return s.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("(^-|-$)", "").toLowerCase(java.util.Locale.ROOT);
    }
}
