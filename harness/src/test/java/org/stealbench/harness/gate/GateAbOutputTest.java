package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The gate's outputs on a pass, a regression and a bad input: Markdown a pull request can read at
 * GitHub's width, JUnit XML that both Maven Surefire's {@code surefire-test-report-3.0.xsd} and
 * Jenkins' {@code junit-10.xsd} accept (checked against their rules by {@link #assertSchemaValid}).
 */
final class GateAbOutputTest {

    private static PairedGate.Row row(String label, String metric, double change, GateVerdict verdict, String reason) {
        return new PairedGate.Row(label, metric, "ns/op", 8, 10, 10 * (1 + change), change, 0.02, 0.03, false, 0.2, 2,
                verdict, reason);
    }

    private static final String CHASE_LEV = "DequeOpsBenchmark.pushPop depth=0 queue=chase-lev";
    private static final String FIB = "ForkJoinFibBenchmark.fib n=27 pool=ws-chase-lev threshold=0";

    private static GateAbOutput.Report report(List<PairedGate.Row> rows) {
        return new GateAbOutput.Report("main", "0123456789abcdef0123456789abcdef01234567", "working tree",
                "fedcba9876543210fedcba9876543210fedcba98-dirty", "AMD EPYC, 2 cores", "OpenJDK 17 [-Xms1g]",
                "statistics: paired", rows, Map.of(CHASE_LEV, 41.25, FIB, 97.5), List.of("New.bench"), List.of(),
                List.of(), 150, null);
    }

    private static final GateAbOutput.Report PASS = report(List.of(
            row(CHASE_LEV, "time", -0.01, GateVerdict.PASS, "faster by 1.0%"),
            row(FIB, "time", 0.005, GateVerdict.PASS, "within +2.0%")));
    private static final GateAbOutput.Report REGRESSION = report(List.of(
            row(CHASE_LEV, "time", 0.12, GateVerdict.REGRESSION, "slower by 12.0%"),
            row(CHASE_LEV, "cpu", 0.11, GateVerdict.REGRESSION, "slower by 11.0%"),
            row(FIB, "time", 0.005, GateVerdict.PASS, "within +2.0%")));
    private static final GateAbOutput.Report BAD = GateAbOutput.Report.badInput("main", "unknown", "working tree",
            "unknown", "unknown", "unknown", 0.5, "--baseline-jar x.jar: not a readable jar");

    @Test
    void markdown_regression_leadsEachRowWithVerdictAndChange_andFoldsTheRest() {
        String md = GateAbOutput.markdown(REGRESSION, false);
        assertTrue(md.startsWith("### stealbench regression gate: FAIL"), md);
        assertTrue(md.contains("| verdict | change | threshold | benchmark | metric |"), md);
        assertTrue(md.contains("| **REGRESSION** | +12.0% | +2.0% | " + CHASE_LEV + " | time |"), md);
        assertTrue(md.indexOf("**REGRESSION**") < md.indexOf("<details>"), md);
        assertTrue(md.contains("<summary>1 passing row</summary>"), "singular: " + md);
        assertTrue(md.contains("2 regressions, 1 passing row, 0 inconclusive rows"), md);
        assertTrue(md.contains("baseline `0123456789abcdef0123456789abcdef01234567` (main)"), md);
        assertTrue(md.contains("current `fedcba9876543210fedcba9876543210fedcba98-dirty` (working tree)"), md);
        assertFalse(md.contains("/work/") || md.contains("/tmp/") || md.contains("/home/"), "no machine path: " + md);
        GateAbOutput.Report byRef = new GateAbOutput.Report("9bb5bcd", "9bb5bcd", "working tree", "49e4b9d", "m", "j",
                "s", REGRESSION.rows(), Map.of(), List.of(), List.of(), List.of(), 1, null);
        assertTrue(GateAbOutput.markdown(byRef, false).contains("baseline `9bb5bcd`, current `49e4b9d` (working tree)"));
    }

