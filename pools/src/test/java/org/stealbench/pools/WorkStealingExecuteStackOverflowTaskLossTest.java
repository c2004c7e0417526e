package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stealbench.queues.QueueKind;

/**
 * What a worker's {@code execute} cut short by a real StackOverflowError does to the tasks it had
 * accepted (issue 30 review): a task recurses until the stack overflows and executes a numbered
 * task at every frame on the way up; after shutdown() and termination, every task whose execute
 * returned normally must have run exactly once. WorkStealingExecuteStackOverflowTest checks only
 * that shutdownNow returns.
 */
@Timeout(300)
final class WorkStealingExecuteStackOverflowTaskLossTest {

    private static final int SWEEPS = 30;

    /** Each tuning on chase-lev (the execute rechecked after its push), then on a FIFO-pop deque (announced). */
    @ParameterizedTest
    @CsvSource({"default, chase-lev", "steal-half, chase-lev", "searching, chase-lev", "default, locked"})
    void workerExecuteCutShortByStackOverflow_everyAcceptedTaskRunsOnce(String tuning, String deque)
            throws InterruptedException {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).workerDeque(QueueKind.byId(deque))
                .tuning(tuning).build();
        AtomicReference<Throwable> unexpected = new AtomicReference<>();
        pool.setUncaughtExceptionHandler((thread, failure) -> {
            if (!(failure instanceof StackOverflowError)) {
                unexpected.compareAndSet(null, failure);
            }
        });
        NumberedExecuteSweeper sweeper = new NumberedExecuteSweeper(pool);
        boolean sweptAll = true;
        for (int sweep = 0; sweep < SWEEPS && sweptAll && sweeper.hasRoom(); sweep++) {
            CountDownLatch swept = new CountDownLatch(1);
            pool.execute(() -> {
                sweeper.descend();
                swept.countDown();
            });
            sweptAll = swept.await(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
        }
        pool.shutdown();
        boolean terminated = pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
        assertNull(unexpected.get(), "only StackOverflowErrors expected from the pool");
        assertNull(sweeper.unexpected(), "only StackOverflowErrors expected from the executes");
        assertTrue(sweptAll, "every sweep ends");
        assertTrue(terminated, "the pool terminates after shutdown");
        assertFalse(sweeper.ranTwice(), "no task runs twice");
        assertEquals(0, sweeper.acceptedNotRun(), "accepted tasks that never ran, of " + sweeper.accepted()
                + " accepted (" + sweeper.executes() + " executes)");
    }
}
