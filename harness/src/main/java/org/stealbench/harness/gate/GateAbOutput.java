package org.stealbench.harness.gate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.stealbench.harness.report.NumberText;

/**
 * What the paired gate found and how it is shown: plain text for the log, Markdown for a pull
 * request (each row led by its verdict and change, in a table narrow enough for GitHub at 1,000 px,
 * the details folded), and JUnit XML ({@link JUnitXml}: one test case per gated benchmark, its time
 * the seconds its forks took).
 */
final class GateAbOutput {

    /**
     * The report.
     *
     * @param baseline    side A: the ref, or the jar's file name
     * @param baselineSha side A's commit (for a jar, the commit it records), or "unknown"
     * @param current     side B: "working tree", or the jar's file name
     * @param currentSha  side B's commit (with "-dirty" when its tree had changes), or "unknown"
     * @param machine     CPU model, cores, pinning
     * @param jdk         the JVM that ran both sides, with its flags
     * @param statistics  one line: alpha, looks, pairs
     * @param rows        every row
     * @param rowSeconds  per row label, the wall-clock seconds its forks took
     * @param added       rows of the subset the baseline jar lacks (not gated)
     * @param removed     rows the current jar lacks (not gated)
     * @param notes       things the reader must know (quick check, unjudged rows)
     * @param seconds     wall-clock seconds of the job
     * @param error       the bad input that stopped the job, or null
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

        /** A report of a job stopped by bad input. */
        static Report badInput(String baseline, String baselineSha, String current, String currentSha, String machine,
                               String jdk, double seconds, String error) {
            return new Report(baseline, baselineSha, current, currentSha, machine, jdk, "statistics: none (bad input)",
                    List.of(), Map.of(), List.of(), List.of(), List.of(), seconds, error);
        }

        long count(GateVerdict v) {
            return rows.stream().filter(r -> r.verdict() == v).count();
        }

