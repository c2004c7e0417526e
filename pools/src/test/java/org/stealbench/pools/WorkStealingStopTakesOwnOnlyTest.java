package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Once shutdownNow() has returned, a worker takes nothing from another worker's deque: a task
 * that forks after the drain holds its worker until the other worker, whose task ends after
 * the fork, has exited; the fork then runs on the forking task's own worker. Before the check
 * of `stopping` in the worker's scan, the other worker stole the fork (and, under
 * recheck-own-push, a worker's execute racing shutdownNow: a second task started after
 * shutdownNow returned on one worker, which WorkStealingWorkerExecuteShutdownNowStressTest caught).
 */
@Timeout(120)
final class WorkStealingStopTakesOwnOnlyTest {

    static Stream<String> tunings() {
        return WorkStealingThreadPool.COMPARED_TUNINGS.stream();
    }

    @ParameterizedTest
    @MethodSource("tunings")
    void afterShutdownNow_aForkRunsOnItsOwnWorker_notOnTheOtherOne(String tuning) throws InterruptedException {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
        CountDownLatch bothRunning = new CountDownLatch(2);
        CountDownLatch stopReturned = new CountDownLatch(1);
        CountDownLatch forked = new CountDownLatch(1);
        AtomicReference<Thread> forkerThread = new AtomicReference<>();
        AtomicReference<Thread> otherThread = new AtomicReference<>();
        AtomicReference<Thread> forkRanOn = new AtomicReference<>();
        pool.execute(() -> {
            forkerThread.set(Thread.currentThread());
            bothRunning.countDown();
            TestPools.awaitUninterruptibly(bothRunning);
            TestPools.awaitUninterruptibly(stopReturned);
            pool.fork(() -> {
                forkRanOn.set(Thread.currentThread());
                return null;
            });
            forked.countDown();
            // The other worker's task ends now; hold this worker (and its deque's fork) until
            // that worker has scanned and left.
            joinUninterruptibly(otherThread.get());
        });
        pool.execute(() -> {
            otherThread.set(Thread.currentThread());
            bothRunning.countDown();
            TestPools.awaitUninterruptibly(bothRunning);
            TestPools.awaitUninterruptibly(forked);
        });
        TestPools.await(bothRunning, "both tasks running, one on each worker");
        assertEquals(0, pool.shutdownNow().size(), tuning + ": nothing was queued");
        stopReturned.countDown();
        assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS), tuning + ": terminates");
        assertFalse(otherThread.get().isAlive(), tuning + ": the other worker left");
        assertSame(forkerThread.get(), forkRanOn.get(), tuning + ": the fork ran on its own worker, after its task");
    }

    /** Waits for {@code thread} to end (at most {@link TestPools#HANG}), keeping an interrupt for later. */
    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + TestPools.HANG.toNanos();
        while (thread.isAlive() && System.nanoTime() < deadline) {
            try {
                thread.join(TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()) + 1);
            } catch (InterruptedException e) {
                interrupted = true; // shutdownNow interrupts the workers
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
