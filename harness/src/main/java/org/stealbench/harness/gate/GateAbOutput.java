package org.stealbench.harness.gate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What the paired gate found and how it is shown: plain text for the log, Markdown for a pull
 * request comment (regressions first, the rest folded), JUnit XML (one test case per row and
 * metric, class name {@code stealbench.gate.<Class.method>}; a bad input is one error case).
 */
final class GateAbOutput {

    /**
     * The report.
     *
     * @param baseline  what side A ran from (ref and jar)
     * @param baselineSha side A's commit, or "unknown"
     * @param current   what side B ran from
     * @param currentSha side B's commit (with "-dirty" when the tree had changes), or "unknown"
     * @param machine   CPU model, cores, pinning
     * @param jdk       the JVM that ran both sides, with its flags
     * @param statistics one line: alpha, looks, pairs
     * @param rows      every row
     * @param added     rows of the subset the baseline jar lacks (not gated)
     * @param removed   rows the current jar lacks (not gated)
     * @param notes     things the reader must know (quick check, unjudged rows)
     * @param seconds   wall-clock seconds of the job
     * @param error     the bad input that stopped the job, or null
     */
    record Report(String baseline, String baselineSha, String current, String currentSha, String machine, String jdk,
                  String statistics, List<PairedGate.Row> rows, List<String> added, List<String> removed,
                  List<String> notes, double seconds, String error) {

        Report {
            rows = List.copyOf(rows);
            added = List.copyOf(added);
            removed = List.copyOf(removed);
            notes = List.copyOf(notes);
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

        String summary(boolean strict) {
            String outcome = switch (exitCode(strict)) {
                case 1 -> "FAIL (regression)";
                case 2 -> "ERROR (bad input: " + error + ")";
                case 3 -> "FAIL (inconclusive under --strict)";
                default -> "PASS";
            };
            return "gate-ab: " + outcome + ": " + count(GateVerdict.REGRESSION) + " regression, "
                    + count(GateVerdict.PASS) + " pass, " + count(GateVerdict.INCONCLUSIVE) + " inconclusive; "
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

    private static final List<String> HEADER = List.of("benchmark", "params", "metric", "pairs", "baseline",
            "current", "change", "detectable", "p (Holm)", "verdict", "reason");

    private GateAbOutput() {
    }

    /** Rows in report order: regressions, then inconclusive, then passes; by label inside. */
    static List<PairedGate.Row> ordered(Report r) {
        List<PairedGate.Row> rows = new ArrayList<>(r.rows());
        rows.sort(Comparator.comparingInt((PairedGate.Row x) -> switch (x.verdict()) {
            case REGRESSION -> 0;
            case INCONCLUSIVE -> 1;
            default -> 2;
        }).thenComparing(PairedGate.Row::label).thenComparing(PairedGate.Row::metric));
        return rows;
    }

    private static List<String> cells(PairedGate.Row x) {
        boolean alloc = PairedGate.ALLOCATION.equals(x.metric());
        return List.of(x.shortName(), x.params(), x.metric() + (x.bimodal() ? " (bimodal)" : ""),
                Integer.toString(x.pairs()), GateOutput.number(x.a()) + " " + x.unit(),
                GateOutput.number(x.b()) + " " + x.unit(),
                alloc ? GateOutput.number(x.b() - x.a()) + " B/op" : PairedDecision.signed(x.slowdown()),
                alloc ? "-" : detectable(x.detectable()),
                Double.isNaN(x.p()) ? "-" : x.p() < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", x.p()),
                x.verdict().name(), x.reason());
    }

    /** The detectable slowdown; above +1000% the run could see nothing useful. */
    static String detectable(double d) {
        return Double.isNaN(d) ? "-" : d > 10 ? ">+1000%" : "+" + PairedDecision.pct(d);
    }

    static List<String> preamble(Report r) {
        List<String> lines = new ArrayList<>();
        lines.add("baseline (A): " + r.baseline() + " @ " + r.baselineSha());
        lines.add("current  (B): " + r.current() + " @ " + r.currentSha());
        lines.add("machine: " + r.machine());
        lines.add("JVM: " + r.jdk());
        lines.add(r.statistics());
        lines.add("change = estimated B/A - 1 from per-pair log ratios; detectable = the smallest slowdown this run "
                + "could have caught (80% power) and at least the threshold");
        lines.addAll(r.notes());
        return lines;
    }

    static String text(Report r, boolean strict) {
        StringBuilder out = new StringBuilder("stealbench paired regression gate (A/B in one job)\n");
        preamble(r).forEach(l -> out.append("  ").append(l).append('\n'));
        if (r.error() != null) {
            out.append("\nbad input: ").append(r.error()).append('\n');
        } else {
            List<List<String>> rows = ordered(r).stream().map(GateAbOutput::cells).toList();
            out.append('\n').append(rows.isEmpty() ? "  (nothing compared)\n" : GateOutput.table(HEADER, rows));
            if (!r.added().isEmpty()) {
                out.append("\nnew (current jar only, not gated):\n");
                r.added().forEach(a -> out.append("  ").append(a).append('\n'));
            }
            if (!r.removed().isEmpty()) {
                out.append("\nremoved (baseline jar only, not gated):\n");
                r.removed().forEach(a -> out.append("  ").append(a).append('\n'));
            }
        }
        String loud = r.unjudged(strict);
        if (loud != null) {
            out.append('\n').append(loud).append('\n');
        }
        out.append('\n').append(r.summary(strict)).append('\n');
        return out.toString();
    }

    static String markdown(Report r, boolean strict) {
        StringBuilder out = new StringBuilder("### stealbench regression gate (paired A/B): ")
                .append(switch (r.exitCode(strict)) {
                    case 0 -> "pass";
                    case 2 -> "ERROR";
                    default -> "FAIL";
                }).append("\n\n");
        out.append('`').append(escape(r.summary(strict))).append("`\n\n");
        out.append("baseline `").append(escape(r.baselineSha())).append("`, current `").append(escape(r.currentSha()))
                .append("`; ").append(escape(r.machine())).append("; ").append(escape(r.jdk())).append("\n\n");
        String loud = r.unjudged(strict);
        if (loud != null) {
            out.append("**").append(escape(loud)).append("**\n\n");
        }
        if (r.error() != null) {
            out.append("**bad input:** ").append(escape(r.error())).append("\n\n");
        }
        List<PairedGate.Row> rows = ordered(r);
        List<PairedGate.Row> shown = rows.stream().filter(x -> x.verdict() != GateVerdict.PASS).toList();
        List<PairedGate.Row> folded = rows.stream().filter(x -> x.verdict() == GateVerdict.PASS).toList();
        if (!shown.isEmpty()) {
            out.append(table(shown)).append('\n');
        }
        if (!folded.isEmpty()) {
            out.append("<details><summary>").append(folded.size()).append(" passing rows</summary>\n\n")
                    .append(table(folded)).append("\n</details>\n\n");
        }
        if (!r.added().isEmpty() || !r.removed().isEmpty()) {
            out.append("new (not gated): ").append(code(r.added())).append("; removed (not gated): ")
                    .append(code(r.removed())).append("\n\n");
        }
        out.append("<details><summary>inputs and statistics</summary>\n\n");
        preamble(r).forEach(l -> out.append("- ").append(escape(l)).append('\n'));
        out.append("\n</details>\n");
        return out.toString();
    }

    private static String table(List<PairedGate.Row> rows) {
        StringBuilder out = new StringBuilder("| ").append(String.join(" | ", HEADER)).append(" |\n|")
                .append(" --- |".repeat(HEADER.size())).append('\n');
        for (PairedGate.Row x : rows) {
            List<String> c = new ArrayList<>();
            for (String cell : cells(x)) {
                c.add(escape(cell));
            }
            out.append("| ").append(String.join(" | ", c)).append(" |\n");
        }
        return out.toString();
    }

    /** Markdown inline code for each item, comma-separated; "none" for no items. Shared with GateOutput. */
    static String code(List<String> items) {
        return items.isEmpty() ? "none" : String.join(", ", items.stream().map(i -> "`" + escape(i) + "`").toList());
    }

    /** Markdown- and HTML-safe text: table pipes, angle brackets, ampersands, backticks. Shared with GateOutput. */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|")
                .replace("`", "'").replace("\n", " ");
    }

    /** JUnit XML ({@link JUnitXml}); the time of a case is the wall-clock seconds its row's forks took, split evenly. */
    static String junit(Report r, boolean strict) {
        List<JUnitXml.Case> cases = new ArrayList<>();
        if (r.error() != null) {
            cases.add(JUnitXml.Case.error(r.error(), r.seconds()));
        } else {
            int n = r.rows().size() + r.added().size() + r.removed().size();
            double each = n == 0 ? 0 : r.seconds() / n;
            for (PairedGate.Row x : ordered(r)) {
                cases.add(JUnitXml.Case.verdict(x.label(), x.metric(), each, x.verdict(),
                        x.verdict() + ": " + String.join(", ", cells(x).subList(2, 10)) + "; " + x.reason()));
            }
            r.added().forEach(a -> cases.add(JUnitXml.Case.skipped(a, "new benchmark (current jar only), not gated")));
            r.removed().forEach(a -> cases.add(JUnitXml.Case.skipped(a, "removed benchmark (baseline jar only), not gated")));
        }
        return JUnitXml.suite("stealbench-gate-ab", cases, r.seconds(), String.join("\n", preamble(r)) + "\n"
                + r.summary(strict), strict);
    }

}
