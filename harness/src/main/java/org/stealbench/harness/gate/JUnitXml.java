package org.stealbench.harness.gate;

import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The JUnit XML both gates write ({@code scripts/gate-ab} and {@code scripts/gate}): one test
 * case per benchmark and metric, all under one class-name scheme, {@code stealbench.gate.Class.method}
 * with the metric and parameters as the test name. A REGRESSION is a failure; an INCONCLUSIVE row
 * is skipped (a failure under {@code strict}); a new or removed benchmark is a skipped case; bad
 * input is one error case.
 */
final class JUnitXml {

    /** Every case's class-name prefix. */
    static final String PREFIX = "stealbench.gate.";

    /** How a case ended. */
    enum Kind { VERDICT, SKIPPED, ERROR }

    /**
     * One test case.
     *
     * @param label   {@code Class.method p=v ...} (the class name is its first word)
     * @param metric  prefixed to the parameters in the test name ({@code ""} for none)
     * @param seconds the wall-clock seconds charged to it
     * @param kind    verdict, skipped or error
     * @param verdict the verdict of a {@link Kind#VERDICT} case, else null
     * @param detail  the message
     */
    record Case(String label, String metric, double seconds, Kind kind, GateVerdict verdict, String detail) {

        static Case verdict(String label, String metric, double seconds, GateVerdict verdict, String detail) {
            return new Case(label, metric, seconds, Kind.VERDICT, verdict, detail);
        }

        static Case skipped(String label, String detail) {
            return new Case(label, "", 0, Kind.SKIPPED, null, detail);
        }

        static Case error(String detail, double seconds) {
            return new Case("input", "bad input", seconds, Kind.ERROR, null, detail);
        }

        boolean failure(boolean strict) {
            return kind == Kind.VERDICT && (verdict == GateVerdict.REGRESSION || (strict && verdict == GateVerdict.INCONCLUSIVE));
        }

        boolean skip(boolean strict) {
            return kind == Kind.SKIPPED || (kind == Kind.VERDICT && !strict && verdict == GateVerdict.INCONCLUSIVE);
        }
    }

    private JUnitXml() {
    }

    /** The suite's XML text. */
    static String suite(String name, List<Case> cases, double seconds, String systemOut, boolean strict) {
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", name);
            xml.writeAttribute("tests", Integer.toString(cases.size()));
            xml.writeAttribute("failures", Long.toString(cases.stream().filter(c -> c.failure(strict)).count()));
            xml.writeAttribute("errors", Long.toString(cases.stream().filter(c -> c.kind() == Kind.ERROR).count()));
            xml.writeAttribute("skipped", Long.toString(cases.stream().filter(c -> c.skip(strict)).count()));
            xml.writeAttribute("time", seconds(seconds));
            xml.writeCharacters("\n");
            for (Case c : cases) {
                int space = c.label().indexOf(' ');
                String params = space < 0 ? "" : c.label().substring(space + 1);
                xml.writeStartElement("testcase");
                xml.writeAttribute("classname", PREFIX + (space < 0 ? c.label() : c.label().substring(0, space)));
                xml.writeAttribute("name", (c.metric() + " " + params).strip());
                xml.writeAttribute("time", seconds(c.seconds()));
                if (c.kind() == Kind.ERROR || c.failure(strict)) {
                    xml.writeStartElement(c.kind() == Kind.ERROR ? "error" : "failure");
                    xml.writeAttribute("type", c.kind() == Kind.ERROR ? "BAD_INPUT" : c.verdict().name());
                    xml.writeAttribute("message", c.detail());
                    xml.writeCharacters(c.detail());
                    xml.writeEndElement();
                } else if (c.skip(strict)) {
                    xml.writeEmptyElement("skipped");
                    xml.writeAttribute("message", c.detail());
                } else {
                    xml.writeStartElement("system-out");
                    xml.writeCharacters(c.detail());
                    xml.writeEndElement();
                }
                xml.writeEndElement();
                xml.writeCharacters("\n");
            }
            xml.writeStartElement("system-out");
            xml.writeCharacters(systemOut);
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

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }
}
