package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.bench.DequeOpsBenchmark;
import org.stealbench.harness.results.JmhJson;
import org.stealbench.harness.results.JmhResult;

/** Runs real one-iteration forks: a functional check of the process plumbing; nothing is timed. */
final class ForkRunnerTest {

    private static ForkSpec pushPop(String queue, List<String> jvmArgs) {
        return new ForkSpec("pushPop-" + queue, Path.of(System.getProperty("java.home"), "bin", "java"),
                Path.of(System.getProperty("java.class.path")), DequeOpsBenchmark.class.getName() + ".pushPop",
                Map.of("queue", queue, "depth", "0"), List.of("-wi", "0", "-i", "1", "-r", "50ms"), jvmArgs);
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void run_cheapBenchmark_writesOneForkOfThatParameterSet(@TempDir Path dir) throws Exception {
        Path file = ForkRunner.run(pushPop("locked", List.of("-Xmx256m", "-Djmh.ignoreLock=true")),
                dir.resolve("forks/one.json"), Duration.ofMinutes(2), line -> { });

        List<JmhResult> results = JmhJson.read(file);
        assertEquals(1, results.size());
        JmhResult r = results.get(0);
        assertEquals(DequeOpsBenchmark.class.getName() + ".pushPop", r.benchmark());
        assertEquals(Map.of("queue", "locked", "depth", "0"), r.params());
        assertEquals(1, r.primary().forks());
        assertTrue(r.jvmArgs().contains("-Xmx256m"), "the fork's JVM got the spec's arguments: " + r.jvmArgs());
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void run_benchmarkFails_throwsWithJmhsReason(@TempDir Path dir) {
        ForkException e = assertThrows(ForkException.class, () -> ForkRunner.run(
                pushPop("nope", List.of("-Djmh.ignoreLock=true")), dir.resolve("bad.json"),
                Duration.ofMinutes(2), line -> { }));

        assertTrue(e.getMessage().startsWith("pushPop-nope: "), e.getMessage());
        assertTrue(e.getMessage().contains("nope"), e.getMessage());
        assertTrue(e.getMessage().contains("Exception"), e.getMessage());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void run_outlivesItsTimeout_isKilledAndSaysSo(@TempDir Path dir) {
        // no JVM starts JMH and runs a fork within a millisecond
        ForkException e = assertThrows(ForkException.class, () -> ForkRunner.run(
                pushPop("locked", List.of()), dir.resolve("slow.json"), Duration.ofMillis(1), line -> { }));

        assertTrue(e.getMessage().contains("timed out"), e.getMessage());
    }

    @Test
    void reasonIn_failureBlock_takesTheExceptionLine() {
        List<String> output = List.of("# Run progress", "<failure>", "",
                "java.lang.IllegalArgumentException: unknown queue 'x'", "\tat a.b.C.d(C.java:1)");

        assertEquals("java.lang.IllegalArgumentException: unknown queue 'x'", ForkRunner.reasonIn(output));
    }

    @Test
    void reasonIn_failedIteration_takesTheBenchmarksExceptionNotJmhsWrapper() {
        // JMH 1.37's output for an exception in an iteration, -foe true (trimmed stack traces).
        List<String> output = List.of("# Fork: 1 of 1", "# Warmup Iteration   1: <failure>", "",
                "java.lang.IllegalStateException: jdk-fjp, join-stolen-child: the child's start did not happen",
                "\tat org.stealbench.harness.bench.LivenessScenariosBenchmark.await(LivenessScenariosBenchmark.java:254)",
                "", "", "", "Benchmark had encountered error, and fail on error was requested",
                "ERROR: org.openjdk.jmh.runner.RunnerException: Benchmark caught the exception",
                "\tat org.openjdk.jmh.runner.Runner.runBenchmarks(Runner.java:581)",
                "Caused by: org.openjdk.jmh.runner.BenchmarkException: Benchmark error during the run",
                "\tSuppressed: java.lang.IllegalStateException: jdk-fjp, join-stolen-child: the child's start did not happen");

        assertEquals("java.lang.IllegalStateException: jdk-fjp, join-stolen-child: the child's start did not happen",
                ForkRunner.reasonIn(output));
    }

    @Test
    void command_setsForkCountParamsAndResultFile() {
        List<String> command = ForkRunner.command(pushPop("locked", List.of("-Xms2g", "-Xmx2g")), Path.of("/r/x.json"));

        String joined = String.join(" ", command);
        assertTrue(joined.contains(" -f 1 "), joined);
        assertTrue(joined.contains("-p queue=locked"), joined);
        assertTrue(joined.contains("-jvmArgs -Xms2g -Xmx2g"), joined);
        assertTrue(joined.endsWith("-rf json -rff /r/x.json"), joined);
    }
}