    /**
     * At a 1,000 px window GitHub's job summary and pull-request column are about 700 px wide: some
     * 80 characters of 14 px text in a table, which wraps cells at spaces to fit. So the verdict
     * comes first, the other short cells stay under 40 characters together, and no word of the
     * benchmark cell is longer than 40: every row fits in 80 characters once wrapped.
     */
    @Test
    void markdown_tableRows_fitGitHubsWidth_withTheVerdictFirst() {
        GateAbOutput.Report wide = report(List.of(
                row("QueueDrainBenchmark.queueAndDrain items=250000 pool=ws-chase-lev separate=false", "time", 0.092,
                        GateVerdict.INCONCLUSIVE, "neither"),
                row(CHASE_LEV, "allocation", 0, GateVerdict.REGRESSION, "more allocation"),
                row(FIB, "time", 0.005, GateVerdict.PASS, "within +2.0%")));
        int rows = 0;
        for (GateAbOutput.Report r : List.of(PASS, REGRESSION, wide)) {
            for (String line : GateAbOutput.markdown(r, false).split("\n")) {
                if (!line.startsWith("| ") || line.startsWith("| verdict") || line.startsWith("| ---")) {
                    continue;
                }
                rows++;
                List<String> cells = List.of(line.replace("**", "").split(" \\| "));
                assertEquals(5, cells.size(), line);
                assertTrue(cells.get(0).matches("\\| (PASS|REGRESSION|INCONCLUSIVE)"), "verdict first: " + line);
                int shortCells = cells.get(0).length() + cells.get(1).length() + cells.get(2).length()
                        + cells.get(4).length();
                assertTrue(shortCells <= 40, shortCells + " characters besides the benchmark: " + line);
                for (String word : cells.get(3).split(" ")) {
                    assertTrue(word.length() <= 40, "an unbreakable word of " + word.length() + ": " + word);
                }
            }
        }
        assertEquals(8, rows);
    }

    @Test
    void aRowTheBaselineJarLacks_isSaidToBeNewAndNotGated_inTheTextAndTheMarkdown() {
        String fork = GateSubset.Planted.FORK.entry().label();
        GateAbOutput.Report r = new GateAbOutput.Report("702e001", "702e001", "working tree", "49e4b9d", "m", "j", "s",
                PASS.rows(), Map.of(), List.of(fork), List.of(), List.of(), 1, null);
        String text = GateAbOutput.text(r, false);
        assertTrue(text.contains("new (current jar only, not gated):\n  " + fork), text);
        assertTrue(text.contains("; 1 new, 0 removed"), text);
        assertTrue(GateAbOutput.markdown(r, false).contains("new (current jar only, not gated): `" + fork + "`"));
    }

    @Test
    void markdown_escapesPipesAndAngleBrackets() {
        String md = GateAbOutput.markdown(report(List.of(row("A.b q=<x>|y", "time", 0.3, GateVerdict.REGRESSION,
                "slower"))), false);
        assertTrue(md.contains("&lt;x&gt;\\|y"), md);
    }

    @Test
    void markdown_badInput_saysWhatWentWrong() {
        String md = GateAbOutput.markdown(BAD, false);
        assertTrue(md.startsWith("### stealbench regression gate: ERROR"), md);
        assertTrue(md.contains("**bad input:** --baseline-jar x.jar: not a readable jar"), md);
    }

    @Test
    void junit_pass_isSchemaValidWithEachCasesRealTimeAndOneClassNameScheme() throws Exception {
        Element suite = assertSchemaValid(GateAbOutput.junit(PASS, false));
        assertEquals("3", suite.getAttribute("tests"));
        assertEquals("0", suite.getAttribute("failures"));
        assertEquals("1", suite.getAttribute("skipped"), "the new benchmark");
        List<Element> cases = children(suite, "testcase");
        assertEquals("stealbench.gate.DequeOpsBenchmark", cases.get(0).getAttribute("classname"));
        assertEquals("pushPop depth=0 queue=chase-lev", cases.get(0).getAttribute("name"));
        assertEquals("41.250", cases.get(0).getAttribute("time"));
        assertEquals("stealbench.gate.ForkJoinFibBenchmark", cases.get(1).getAttribute("classname"));
        assertEquals("97.500", cases.get(1).getAttribute("time"));
        assertEquals("stealbench.gate.New", cases.get(2).getAttribute("classname"));
        assertTrue(children(cases.get(2), "skipped").get(0).getAttribute("message").startsWith("not gated: "));
    }

    @Test
    void junit_regression_failsTheCaseWithALabelledMessage() throws Exception {
        Element suite = assertSchemaValid(GateAbOutput.junit(REGRESSION, false));
        assertEquals("1", suite.getAttribute("failures"));
        Element failure = children(children(suite, "testcase").get(0), "failure").get(0);
        assertEquals("REGRESSION", failure.getAttribute("type"));
        assertEquals("failed: cpu REGRESSION +11.0%; time REGRESSION +12.0%", failure.getAttribute("message"));
        assertTrue(failure.getTextContent().contains("time: REGRESSION, change +12.0% (threshold +2.0%), 8 pairs, "
                + "baseline 10 ns/op, current 11.2 ns/op"), failure.getTextContent());
    }

