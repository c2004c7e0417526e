package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stealbench.harness.gate.SyntheticJmh.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.gate.SyntheticJmh.Bench;
import org.w3c.dom.Document;

/** The command line: exit codes, messages, output files, promote. Runs the main without System.exit. */
@Tag("quick")
final class GateCommandTest {

    @TempDir
    Path dir;

    record Outcome(int code, String out, String err) {
    }

    static Outcome gate(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = GateCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Bench pushPop(String queue) {
        return bench("DequeOpsBenchmark.pushPop").param("queue", queue).param("depth", "0").allocation(24);
    }

    Path file(String name, Bench... benches) {
        return SyntheticJmh.write(dir.resolve(name), benches);
    }

    Path baseline() {
        return file("base.json", pushPop("locked"), pushPop("blocking"));
    }

    /** Asserts exit 2 with a message on stderr naming {@code named} and containing {@code problem}, no stack trace. */
    static void assertBadInput(Outcome o, String named, String problem) {
        assertEquals(2, o.code(), o.toString());
        assertTrue(o.err().contains(named), "names " + named + ": " + o.err());
        assertTrue(o.err().contains(problem), "says '" + problem + "': " + o.err());
        assertFalse(o.err().contains("\tat "), "no stack trace: " + o.err());
    }

    @Test
    void gate_identicalRuns_exitsZeroWithTable() {
        Path base = baseline();
        Outcome o = gate("--baseline", base.toString(), "--current", base.toString());
        assertEquals(0, o.code(), o.toString());
        assertTrue(o.out().contains("DequeOpsBenchmark.pushPop"), o.out());
        assertTrue(o.out().contains("time ratio [interval]"), o.out());
        assertTrue(o.out().contains("gate: PASS"), o.out());
        assertTrue(o.out().contains("thresholds from"), "thresholds echoed: " + o.out());
    }

    @Test
    void gate_regression_exitsOne() {
        Path base = baseline();
        Path cur = file("cur.json", pushPop("locked").center(150).seed(2), pushPop("blocking"));
        Outcome o = gate("--baseline", base.toString(), "--current", cur.toString(), "--threshold", "0.1");
        assertEquals(1, o.code(), o.toString());
        assertTrue(o.out().contains("REGRESSION"), o.out());
        assertTrue(o.out().contains("--threshold 10% replaces every time threshold"), o.out());
    }

    @Test
    void gate_inconclusiveUnderStrict_exitsThree() {
        Path base = file("base.json", pushPop("locked").forks(2));
        Outcome lenient = gate("--baseline", base.toString(), "--current", base.toString());
        assertEquals(0, lenient.code(), lenient.toString());
        Outcome strict = gate("--baseline", base.toString(), "--current", base.toString(), "--strict");
        assertEquals(3, strict.code(), strict.toString());
        assertTrue(strict.out().contains("too few forks"), strict.out());
    }

    @Test
    void gate_markdownAndJunit_writtenWholeWithNoTemporaryFileLeft() throws Exception {
        Path base = baseline();
        Path cur = file("cur.json", pushPop("locked").center(150).seed(2), pushPop("blocking"),
                pushPop("jdk-cld"));
        Path out = dir.resolve("out");
        Path md = out.resolve("gate.md");
        Path xml = out.resolve("gate.xml");
        Outcome o = gate("--baseline", base.toString(), "--current", cur.toString(), "--threshold", "0.1",
                "--markdown", md.toString(), "--junit", xml.toString());
        assertEquals(1, o.code(), o.toString());
        String markdown = Files.readString(md);
        assertTrue(markdown.contains("| benchmark | params |"), markdown);
        assertTrue(markdown.contains("**REGRESSION**"), markdown);
        assertTrue(markdown.contains("`DequeOpsBenchmark.pushPop depth=0 queue=jdk-cld`"), "new listed: " + markdown);

        Document junit = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        assertEquals("1", junit.getDocumentElement().getAttribute("failures"));
        assertEquals(1, junit.getElementsByTagName("failure").getLength());
        assertEquals("5", junit.getDocumentElement().getAttribute("tests"), "2 time, 2 allocation, 1 new: "
                + Files.readString(xml));
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(List.of("gate.md", "gate.xml"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void gate_reportFileCannotBeWritten_exitsTwoNamingIt() {
        Path base = baseline();
        Path inside = base.resolve("gate.md");
        assertBadInput(gate("--baseline", base.toString(), "--current", base.toString(), "--markdown",
                inside.toString()), inside.toString(), "cannot be written");
    }

    @Test
    void gate_missingFile_exitsTwoNamingIt() {
        Path missing = dir.resolve("nope.json");
        assertBadInput(gate("--baseline", missing.toString(), "--current", baseline().toString()),
                missing.toString(), "no such file");
    }

    @Test
    void gate_emptyFile_exitsTwo() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.json"), "");
        assertBadInput(gate("--baseline", baseline().toString(), "--current", empty.toString()),
                empty.toString(), "empty file");
    }

    @Test
    void gate_truncatedJson_exitsTwo() throws IOException {
        String whole = Files.readString(baseline());
        Path cut = Files.writeString(dir.resolve("cut.json"), whole.substring(0, whole.length() / 2));
        assertBadInput(gate("--baseline", baseline().toString(), "--current", cut.toString()),
                cut.toString(), "truncated");
    }

    @Test
    void gate_otherToolsJson_exitsTwo() throws IOException {
        Path other = Files.writeString(dir.resolve("other.json"), "{\"benchmarks\": [{\"name\": \"x\", \"ns\": 3}]}");
        assertBadInput(gate("--baseline", other.toString(), "--current", baseline().toString()),
                other.toString(), "not a JMH JSON result file");
    }

    @Test
    void gate_benchmarkWithoutRawData_exitsTwo() {
        Path raw = file("noraw.json", pushPop("locked").noRawData());
        assertBadInput(gate("--baseline", baseline().toString(), "--current", raw.toString()),
                raw.toString(), "no raw data");
    }

    @Test
    void gate_emptyResultArray_exitsTwo() throws IOException {
        Path none = Files.writeString(dir.resolve("none.json"), "[]");
        assertBadInput(gate("--baseline", baseline().toString(), "--current", none.toString()),
                none.toString(), "holds no benchmark result");
    }

    @Test
    void gate_damagedFileInRunFolder_exitsTwoNamingThatFile() throws IOException {
        Path run = SyntheticJmh.runFolder(dir.resolve("run"), "17.0.15", "Debian", pushPop("locked"));
        Path bad = Files.writeString(run.resolve("jmh-other.json"), "[{\"benchmark\": ");
        assertBadInput(gate("--baseline", run.toString(), "--current", run.toString()), bad.toString(),
                "truncated");
    }

    @Test
    void gate_damagedEnvJson_exitsTwo() throws IOException {
        Path run = SyntheticJmh.runFolder(dir.resolve("run"), "17.0.15", "Debian", pushPop("locked"));
        Files.writeString(run.resolve("env.json"), "{\"jdk\": ");
        assertBadInput(gate("--baseline", run.toString(), "--current", run.toString()),
                run.resolve("env.json").toString(), "not valid JSON");
    }

    @Test
    void gate_badOptions_exitTwoWithUsage() {
        String base = baseline().toString();
        assertBadInput(gate("--baseline", base), "--current", "needed");
        assertBadInput(gate("--baseline", base, "--current", base, "--frobnicate"), "--frobnicate", "Unknown option");
        assertBadInput(gate("--baseline", base, "--current", base, "--threshold", "abc"), "abc", "Invalid value");
        assertBadInput(gate("--baseline", base, "--current", base, "--threshold", "-1"), "-1.0", "(0, 10]");
        assertBadInput(gate("--baseline", base, "--current", base, "--confidence", "1.5"), "1.5", "confidence");
        assertBadInput(gate("--baseline", base, "--current", base, "--min-forks", "1"), "minForks", "at least 2");
        assertBadInput(gate("--baseline", base, "--current", base, "--normalize", "*queue=nope"), "*queue=nope",
                "matches none");
        assertBadInput(gate("--promote", base, "--current", base), "--promote", "no --baseline or --current");
    }

    @Test
    void gate_thresholdsFile_rulesAppliedAndEchoed() throws IOException {
        Path config = Files.writeString(dir.resolve("t.json"), "{\"time\": 0.1, \"rules\": [{\"match\": "
                + "\"*queue=locked\", \"time\": 0.9, \"why\": \"lock is noisy\"}]}");
        Path base = baseline();
        Path cur = file("cur.json", pushPop("locked").center(150).seed(2), pushPop("blocking").center(150).seed(3));
        Outcome o = gate("--baseline", base.toString(), "--current", cur.toString(), "--thresholds", config.toString());
        assertEquals(1, o.code(), o.toString());
        assertTrue(o.out().contains("rule '*queue=locked': time +90%"), o.out());
        assertTrue(o.out().contains("lock is noisy"), o.out());
        String lockedLine = o.out().lines()
                .filter(l -> l.contains("DequeOpsBenchmark.pushPop") && l.contains("queue=locked") && l.contains(" time "))
                .findFirst().orElseThrow();
        assertTrue(lockedLine.contains("PASS") && lockedLine.contains("+90%"), lockedLine);
    }

    @Test
    void gate_badThresholdsFile_exitsTwoNamingIt() throws IOException {
        Path typo = Files.writeString(dir.resolve("typo.json"), "{\"tmie\": 0.1}");
        assertBadInput(gate("--baseline", baseline().toString(), "--current", baseline().toString(),
                "--thresholds", typo.toString()), typo.toString(), "unknown key 'tmie'");
        Path missing = dir.resolve("missing.json");
        assertBadInput(gate("--baseline", baseline().toString(), "--current", baseline().toString(),
                "--thresholds", missing.toString()), missing.toString(), "not found");
        Path negative = Files.writeString(dir.resolve("neg.json"), "{\"rules\": [{\"match\": \"*\", \"time\": -2}]}");
        assertBadInput(gate("--baseline", baseline().toString(), "--current", baseline().toString(),
                "--thresholds", negative.toString()), negative.toString(), "time threshold");
    }

    @Test
    void gate_differentJdk_refusedUnlessAllowedThenNormalizationRecommended() {
        Path base = file("base.json", pushPop("locked"), pushPop("jdk-cld"));
        Path cur = file("cur.json", pushPop("locked").jdk("21.0.5"), pushPop("jdk-cld").jdk("21.0.5"));
        assertBadInput(gate("--baseline", base.toString(), "--current", cur.toString()), "JDK version",
                "17.0.15 (baseline) vs 21.0.5 (current)");
        Outcome allowed = gate("--baseline", base.toString(), "--current", cur.toString(), "--allow-env-mismatch");
        assertEquals(0, allowed.code(), allowed.toString());
        assertTrue(allowed.out().contains("recommended: --normalize"), allowed.out());
    }

    @Test
    void gate_differentJvmFlags_refused() {
        Path base = file("base.json", pushPop("locked"));
        Path cur = file("cur.json", pushPop("locked").jvmArgs("-XX:+UseParallelGC"));
        assertBadInput(gate("--baseline", base.toString(), "--current", cur.toString()), "JVM arguments",
                "-XX:+UseParallelGC");
    }

    @Test
    void gate_jmhOwnProperties_notAnEnvironmentDifference() {
        Path base = file("base.json", pushPop("locked").jvmArgs("-Djmh.ignoreLock=true"));
        Path cur = file("cur.json", pushPop("locked"));
        Outcome o = gate("--baseline", base.toString(), "--current", cur.toString());
        assertEquals(0, o.code(), o.toString());
    }

    @Test
    void gate_runFoldersFromDifferentVendors_refused() {
        Path a = SyntheticJmh.runFolder(dir.resolve("a"), "17.0.15", "Debian", pushPop("locked"));
        Path b = SyntheticJmh.runFolder(dir.resolve("b"), "17.0.15", "Eclipse Adoptium", pushPop("locked"));
        assertBadInput(gate("--baseline", a.toString(), "--current", b.toString()), "jdk.vendor", "Eclipse Adoptium");
        Outcome same = gate("--baseline", a.toString(), "--current", a.toString());
        assertEquals(0, same.code(), same.toString());
    }

    @Test
    void promote_runFolder_becomesBaselineReplacingTheOld() throws IOException {
        Path run = SyntheticJmh.runFolder(dir.resolve("run"), "17.0.15", "Debian", pushPop("locked"),
                pushPop("blocking"), pushPop("jdk-cld"));
        Files.writeString(run.resolve("command.txt"), "scripts/gate-bench\n");
        Files.writeString(run.resolve("footprint.json"), "{}");
        Path target = dir.resolve("results/baseline");
        Files.createDirectories(target);
        Files.writeString(target.resolve("jmh-stale.json"), "[]");
        Outcome o = gate("--promote", run.toString(), "--baseline-dir", target.toString());
        assertEquals(0, o.code(), o.toString());
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(target)) {
            files.forEach(f -> names.add(f.getFileName().toString()));
        }
        names.sort(null);
        assertEquals(List.of("PROMOTED.txt", "command.txt", "env.json", "jmh-deque-ops.json"), names);
        assertEquals(Files.readString(run.resolve("jmh-deque-ops.json")), Files.readString(target.resolve("jmh-deque-ops.json")));
        Outcome gate = gate("--baseline", target.toString(), "--current", run.toString());
        assertEquals(0, gate.code(), gate.toString());
    }

    @Test
    void promote_notARunFolder_exitsTwoAndKeepsTheOldBaseline() throws IOException {
        Path target = Files.createDirectories(dir.resolve("baseline"));
        Files.writeString(target.resolve("jmh-old.json"), "[]");
        assertBadInput(gate("--promote", baseline().toString(), "--baseline-dir", target.toString()),
                "base.json", "needs a run folder");
        Path noEnv = dir.resolve("noenv");
        SyntheticJmh.write(noEnv.resolve("jmh-x.json"), pushPop("locked"));
        assertBadInput(gate("--promote", noEnv.toString(), "--baseline-dir", target.toString()), "noenv",
                "no env.json");
        Path damaged = SyntheticJmh.runFolder(dir.resolve("damaged"), "17.0.15", "Debian", pushPop("locked"));
        Files.writeString(damaged.resolve("jmh-deque-ops.json"), "[{");
        assertBadInput(gate("--promote", damaged.toString(), "--baseline-dir", target.toString()),
                "jmh-deque-ops.json", "not promoted");
        assertTrue(Files.exists(target.resolve("jmh-old.json")), "the old baseline is untouched");
    }

    @Test
    void help_exitsZeroListingOptions() {
        Outcome o = gate("--help");
        assertEquals(0, o.code());
        assertTrue(o.out().contains("--normalize") && o.out().contains("Exit codes"), o.out());
    }
}
