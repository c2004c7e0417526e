package org.stealbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The shared picocli setup: streams, one-line bad usage and bad input with exit 2, other failures left to picocli. */
final class HarnessCommandTest {

    /** Fails as --fail says: with an IllegalStateException (bad input here), else with an unexpected one. */
    @Command(name = "probe", mixinStandardHelpOptions = true, description = "A command for the test.")
    static final class Probe extends HarnessCommand {

        @Option(names = "--fail", paramLabel = "HOW")
        String fail;

        @Override
        public Integer call() {
            if ("bad".equals(fail)) {
                throw new IllegalStateException("--fail bad: refused");
            }
            if ("bug".equals(fail)) {
                throw new UnsupportedOperationException("a bug");
            }
            return 0;
        }
    }

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(boolean withBadInput, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int code = (withBadInput
                ? HarnessCommand.commandLine(new Probe(), o, e, "see probe --help", IllegalStateException.class)
                : HarnessCommand.commandLine(new Probe(), o, e, "see probe --help")).execute(args);
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void badUsage_oneLineNamingTheCommandAndHint_exit2() {
        Outcome o = run(false, "--nope");

        assertEquals(new Outcome(2, "", "probe: Unknown option: '--nope' (see probe --help)" + System.lineSeparator()), o);
    }

    @Test
    void help_goesToTheGivenOut_exit0() {
        Outcome o = run(false, "--help");

        assertEquals(0, o.code());
        assertTrue(o.out().startsWith("Usage: probe"), o.out());
        assertEquals("", o.err());
    }

    @Test
    void badInputType_oneLineWithItsMessage_exit2() {
        assertEquals(new Outcome(2, "", "probe: --fail bad: refused" + System.lineSeparator()), run(true, "--fail", "bad"));
    }

    @Test
    void otherExceptions_leftToPicocli_exit1WithTheTrace() {
        Outcome withType = run(true, "--fail", "bug");
        Outcome without = run(false, "--fail", "bad");

        assertEquals(1, withType.code());
        assertTrue(withType.err().contains("UnsupportedOperationException: a bug"), withType.err());
        assertEquals(1, without.code());
        assertTrue(without.err().contains("IllegalStateException: --fail bad: refused"), without.err());
    }
}