    @Test
    void junit_inconclusive_isSkippedWithALabelledMessage_orAFailureUnderStrict() throws Exception {
        GateAbOutput.Report open = report(List.of(row(FIB, "time", 0.03, GateVerdict.INCONCLUSIVE, "neither")));
        Element skipped = children(children(assertSchemaValid(GateAbOutput.junit(open, false)), "testcase").get(0),
                "skipped").get(0);
        assertEquals("inconclusive: time +3.0%", skipped.getAttribute("message"));
        assertTrue(skipped.getTextContent().startsWith("time: INCONCLUSIVE, change +3.0%"), skipped.getTextContent());
        Element strict = assertSchemaValid(GateAbOutput.junit(open, true));
        assertEquals("1", strict.getAttribute("failures"));
    }

    @Test
    void junit_badInput_isOneErrorCaseWithTheReason() throws Exception {
        Element suite = assertSchemaValid(GateAbOutput.junit(BAD, false));
        assertEquals("1", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("errors"));
        Element error = children(children(suite, "testcase").get(0), "error").get(0);
        assertEquals("BAD_INPUT", error.getAttribute("type"));
        assertEquals("bad input: --baseline-jar x.jar: not a readable jar", error.getAttribute("message"));
        assertFalse(GateAbOutput.junit(BAD, false).contains("null"), "no 'null' anywhere");
    }

    @Test
    void text_countsInTheRightNumber() {
        assertTrue(GateAbOutput.text(PASS, false).contains("0 regressions, 2 passing rows, 0 inconclusive rows"));
        GateAbOutput.Report one = report(List.of(row(FIB, "time", 0.03, GateVerdict.INCONCLUSIVE, "neither")));
        assertTrue(GateAbOutput.text(one, false).contains("1 inconclusive row;"), GateAbOutput.text(one, false));
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && (name == null || e.getTagName().equals(name))) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * The rules of Surefire's surefire-test-report-3.0.xsd that also satisfy Jenkins' junit-10.xsd:
     * a {@code testsuite} with name, tests, errors, skipped and failures; only {@code properties}
     * (of {@code property name value}) and then {@code testcase} children, no suite-level output;
     * each case with a name and a time matching Surefire's SUREFIRE_TIME pattern, holding in order
     * failures (with a type), at most one skipped, at most one error (with a type), at most one
     * system-out and one system-err; counts that match the cases.
     */
    static Element assertSchemaValid(String xml) throws Exception {
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        for (String a : List.of("name", "tests", "errors", "skipped", "failures")) {
            assertTrue(suite.hasAttribute(a), "testsuite@" + a);
        }
        assertTrue(suite.getAttribute("time").matches(TIME), suite.getAttribute("time"));
        boolean casesStarted = false;
        int failures = 0;
        int errors = 0;
        int skipped = 0;
        for (Element child : children(suite, null)) {
            if (child.getTagName().equals("properties")) {
                assertFalse(casesStarted, "properties come before the test cases");
                for (Element p : children(child, null)) {
                    assertEquals("property", p.getTagName());
                    assertTrue(p.hasAttribute("name") && p.hasAttribute("value"), "property name and value");
                }
                continue;
            }
            assertEquals("testcase", child.getTagName(), "only properties and test cases in a suite");
            casesStarted = true;
            assertTrue(child.hasAttribute("name"), "testcase@name");
            assertTrue(child.getAttribute("time").matches(TIME), "testcase@time " + child.getAttribute("time"));
            List<String> order = List.of("failure", "skipped", "error", "system-out", "system-err");
            int at = 0;
            Set<String> once = Set.of("skipped", "error", "system-out", "system-err");
            List<String> seen = new ArrayList<>();
            for (Element e : children(child, null)) {
                int i = order.indexOf(e.getTagName());
                assertTrue(i >= at, "element " + e.getTagName() + " out of order in " + child.getAttribute("name"));
                assertFalse(once.contains(e.getTagName()) && seen.contains(e.getTagName()), "one " + e.getTagName());
                if (e.getTagName().equals("failure") || e.getTagName().equals("error")) {
                    assertTrue(e.hasAttribute("type"), e.getTagName() + "@type");
                }
                failures += e.getTagName().equals("failure") ? 1 : 0;
                errors += e.getTagName().equals("error") ? 1 : 0;
                skipped += e.getTagName().equals("skipped") ? 1 : 0;
                seen.add(e.getTagName());
                at = i;
            }
        }
        assertEquals(Integer.toString(children(suite, "testcase").size()), suite.getAttribute("tests"));
        assertEquals(Integer.toString(failures), suite.getAttribute("failures"));
        assertEquals(Integer.toString(errors), suite.getAttribute("errors"));
        assertEquals(Integer.toString(skipped), suite.getAttribute("skipped"));
        return suite;
    }

    /** Surefire's SUREFIRE_TIME. */
    private static final String TIME = "(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\\.[0-9]{0,3})?";
}
