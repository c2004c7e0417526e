package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/gate-ab}'s input checks, fork reading, outputs and promotion, run in-process. No
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
        oldRoot = System.getProperty(GateCommand.ROOT_PROPERTY);
        System.setProperty(GateCommand.ROOT_PROPERTY, dir.toString());
    }

    @AfterEach
    void restore() {
        if (oldRoot == null) {
            System.clearProperty(GateCommand.ROOT_PROPERTY);
        } else {
            System.setProperty(GateCommand.ROOT_PROPERTY, oldRoot);
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
    void listingParsesBenchmarksAndParams() {
        String listing = String.join("\n", "Benchmarks: ",
                "org.stealbench.harness.bench.DequeOpsBenchmark.pushPop",
                "  param \"depth\" = {0, 64}",
                "  param \"queue\" = {array-deque, locked, chase-lev}",
                "org.stealbench.harness.bench.ForkJoinFibBenchmark.fib",
                "  param \"pool\" = {ws-chase-lev}");
        Set<String> set = GateAbCommand.parseListing(listing);
        assertTrue(set.contains("org.stealbench.harness.bench.DequeOpsBenchmark.pushPop queue=chase-lev"));
        GateSubset.Entry pushPop = GateSubset.ci().entries().get(0);
        assertTrue(GateAbCommand.present(set, pushPop));
        GateSubset.Entry fib = GateSubset.ci().entries().get(4);
        assertFalse(GateAbCommand.present(set, fib), "fib's threshold and n parameters are missing");
    }

    private Path fork(String name, String primaryRaw, String secondary) throws IOException {
        String json = "[{\"benchmark\":\"org.stealbench.harness.bench.DequeOpsBenchmark.pushPop\",\"mode\":\"avgt\","
                + "\"threads\":1,\"forks\":1,\"warmupIterations\":3,\"measurementIterations\":2,"
                + "\"params\":{\"queue\":\"locked\",\"depth\":\"0\"},"
                + "\"primaryMetric\":{\"score\":10.0,\"scoreUnit\":\"ns/op\",\"rawData\":[" + primaryRaw + "]},"
                + "\"secondaryMetrics\":{" + secondary + "}}]";
        return Files.writeString(dir.resolve(name), json);
    }

    @Test
    void damagedValuesInAForkFailClosed() throws Exception {
        String ok = "\"cpu.time.norm\":{\"score\":9.0,\"scoreUnit\":\"ns/op\",\"rawData\":[[9.0,9.0]]}";
        PairedJob.ForkValues v = PairedJob.read(fork("ok.json", "[10.0,10.0]", ok), "ok");
        assertEquals(10.0, v.time());
        assertEquals(9.0, v.cpu());
        for (String[] bad : List.of(new String[]{"[10.0,\"NaN\"]", "NaN"}, new String[]{"[\"+INF\",10.0]", "+INF"},
                new String[]{"[10.0,\"-INF\"]", "-INF"}, new String[]{"[10.0,-3.0]", "-3.0"},
                new String[]{"[]", "empty fork"})) {
            GateException e = assertThrows(GateException.class,
                    () -> PairedJob.read(fork("bad.json", bad[0], ok), "row"));
            assertTrue(e.getMessage().contains(bad[1]), e.getMessage());
        }
        String damagedCpu = "\"cpu.time.norm\":{\"score\":\"NaN\",\"scoreUnit\":\"ns/op\",\"rawData\":[[9.0]]}";
        assertThrows(GateException.class, () -> PairedJob.read(fork("cpu.json", "[10.0]", damagedCpu), "row"));
    }

    @Test
    void aMetricOnOneSideOnlyOrDifferentThreadsFailClosed() throws Exception {
        String cpu = "\"cpu.time.norm\":{\"score\":9.0,\"scoreUnit\":\"ns/op\",\"rawData\":[[9.0]]}";
        PairedJob.ForkValues with = PairedJob.read(fork("a.json", "[10.0]", cpu), "a");
        PairedJob.ForkValues without = PairedJob.read(fork("b.json", "[10.0]", ""), "b");
        GateException e = assertThrows(GateException.class,
                () -> PairedJob.checkPairs("row", List.<PairedJob.ForkValues[]>of(new PairedJob.ForkValues[]{with, without})));
        assertTrue(e.getMessage().contains("one side only"), e.getMessage());
        String threads = Files.readString(dir.resolve("a.json")).replace("\"threads\":1", "\"threads\":2");
        PairedJob.ForkValues two = PairedJob.read(Files.writeString(dir.resolve("t.json"), threads), "t");
        e = assertThrows(GateException.class,
                () -> PairedJob.checkPairs("row", List.<PairedJob.ForkValues[]>of(new PairedJob.ForkValues[]{with, two})));
        assertTrue(e.getMessage().contains("thread counts differ"), e.getMessage());
    }

    @Test
    void unitsAreConvertedBeforeTheRatio() throws Exception {
        PairedJob.ForkValues ns = PairedJob.read(fork("ns.json", "[1000.0]", ""), "ns");
        String us = Files.readString(dir.resolve("ns.json")).replace("\"ns/op\"", "\"us/op\"").replace("1000.0", "1.1");
        PairedJob.ForkValues micro = PairedJob.read(Files.writeString(dir.resolve("us.json"), us), "us");
        List<Double> r = PairedJob.timeLogRatios(List.<PairedJob.ForkValues[]>of(new PairedJob.ForkValues[]{ns, micro}));
        assertEquals(Math.log(1.1), r.get(0), 1e-9);
    }

    @Test
    void markdownPutsRegressionsFirstFoldsTheRestAndEscapes() {
        PairedGate.Row pass = new PairedGate.Row("A.b q=<x>|y", "time", "ns/op", 4, 10, 10, 0, 0.1, 0.1, false, 0.5, 1,
                GateVerdict.PASS, "within");
        PairedGate.Row slow = new PairedGate.Row("A.c q=1", "time", "ns/op", 4, 10, 13, 0.3, 0.1, 0.1, false, 0.001, 1,
                GateVerdict.REGRESSION, "slower");
        GateAbOutput.Report r = new GateAbOutput.Report("base", "abc", "current", "def", "cpu, 2 cores", "jdk 17",
                "statistics", List.of(pass, slow), List.of(), List.of(), List.of(), 12.5, null);
        String md = GateAbOutput.markdown(r, false);
        assertTrue(md.indexOf("A.c") < md.indexOf("<details>"), md);
        assertTrue(md.contains("&lt;x&gt;\\|y"), md);
        assertTrue(md.contains("`abc`") && md.contains("`def`"), md);
        assertEquals(1, r.exitCode(false));
        String xml = GateAbOutput.junit(r, false);
        assertTrue(xml.contains("classname=\"stealbench.gate.A.c\"") && xml.contains("classname=\"stealbench.gate.A.b\""), xml);
        assertTrue(xml.contains("failures=\"1\"") && xml.contains("time=\"12.500\""), xml);
    }

    @Test
    void unjudgedRowsAreSaidLoudlyAndFailUnderStrict() {
        PairedGate.Row open = new PairedGate.Row("A.b", "cpu", "ns/op", 8, 10, 11, 0.1, 0.1, 0.3, false, 0.2, 2,
                GateVerdict.INCONCLUSIVE, "neither");
        GateAbOutput.Report r = new GateAbOutput.Report("base", "abc", "current", "def", "m", "j", "s",
                List.of(open), List.of(), List.of(), List.of(), 1, null);
        assertEquals(0, r.exitCode(false));
        assertEquals(3, r.exitCode(true));
        assertTrue(GateAbOutput.text(r, false).contains("WARNING: 1 of 1 gated rows could NOT be judged"));
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
        assertTrue(labels.contains("QueueDrainBenchmark.queueAndDrain items=250000 pool=ws-chase-lev separate=false"), labels.toString());
        assertTrue(labels.stream().anyMatch(l -> l.startsWith("ForkJoinFibBenchmark.fib") && l.contains("ws-chase-lev")));
        // worst case (every row to the last look) plus about 90 s for the baseline build: under 8 minutes
        assertTrue(ci.estimateSeconds(false)[1] + 90 < 8 * 60, "plan " + ci.estimateSeconds(false)[1] + " s");
        assertTrue(ci.estimateSeconds(true)[1] + 90 < 8 * 60, "plan " + ci.estimateSeconds(true)[1] + " s");
        assertEquals(Map.of("workPercent", "110", "queue", "chase-lev"),
                GateSubset.calibration(110, false).paramsB(GateSubset.calibration(110, false).entries().get(0)));
        // under the alternating engine too, only side B runs the injected work
        GateSubset calibration = GateSubset.calibration(110, false);
        AlternatingFork.Spec fork = calibration.alternation(calibration.entries().get(0), "a.jar", "b.jar");
        assertEquals("100", fork.paramsA().get("workPercent"));
        assertEquals("110", fork.paramsB().get("workPercent"));
        assertEquals("GateCalibrationBenchmark.pushPopBatch", fork.benchmark());
        // a calibration job's one row is judged in the Holm family of the CI subset's metric rows
        assertEquals(3 * ci.entries().size(), GateSubset.calibration(110, false).family());
        assertEquals(0, ci.family());
    }
}
