package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real StackOverflowError inside an outside thread's {@code tryRunOne()} (issue 30 review): the
 * outside thread recurses until the stack overflows and calls tryRunOne() at every frame on the
 * way up, so the overflow meets every call of its helper bookkeeping (the live-thread count that
 * termination waits for, and the per-thread depth that close() reads). Afterwards that thread,
 * outside any tryRunOne(), must not count as one of the pool's threads (close() from it would
 * not wait), and the idle pool must terminate after shutdown(): a count raised and never lowered
 * would keep it from ever terminating.
 */
@Timeout(120)
final class WorkStealingTryRunOneStackOverflowTest {

    private static final int SWEEPS = 30;

    @ParameterizedTest
    @ValueSource(strings = {WorkStealingPoolBuilder.DEFAULT_TUNING, "global-locked+global-batch-1"})
    void outsideTryRunOneCutShortByStackOverflow_helperCountsBalancedAndPoolTerminates(String tuning)
            throws InterruptedException {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
        AtomicReference<String> afterSweeps = new AtomicReference<>("the helper thread did not finish");
        Thread helper = new Thread(() -> {
            for (int sweep = 0; sweep < SWEEPS; sweep++) {
                descend(pool);
            }
            afterSweeps.set("counted as the pool's own thread: " + pool.isOwnWorker(Thread.currentThread()));
        }, "outside tryRunOne caller");
        helper.start();
        helper.join();
        pool.shutdown();
        boolean terminated = pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
        assertEquals("counted as the pool's own thread: false", afterSweeps.get());
        assertTrue(terminated, pool + " terminates after shutdown (live threads: " + pool.poolSize() + ")");
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
