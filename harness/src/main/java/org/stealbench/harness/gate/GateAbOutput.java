package org.stealbench.harness.gate;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.MustacheFactory;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.stealbench.harness.report.NumberText;

/**
 * What the paired gate found and how it is shown: plain text for the log, Markdown for a pull
 * request (each row led by its verdict and change, in a table narrow enough for GitHub at 1,000 px,
 * the details folded), and JUnit XML (one test case per gated benchmark, its time the seconds its
 * forks took); the last two through the templates in {@code resources/gate}.
 */
final class GateAbOutput {

    /**
     * The report: side A as named (the ref, or the jar's file name) and its commit (a jar's recorded
     * one), side B ("working tree" or the jar's file name) and its commit ("-dirty" for a changed
     * tree), commits "unknown" when not recorded; the machine and JVM; one line of statistics; every
     * row and, per label, its forks' wall-clock seconds; the subset's rows only the current
     * ({@code added}) or the baseline jar ({@code removed}) has, not gated; notes for the reader; the
     * job's seconds; and the bad input that stopped the job, or null.
     */
    record Report(String baseline, String baselineSha, String current, String currentSha, String machine, String jdk,
                  String statistics, List<PairedGate.Row> rows, Map<String, Double> rowSeconds, List<String> added,
                  List<String> removed, List<String> notes, double seconds, String error) {

        Report {
            rows = List.copyOf(rows);
            rowSeconds = Map.copyOf(rowSeconds);
            added = List.copyOf(added);
            removed = List.copyOf(removed);
            notes = List.copyOf(notes);
        }

        static Report badInput(String baseline, String baselineSha, String current, String currentSha, String machine,
                               String jdk, double seconds, String error) {
            return new Report(baseline, baselineSha, current, currentSha, machine, jdk, "statistics: none (bad input)",
                    List.of(), Map.of(), List.of(), List.of(), List.of(), seconds, error);
        }

        long count(GateVerdict v) {
            return rows.stream().filter(r -> r.verdict() == v).count();
        }

        private String count(GateVerdict v, String one, String many) {
            return plural(count(v), one, many);
        }

        int exitCode(boolean strict) {
            return error != null ? 2 : count(GateVerdict.REGRESSION) > 0 ? 1
                    : strict && count(GateVerdict.INCONCLUSIVE) > 0 ? 3 : 0;
        }

        /** PASS, FAIL or ERROR. */
        String outcome(boolean strict) {
            return switch (exitCode(strict)) {
                case 0 -> "PASS";
                case 2 -> "ERROR";
                default -> "FAIL";
            };
        }

        String summary(boolean strict) {
            String why = switch (exitCode(strict)) {
                case 1 -> " (regression)";
                case 2 -> " (bad input: " + error + ")";
                case 3 -> " (inconclusive under --strict)";
                default -> "";
            };
            return "gate-ab: " + outcome(strict) + why + ": " + count(GateVerdict.REGRESSION, "regression", "regressions")
                    + ", " + count(GateVerdict.PASS, "passing row", "passing rows") + ", "
                    + count(GateVerdict.INCONCLUSIVE, "inconclusive row", "inconclusive rows") + "; "
                    + added.size() + " new, " + removed.size() + " removed";
        }

        /** The loud line about rows nobody could judge; null when every row was judged. */
        String unjudged(boolean strict) {
            long n = count(GateVerdict.INCONCLUSIVE);
            if (n == 0 || strict) {
                return null;
            }
            return "WARNING: " + n + " of " + rows.size() + " gated rows could NOT be judged (INCONCLUSIVE) and "
                    + "do not fail the gate; --strict makes them fail (exit 3)";
        }
    }

    /** The text table's columns ({@link #cells}). */
    private static final List<String> COLUMNS = List.of("verdict", "change", "threshold", "benchmark", "metric",
            "pairs", "baseline", "current", "detectable", "p (Holm)", "reason");
    /** The columns every table leads with, in the Markdown the only ones (the rest is folded). */
    private static final List<String> HEADER = COLUMNS.subList(0, 5);
    /** The text, the Markdown and the JUnit XML, from {@code resources/gate}, each with its own escaping. */
    private static final MustacheFactory TEXT = templates(UnaryOperator.identity());
    private static final MustacheFactory MARKDOWN = templates(GateAbOutput::escape);
    private static final MustacheFactory XML = templates(s -> s.replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace("\"", "&quot;"));

