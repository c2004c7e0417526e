package org.stealbench.harness.gate;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
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

    /**
     * The report as JUnit XML: one test case per benchmark and metric; a REGRESSION is a failure, an
     * INCONCLUSIVE row is skipped (a failure under {@code strict}), new and removed benchmarks are
     * skipped cases.
     */
    public static String junit(GateReport r, boolean strict) {
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            int cases = r.time().size() + r.allocation().size() + r.added().size() + r.removed().size();
            int failures = 0;
            int skipped = r.added().size() + r.removed().size();
            for (GateVerdict v : verdicts(r)) {
                if (v == GateVerdict.REGRESSION || (strict && v == GateVerdict.INCONCLUSIVE)) {
                    failures++;
                } else if (v == GateVerdict.INCONCLUSIVE) {
                    skipped++;
                }
            }
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", "stealbench-gate");
            xml.writeAttribute("tests", Integer.toString(cases));
            xml.writeAttribute("failures", Integer.toString(failures));
            xml.writeAttribute("errors", "0");
            xml.writeAttribute("skipped", Integer.toString(skipped));
            xml.writeCharacters("\n");
            for (TimeRow t : r.time()) {
                String detail = t.verdict() + ": " + (t.slowdown() == null ? "" : "time ratio "
                        + GateComparison.ratio(t.slowdown()) + ", ") + t.reason() + " (baseline "
                        + number(t.baseline()) + " " + t.unit() + ", current " + number(t.current()) + " " + t.unit()
                        + ", threshold +" + GateThresholds.percent(t.threshold().forMetric(t.metric())) + ")";
                testCase(xml, t.benchmark(), t.metric() + " " + t.params(), t.verdict(), detail, strict);
            }
            for (AllocationRow a : r.allocation()) {
                String detail = a.verdict() + ": " + a.reason() + " (baseline " + number(a.baseline()) + ", current "
                        + number(a.current()) + " " + a.unit() + ", allowance " + number(a.allowance()) + ")";
                testCase(xml, a.shortName(), "allocation " + a.params(), a.verdict(), detail, strict);
            }
            for (String a : r.added()) {
                skippedCase(xml, a, "new benchmark (current only), not gated");
            }
            for (String a : r.removed()) {
                skippedCase(xml, a, "removed benchmark (baseline only), not gated");
            }
            xml.writeStartElement("system-out");
            xml.writeCharacters(String.join("\n", preamble(r)) + "\n" + r.summary(strict));
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("writing JUnit XML to a string failed", e);
        }
        return text + "\n";
    }

    private static List<GateVerdict> verdicts(GateReport r) {
        List<GateVerdict> all = new ArrayList<>();
        r.time().forEach(t -> all.add(t.verdict()));
        r.allocation().forEach(a -> all.add(a.verdict()));
        return all;
    }

    private static void testCase(XMLStreamWriter xml, String classname, String name, GateVerdict verdict, String detail,
                                 boolean strict) throws XMLStreamException {
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", classname);
        xml.writeAttribute("name", name.strip());
        xml.writeAttribute("time", "0");
        if (verdict == GateVerdict.REGRESSION || (strict && verdict == GateVerdict.INCONCLUSIVE)) {
            xml.writeStartElement("failure");
            xml.writeAttribute("type", verdict.name());
            xml.writeAttribute("message", detail);
            xml.writeCharacters(detail);
            xml.writeEndElement();
        } else if (verdict == GateVerdict.INCONCLUSIVE) {
            xml.writeEmptyElement("skipped");
            xml.writeAttribute("message", detail);
        } else {
            xml.writeStartElement("system-out");
            xml.writeCharacters(detail);
            xml.writeEndElement();
        }
        xml.writeEndElement();
        xml.writeCharacters("\n");
    }

    private static void skippedCase(XMLStreamWriter xml, String label, String message) throws XMLStreamException {
        int space = label.indexOf(' ');
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", space < 0 ? label : label.substring(0, space));
        xml.writeAttribute("name", space < 0 ? "" : label.substring(space + 1));
        xml.writeAttribute("time", "0");
        xml.writeEmptyElement("skipped");
        xml.writeAttribute("message", message);
        xml.writeEndElement();
        xml.writeCharacters("\n");
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
