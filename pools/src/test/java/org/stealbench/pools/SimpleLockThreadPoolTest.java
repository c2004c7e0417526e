package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What is particular to seed 003's pool: lazy start, defaults, FIFO start order. */
@Tag("quick")
final class SimpleLockThreadPoolTest {

    @Test
    void constructors_defaults_followTheSeed() {
        int cores = Runtime.getRuntime().availableProcessors();
        SimpleLockThreadPool seedDefault = new SimpleLockThreadPool();
        assertEquals(cores, seedDefault.concurrencyLevel());
        assertTrue(seedDefault.flowsContext(), "the seed flows ExecutionContext by default");
        assertEquals(3, new SimpleLockThreadPool(3).concurrencyLevel());
        assertEquals(cores, new SimpleLockThreadPool(false).concurrencyLevel());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SimpleLockThreadPool(0, false))
                .getMessage().contains("threads"));
        seedDefault.close();
    }

    @Timeout(30)
    @Test
    void threads_startOnFirstSubmissionOnly() {
        SimpleLockThreadPool pool = new SimpleLockThreadPool(3, false);
        assertEquals(0, pool.poolSize(), "no thread before the first submission");
        CountDownLatch ran = new CountDownLatch(1);
        pool.execute(ran::countDown);
        TestPools.await(ran, "first task");
        assertEquals(3, pool.poolSize());
        pool.close();
        assertEquals(0, pool.poolSize());
    }

    @Timeout(30)
    @Test
    void shutdown_neverStartedPool_terminatesAtOnceWithoutThreads() throws Exception {
        SimpleLockThreadPool pool = new SimpleLockThreadPool(2, false);
        pool.shutdown();
        assertTrue(pool.awaitTermination(0, TimeUnit.SECONDS));
        assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
        assertEquals(0, pool.poolSize(), "a rejected submission starts no thread");
        assertEquals(List.of(), new SimpleLockThreadPool(1, true).shutdownNow());
    }

    @Timeout(30)
    @Test
    void execute_oneThread_runsTasksInSubmissionOrder() {
        List<Integer> order = new CopyOnWriteArrayList<>();
        try (SimpleLockThreadPool pool = new SimpleLockThreadPool(1, false)) {
            for (int i = 0; i < 1_000; i++) {
                int value = i;
                pool.execute(() -> order.add(value));
            }
        }
        for (int i = 0; i < 1_000; i++) {
            assertEquals(i, order.get(i));
        }
    }
}
