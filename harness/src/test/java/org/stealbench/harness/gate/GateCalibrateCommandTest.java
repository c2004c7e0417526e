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
        assertTrue(top[1].contains("run") && top[1].contains("score") && !top[1].contains("analyze-stored"), top[1]);
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
            pairs.add(new PairedJob.ForkValues[]{new PairedJob.ForkValues(10 + i, "ns/op", Double.NaN, Double.NaN),
                new PairedJob.ForkValues(10 + i, "ns/op", Double.NaN, Double.NaN)});
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

    @Test
    void summaryOfAFolderScoresAsTheFolderDoesAndRecordsItsCommand() throws Exception {
        Path cal = dir.resolve("cal");
        java.util.List<PairedJob.ForkValues[]> pairs = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            pairs.add(new PairedJob.ForkValues[]{new PairedJob.ForkValues(10 + i, "ns/op", 9.0, 0),
                new PairedJob.ForkValues(10.5 + i, "ns/op", 9.5, 0)});
        }
        PairedJob.writePairs(Files.createDirectories(cal.resolve("job-000-aa")), new PairedJob.Saved(
                java.util.List.of(4, 8), 0, 0.05, 100, java.util.Map.of("X.y", pairs)));
        PairedJob.writePairs(Files.createDirectories(cal.resolve("job-001-slow110")), new PairedJob.Saved(
                java.util.List.of(4), 0, 0.05, 110, java.util.Map.of("X.y", pairs)));
        Files.createDirectories(cal.resolve("job-002-aa"));
        Files.writeString(cal.resolve("calibration.md"), "# table\n\ncommand: scripts/gate-calibrate run --jobs 2\n");
        Path summary = dir.resolve("cal.json");
        String[] made = run("score", cal.toString(), "--summary", summary.toString());
        assertEquals("0", made[0], made[2]);
        assertTrue(Files.readString(summary).contains("\"command\" : \"scripts/gate-calibrate run --jobs 2\""));
        String[] fromFolder = run("score", cal.toString());
        String[] fromSummary = run("score", summary.toString());
        assertEquals("0", fromSummary[0], fromSummary[2]);
        assertEquals(fromFolder[1], fromSummary[1], "the same jobs, the same table");
        assertTrue(fromSummary[1].contains("cal/job-002-aa"), "the failed job is kept: " + fromSummary[1]);
        String[] again = run("score", cal.toString(), "--summary", summary.toString());
        assertTrue(again[0].equals("2") && again[2].contains("already exists"), again[2]);
        String[] notAFolder = run("score", summary.toString(), "--summary", dir.resolve("x.json").toString());
        assertTrue(notAFolder[0].equals("2") && notAFolder[2].contains("one calibration folder"), notAFolder[2]);
        assertFalse(Files.exists(dir.resolve("x.json")));
    }
}