        int exitCode(boolean strict) {
            if (error != null) {
                return 2;
            }
            if (count(GateVerdict.REGRESSION) > 0) {
                return 1;
            }
            return strict && count(GateVerdict.INCONCLUSIVE) > 0 ? 3 : 0;
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

        private String count(GateVerdict v, String one, String many) {
            return plural(count(v), one, many);
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

    /** The columns every table leads with, in the Markdown the only ones (the rest is folded). */
    private static final List<String> HEADER = List.of("verdict", "change", "threshold", "benchmark", "metric");
    /** The text table's further columns. */
    private static final List<String> DETAIL_HEADER = List.of("pairs", "baseline", "current", "detectable",
            "p (Holm)", "reason");

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

    /** The leading cells: verdict, change, threshold, benchmark, metric. */
    private static List<String> lead(PairedGate.Row x) {
        return List.of(x.verdict().name(),
                allocation(x) ? signedNumber(x.b() - x.a()) + " B/op" : PairedDecision.signed(x.slowdown()),
                "+" + PairedDecision.pct(x.threshold()), x.label(), x.metric() + (x.bimodal() ? " (bimodal)" : ""));
    }

    /** The further cells: pairs, both sides' typical values, detectable slowdown, p, reason. */
    private static List<String> details(PairedGate.Row x) {
        return List.of(Integer.toString(x.pairs()), NumberText.num(x.a()) + " " + x.unit(),
                NumberText.num(x.b()) + " " + x.unit(), allocation(x) ? "-" : detectable(x.detectable()),
                pValue(x.p()), x.reason());
    }

    /** One line with every figure of a row, each labelled: the JUnit message and the folded Markdown. */
    static String labelled(PairedGate.Row x) {
        List<String> lead = lead(x);
        List<String> more = details(x);
        return x.metric() + ": " + lead.get(0) + ", change " + lead.get(1) + " (threshold " + lead.get(2) + "), "
                + more.get(0) + " pairs, baseline " + more.get(1) + ", current " + more.get(2) + ", detectable "
                + more.get(3) + ", p (Holm) " + more.get(4) + (x.bimodal() ? ", bimodal forks" : "") + "; "
                + more.get(5);
    }

    private static String signedNumber(double v) {
        return (v >= 0 ? "+" : "") + NumberText.num(v);
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

    /** Both sides by commit, then what the reader must know. */
    static List<String> preamble(Report r) {
        List<String> lines = new ArrayList<>();
        lines.add("baseline (A): " + side(r.baselineSha(), r.baseline()));
        lines.add("current (B): " + side(r.currentSha(), r.current()));
        lines.add("machine: " + r.machine());
        lines.add("JVM: " + r.jdk());
        lines.add(r.statistics());
        lines.add("change = estimated B/A - 1 from per-pair log ratios; detectable = the smallest slowdown this run "
                + "could have caught (80% power) and at least the threshold");
        lines.addAll(r.notes());
        return lines;
    }

    static String text(Report r, boolean strict) {
        StringBuilder out = new StringBuilder("stealbench regression gate (A/B in one job)\n");
        preamble(r).forEach(l -> out.append("  ").append(l).append('\n'));
        if (r.error() != null) {
            out.append("\nbad input: ").append(r.error()).append('\n');
        } else {
            List<String> header = new ArrayList<>(HEADER);
            header.addAll(DETAIL_HEADER);
            List<List<String>> cells = new ArrayList<>();
            for (PairedGate.Row x : ordered(r.rows())) {
                List<String> c = new ArrayList<>(lead(x));
                c.addAll(details(x));
                cells.add(c);
            }
            out.append('\n').append(cells.isEmpty() ? "  (nothing compared)\n" : table(header, cells));
            notGated(r, (title, items) -> {
                out.append('\n').append(title).append(":\n");
                items.forEach(a -> out.append("  ").append(a).append('\n'));
            });
        }
        String loud = r.unjudged(strict);
        if (loud != null) {
            out.append('\n').append(loud).append('\n');
        }
        return out.append('\n').append(r.summary(strict)).append('\n').toString();
    }

    /** The new and removed benchmarks, each list with its title, when there are any. */
    private static void notGated(Report r, java.util.function.BiConsumer<String, List<String>> each) {
        if (!r.added().isEmpty()) {
            each.accept("new (current jar only, not gated)", r.added());
        }
        if (!r.removed().isEmpty()) {
            each.accept("removed (baseline jar only, not gated)", r.removed());
        }
    }

    /** Columns padded to their widest cell, for the log. */
    private static String table(List<String> header, List<List<String>> rows) {
        int[] width = new int[header.size()];
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        for (List<String> row : all) {
            for (int i = 0; i < width.length; i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
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

    static String markdown(Report r, boolean strict) {
        StringBuilder out = new StringBuilder("### stealbench regression gate: ").append(r.outcome(strict))
                .append("\n\n");
        out.append("**").append(escape(r.summary(strict).substring("gate-ab: ".length()))).append("**\n\n");
        out.append("baseline `").append(escape(r.baselineSha())).append('`')
                .append(r.baselineSha().equals(r.baseline()) ? "" : " (" + escape(r.baseline()) + ")")
                .append(", current `").append(escape(r.currentSha())).append('`')
                .append(r.currentSha().equals(r.current()) ? "" : " (" + escape(r.current()) + ")").append("\n\n");
        String loud = r.unjudged(strict);
        if (loud != null) {
            out.append("**").append(escape(loud)).append("**\n\n");
        }
        if (r.error() != null) {
            out.append("**bad input:** ").append(escape(r.error())).append("\n\n");
        }
        List<PairedGate.Row> rows = ordered(r.rows());
        List<PairedGate.Row> shown = rows.stream().filter(x -> x.verdict() != GateVerdict.PASS).toList();
        List<PairedGate.Row> folded = rows.stream().filter(x -> x.verdict() == GateVerdict.PASS).toList();
        if (!shown.isEmpty()) {
            out.append(table(shown)).append('\n');
            out.append(folded("details of the " + plural(shown.size(), "row", "rows") + " above", list(shown)));
        }
        if (!folded.isEmpty()) {
            out.append(folded(plural(folded.size(), "passing row", "passing rows"), table(folded) + "\n" + list(folded)));
        }
        notGated(r, (title, items) -> out.append(title).append(": ").append(String.join(", ",
                items.stream().map(i -> "`" + escape(i) + "`").toList())).append("\n\n"));
        StringBuilder inputs = new StringBuilder();
        preamble(r).forEach(l -> inputs.append("- ").append(escape(l)).append('\n'));
        return out.append(folded("inputs and statistics", inputs.toString())).toString();
    }

    private static String folded(String summary, String body) {
        return "<details><summary>" + escape(summary) + "</summary>\n\n" + body + "\n</details>\n\n";
    }

    private static String table(List<PairedGate.Row> rows) {
        StringBuilder out = new StringBuilder("| ").append(String.join(" | ", HEADER)).append(" |\n|")
                .append(" --- |".repeat(HEADER.size())).append('\n');
        for (PairedGate.Row x : rows) {
            List<String> c = new ArrayList<>(lead(x).stream().map(GateAbOutput::escape).toList());
            if (x.verdict() != GateVerdict.PASS) {
                c.set(0, "**" + c.get(0) + "**");
            }
            out.append("| ").append(String.join(" | ", c)).append(" |\n");
        }
        return out.toString();
    }

    private static String list(List<PairedGate.Row> rows) {
        StringBuilder out = new StringBuilder();
        rows.forEach(x -> out.append("- `").append(escape(x.label())).append("` ").append(escape(labelled(x)))
                .append('\n'));
        return out.toString();
    }

    /** Markdown- and HTML-safe text: table pipes, angle brackets, ampersands, backticks. */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|")
                .replace("`", "'").replace("\n", " ");
    }

    /**
     * JUnit XML: one case per gated benchmark, its time the seconds its forks took, failed when a
     * metric regressed (or, under {@code strict}, stayed inconclusive), skipped when one stayed
     * inconclusive; the new and removed benchmarks skipped; bad input one error case.
     */
    static String junit(Report r, boolean strict) {
        List<JUnitXml.Case> cases = new ArrayList<>();
        if (r.error() != null) {
            cases.add(JUnitXml.Case.error("bad input: " + r.error(), r.seconds()));
        } else {
            Map<String, List<PairedGate.Row>> byLabel = new LinkedHashMap<>();
            ordered(r.rows()).forEach(x -> byLabel.computeIfAbsent(x.label(), k -> new ArrayList<>()).add(x));
            byLabel.forEach((label, metrics) -> cases.add(benchmarkCase(label, metrics,
                    r.rowSeconds().getOrDefault(label, 0.0), strict)));
            r.added().forEach(a -> cases.add(JUnitXml.Case.skipped(a, "not gated: new benchmark (current jar only)")));
            r.removed().forEach(a -> cases.add(JUnitXml.Case.skipped(a,
                    "not gated: removed benchmark (baseline jar only)")));
        }
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("outcome", r.summary(strict));
        properties.put("baseline", side(r.baselineSha(), r.baseline()));
        properties.put("current", side(r.currentSha(), r.current()));
        properties.put("machine", r.machine());
        properties.put("jvm", r.jdk());
        properties.put("statistics", r.statistics());
        for (int i = 0; i < r.notes().size(); i++) {
            properties.put("note." + (i + 1), r.notes().get(i));
        }
        return JUnitXml.suite("stealbench.gate", cases, r.seconds(), properties);
    }

    private static JUnitXml.Case benchmarkCase(String label, List<PairedGate.Row> metrics, double seconds,
                                               boolean strict) {
        String detail = String.join("\n", metrics.stream().map(GateAbOutput::labelled).toList());
        List<String> failed = metrics.stream().filter(x -> x.verdict() == GateVerdict.REGRESSION
                || (strict && x.verdict() == GateVerdict.INCONCLUSIVE)).map(x -> x.metric() + " " + x.verdict()
                + " " + lead(x).get(1)).toList();
        if (!failed.isEmpty()) {
            return JUnitXml.Case.failure(label, seconds, failed.stream().anyMatch(f -> f.contains("REGRESSION"))
                    ? "REGRESSION" : "INCONCLUSIVE", "failed: " + String.join("; ", failed), detail);
        }
        List<String> open = metrics.stream().filter(x -> x.verdict() == GateVerdict.INCONCLUSIVE)
                .map(x -> x.metric() + " " + lead(x).get(1)).toList();
        if (!open.isEmpty()) {
            return JUnitXml.Case.skipped(label, seconds, "inconclusive: " + String.join("; ", open), detail);
        }
        return JUnitXml.Case.passed(label, seconds, detail);
    }
}
