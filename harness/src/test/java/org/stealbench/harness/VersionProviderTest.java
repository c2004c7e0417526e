package org.stealbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stealbench.harness.gate.GateAbCommand;
import org.stealbench.harness.report.ReportCommand;
import org.stealbench.harness.run.BenchCommand;
import picocli.CommandLine;

/** -V/--version on every command: the build's version and git sha, exit 0. */
@Tag("quick")
final class VersionProviderTest {

    @Test
    void describe_cleanDirtyAndUnknown() {
        assertEquals("stealbench 1.2.0 (git 0123456789ab)", VersionProvider.describe("1.2.0", "0123456789ab\n"));
        assertEquals("stealbench 1.2.0 (git 0123456789ab, uncommitted changes)",
                VersionProvider.describe("1.2.0", "0123456789ab-dirty\n"));
        assertEquals("stealbench unknown (git unknown)", VersionProvider.describe("${project.version}", null));
        assertEquals("stealbench 1.2.0 (git unknown)", VersionProvider.describe("1.2.0", ""));
    }

    /** The build filled both in: this test runs from target/classes after process-classes. */
    @Test
    void getVersion_fromTheBuild_namesVersionAndSha() {
        String[] lines = new VersionProvider().getVersion();
        assertTrue(lines[0].matches("stealbench \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(git [0-9a-f]{7,40}(, uncommitted changes)?\\)"),
                lines[0]);
        assertTrue(lines[1].startsWith("Java " + System.getProperty("java.version")), lines[1]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-V", "--version"})
    void everyCommand_versionOption_printsTheVersionAndExits0(String option) {
        for (Object command : new Object[] {new BenchCommand(), new ReportCommand(), new GateAbCommand()}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            CommandLine cli = new CommandLine(command)
                    .setOut(new PrintWriter(new PrintStream(out, true, StandardCharsets.UTF_8), true));
            assertEquals(0, cli.execute(option), command.getClass().getSimpleName());
            String printed = out.toString(StandardCharsets.UTF_8);
            assertEquals(new VersionProvider().getVersion()[0], printed.lines().findFirst().orElse(""),
                    command.getClass().getSimpleName());
        }
    }
}
