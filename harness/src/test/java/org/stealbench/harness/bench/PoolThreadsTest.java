package org.stealbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.stealbench.pools.PoolKind;

@Tag("quick")
final class PoolThreadsTest {

    @Test
    void idle_onlyParkedWaitingOrExited() {
        assertTrue(PoolThreads.idle(Thread.State.WAITING));
        assertTrue(PoolThreads.idle(Thread.State.TIMED_WAITING));
        assertTrue(PoolThreads.idle(Thread.State.TERMINATED));
        assertFalse(PoolThreads.idle(Thread.State.RUNNABLE));
        assertFalse(PoolThreads.idle(Thread.State.BLOCKED));
        assertFalse(PoolThreads.idle(Thread.State.NEW));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void discover_everyPool_findsItsDistinctWorkers_whichThenPark() throws Exception {
        for (PoolKind kind : PoolKind.values()) {
            ExecutorService pool = kind.create(2);
            try {
                List<Thread> workers = PoolThreads.discover(pool, 2, 10);
                assertEquals(2, new HashSet<>(workers).size(), kind.id());
                assertFalse(workers.contains(Thread.currentThread()), kind.id());
                PoolThreads.awaitIdle(workers, null, 10, kind.id());
            } finally {
                assertTrue(PoolKind.shutdownAndAwait(pool, Duration.ofSeconds(10)), kind.id());
            }
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void awaitIdle_aWorkerHeldRunnable_failsNamingIt_exceptedPasses() throws Exception {
        ExecutorService pool = PoolKind.byId("jdk-tpe").create(1);
        try {
            List<Thread> workers = PoolThreads.discover(pool, 1, 10);
            CountDownLatch running = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            pool.execute(() -> {
                running.countDown();
                while (release.getCount() != 0) {
                    Thread.onSpinWait();
                }
            });
            assertTrue(running.await(10, TimeUnit.SECONDS));
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> PoolThreads.awaitIdle(workers, null, 0, "jdk-tpe"));
            assertTrue(e.getMessage().contains(workers.get(0).getName()), e.getMessage());
            PoolThreads.awaitIdle(workers, workers.get(0), 0, "jdk-tpe");
            release.countDown();
        } finally {
            PoolKind.shutdownAndAwait(pool, Duration.ofSeconds(10));
        }
    }
}
