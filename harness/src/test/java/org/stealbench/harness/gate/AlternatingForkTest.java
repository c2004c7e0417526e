package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.bench.GateWorkloads;

/**
 * The alternating engine's fork, run in this JVM with this test's class path as both sides (each
 * in its own class loader). Checks structure and accounting only: no timing is asserted.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class AlternatingForkTest {

    private static final String CLASS_PATH = System.getProperty("java.class.path");

    @TempDir
    Path dir;

    private static AlternatingFork.Spec spec(String benchmark, Map<String, String> a, Map<String, String> b,
                                             boolean singleShot) {
        return new AlternatingFork.Spec(benchmark, benchmark, CLASS_PATH, CLASS_PATH, a, b, singleShot, 50, 100, 2000,
                singleShot ? 500 : 0, 7);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> side(Map<String, Object> out, String s) {
        return (Map<String, Object>) out.get(s);
    }

    @Test
    void aPoolRowChargesEachSideItsOwnWorkersAndBothRunTheSameInvocations() throws Exception {
        // 2,000 tasks (10%) handed in from outside to two workers
        Map<String, String> params = Map.of("pool", "ws-chase-lev", "threads", "2", "workPercent", "10");
        Map<String, Object> out = AlternatingFork.run(spec("GatePoolPathsBenchmark.submit", params, params, true));
        assertEquals("ms/op", out.get("unit"));
        assertEquals(1L, out.get("batchOperations"), "a single-shot row runs one invocation a batch");
        int pairs = (Integer) out.get("pairs");
        assertTrue(pairs >= 2, "pairs " + pairs);
        for (String s : new String[]{"a", "b"}) {
            Map<String, Object> side = side(out, s);
            assertEquals((long) pairs, side.get("operations"), s);
            // each side started its own pool of two workers, in its own class loader
            assertTrue((Long) side.get("threads") >= 2, s + " threads " + side.get("threads"));
            assertTrue((Double) side.get("time") > 0 && (Double) side.get("cpu") > 0, s + " " + side);
            assertEquals(pairs, ((double[]) side.get("batchTimes")).length);
        }
    }

    @Test
    void aTimeModeRowGrowsItsBatchAndStartsNoThreads() throws Exception {
        Map<String, String> params = Map.of("queue", "chase-lev", "depth", "0");
        Map<String, Object> out = AlternatingFork.run(spec("DequeOpsBenchmark.pushPop", params, params, false));
        assertEquals("ns/op", out.get("unit"));
        assertTrue((Long) out.get("batchOperations") > 1, "batch " + out.get("batchOperations"));
        assertEquals(side(out, "a").get("operations"), side(out, "b").get("operations"));
        assertEquals(0L, side(out, "a").get("threads"));
        assertEquals(0.0, (Double) side(out, "a").get("allocation"), 1.0, "push+pop allocates nothing per op");
    }

    @Test
    void eachSideRunsItsOwnParameters() throws Exception {
        // side B asks for a queue id that does not exist: only B's open fails, naming it
        Exception e = assertThrows(Exception.class, () -> AlternatingFork.run(spec("DequeOpsBenchmark.pushPop",
                Map.of("queue", "chase-lev"), Map.of("queue", "no-such-queue"), false)));
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        assertTrue(String.valueOf(cause.getMessage()).contains("no-such-queue"), String.valueOf(cause));
    }

    @Test
    void aFailingForkEndsTheJobWithTheWorkloadsOwnReason() throws Exception {
        Path javaExe = Path.of(System.getProperty("java.home"), "bin", "java");
        PairedJob.AlternatingRow row = new PairedJob.AlternatingRow("row", List.of(javaExe.toString(), "-cp", CLASS_PATH),
                spec("DequeOpsBenchmark.pushPop", Map.of("queue", "chase-lev"), Map.of("queue", "no-such-queue"), false));
        PairedJob job = new PairedJob(dir, 1, java.time.Duration.ofMinutes(1), line -> { });
        GateException e = assertThrows(GateException.class, () -> job.runAlternating(List.of(row), 1, 1));
        assertTrue(e.getMessage().contains("no-such-queue"), e.getMessage());
        assertTrue(Files.readString(dir.resolve("failures.txt")).contains("no-such-queue"));
        assertTrue(Files.readString(dir.resolve("forks/00-AB-row.log")).contains("Error: alternating fork failed"));
    }

    @Test
    void workloadsRefuseWhatTheyCannotRun() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GateWorkloads.open("DequeOpsBenchmark.pushSteal", Map.of()));
        assertTrue(e.getMessage().contains("no gate workload"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> GateWorkloads.open("DequeOpsBenchmark.pushPop", Map.of("colour", "red")));
        assertTrue(e.getMessage().contains("colour"), e.getMessage());
        LongUnaryOperator op = GateWorkloads.open("GateCalibrationBenchmark.pushPopBatch", Map.of("workPercent", "125"));
        assertTrue(op.applyAsLong(3) > 0);
        ((AutoCloseable) op).close();
    }

    @Test
    void damagedOutputFailsClosed() throws Exception {
        String ok = "{\"unit\":\"ns/op\",\"a\":{\"time\":10.0,\"cpu\":9.0,\"allocation\":0.0},"
                + "\"b\":{\"time\":11.0,\"cpu\":9.5,\"allocation\":0.0}}";
        PairedJob.ForkValues[] v = PairedJob.readAlternating(Files.writeString(dir.resolve("ok.json"), ok), "ok");
        assertEquals(11.0, v[1].time());
        for (String[] bad : new String[][]{{"\"time\":10.0", "\"time\":\"NaN\""}, {"\"time\":10.0", "\"time\":-1.0"},
                {"\"cpu\":9.0", "\"cpu\":\"+INF\""}, {"\"allocation\":0.0}", "\"allocation\":-5.0}"},
                {"ns/op", "furlongs"}, {",\"b\":{\"time\":11.0,\"cpu\":9.5,\"allocation\":0.0}", ""}}) {
            Path f = Files.writeString(dir.resolve("bad.json"), ok.replaceFirst(java.util.regex.Pattern.quote(bad[0]),
                    bad[1]));
            assertThrows(GateException.class, () -> PairedJob.readAlternating(f, "row"), bad[1]);
        }
    }

    @Test
    void aJarWithoutTheWorkloadsIsRefused() throws Exception {
        Path jar = dir.resolve("old.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new java.util.jar.JarEntry("META-INF/BenchmarkList"));
            out.closeEntry();
        }
        GateException e = assertThrows(GateException.class, () -> GateAbCommand.requireWorkloads(jar, "A (old)"));
        assertTrue(e.getMessage().contains("gate against a newer baseline"), e.getMessage());
    }
}
