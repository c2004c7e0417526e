package org.stealbench.harness.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.stealbench.harness.stats.RatioEstimate;

/**
 * Renders a {@link GateReport}: a plain-text table for stdout, Markdown for a CI comment, JUnit XML
 * so any CI shows each benchmark as a test case. Pure functions of the report.
 */
public final class GateOutput {

    private static final List<String> TIME_HEADER = List.of("benchmark", "params", "metric", "forks", "baseline",
            "current", "time ratio [interval]", "p", "threshold", "verdict", "reason");
    private static final List<String> ALLOCATION_HEADER = List.of("benchmark", "params", "forks", "baseline",
            "current", "change", "allowance", "verdict", "reason");

    private GateOutput() {
    }

    /** The header lines: inputs, thresholds, statistics, notes. */
    static List<String> preamble(GateReport r) {
        List<String> lines = new ArrayList<>();
        lines.add("baseline: " + r.baseline());
        lines.add("current:  " + r.current());
        lines.addAll(r.settings().thresholds().describe());
        lines.add(String.format(Locale.ROOT, "statistics: time ratio = current cost / baseline cost (above 1 is "
                        + "slower; for ops/time units the inverse score ratio; metric time = the score, cpu = CPU "
                        + "time per operation); Welch t interval on log fork means, "
                        + "%s family-wise over %d benchmark(s) (Bonferroni: %s each); p = Bonferroni-adjusted "
                        + "p-value of no change; at least %d forks a side",
                pct(r.settings().confidence()), r.comparisons(), pct(r.perComparisonConfidence()),
                r.settings().minForks()));
        lines.add("verdicts: REGRESSION when the whole interval is above 1 + threshold, IMPROVEMENT when below "
                + "1 / (1 + threshold), PASS when its upper end is within 1 + threshold, else INCONCLUSIVE; "
                + "allocation: REGRESSION when every current fork allocates more than every baseline fork by "
                + "more than the allowance");
        lines.addAll(r.notes());
        return lines;
    }

    private static List<List<String>> timeCells(GateReport r) {
        List<List<String>> rows = new ArrayList<>();
        for (TimeRow t : r.time()) {
            RatioEstimate s = t.slowdown();
            rows.add(List.of(t.shortName(), t.params(), t.metric(), t.baselineForks() + "/" + t.currentForks(),
                    number(t.baseline()) + " " + t.unit(), number(t.current()) + " " + t.unit(),
                    s == null ? "-" : GateComparison.ratio(s),
                    Double.isNaN(t.pAdjusted()) ? "-" : pValue(t.pAdjusted()),
                    "+" + GateThresholds.percent(t.threshold().forMetric(t.metric())), t.verdict().name(), t.reason()));
        }
        return rows;
    }

    private static List<List<String>> allocationCells(GateReport r) {
        List<List<String>> rows = new ArrayList<>();
        for (AllocationRow a : r.allocation()) {
            double change = a.current() - a.baseline();
            rows.add(List.of(a.shortName(), a.params(), a.baselineForks() + "/" + a.currentForks(),
                    number(a.baseline()) + " " + a.unit(), number(a.current()) + " " + a.unit(),
                    (change >= 0 ? "+" : "") + number(change), number(a.allowance()), a.verdict().name(), a.reason()));
        }
        return rows;
    }

    /** The full verdict table for stdout. */
    public static String text(GateReport r, boolean strict) {
        StringBuilder out = new StringBuilder("stealbench stored-number comparison (cross-day: saved runs, not measured together; "
                + "scripts/gate-ab gates a change)\n");
        preamble(r).forEach(l -> out.append("  ").append(l).append('\n'));
        out.append("\ntime\n");
        out.append(r.time().isEmpty() ? "  (no benchmark on both sides)\n" : table(TIME_HEADER, timeCells(r)));
        out.append("\nallocation (").append(GateComparison.ALLOCATION).append(")\n");
        out.append(r.allocation().isEmpty() ? "  (not measured on both sides; run with -prof gc)\n"
                : table(ALLOCATION_HEADER, allocationCells(r)));
        if (!r.added().isEmpty()) {
            out.append("\nnew (current only, not gated):\n");
            r.added().forEach(a -> out.append("  ").append(a).append('\n'));
        }
        if (!r.removed().isEmpty()) {
            out.append("\nremoved (baseline only, not gated):\n");
            r.removed().forEach(a -> out.append("  ").append(a).append('\n'));
        }
        out.append('\n').append(r.summary(strict)).append('\n');
        return out.toString();
    }