    private GateAbOutput() {
    }

    /** {@code 1 passing row}, {@code 2 passing rows}. */
    static String plural(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /** Rows in report order: regressions, then inconclusive, then passes; by label inside. */
    static List<PairedGate.Row> ordered(List<PairedGate.Row> rows) {
        List<PairedGate.Row> out = new ArrayList<>(rows);
        out.sort(Comparator.comparingInt((PairedGate.Row x) -> switch (x.verdict()) {
            case REGRESSION -> 0;
            case INCONCLUSIVE -> 1;
            default -> 2;
        }).thenComparing(PairedGate.Row::label).thenComparing(PairedGate.Row::metric));
        return out;
    }

    private static boolean allocation(PairedGate.Row x) {
        return PairedGate.ALLOCATION.equals(x.metric());
    }

    /** A row's cells under {@link #COLUMNS}. */
    private static List<String> cells(PairedGate.Row x) {
        return List.of(x.verdict().name(), change(x), "+" + PairedDecision.pct(x.threshold()), x.label(),
                x.metric() + (x.bimodal() ? " (bimodal)" : ""), Integer.toString(x.pairs()),
                NumberText.num(x.a()) + " " + x.unit(), NumberText.num(x.b()) + " " + x.unit(),
                allocation(x) ? "-" : detectable(x.detectable()), pValue(x.p()), x.reason());
    }

    private static String change(PairedGate.Row x) {
        double bytes = x.b() - x.a();
        return allocation(x) ? (bytes >= 0 ? "+" : "") + NumberText.num(bytes) + " B/op"
                : PairedDecision.signed(x.slowdown());
    }

    /** One line with every figure of a row, each labelled: the JUnit message and the folded Markdown. */
    static String labelled(PairedGate.Row x) {
        List<String> c = cells(x);
        return x.metric() + ": " + c.get(0) + ", change " + c.get(1) + " (threshold " + c.get(2) + "), "
                + c.get(5) + " pairs, baseline " + c.get(6) + ", current " + c.get(7) + ", detectable "
                + c.get(8) + ", p (Holm) " + c.get(9) + (x.bimodal() ? ", bimodal forks" : "") + "; " + c.get(10);
    }

    private static String pValue(double p) {
        return Double.isNaN(p) ? "-" : p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    /** The detectable slowdown; above +1000% the run could see nothing useful. */
    static String detectable(double d) {
        return Double.isNaN(d) ? "-" : d > 10 ? ">+1000%" : "+" + PairedDecision.pct(d);
    }

    /** A side by its commit, with what named it when that is not the commit itself. */
    static String side(String sha, String name) {
        return sha.equals(name) ? sha : sha + " (" + name + ")";
    }

    static String text(Report r, boolean strict) {
        Map<String, Object> view = view(r, strict);
        view.put("table", r.rows().isEmpty() ? "  (nothing compared)"
                : table(COLUMNS, ordered(r.rows()).stream().map(GateAbOutput::cells).toList()).stripTrailing());
        return render(TEXT, "text.mustache", view);
    }

    /** What every format shows: outcome, summary, the loud line, the bad input, the rows not gated, the inputs. */
    private static Map<String, Object> view(Report r, boolean strict) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("outcome", r.outcome(strict));
        view.put("summary", r.summary(strict));
        view.put("loud", r.unjudged(strict));
        view.put("error", r.error());
        view.put("notGated", Stream.of(new NotGated("new (current jar only, not gated)", r.added()),
                new NotGated("removed (baseline jar only, not gated)", r.removed()))
                .filter(g -> !g.items().isEmpty()).toList());
        List<String> inputs = new ArrayList<>(List.of("baseline (A): " + side(r.baselineSha(), r.baseline()),
                "current (B): " + side(r.currentSha(), r.current()), "machine: " + r.machine(), "JVM: " + r.jdk(),
                r.statistics(), "change = estimated B/A - 1 from per-pair log ratios; detectable = the smallest "
                        + "slowdown this run could have caught (80% power) and at least the threshold"));
        inputs.addAll(r.notes());
        view.put("inputs", inputs);
        return view;
    }

    /** Columns padded to their widest cell, for the log. */
    private static String table(List<String> header, List<List<String>> rows) {
        List<List<String>> all = new ArrayList<>(List.of(header));
        all.addAll(rows);
        int[] width = IntStream.range(0, header.size())
                .map(i -> all.stream().mapToInt(row -> row.get(i).length()).max().orElse(0)).toArray();
        StringBuilder out = new StringBuilder();
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder(" ");
            for (int i = 0; i < width.length; i++) {
                line.append(' ').append(row.get(i)).append(" ".repeat(width[i] - row.get(i).length())).append(' ');
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    /** A row as the Markdown shows it: the leading cells (the verdict in bold unless PASS) and every figure. */
    private record MarkdownRow(boolean bold, String verdict, String change, String threshold, String benchmark,
                               String metric, String label, String labelled) {
    }

    private record MarkdownRows(String title, List<MarkdownRow> rows) {
    }

    /** The new or removed benchmarks, under their title. */
    private record NotGated(String title, List<String> items) {

        /** The Markdown's list: each in backticks, comma-separated. */
        String inline() {
            return String.join(", ", items.stream().map(i -> "`" + escape(i) + "`").toList());
        }
    }

    static String markdown(Report r, boolean strict) {
        Map<String, Object> view = view(r, strict);
        view.put("summary", r.summary(strict).substring("gate-ab: ".length()));
        view.put("baselineSha", r.baselineSha());
        view.put("baselineName", r.baselineSha().equals(r.baseline()) ? null : r.baseline());
        view.put("currentSha", r.currentSha());
        view.put("currentName", r.currentSha().equals(r.current()) ? null : r.current());
        view.put("head", "| " + String.join(" | ", HEADER) + " |\n|" + " --- |".repeat(HEADER.size()));
        List<MarkdownRow> shown = new ArrayList<>();
        List<MarkdownRow> folded = new ArrayList<>();
        for (PairedGate.Row x : ordered(r.rows())) {
            List<String> c = cells(x);
            boolean pass = x.verdict() == GateVerdict.PASS;
            (pass ? folded : shown).add(new MarkdownRow(!pass, c.get(0), c.get(1), c.get(2), c.get(3), c.get(4),
                    x.label(), labelled(x)));
        }
        view.put("shown", shown.isEmpty() ? null
                : new MarkdownRows(plural(shown.size(), "row", "rows") + " above", shown));
        view.put("folded", folded.isEmpty() ? null
                : new MarkdownRows(plural(folded.size(), "passing row", "passing rows"), folded));
        return render(MARKDOWN, "markdown.mustache", view);
    }

    /** The templates in {@code resources/gate}, each value written through {@code escape}. */
    private static MustacheFactory templates(UnaryOperator<String> escape) {
        return new DefaultMustacheFactory("gate") {
            @Override
            public void encode(String value, Writer writer) {
                try {
                    writer.write(escape.apply(value));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    private static String render(MustacheFactory templates, String name, Object view) {
        StringWriter out = new StringWriter();
        templates.compile(name).execute(out, view);
        return out.toString();
    }

    /** Markdown- and HTML-safe text: table pipes, angle brackets, ampersands, backticks. */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|")
                .replace("`", "'").replace("\n", " ");
    }

    /**
     * One JUnit test case: {@code element} is {@code failure}, {@code error}, {@code skipped} (with
     * a type for the first two and a message), or {@code system-out} for a pass; its body every
     * figure behind the outcome.
     */
    private record Case(String classname, String name, String time, String element, String type, String message,
                        String detail) {

        /** A case for {@code Class.method p=v ...}: class name {@code stealbench.gate.Class}, name {@code method p=v ...}. */
        static Case of(String label, double seconds, String element, String type, String message, String detail) {
            String benchmark = GateSubset.Entry.benchmarkOf(label);
            int dot = benchmark.lastIndexOf('.');
            return new Case("stealbench.gate." + (dot < 0 ? benchmark : benchmark.substring(0, dot)),
                    label.substring(dot + 1).strip(), seconds(seconds), element, type, message, detail);
        }
    }

    private record Property(String name, String value) {
    }

    /**
     * JUnit XML, valid against Maven Surefire's {@code surefire-test-report-3.0.xsd} and Jenkins'
     * {@code junit-10.xsd}: the suite's facts as properties before the cases; one case per gated
     * benchmark, its time the seconds its forks took, failed when a metric regressed (or, under
     * {@code strict}, stayed inconclusive), skipped when one stayed inconclusive; the new and
     * removed benchmarks skipped; bad input one error case.
     */
    static String junit(Report r, boolean strict) {
        List<Case> cases = new ArrayList<>();
        if (r.error() != null) {
            String message = "bad input: " + r.error();
            cases.add(Case.of("job.gate-ab", r.seconds(), "error", "BAD_INPUT", message, message));
        } else {
            ordered(r.rows()).stream().collect(Collectors.groupingBy(PairedGate.Row::label, LinkedHashMap::new,
                    Collectors.toList())).forEach((label, metrics) -> cases.add(benchmarkCase(label, metrics,
                    r.rowSeconds().getOrDefault(label, 0.0), strict)));
            String added = "not gated: new benchmark (current jar only)";
            String removed = "not gated: removed benchmark (baseline jar only)";
            r.added().forEach(a -> cases.add(Case.of(a, 0, "skipped", null, added, added)));
            r.removed().forEach(a -> cases.add(Case.of(a, 0, "skipped", null, removed, removed)));
        }
        List<Property> properties = new ArrayList<>(List.of(new Property("outcome", r.summary(strict)),
                new Property("baseline", side(r.baselineSha(), r.baseline())),
                new Property("current", side(r.currentSha(), r.current())), new Property("machine", r.machine()),
                new Property("jvm", r.jdk()), new Property("statistics", r.statistics())));
        for (int i = 0; i < r.notes().size(); i++) {
            properties.add(new Property("note." + (i + 1), r.notes().get(i)));
        }
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("tests", cases.size());
        view.put("failures", cases.stream().filter(c -> c.element().equals("failure")).count());
        view.put("errors", cases.stream().filter(c -> c.element().equals("error")).count());
        view.put("skipped", cases.stream().filter(c -> c.element().equals("skipped")).count());
        view.put("time", seconds(r.seconds()));
        view.put("properties", properties);
        view.put("cases", cases);
        return render(XML, "junit.mustache", view);
    }

    private static Case benchmarkCase(String label, List<PairedGate.Row> metrics, double seconds, boolean strict) {
        String detail = String.join("\n", metrics.stream().map(GateAbOutput::labelled).toList());
        List<String> failed = metrics.stream().filter(x -> x.verdict() == GateVerdict.REGRESSION
                || (strict && x.verdict() == GateVerdict.INCONCLUSIVE)).map(x -> x.metric() + " " + x.verdict()
                + " " + change(x)).toList();
        if (!failed.isEmpty()) {
            return Case.of(label, seconds, "failure", failed.stream().anyMatch(f -> f.contains("REGRESSION"))
                    ? "REGRESSION" : "INCONCLUSIVE", "failed: " + String.join("; ", failed), detail);
        }
        List<String> open = metrics.stream().filter(x -> x.verdict() == GateVerdict.INCONCLUSIVE)
                .map(x -> x.metric() + " " + change(x)).toList();
        if (!open.isEmpty()) {
            return Case.of(label, seconds, "skipped", null, "inconclusive: " + String.join("; ", open), detail);
        }
        return Case.of(label, seconds, "system-out", null, null, detail);
    }

    /** Seconds with three decimals and no grouping: Surefire's time pattern. */
    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", Math.max(0, s));
    }
}
