package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real StackOverflowError inside a worker's {@code execute} (issue 30): a task recurses until the
 * stack overflows and, at every frame on the way up, executes a task, so the overflow meets every
 * call of the submission (its admission, the push, the wake-up, and what follows the push). Pins
 * that nothing is left counted as a submission in flight: {@code shutdownNow()} waits for those,
 * so one whose end was cut short would keep it from ever returning, and the pool from terminating.
 */
@Timeout(120)
final class WorkStealingExecuteStackOverflowTest {

    private static final int SWEEPS = 100;

    @ParameterizedTest
    @ValueSource(strings = {WorkStealingPoolBuilder.DEFAULT_TUNING, "global-locked", "searching"})
    void workerExecuteCutShortByStackOverflow_shutdownNowReturnsAndPoolTerminates(String tuning)
            throws InterruptedException {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
        AtomicReference<Throwable> unexpected = new AtomicReference<>();
        pool.setUncaughtExceptionHandler((thread, failure) -> {
            if (!(failure instanceof StackOverflowError)) {
                unexpected.compareAndSet(null, failure);
            }
        });
        AtomicInteger ran = new AtomicInteger();
        Runnable submitted = ran::incrementAndGet; // linked here, not at the stack's end
        boolean sweptAll = true;
        for (int sweep = 0; sweep < SWEEPS && sweptAll; sweep++) {
            CountDownLatch swept = new CountDownLatch(1);
            pool.execute(() -> {
                new Sweeper(pool, submitted, unexpected).descend();
                swept.countDown();
            });
            sweptAll = swept.await(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
        }
        boolean returned = NumberedExecuteSweeper.shutdownNowReturns(pool);
        boolean terminated = returned && pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
        assertNull(unexpected.get(), "only StackOverflowErrors expected from the pool's steps");
        assertTrue(sweptAll, "every sweep ends");
        assertTrue(returned, "shutdownNow returns (" + ran.get() + " executed tasks ran)");
        assertTrue(terminated, "the pool terminates after shutdownNow");
    }

    /** Recurses until the stack overflows, then executes a task at every frame on the way up. */
    private static final class Sweeper {
        private final WorkStealingThreadPool pool;
        private final Runnable submitted;
        private final AtomicReference<Throwable> unexpected;

        Sweeper(WorkStealingThreadPool pool, Runnable submitted, AtomicReference<Throwable> unexpected) {
            this.pool = pool;
            this.submitted = submitted;
            this.unexpected = unexpected;
        }

        void descend() {
            try {
                descend();
            } catch (StackOverflowError bottom) {
                // the deepest frame: from here up, every frame executes a task
            }
            try {
                pool.execute(submitted);
            } catch (StackOverflowError expected) {
                // the overflow this sweep is for
            } catch (Throwable other) {
                unexpected.compareAndSet(null, other);
            }
        }
    }
}
