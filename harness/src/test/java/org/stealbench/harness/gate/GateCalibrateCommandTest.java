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
        assertBad(run("run", "--paths", "deque,join"), "--paths");
        assertBad(run("run", "--paths", "fork,steal"), "unknown path 'steal'");
        assertBad(run("run", "--subset", "pool-paths"), "--subset");
        assertBad(run("run", "--out", dir.resolve("x").toString(), "--resume", dir.resolve("y").toString()), "not both");
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
        PairedJob.writePairs(job, new PairedJob.Saved(java.util.List.of(4, 8), 0, 0.05, 100, java.util.Map.of(GateCalibrateCommand.MIRROR, pairs)));
        Path proposed = dir.resolve("proposed.json");
        String[] o = run("score", dir.resolve("cal").toString(), "--propose", proposed.toString());
        assertEquals("0", o[0], o[2]);
        assertTrue(o[1].contains("| A/A (one jar on both sides, the gate's subset) | 1 | 0 | 1 |"), o[1]);
        assertTrue(o[1].contains("cal/job-000-aa: PASS"), o[1]);
        // the proposal is a thresholds file the gate reads, with a rule for the row
        GateThresholds.load(proposed);
        assertTrue(Files.readString(proposed).contains("\"" + GateCalibrateCommand.MIRROR + "\""), Files.readString(proposed));
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

    /** Runs {@code args} with the repository root at {@code root}. */
    private static String[] runAt(Path root, String... args) {
        String old = System.getProperty(GateCalibrateCommand.ROOT_PROPERTY);
        System.setProperty(GateCalibrateCommand.ROOT_PROPERTY, root.toString());
        try {
            return run(args);
        } finally {
            if (old == null) {
                System.clearProperty(GateCalibrateCommand.ROOT_PROPERTY);
            } else {
                System.setProperty(GateCalibrateCommand.ROOT_PROPERTY, old);
            }
        }
    }

    /** A repository whose built jar holds {@code jar}, and a calibration folder made from it with the CI subset. */
    private Path calibrationFolder(String jar) throws IOException {
        Path root = Files.createDirectories(dir.resolve("repo/harness/target")).getParent().getParent();
        Files.writeString(root.resolve("harness/target/benchmarks.jar"), jar);
        Path cal = Files.createDirectories(dir.resolve("cal"));
        Files.writeString(cal.resolve("benchmarks.jar"), jar);
        String rows = GateSubset.ci().entries().stream().map(e -> "\"" + e.label() + "\"")
                .collect(java.util.stream.Collectors.joining(", "));
        Files.writeString(cal.resolve(GateCalibrateCommand.SETUP), "{ \"subset\" : \"ci\", \"quickCheck\" : false, "
                + "\"rows\" : [ " + rows + " ], \"commands\" : [ \"scripts/gate-calibrate run --jobs 2\" ] }");
        Files.createDirectories(cal.resolve("job-007-aa"));
        return cal;
    }

    private static java.util.List<String> listing(Path folder) throws IOException {
        try (Stream<Path> s = Files.walk(folder)) {
            return s.map(Path::toString).sorted().toList();
        }
    }

    @Test
    void resume_refusesAFolderOfAnotherJarOrOtherRowsAndChangesNothing() throws IOException {
        Path cal = calibrationFolder("jar one");
        Path root = dir.resolve("repo");
        java.util.List<String> before = listing(cal);
        String[] quick = runAt(root, "run", "--resume", cal.toString(), "--quick-check", "--jobs", "1");
        assertTrue(quick[0].equals("2") && quick[2].contains("other rows"), quick[2]);
        Files.writeString(cal.resolve(GateCalibrateCommand.SETUP), Files.readString(cal.resolve(GateCalibrateCommand.SETUP))
                .replace("\"rows\" : [ \"", "\"rows\" : [ \"Renamed.row\", \""));
        String[] renamed = runAt(root, "run", "--resume", cal.toString(), "--jobs", "1");
        assertEquals("2", renamed[0], renamed[2]);
        assertTrue(renamed[2].contains("other rows") && renamed[2].strip().lines().count() == 1,
                "a folder of the gate's former rows: " + renamed[2]);
        Files.writeString(root.resolve("harness/target/benchmarks.jar"), "jar two");
        String[] jar = runAt(root, "run", "--resume", cal.toString(), "--jobs", "1");
        assertEquals("2", jar[0], jar[2]);
        assertTrue(jar[2].contains("another jar"), jar[2]);
        Path empty = Files.createDirectories(dir.resolve("empty"));
        String[] none = runAt(root, "run", "--resume", empty.toString(), "--jobs", "1");
        assertTrue(none[0].equals("2") && none[2].contains(GateCalibrateCommand.SETUP), none[2]);
        assertEquals(before, listing(cal), "the folder is untouched");
    }

    @Test
    void resume_dryRun_acceptsTheSameJarAndRowsAndPlansEveryPathsJobs() throws IOException {
        Path cal = calibrationFolder("jar one");
        Files.writeString(cal.resolve(GateCalibrateCommand.SETUP), Files.readString(cal.resolve(GateCalibrateCommand.SETUP))
                .replace("\"quickCheck\" : false", "\"quickCheck\" : true"));
        java.util.List<String> before = listing(cal);
        // the folder's subset and quick check are taken when the command line leaves them out
        String[] o = runAt(dir.resolve("repo"), "run", "--resume", cal.toString(), "--dry-run", "--jobs", "2",
                "--paths", "fork,submit", "--slowdowns", "110,125", "--slowdown-jobs", "3");
        assertEquals("0", o[0], o[2]);
        double[] quick = GateSubset.of(true).estimateSeconds();
        assertTrue(o[1].contains(String.format(java.util.Locale.ROOT, "2 x A/A (one jar on both sides, the gate's subset): "
                + "rows %s; %.0f to %.0f s", GateSubset.ci().entries().stream().map(GateSubset.Entry::label).toList(),
                quick[0], quick[1])), "the folder's quick check: " + o[1]);
        assertTrue(o[1].contains("3 x planted +10% on the fork path: rows [GatePoolPathsBenchmark.fork pool=ws-chase-lev "
                + "threads=1 workPercent=100]"), o[1]);
        assertTrue(o[1].contains("3 x planted +25% on the submit path"), o[1]);
        assertFalse(o[1].contains("deque") || o[1].contains("injected"), o[1]);
        assertTrue(o[1].contains("estimate: "), o[1]);
        assertEquals(before, listing(cal), "a dry run writes nothing");
    }

    @Test
    void resume_numbersItsJobsAfterTheFoldersLast() throws Exception {
        Path cal = calibrationFolder("jar one");
        assertEquals(8, GateCalibrateCommand.Run.nextJob(cal));
        assertEquals(0, GateCalibrateCommand.Run.nextJob(Files.createDirectories(dir.resolve("fresh"))));
    }

    private Path jarOf(String name, String describe, String filler) throws IOException {
        Path jar = dir.resolve(name);
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new java.util.jar.JarEntry("stealbench/git-sha"));
            out.write(describe.getBytes(StandardCharsets.UTF_8));
            out.putNextEntry(new java.util.jar.JarEntry("filler"));
            out.write(filler.getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    @Test
    void sameCode_sameBytesOrOneCleanCommit() throws Exception {
        Path clean = jarOf("a.jar", "abc1234", "built at 10:00");
        assertTrue(GateCalibrateCommand.Run.sameCode(clean, jarOf("b.jar", "abc1234", "rebuilt at 11:00")));
        assertFalse(GateCalibrateCommand.Run.sameCode(clean, jarOf("c.jar", "def5678", "built at 10:00")));
        Path dirty = jarOf("d.jar", "abc1234-dirty", "built at 10:00");
        assertFalse(GateCalibrateCommand.Run.sameCode(dirty, jarOf("e.jar", "abc1234-dirty", "rebuilt at 11:00")),
                "uncommitted changes may differ");
        assertTrue(GateCalibrateCommand.Run.sameCode(dirty, dirty));
        assertFalse(GateCalibrateCommand.Run.sameCode(Files.writeString(dir.resolve("x.jar"), "not a jar"),
                Files.writeString(dir.resolve("y.jar"), "not a jar either")), "no commit recorded");
    }
}
