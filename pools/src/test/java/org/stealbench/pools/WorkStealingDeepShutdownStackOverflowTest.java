package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
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
 */
@Timeout(120)
final class WorkStealingDeepShutdownStackOverflowTest {

    private static final int POOLS = 8;
    /** Longer than IdleWorkers.RECHECK_NANOS: a lost unpark alone must not fail the test. */
    private static final long WAIT_MILLIS = 3_000;

    @ParameterizedTest
    @CsvSource({"default,shutdown", "default,shutdownNow", "searching,shutdown", "global-locked,shutdownNow"})
    void shutdownCutShortByStackOverflow_idlePoolStillTerminates(String tuning, String method)
            throws InterruptedException {
        List<String> stuck = new ArrayList<>();
        for (int i = 0; i < POOLS; i++) {
            WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
            TestPools.awaitCondition(() -> pool.idle.count() == 2, "both workers parked");
            boolean nowMethod = method.equals("shutdownNow");
            Thread caller = new Thread(() -> descend(pool, nowMethod), "deep " + method + " caller");
            caller.setDaemon(true); // left behind if its call never returns
            caller.start();
            caller.join(TestPools.HANG.toMillis());
            if (caller.isAlive()) {
                stuck.add("pool " + i + " (the deep " + method + " call did not return)");
                break;
            }
            if (!pool.awaitTermination(WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                stuck.add("pool " + i + " (isShutdown " + pool.isShutdown() + ", idle " + pool.idle.count() + ")");
                pool.shutdownNow(); // from a shallow stack: terminates it
            }
        }
        assertEquals(List.of(), stuck, "pools that never terminated after a " + method + " cut short");
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
