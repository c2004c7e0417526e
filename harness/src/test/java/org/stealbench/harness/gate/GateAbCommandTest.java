package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/gate-ab}'s input checks, outputs on bad input and promotion, run in-process. No
 * benchmark runs here: every bad input is refused before a fork starts.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GateAbCommandTest {

    @TempDir
    Path dir;

    private String oldRoot;

    record Outcome(int code, String out, String err) {
    }

    @BeforeEach
    void root() {
        oldRoot = System.getProperty(GateAbCommand.ROOT_PROPERTY);
        System.setProperty(GateAbCommand.ROOT_PROPERTY, dir.toString());
    }

    @AfterEach
    void restore() {
        if (oldRoot == null) {
            System.clearProperty(GateAbCommand.ROOT_PROPERTY);
        } else {
            System.setProperty(GateAbCommand.ROOT_PROPERTY, oldRoot);
        }
    }

    static Outcome gateAb(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = GateAbCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).toList();
        }
    }

    private void assertBadInput(Outcome o, String... fragments) throws IOException {
        assertEquals(2, o.code(), o.toString());
        assertEquals(1, o.err().strip().lines().count(), "one line: " + o.err());
        assertFalse(o.err().contains("Exception"), "no stack trace: " + o.err());
        for (String f : fragments) {
            assertTrue(o.err().contains(f), "'" + f + "' in: " + o.err());
        }
        assertEquals(List.of(), files(), "nothing created");
    }

    @Test
    void badInputsExitTwoWithOneLineAndCreateNothing() throws IOException {
        assertBadInput(gateAb(), "exactly one of --baseline-ref");
        assertBadInput(gateAb("--baseline-ref", "HEAD", "--baseline-jar", "x.jar"), "exactly one of");
        assertBadInput(gateAb("--baseline-jar", dir.resolve("missing.jar").toString()), "missing.jar", "no such file");
        assertBadInput(gateAb("--bogus"), "Unknown option", "--bogus");
        assertBadInput(gateAb("--baseline-ref"), "--baseline-ref");
        assertBadInput(gateAb("--baseline-ref", "-x"), "not a git ref");
        assertBadInput(gateAb("--baseline-ref", "no-such-ref-anywhere"), "not a commit");
        assertBadInput(gateAb("--baseline-ref", "HEAD", "--alpha", "0.7"), "--alpha");
        assertBadInput(gateAb("--baseline-ref", "HEAD", "--subset", "pool-paths"), "Unknown option", "--subset");
        assertBadInput(gateAb("--baseline-ref", "HEAD", "--calibration-work", "110", "--calibration-path", "steal"),
                "--calibration-path", "unknown path 'steal'");
        assertBadInput(gateAb("--baseline-ref", "HEAD", "--cpus", "zero"), "--cpus");
        assertBadInput(gateAb("--baseline-ref", "HEAD", "--reason", "x"), "--reason goes with --promote");
        assertBadInput(gateAb("--promote", "HEAD"), "--reason");
    }

    @Test
    void notAJarIsRefusedAndTheRequestedJunitFileHoldsOneErrorCase() throws IOException {
        Path fake = Files.writeString(dir.resolve("fake.jar"), "not a zip");
        Path junit = dir.resolve("out/junit.xml");
        Outcome o = gateAb("--baseline-jar", fake.toString(), "--junit", junit.toString());
        assertEquals(2, o.code(), o.toString());
        assertTrue(o.err().contains("not a readable jar"), o.err());
        String xml = Files.readString(junit);
        assertTrue(xml.contains("errors=\"1\"") && xml.contains("tests=\"1\"") && xml.contains("BAD_INPUT"), xml);
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(junit)));
    }

    @Test
    void badInputWithAnOutFolderStillWritesGateMdJunitAndTheStepSummary() throws Exception {
        Path fake = Files.writeString(dir.resolve("fake.jar"), "not a zip");
        Path job = dir.resolve("job");
        Path summary = dir.resolve("step-summary.md");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = GateAbCommand.run(new String[]{"--baseline-jar", fake.toString(), "--out", job.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), summary.toString());
        assertEquals(2, code);
        assertEquals(1, err.toString(StandardCharsets.UTF_8).strip().lines().count(), err.toString());
        String md = Files.readString(job.resolve("gate.md"));
        assertTrue(md.contains("ERROR") && md.contains("**bad input:**") && md.contains("not a readable jar"), md);
        assertFalse(md.contains(dir.toString()), "no machine path: " + md);
        GateAbOutputTest.assertSchemaValid(Files.readString(job.resolve("gate-junit.xml")));
        assertEquals(md + "\n", Files.readString(summary));
    }

    @Test
    void badInputWithAnExistingOutFolderLeavesItAlone() throws Exception {
        Path job = Files.createDirectories(dir.resolve("job"));
        Path kept = Files.writeString(job.resolve("gate.md"), "an earlier job's report");
        Outcome o = gateAb("--baseline-jar", dir.resolve("missing.jar").toString(), "--out", job.toString());
        assertEquals(2, o.code());
        assertEquals("an earlier job's report", Files.readString(kept));
    }

    @Test
    void helpAndVersionExitZero() {
        Outcome help = gateAb("--help");
        assertEquals(0, help.code());
        assertTrue(help.out().contains("--baseline-ref") && help.out().contains("--promote"), help.out());
        assertFalse(help.out().contains("--calibration-work"), "hidden option");
        Outcome version = gateAb("--version");
        assertEquals(0, version.code());
        assertTrue(version.out().startsWith("stealbench ") && version.out().contains("git"), version.out());
    }

    @Test
    void listing_readsTheJarsBenchmarkListWithParamNames(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("b.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/BenchmarkList"));
            try (InputStream list = GateAbCommandTest.class.getResourceAsStream("/META-INF/BenchmarkList")) {
                list.transferTo(out);
            }
        }
        Map<String, Set<String>> listing = GateAbCommand.listed(jar);

        assertTrue(listing.get("org.stealbench.harness.bench.DequeOpsBenchmark.pushPop").containsAll(Set.of("depth", "queue")));
        GateSubset.ci().entries().forEach(e -> assertTrue(GateAbCommand.present(listing, e), e.label()));
        GateSubset.Entry fork = GateSubset.ci().entries().get(3);
        Map<String, Set<String>> noThreads = Map.of(fork.benchmark(), Set.of("pool", "workPercent"));
        assertFalse(GateAbCommand.present(noThreads, fork), "the fork row's threads parameter is missing");
        assertFalse(GateAbCommand.present(Map.of(), fork), "the fork row is missing (a baseline jar before it)");
    }

    @Test
    void unitsAreConvertedBeforeTheRatio() {
        PairedJob.ForkValues ns = new PairedJob.ForkValues(1000.0, "ns/op", Double.NaN, Double.NaN);
        PairedJob.ForkValues micro = new PairedJob.ForkValues(1.1, "us/op", Double.NaN, Double.NaN);
        List<Double> r = PairedJob.timeLogRatios(List.<PairedJob.ForkValues[]>of(new PairedJob.ForkValues[]{ns, micro}));
        assertEquals(Math.log(1.1), r.get(0), 1e-9);
    }

    private static void git(Path repo, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString(), "-c", "user.name=t",
                "-c", "user.email=t@example.org"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertEquals(0, p.waitFor(), String.join(" ", command));
    }

    @Test
    void promoteWritesTheFullShaAndLogsTheReasonButRefusesADirtyHead() throws Exception {
        git(dir, "init", "-q");
        Files.writeString(dir.resolve("a.txt"), "1");
        git(dir, "add", "a.txt");
        git(dir, "commit", "-q", "-m", "one");
        Outcome ok = gateAb("--promote", "HEAD", "--reason", "accepted: a slower but correct deque");
        assertEquals(0, ok.code(), ok.toString());
        String sha = Files.readString(dir.resolve("results/baseline/REF")).strip();
        assertTrue(sha.matches("[0-9a-f]{40}"), sha);
        assertTrue(Files.readString(dir.resolve("results/baseline/REF.log")).contains("accepted: a slower"));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve("results/baseline/REF"))));
        Files.writeString(dir.resolve("a.txt"), "2");
        Outcome dirty = gateAb("--promote", "HEAD", "--reason", "again");
        assertEquals(2, dirty.code(), dirty.toString());
        assertTrue(dirty.err().contains("uncommitted changes"), dirty.err());
        assertEquals(sha, Files.readString(dir.resolve("results/baseline/REF")).strip(), "unchanged");
    }

    @Test
    void theCiSubsetCoversTheCodeUsersCareAboutAndFitsTheBudget() {
        GateSubset ci = GateSubset.ci();
        List<String> labels = ci.entries().stream().map(GateSubset.Entry::label).toList();
        assertTrue(labels.contains("DequeOpsBenchmark.pushPop depth=0 queue=chase-lev"), labels.toString());
        assertTrue(labels.contains("DequeOpsBenchmark.pushPop depth=0 queue=duffy"));
        assertTrue(labels.contains("DequeOpsBenchmark.pushPop depth=0 queue=locked"));
        // the pool rows are exactly the rows the planted pool slowdowns stand for
        assertEquals(List.of(GateSubset.Planted.FORK.entry(), GateSubset.Planted.SUBMIT.entry()),
                ci.entries().subList(3, 5));
        assertEquals(5, labels.size(), labels.toString());
        assertEquals(labels, GateSubset.of(true).entries().stream().map(GateSubset.Entry::label).toList(),
                "a quick check runs the same rows");
        // worst case (every row to the last look) plus about 90 s for the baseline build: under 8 minutes
        assertTrue(ci.estimateSeconds()[1] + 90 < 8 * 60, "plan " + ci.estimateSeconds()[1] + " s");
        assertEquals(Map.of("workPercent", "110", "queue", "chase-lev"),
                GateSubset.calibration(GateSubset.Planted.DEQUE, 110, false).paramsB(GateSubset.calibration(GateSubset.Planted.DEQUE, 110, false).entries().get(0)));
        // under the alternating engine too, only side B runs the injected work
        GateSubset calibration = GateSubset.calibration(GateSubset.Planted.DEQUE, 110, false);
        AlternatingFork.Spec fork = calibration.alternation(calibration.entries().get(0), "a.jar", "b.jar");
        assertEquals("100", fork.paramsA().get("workPercent"));
        assertEquals("110", fork.paramsB().get("workPercent"));
        assertEquals("GateCalibrationBenchmark.pushPopBatch", fork.benchmark());
        // a calibration job's one row is judged in the Holm family of the CI subset's metric rows
        assertEquals(3 * ci.entries().size(), GateSubset.calibration(GateSubset.Planted.DEQUE, 110, false).family());
        assertEquals(0, ci.family());
    }

    @Test
    void plantedPoolSlowdowns_changeOnlySideBsWorkOnThePathsOwnRow() {
        for (GateSubset.Planted path : List.of(GateSubset.Planted.FORK, GateSubset.Planted.SUBMIT)) {
            GateSubset calibration = GateSubset.calibration(path, 125, false);
            GateSubset.Entry row = calibration.entries().get(0);
            assertEquals(List.of(row), calibration.entries(), "one row");
            assertEquals("GatePoolPathsBenchmark." + path.id() + " pool=ws-chase-lev threads=1 workPercent=100", row.label());
            assertTrue(row.singleShot());
            AlternatingFork.Spec fork = calibration.alternation(row, "a.jar", "b.jar");
            assertEquals("100", fork.paramsA().get("workPercent"));
            assertEquals("125", fork.paramsB().get("workPercent"));
            assertEquals(3 * GateSubset.ci().entries().size(), calibration.family());
        }
        assertEquals(GateSubset.Planted.FORK, GateSubset.Planted.byId("fork"));
        assertThrows(IllegalArgumentException.class, () -> GateSubset.Planted.byId("join"));
        assertThrows(IllegalArgumentException.class, () -> GateSubset.Planted.byId("steal"), "retired");
    }
}
