package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A real StackOverflowError inside {@code shutdown()} or {@code shutdownNow()} called by an
 * outside thread while every worker is parked (issue 30): the caller recurses until the stack
 * overflows and, on the way up, calls the method at each frame until the pool says it is shut
 * down, so the first call that gets past setting SHUTDOWN meets the overflow in what follows it
 * (tryTerminate's idle and queue checks, its wake-up of the workers, shutdownNow's drain). The
 * pool has no work, so it must terminate: a parked worker whose timed park ends unsignalled after
 * shutdown re-runs the termination check the overflow cut short (before, nothing did, and such a
 * pool never terminated), and an injector whose close() was cut short after its atomic OR still
 * publishes its bound (before, its store was a call, and every reader spun for good).
 *
 * <p>Each case runs in a child JVM ({@link Scenario}): a regression leaves the pool's workers
 * spinning where no interrupt stops them, so the child reports the first pool that did not
 * terminate within a bounded wait and exits, taking those threads with it.
 */
final class WorkStealingDeepShutdownStackOverflowTest {

    /** Longer than the child's own bounds (a caller's join and POOLS awaits of WAIT_MILLIS). */
    private static final long CHILD_SECONDS = 90;

    @ParameterizedTest
    @CsvSource({"default,shutdown", "default,shutdownNow", "searching,shutdown", "global-locked,shutdownNow"})
    void shutdownCutShortByStackOverflow_idlePoolStillTerminates(String tuning, String method, @TempDir Path dir)
            throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path output = dir.resolve("child.txt");
        Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                Scenario.class.getName(), tuning, method)
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        boolean exited = child.waitFor(CHILD_SECONDS, TimeUnit.SECONDS);
        if (!exited) {
            child.destroyForcibly().waitFor();
        }
        String out = Files.readString(output, StandardCharsets.UTF_8);
        assertTrue(exited, () -> "the child JVM did not exit within " + CHILD_SECONDS + " s:\n" + out);
        assertEquals(0, child.exitValue(), () -> "pools that never terminated after a " + method
                + " cut short (" + tuning + "):\n" + out);
    }

    /** The child JVM: exit 0 once every pool terminated, else 1 with what stuck on its output. */
    static final class Scenario {

        private static final int POOLS = 8;
        /** Longer than IdleWorkers.RECHECK_NANOS: a lost unpark alone must not fail the test. */
        private static final long WAIT_MILLIS = 3_000;

        public static void main(String[] args) {
            int status = 1;
            try {
                String stuck = firstStuckPool(args[0], args[1].equals("shutdownNow"));
                if (stuck.isEmpty()) {
                    status = 0;
                } else {
                    System.out.println(stuck);
                    printPoolThreads();
                }
            } catch (Throwable t) {
                t.printStackTrace(System.out);
            }
            System.out.flush();
            System.exit(status); // a stuck pool's workers would keep the JVM alive
        }

        /** Empty when every pool terminated; else which pool stuck, and how. */
        private static String firstStuckPool(String tuning, boolean nowMethod) throws InterruptedException {
            String method = nowMethod ? "shutdownNow" : "shutdown";
            for (int i = 0; i < POOLS; i++) {
                WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
                TestPools.awaitCondition(() -> pool.idle.count() == 2, "both workers parked");
                Thread caller = new Thread(() -> descend(pool, nowMethod), "deep " + method + " caller");
                caller.setDaemon(true);
                caller.start();
                caller.join(TestPools.HANG.toMillis());
                if (caller.isAlive()) {
                    return "pool " + i + ": the deep " + method + " call did not return within " + TestPools.HANG;
                }
                if (!pool.awaitTermination(WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                    return "pool " + i + ": not terminated " + WAIT_MILLIS + " ms after the deep " + method
                            + " returned (isShutdown " + pool.isShutdown() + ", idle " + pool.idle.count() + ")";
                }
            }
            return "";
        }

        /** Where the pool's threads are: a reader spinning on the injector shows here. */
        private static void printPoolThreads() {
            for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
                List<String> frames = new ArrayList<>();
                for (StackTraceElement frame : e.getValue()) {
                    frames.add("    at " + frame);
                }
                if (e.getKey() != Thread.currentThread() && String.join("", frames).contains("org.stealbench")) {
                    System.out.println(e.getKey().getName() + " " + e.getKey().getState());
                    frames.stream().limit(8).forEach(System.out::println);
                }
            }
        }

        /** Recurses until the stack overflows, then calls the method at each frame until it took effect. */
        private static void descend(WorkStealingThreadPool pool, boolean nowMethod) {
            try {
                descend(pool, nowMethod);
            } catch (StackOverflowError bottom) {
                // the deepest frame: from here up, each frame tries
            }
            try {
                if (!pool.isShutdown()) {
                    if (nowMethod) {
                        pool.shutdownNow();
                    } else {
                        pool.shutdown();
                    }
                }
            } catch (StackOverflowError expected) {
                // the overflow this test is for
            }
        }
    }
}
