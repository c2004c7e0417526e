package org.stealbench.harness.gate;

import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The gate's JUnit XML, valid against Maven Surefire's {@code surefire-test-report-3.0.xsd} and
 * Jenkins' {@code junit-10.xsd}: the suite's facts as {@code <properties>} before the cases (the
 * one place both schemas allow them), one case per gated benchmark with class name
 * {@code stealbench.gate.<Class>} and name {@code <method> <params>}, time in seconds with at most
 * three decimals, a failure or error with its {@code type}, at most one {@code <skipped>}.
 */
final class JUnitXml {

    /** Every case's class-name prefix. */
    static final String PREFIX = "stealbench.gate.";

    /** How a case ended. */
    enum Kind { PASSED, FAILURE, SKIPPED, ERROR }

    /**
     * One test case.
     *
     * @param label   {@code Class.method p=v ...}
     * @param seconds the wall-clock seconds it took
     * @param kind    how it ended
     * @param type    the failure's or error's type, else null
     * @param message the one-line message of a failure, error or skip, else null
     * @param detail  the body: every figure behind the outcome
     */
    record Case(String label, double seconds, Kind kind, String type, String message, String detail) {

        static Case passed(String label, double seconds, String detail) {
            return new Case(label, seconds, Kind.PASSED, null, null, detail);
        }

        static Case failure(String label, double seconds, String type, String message, String detail) {
            return new Case(label, seconds, Kind.FAILURE, type, message, detail);
        }

        static Case skipped(String label, double seconds, String message, String detail) {
            return new Case(label, seconds, Kind.SKIPPED, null, message, detail);
        }

        static Case skipped(String label, String message) {
            return skipped(label, 0, message, message);
        }

        static Case error(String message, double seconds) {
            return new Case("job.gate-ab", seconds, Kind.ERROR, "BAD_INPUT", message, message);
        }

        /** {@code stealbench.gate.Class}. */
        String className() {
            String name = label.split(" ", 2)[0];
            int dot = name.lastIndexOf('.');
            return PREFIX + (dot < 0 ? name : name.substring(0, dot));
        }

        /** {@code method p=v ...}. */
        String testName() {
            String name = label.split(" ", 2)[0];
            String params = label.contains(" ") ? label.substring(label.indexOf(' ')) : "";
            return (name.substring(name.lastIndexOf('.') + 1) + params).strip();
        }
    }

    private JUnitXml() {
    }

    /** The suite's XML text. */
    static String suite(String name, List<Case> cases, double seconds, Map<String, String> properties) {
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", name);
            xml.writeAttribute("tests", Integer.toString(cases.size()));
            xml.writeAttribute("failures", count(cases, Kind.FAILURE));
            xml.writeAttribute("errors", count(cases, Kind.ERROR));
            xml.writeAttribute("skipped", count(cases, Kind.SKIPPED));
            xml.writeAttribute("time", seconds(seconds));
            xml.writeCharacters("\n");
            xml.writeStartElement("properties");
            for (Map.Entry<String, String> p : properties.entrySet()) {
                xml.writeEmptyElement("property");
                xml.writeAttribute("name", p.getKey());
                xml.writeAttribute("value", p.getValue());
            }
            xml.writeEndElement();
            xml.writeCharacters("\n");
            for (Case c : cases) {
                xml.writeStartElement("testcase");
                xml.writeAttribute("classname", c.className());
                xml.writeAttribute("name", c.testName());
                xml.writeAttribute("time", seconds(c.seconds()));
                switch (c.kind()) {
                    case FAILURE, ERROR -> {
                        xml.writeStartElement(c.kind() == Kind.ERROR ? "error" : "failure");
                        xml.writeAttribute("type", c.type());
                        xml.writeAttribute("message", c.message());
                        xml.writeCharacters(c.detail());
                        xml.writeEndElement();
                    }
                    case SKIPPED -> {
                        xml.writeStartElement("skipped");
                        xml.writeAttribute("message", c.message());
                        xml.writeCharacters(c.detail());
                        xml.writeEndElement();
                    }
                    case PASSED -> {
                        xml.writeStartElement("system-out");
                        xml.writeCharacters(c.detail());
                        xml.writeEndElement();
                    }
                }
                xml.writeEndElement();
                xml.writeCharacters("\n");
            }
            xml.writeEndElement();
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("writing JUnit XML to a string failed", e);
        }
        return text + "\n";
    }

    private static String count(List<Case> cases, Kind kind) {
        return Long.toString(cases.stream().filter(c -> c.kind() == kind).count());
    }

    /** Seconds with three decimals and no grouping: Surefire's time pattern. */
    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", Math.max(0, s));
    }
}
