package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real StackOverflowError inside an outside thread's {@code tryRunOne()} (issue 30 review): the
 * outside thread recurses until the stack overflows and calls tryRunOne() at every frame on the
 * way up, so the overflow meets every step of its helper bookkeeping (the record termination
 * waits for, which close() also reads). Afterwards that thread, outside any tryRunOne(), must not
 * count as one of the pool's threads (close() from it would not wait), and the idle pool must
 * terminate after shutdown(): a record left saying "inside" would keep it from ever terminating.
 *
 * <p>Whether an overflow can cut the bookkeeping short depends on how the JIT compiled
 * tryRunOne (a compiled atomic increment needs no stack where its decrement's call does), so the
 * scenario also runs in a JVM of its own with C2 alone ({@code -XX:-TieredCompilation}), where
 * the count the pool used before (issue 30, findings log) stayed raised.
 */
@Timeout(120)
final class WorkStealingTryRunOneStackOverflowTest {

    private static final int SWEEPS = 30;
    private static final String[] TUNINGS = {WorkStealingPoolBuilder.DEFAULT_TUNING, "global-locked+global-batch-1"};

    @ParameterizedTest
    @ValueSource(strings = {WorkStealingPoolBuilder.DEFAULT_TUNING, "global-locked+global-batch-1"})
    void outsideTryRunOneCutShortByStackOverflow_notLeftInsideAndPoolTerminates(String tuning)
            throws InterruptedException {
        assertEquals("terminated; not counted as the pool's own thread", overflowThenShutdown(tuning));
    }

    @Test
    void sameScenario_inAJvmWithC2Alone(@TempDir Path dir) throws IOException, InterruptedException {
        String compilation = "-XX:-TieredCompilation";
        Path out = dir.resolve("out.txt");
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                compilation, "-cp", System.getProperty("java.class.path"), Main.class.getName())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        boolean exited = jvm.waitFor(100, TimeUnit.SECONDS);
        if (!exited) {
            jvm.destroyForcibly().waitFor();
        }
        String printed = Files.readString(out, StandardCharsets.UTF_8).strip();
        assertTrue(exited, "the JVM (" + compilation + ") did not exit: " + printed);
        assertEquals(0, jvm.exitValue(), compilation + ": " + printed);
    }

    /** Each tuning's scenario; exits 1 naming the first that failed. */
    public static final class Main {
        public static void main(String[] args) throws InterruptedException {
            for (String tuning : TUNINGS) {
                String outcome = overflowThenShutdown(tuning);
                if (!outcome.equals("terminated; not counted as the pool's own thread")) {
                    System.out.println(tuning + ": " + outcome);
                    System.exit(1);
                }
            }
            System.exit(0);
        }
    }

    /** Runs the sweeps on a new thread, shuts the pool down, and says what it found. */
    static String overflowThenShutdown(String tuning) throws InterruptedException {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
        AtomicReference<Boolean> ownAfterSweeps = new AtomicReference<>();
        Thread helper = new Thread(() -> {
            for (int sweep = 0; sweep < SWEEPS; sweep++) {
                descend(pool);
            }
            ownAfterSweeps.set(pool.isOwnWorker(Thread.currentThread()));
        }, "outside tryRunOne caller");
        helper.start();
        helper.join();
        pool.shutdown();
        boolean terminated = pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
        return (terminated ? "terminated" : pool + " did not terminate after shutdown")
                + "; " + (Boolean.FALSE.equals(ownAfterSweeps.get()) ? "not counted as the pool's own thread"
                        : "own thread after the sweeps: " + ownAfterSweeps.get());
    }

    /** Recurses until the stack overflows, then calls tryRunOne() at each frame on the way up. */
    private static void descend(WorkStealingThreadPool pool) {
        try {
            descend(pool);
        } catch (StackOverflowError bottom) {
            // the deepest frame: from here up, every frame calls tryRunOne()
        }
        try {
            pool.tryRunOne();
        } catch (StackOverflowError expected) {
            // the overflow this test is for
        }
    }
}
