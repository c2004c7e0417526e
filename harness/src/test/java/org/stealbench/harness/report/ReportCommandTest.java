package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report command's exit codes and messages on bad input, run in-process. */
@Tag("quick")
final class ReportCommandTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return ReportCommand.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
    }

    private String errLines() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private static List<Path> files(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.sorted().toList();
        }
    }

    @Test
    void onlyResultFileDamaged_exits2_quotesTheParserWithoutInternals_writesNothing() throws Exception {
        Path run = Files.createDirectory(dir.resolve("20261123T000000Z-abc1234"));
        Files.writeString(run.resolve("env.json"), "{}");
        Files.writeString(run.resolve("jmh-deque-ops.json"), "[{\"benchmark\": \"x\"}, [1, 2");
        List<Path> before = files(dir);

        assertEquals(2, run(run.toString()));

        String message = errLines();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("report: " + run + ": no result could be read: " + run.resolve("jmh-deque-ops.json")
                + ": not valid JSON, truncated or damaged (line 1, column "), message);
        assertTrue(message.contains("start marker at line 1, column"), message);
        assertFalse(message.contains("StreamReadFeature") || message.contains("[Source") || message.contains("REDACTED"), message);
        assertEquals(before, files(dir), "no report folder or page");
    }

    @Test
    void damagedEnvJson_messageHasNoParserInternals() throws Exception {
        Path run = ReportRenderTest.copyFixture(dir.resolve("20261122T032225Z-62528d8"));
        Files.writeString(run.resolve("env.json"), "{\"jdk\": [1, 2");
        Path page = dir.resolve("page");

        assertEquals(0, run("--out", page.toString(), run.toString()));

        String html = Files.readString(page.resolve("index.html"));
        assertTrue(html.contains("env.json: not valid JSON"), "the problem is on the page");
        assertFalse(html.contains("StreamReadFeature") || errLines().contains("StreamReadFeature"), errLines());
    }

    @Test
    void outIsAFile_exits2_beforeReadingOrWriting() throws Exception {
        Path run = ReportRenderTest.copyFixture(dir.resolve("20261122T032225Z-62528d8"));
        Path file = Files.writeString(dir.resolve("taken"), "x");
        List<Path> before = files(dir);

        assertEquals(2, run("--out", file.toString(), run.toString()));

        assertEquals("report: --out " + file + ": exists and is not a folder (see scripts/report --help)\n", errLines());
        assertEquals(before, files(dir));
        assertEquals("x", Files.readString(file));
    }

    @Test
    void missingRun_exits2_oneLineNamingIt_writesNothing() throws Exception {
        Path missing = dir.resolve("no-such-run");
        List<Path> before = files(dir);

        assertEquals(2, run(missing.toString()));

        assertEquals(1, errLines().lines().count(), errLines());
        assertTrue(errLines().startsWith("report: " + missing + ": "), errLines());
        assertEquals(before, files(dir));
    }

    @Test
    void unknownBaseline_exits2_oneLineNamingIt_beforeReadingOrWriting() throws Exception {
        Path run = ReportRenderTest.copyFixture(dir.resolve("20261122T032225Z-62528d8"));
        List<Path> before = files(dir);

        assertEquals(2, run("--baseline", "nope", run.toString()));

        assertEquals(1, errLines().lines().count(), errLines());
        assertTrue(errLines().startsWith("report: --baseline: ") && errLines().contains("'nope'"), errLines());
        assertEquals(before, files(dir));
    }

    @Test
    void unknownOption_oneLine_exits2() {
        assertEquals(2, run("--outt", "x", "y"));
        assertEquals(1, errLines().lines().count(), errLines());
        assertTrue(errLines().startsWith("report: Unknown option: '--outt'"), errLines());
        assertFalse(Files.exists(Path.of("x")));
    }

    @Test
    void severalSources_defaultFolder_isUnderTheRepositoryRootNotTheWorkingDirectory() {
        String previous = System.getProperty(ReportCommand.ROOT_PROPERTY);
        System.setProperty(ReportCommand.ROOT_PROPERTY, dir.toString());
        try {
            Path folder = ReportCommand.defaultFolder(List.of(dir.resolve("a"), dir.resolve("b")));
            assertEquals(dir.resolve("results").resolve("reports"), folder.getParent());
        } finally {
            if (previous == null) {
                System.clearProperty(ReportCommand.ROOT_PROPERTY);
            } else {
                System.setProperty(ReportCommand.ROOT_PROPERTY, previous);
            }
        }
    }
}