    /** A plain-text table: columns padded to their widest cell, one line per row. */
    static String table(List<String> header, List<List<String>> rows) {
        int[] width = new int[header.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = header.get(i).length();
            for (List<String> row : rows) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder(" ");
            for (int i = 0; i < width.length; i++) {
                line.append(' ').append(row.get(i)).append(" ".repeat(width[i] - row.get(i).length())).append(' ');
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    /** The report as Markdown: outcome, tables, thresholds and notes. */
    public static String markdown(GateReport r, boolean strict) {
        StringBuilder out = new StringBuilder("### stealbench stored-number comparison (cross-day): ")
                .append(r.exitCode(strict) == 0 ? "pass" : "FAIL").append("\n\n");
        out.append('`').append(r.summary(strict)).append("`\n\n");
        out.append(markdownTable(TIME_HEADER, timeCells(r)));
        if (!r.allocation().isEmpty()) {
            out.append("\n**allocation** (`").append(GateComparison.ALLOCATION).append("`)\n\n");
            out.append(markdownTable(ALLOCATION_HEADER, allocationCells(r)));
        }
        if (!r.added().isEmpty()) {
            out.append("\n**new** (current only, not gated): ").append(GateAbOutput.code(r.added())).append('\n');
        }
        if (!r.removed().isEmpty()) {
            out.append("\n**removed** (baseline only, not gated): ").append(GateAbOutput.code(r.removed())).append('\n');
        }
        out.append("\n<details><summary>inputs, thresholds, statistics</summary>\n\n");
        preamble(r).forEach(l -> out.append("- ").append(GateAbOutput.escape(l)).append('\n'));
        out.append("\n</details>\n");
        return out.toString();
    }

    private static String markdownTable(List<String> header, List<List<String>> rows) {
        StringBuilder out = new StringBuilder();
        out.append("| ").append(String.join(" | ", header)).append(" |\n");
        out.append("|").append(" --- |".repeat(header.size())).append('\n');
        for (List<String> row : rows) {
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                String cell = GateAbOutput.escape(row.get(i));
                cells.add(header.get(i).equals("verdict") && !cell.equals("PASS") ? "**" + cell + "**" : cell);
            }
            out.append("| ").append(String.join(" | ", cells)).append(" |\n");
        }
        return out.toString();
    }

    /** The report as JUnit XML ({@link JUnitXml}): one case per benchmark and metric, new and removed ones skipped. */
    public static String junit(GateReport r, boolean strict) {
        List<JUnitXml.Case> cases = new ArrayList<>();
        for (TimeRow t : r.time()) {
            cases.add(JUnitXml.Case.verdict(t.benchmark() + " " + t.params(), t.metric(), 0, t.verdict(),
                    t.verdict() + ": " + (t.slowdown() == null ? "" : "time ratio " + GateComparison.ratio(t.slowdown())
                            + ", ") + t.reason() + " (baseline " + number(t.baseline()) + " " + t.unit() + ", current "
                            + number(t.current()) + " " + t.unit() + ", threshold +"
                            + GateThresholds.percent(t.threshold().forMetric(t.metric())) + ")"));
        }
        for (AllocationRow a : r.allocation()) {
            cases.add(JUnitXml.Case.verdict(a.shortName() + " " + a.params(), "allocation", 0, a.verdict(),
                    a.verdict() + ": " + a.reason() + " (baseline " + number(a.baseline()) + ", current "
                            + number(a.current()) + " " + a.unit() + ", allowance " + number(a.allowance()) + ")"));
        }
        r.added().forEach(a -> cases.add(JUnitXml.Case.skipped(a, "new benchmark (current only), not gated")));
        r.removed().forEach(a -> cases.add(JUnitXml.Case.skipped(a, "removed benchmark (baseline only), not gated")));
        return JUnitXml.suite("stealbench-gate", cases, 0, String.join("\n", preamble(r)) + "\n" + r.summary(strict),
                strict);
    }

    static String number(double v) {
        double a = Math.abs(v);
        if (Double.isNaN(v)) {
            return "-";
        }
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        if (a >= 0.01 || a == 0) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        return String.format(Locale.ROOT, "%.2e", v);
    }

    private static String pValue(double p) {
        return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.4g%%", fraction * 100).replaceAll("\\.0+%$", "%")
                .replaceAll("(\\.\\d*?)0+%$", "$1%");
    }
}
