package org.stealbench.harness.history;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** {@code scripts/history}'s engine run in the test's process, its output and errors captured per call. */
final class HistoryCli {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Runs the command; returns its exit code. */
    int run(String... args) {
        out.reset();
        err.reset();
        return HistoryCommand.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
    }

    /** What the last call wrote to standard output. */
    String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** What the last call wrote to standard error. */
    String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
