package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Both gates' JUnit XML: one class-name scheme, counts that match the cases, strictness. */
class JUnitXmlTest {

    private static final List<JUnitXml.Case> CASES = List.of(
            JUnitXml.Case.verdict("A.b p=1", "time", 1.5, GateVerdict.REGRESSION, "slower <by> 20%"),
            JUnitXml.Case.verdict("A.b p=1", "cpu", 1.5, GateVerdict.INCONCLUSIVE, "undecided"),
            JUnitXml.Case.verdict("C.d", "time", 1.5, GateVerdict.PASS, "fine"),
            JUnitXml.Case.skipped("E.f q=2", "new benchmark"));

    @Test
    void everyCaseIsNamedByOneSchemeAndCounted() {
        String xml = JUnitXml.suite("s", CASES, 6, "summary", false);
        assertTrue(xml.contains("tests=\"4\" failures=\"1\" errors=\"0\" skipped=\"2\""), xml);
        assertTrue(xml.contains("classname=\"stealbench.gate.A.b\" name=\"time p=1\" time=\"1.500\""), xml);
        assertTrue(xml.contains("classname=\"stealbench.gate.C.d\" name=\"time\""), xml);
        assertTrue(xml.contains("classname=\"stealbench.gate.E.f\" name=\"q=2\""), xml);
        assertTrue(xml.contains("slower &lt;by&gt; 20%"), xml);
    }

    @Test
    void strictTurnsInconclusiveIntoFailuresAndBadInputIsOneError() {
        assertTrue(JUnitXml.suite("s", CASES, 6, "", true).contains("failures=\"2\" errors=\"0\" skipped=\"1\""));
        String error = JUnitXml.suite("s", List.of(JUnitXml.Case.error("no such jar", 0.5)), 0.5, "", false);
        assertTrue(error.contains("tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\""), error);
        assertTrue(error.contains("classname=\"stealbench.gate.input\" name=\"bad input\"")
                && error.contains("type=\"BAD_INPUT\""), error);
    }

    @Test
    void theStoredNumberGateUsesTheSameScheme() {
        GateReport empty = new GateReport("base", "cur", new GateSettings(GateThresholds.builtIn(), 0.95, 3, null), 0,
                0.95, null, null, List.of(), List.of(), List.of("X.y p=3"), List.of(), List.of());
        assertTrue(GateOutput.junit(empty, false).contains("classname=\"stealbench.gate.X.y\" name=\"p=3\""));
    }
}
