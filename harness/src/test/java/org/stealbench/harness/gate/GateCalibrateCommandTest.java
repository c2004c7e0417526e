package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code scripts/gate-calibrate}'s command line: help, one-line errors, no stack traces, nothing created. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GateCalibrateCommandTest {

    @TempDir
    Path dir;

    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = GateCalibrateCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[]{Integer.toString(code), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    private void assertBad(String[] o, String fragment) throws IOException {
        assertEquals("2", o[0], o[2]);
        assertEquals(1, o[2].strip().lines().count(), o[2]);
        assertTrue(o[2].contains(fragment), o[2]);
        assertFalse(o[2].contains("Exception") || o[2].contains("\tat "), o[2]);
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(0, s.count(), "nothing created");
        }
    }

    @Test
    void helpWorksForTheCommandAndItsSubcommands() {
        String[] top = run("--help");
        assertEquals("0", top[0]);
        assertTrue(top[1].contains("run") && top[1].contains("score") && top[1].contains("analyze-stored"), top[1]);
        String[] sub = run("run", "--help");
        assertEquals("0", sub[0]);
        assertTrue(sub[1].contains("--jobs") && sub[1].contains("--slowdown-jobs"), sub[1]);
    }

    @Test
    void badInputsGiveOneLineAndExitTwo() throws IOException {
        assertBad(run("run", "--jobs"), "--jobs");
        assertBad(run("run", "--jobs", "many"), "--jobs");
        assertBad(run("--bogus"), "--bogus");
        assertBad(run("run", "--slowdowns", "90", "--out", dir.resolve("x").toString()), "--slowdowns");
        assertBad(run("run", "--jobs", "0", "--slowdown-jobs", "0"), "not both 0");
        assertBad(run("analyze-stored", dir.resolve("missing").toString()), "no such folder");
        assertBad(run(), "subcommand");
    }

    @Test
    void scoreRefusesAMissingFolderAndAnExistingProposalFile() throws IOException {
        assertBad(run("score", dir.resolve("missing").toString()), "no such folder");
        Path taken = Files.createFile(dir.resolve("taken.json"));
        String[] o = run("score", dir.toString(), "--propose", taken.toString());
        assertEquals("2", o[0], o[2]);
        assertTrue(o[2].contains("already exists"), o[2]);
    }

    @Test
    void scorePrintsTheTableOfSavedJobsAndWritesProposedThresholds() throws Exception {
        Path job = Files.createDirectories(dir.resolve("cal/job-000-aa"));
        java.util.List<PairedJob.ForkValues[]> pairs = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            pairs.add(new PairedJob.ForkValues[]{new PairedJob.ForkValues(10 + i, "ns/op", Double.NaN, Double.NaN, null),
                new PairedJob.ForkValues(10 + i, "ns/op", Double.NaN, Double.NaN, null)});
        }
        PairedJob.writePairs(job, new PairedJob.Saved(java.util.List.of(4, 8), 0, 0.05, 100, java.util.Map.of("X.y", pairs)));
        Path proposed = dir.resolve("proposed.json");
        String[] o = run("score", dir.resolve("cal").toString(), "--propose", proposed.toString());
        assertEquals("0", o[0], o[2]);
        assertTrue(o[1].contains("| A/A (one jar on both sides, the gate's subset) | 1 | 0 | 1 |"), o[1]);
        assertTrue(o[1].contains("cal/job-000-aa: PASS"), o[1]);
        // the proposal is a thresholds file the gate reads, with a rule for the row
        GateThresholds.load(proposed);
        assertTrue(Files.readString(proposed).contains("\"X.y\""), Files.readString(proposed));
    }
}
