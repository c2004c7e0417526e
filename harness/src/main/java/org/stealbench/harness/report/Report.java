package org.stealbench.harness.report;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.run.Experiment;

/**
 * Assembles the page from one or more runs (header, warnings, one section per experiment and
 * topic, and for several runs a side-by-side comparison with ratios) and renders it through the
 * {@code report/page.mustache} template. Pure: reads the loaded runs, returns the HTML text.
 */
final class Report {

    private Report() {
    }

    /** The rendered page for the runs, in the given order (the first is the reference of the ratios). */
    static String render(List<RunView> runs, ReportContext ctx) {
        return html(page(runs, ctx));
    }

    static Html.Page page(List<RunView> runs, ReportContext ctx) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("runs must not be empty");
        }
        List<String> problems = runs.stream().flatMap(run -> run.problems().stream()).toList();
        List<Html.Banner> banners = banners(runs, ctx);
        Html.Section lead = SummarySection.build(runs, ctx);
        List<Html.Section> sections = new ArrayList<>();
        sections.add(settingsSection(runs));
        if (runs.size() == 1) {
            sections.addAll(sections(runs.get(0), runs, ctx));
        } else {
            sections.add(ComparisonSection.build(runs, ctx));
            for (int i = 0; i < runs.size(); i++) {
                String prefix = "run" + (i + 1) + "-";
                for (Html.Section s : sections(runs.get(i), runs, ctx)) {
                    sections.add(prefixed(s, prefix, runs.get(i).label()));
                }
            }
        }
        String title = runs.size() == 1 ? "stealbench report: " + runs.get(0).label()
                : "stealbench report: " + runs.size() + " runs compared";
        String subtitle = runs.size() == 1 ? subtitle(runs.get(0))
                : String.join("  |  ", runs.stream().map(r -> r.label() + " (" + subtitle(r) + ")").toList());
        String reproduce = runs.size() == 1 ? runs.get(0).repeatCommand()
                : String.join("  |  ", runs.stream().filter(r -> r.repeatCommand() != null)
                        .map(r -> r.label() + ": " + r.repeatCommand()).toList());
        return new Html.Page(title, subtitle, reproduce == null || reproduce.isEmpty() ? null : reproduce, lead,
                banners, runsTable(runs), sections, problems,
                ctx.thresholds().describe(), Html.generated("scripts/report from the runs' JMH JSON (never modified)"));
    }

    /** The sections of one run of the page's runs, in reading order. */
    static List<Html.Section> sections(RunView run, List<RunView> runs, ReportContext ctx) {
        List<Html.Section> s = new ArrayList<>(List.of(ClaimsSection.build(run, runs, ctx), ScalingSection.build(run, ctx),
                QueueDrainSection.build(run, ctx), EnqueueDequeueSection.build(run, ctx)));
        ExperimentSection.OWN_SECTIONS.forEach(experiment -> s.add(ExperimentSection.build(run, experiment, ctx)));
        s.addAll(List.of(WakeupLatencySection.build(run, ctx), IdleCostSection.build(run, ctx),
                ExperimentSection.build(run, Experiment.SCHEDULER_WORKLOADS, ctx), ExperimentSection.oversubscription(run, ctx),
                DistributionSection.build(run, ctx), OtherResultsSection.build(run, ctx), FootprintSection.build(run),
                ctx.correctness().section()));
        return s;
    }

    private static String subtitle(RunView run) {
        List<String> jdks = run.jdkVersions();
        return String.join(", ", Stream.of("measured " + run.when(),
                run.env("profile") == null ? null : "profile " + run.env("profile"),
                jdks.isEmpty() ? null : "JDK " + String.join(", ", jdks),
                run.cores() > 0 ? run.cores() + " cores" : null).filter(Objects::nonNull).toList());
    }

    /**
     * The page's banners, each once: a warning several runs share is shown one time, naming the
     * runs it concerns ("all 2 runs" or their labels); on a one-run page no run is named.
     */
    static List<Html.Banner> banners(List<RunView> runs, ReportContext ctx) {
        Map<Html.Banner, List<String>> concerned = new LinkedHashMap<>();
        for (RunView run : runs) {
            for (Html.Banner b : warnings(run, ctx)) {
                concerned.computeIfAbsent(b, k -> new ArrayList<>()).add(run.label());
            }
        }
        List<Html.Banner> out = new ArrayList<>();
        concerned.forEach((b, labels) -> {
            if (runs.size() == 1) {
                out.add(b);
            } else {
                String who = labels.size() == runs.size() ? "All " + runs.size() + " runs" : String.join(", ", labels);
                out.add(new Html.Banner(b.level(), who + ": " + b.text()));
            }
        });
        return out;
    }

    /** Warnings for one run: quick profile, threads beyond the cores, wide error bars, broken variants. */
    static List<Html.Banner> warnings(RunView run, ReportContext ctx) {
        List<Html.Banner> out = new ArrayList<>();
        if (run.quick()) {
            out.add(new Html.Banner("warn", "Quick profile: few forks (3 rounds when interleaved) and short iterations, "
                    + "so the intervals are indicative; use scripts/bench full for numbers to rely on."));
        }
        int cores = run.cores();
        if (cores > 0) {
            Map<String, Set<String>> over = new LinkedHashMap<>();
            for (Map.Entry<String, List<JmhResult>> e : run.data().experiments().entrySet()) {
                for (JmhResult r : e.getValue()) {
                    int threads = threadsUsed(r);
                    if (threads > cores) {
                        over.computeIfAbsent(e.getKey(), k -> new LinkedHashSet<>()).add(threads + "");
                    }
                }
            }
            if (!over.isEmpty()) {
                List<String> parts = over.entrySet().stream()
                        .map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + " threads)").toList();
                out.add(new Html.Banner("warn", "Threads exceeded the " + cores + " cores in: "
                        + String.join("; ", parts) + ". There the OS time-slices the threads, and the numbers measure "
                        + "scheduling as much as the queue."));
            }
        }
        List<String> wide = new ArrayList<>();
        int total = 0;
        for (Map.Entry<String, List<JmhResult>> e : run.data().experiments().entrySet()) {
            total += e.getValue().size();
            wide.addAll(wideResults(e.getKey(), e.getValue(), ctx));
        }
        if (!wide.isEmpty()) {
            out.add(new Html.Banner("warn", wide.size() + " of " + total + " results have an error bar wider than "
                    + Math.round(100 * ctx.thresholds().wideErrorFraction()) + "% of their score (highlighted in the "
                    + "tables): " + String.join(", ", wide.subList(0, Math.min(8, wide.size())))
                    + (wide.size() > 8 ? ", ..." : "") + ". See Distributions for their shape."));
        }
        if (run.data().allResults().stream().anyMatch(r -> Correctness.flaw(Cells.contender(r)) != null)) {
            out.add(new Html.Banner("info", "\u26A0 marks a contender that is not exactly-once (a faithful port "
                    + "with a proven flaw, see Correctness); its numbers are shown but it is not a choice."));
        }
        return out;
    }

    /**
     * The results of one experiment whose error bar is wide, named as its table names them
     * (experiment, row, and column when there are several), then the error in percent.
     */
    static List<String> wideResults(String experiment, List<JmhResult> results, ReportContext ctx) {
        List<String> wide = new ArrayList<>();
        ExperimentSection.grid(results).cells().forEach((row, columns) -> columns.forEach((column, r) -> {
            ReportStats.Summary s = Cells.summary(r.primary(), ctx.confidence());
            if (Cells.wide(s, ctx.thresholds())) {
                wide.add(experiment + " " + row + (column.equals("score") ? "" : " (" + column + ")") + " "
                        + Math.round(100 * s.relativeHalfWidth()) + "%");
            }
        }));
        return wide;
    }

    /** The most threads a result ran at once: JMH's threads, the pool's threads, or a shape's E + D. */
    static int threadsUsed(JmhResult r) {
        Integer pool = ScalingSection.threads(r);
        int n = pool == null ? r.threads() : Math.max(r.threads(), pool);
        int[] shape = EnqueueDequeueSection.shape(r.param("shape"));
        return shape == null ? n : Math.max(n, shape[0] + shape[1]);
    }

    static Html.Table runsTable(List<RunView> runs) {
        Html.TableBuilder t = new Html.TableBuilder("runs", runs.size() == 1 ? "What was run" : "The runs compared")
                .header("fact", runs.stream().map(RunView::label).toList());
        fact(t, runs, "folder", r -> r.data().source().toString());
        fact(t, runs, "measured at", RunView::when);
        fact(t, runs, "command", RunView::command);
        fact(t, runs, "profile", r -> r.env("profile"));
        fact(t, runs, "git commit", r -> r.env("gitSha") == null ? null
                : r.env("gitSha") + ("true".equals(r.env("gitDirty")) ? " (uncommitted changes)" : ""));
        fact(t, runs, "JDK", r -> r.jdk("version") == null ? null : r.jdk("vendor") + " " + r.jdk("vmVersion") + " ("
                + r.jdk("vmName") + ")");
        fact(t, runs, "JDK of the results", r -> String.join(", ", r.jdkVersions()));
        fact(t, runs, "GC, max heap", r -> r.env("gc") == null ? null : r.env("gc") + ", "
                + (r.data().env().get("maxHeapBytes") instanceof Number n ? NumberText.bytes(n.doubleValue()) : "?"));
        fact(t, runs, "JVM arguments", r -> r.jvmArgs() == null ? null
                : r.jvmArgs().isEmpty() ? "none beyond the JVM's defaults" : String.join(" ", r.jvmArgs()));
        fact(t, runs, "CPU", r -> r.env("cpuModel"));
        fact(t, runs, "cores", r -> r.cores() == 0 ? null
                : r.cores() + (r.env("cpuPinning") == null ? "" : " (pinned to " + r.env("cpuPinning") + ")"));
        fact(t, runs, "memory", r -> r.data().env().get("memoryBytes") instanceof Number n ? NumberText.bytes(n.doubleValue())
                : null);
        fact(t, runs, "OS", r -> r.env("os"));
        fact(t, runs, "JMH", r -> r.env("jmhVersion"));
        fact(t, runs, "experiments", r -> String.join(", ", r.data().experiments().keySet()));
        return t.build();
    }

    private static void fact(Html.TableBuilder t, List<RunView> runs, String name,
                             java.util.function.Function<RunView, String> value) {
        t.row(Stream.concat(Stream.of(name), runs.stream().map(value).map(v -> v == null || v.isEmpty() ? "unknown" : v))
                .map(Html.Cell::text).toList());
    }

    static Html.Section settingsSection(List<RunView> runs) {
        Html.TableBuilder t = new Html.TableBuilder("jmh-settings", "JMH settings per experiment");
        t.header("run", "experiment", "benchmarks", "mode", "forks x iterations", "profilers");
        for (RunView run : runs) {
            for (Map.Entry<String, List<JmhResult>> e : run.data().experiments().entrySet()) {
                List<JmhResult> rs = e.getValue();
                if (rs.isEmpty()) {
                    continue;
                }
                JmhResult first = rs.get(0);
                boolean gc = first.secondary().containsKey(Metric.ALLOCATION_NORM);
                t.row(List.of(Html.Cell.text(run.label()), Html.Cell.text(e.getKey()), Cells.number(rs.size()),
                        Html.Cell.text(mode(first.mode())), Html.Cell.text(first.settings().describe()),
                        Html.Cell.text(gc ? "gc" : "\u2013")));
            }
        }
        t.note("Single-shot experiments time one invocation per iteration; average-time ones run each iteration for the "
                + "stated time. Intervals on the page come from fork means where there are two or more forks, else from "
                + "the iterations of the single fork (indicative).");
        return new Html.Section("settings", "Run settings", List.of(), List.of(Html.Block.table(t.build())), null);
    }

    private static String mode(String mode) {
        return switch (mode) {
            case "ss" -> "single-shot time";
            case "avgt" -> "average time";
            case "thrpt" -> "throughput";
            case "sample" -> "sampled time";
            default -> mode;
        };
    }

    /** A run's section renamed for a multi-run page: ids prefixed, title labelled with the run. */
    static Html.Section prefixed(Html.Section s, String prefix, String label) {
        List<Html.Block> blocks = s.blocks().stream().map(b -> prefixed(b, prefix)).toList();
        return new Html.Section(prefix + s.id(), label + ": " + s.title(), s.banners(), blocks, s.absent());
    }

    private static Html.Block prefixed(Html.Block b, String prefix) {
        Html.Table t = b.table() == null ? null : new Html.Table(prefix + b.table().id(), b.table().caption(),
                b.table().head(), b.table().body(), b.table().note());
        Html.Chart c = b.chart() == null ? null : new Html.Chart(prefix + b.chart().id(), b.chart().title(),
                b.chart().dataUri(), b.chart().alt(), b.chart().links());
        List<Html.Block> d = b.details() == null ? null : b.details().stream().map(x -> prefixed(x, prefix)).toList();
        return new Html.Block(b.paragraph(), t, c, d, b.summary(), b.open());
    }

    static String html(Html.Page page) {
        Mustache template = new DefaultMustacheFactory("report").compile("page.mustache");
        StringWriter out = new StringWriter();
        template.execute(out, page);
        return out.toString();
    }
}
