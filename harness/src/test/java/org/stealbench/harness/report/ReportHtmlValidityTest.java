package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import nu.validator.validation.SimpleDocumentValidator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

/**
 * The fixture's page checked by the W3C Nu HTML checker (the validator's own library, offline):
 * no error. A page with what the checker must reject shows the check is live.
 */
@Tag("quick")
final class ReportHtmlValidityTest {

    @TempDir
    Path dir;

    @Test
    void fixturePage_hasNoNuCheckerError() throws Exception {
        Path run = ReportRenderTest.copyFixture(dir.resolve(ReportRenderTest.RUN));
        Path page = ReportCommand.render(List.of(run), "jdk-tpe", dir.resolve("page"));
        assertEquals(List.of(), nuErrors(page));
    }

    @Test
    void nuErrors_rawSpaceInADataUri_isReported() throws Exception {
        Path page = dir.resolve("bad.html");
        Files.writeString(page, "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>t</title></head>"
                + "<body><img src=\"data:image/svg+xml,%3Csvg xmlns%3D%22http://www.w3.org/2000/svg%22/%3E\" alt=\"x\">"
                + "</body></html>");
        List<String> errors = nuErrors(page);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).contains("Space is not allowed"), errors.get(0));
    }

    /** The Nu checker's errors (warnings left out) on an HTML file, each as {@code line:column: message}. */
    static List<String> nuErrors(Path html) throws Exception {
        List<String> errors = new ArrayList<>();
        ErrorHandler collect = new ErrorHandler() {
            @Override
            public void warning(SAXParseException e) {
            }

            @Override
            public void error(SAXParseException e) {
                errors.add(e.getLineNumber() + ":" + e.getColumnNumber() + ": " + e.getMessage());
            }

            @Override
            public void fatalError(SAXParseException e) {
                error(e);
            }
        };
        SimpleDocumentValidator validator = new SimpleDocumentValidator(true, false, false);
        validator.setUpMainSchema("http://s.validator.nu/html5-all.rnc", collect);
        validator.setUpValidatorAndParsers(collect, false, false);
        validator.checkHtmlFile(html.toFile(), true);
        return errors;
    }
}
