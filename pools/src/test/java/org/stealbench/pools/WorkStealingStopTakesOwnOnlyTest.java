package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Once shutdownNow() has returned, a worker takes nothing from another worker's deque, in its scan
 * or in a helping join. In the scan: a task that forks after the drain holds its worker until the
 * other worker, whose task ends after the fork, has exited; the fork then runs on the forking
 * task's own worker. Before the check of `stopping` in the worker's scan, the other worker stole
 * the fork (and a worker's execute racing shutdownNow: a second task
 * started after shutdownNow returned on one worker, which
 * WorkStealingWorkerExecuteShutdownNowStressTest caught).
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

    /**
     * J, on one worker, forks f, which the other worker steals and runs; after shutdownNow
     * returned, f forks g onto its own deque, and only then does J join f. J's join finds f
     * running and its own deque empty: before the check of `stopping` in the join's choice of a
     * thief it stole g (and could steal an execute the thief was about
     * to take back: the stress test's join variant caught that). f returns once g has started or
     * J's join has gone past its looks into its timed wait (J's thread WAITING or TIMED_WAITING
     * after it announced the join: the join waits nowhere else), so g must then run on f's worker.
     */
    @ParameterizedTest
    @MethodSource("tunings")
    void afterShutdownNow_aJoinTakesNothingFromTheThief_theForkRunsOnItsOwnWorker(String tuning)
            throws InterruptedException {
        assumeTrue(TestPools.joinsStealFromThieves(tuning), tuning + ": its joins never steal from a thief");
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
        CountDownLatch fStarted = new CountDownLatch(1);
        CountDownLatch stopReturned = new CountDownLatch(1);
        CountDownLatch gPushed = new CountDownLatch(1);
        CountDownLatch gStarted = new CountDownLatch(1);
        CountDownLatch joined = new CountDownLatch(1);
        AtomicBoolean joining = new AtomicBoolean();
        AtomicReference<Thread> joinerThread = new AtomicReference<>();
        AtomicReference<Thread> thiefThread = new AtomicReference<>();
        AtomicReference<Thread> gRanOn = new AtomicReference<>();
        AtomicReference<String> joinResult = new AtomicReference<>();
        pool.execute(() -> {
            joinerThread.set(Thread.currentThread());
            Joinable<String> f = pool.fork(() -> {
                thiefThread.set(Thread.currentThread());
                fStarted.countDown();
                TestPools.awaitUninterruptibly(stopReturned);
                pool.fork(() -> {
                    gRanOn.set(Thread.currentThread());
                    gStarted.countDown();
                    return null;
                });
                gPushed.countDown();
                Thread joiner = joinerThread.get();
                TestPools.spinUntil(() -> gStarted.getCount() == 0 || joining.get() && waiting(joiner),
                        "J's join to take g or to wait");
                return "f";
            });
            TestPools.awaitUninterruptibly(fStarted); // the other worker stole f
            TestPools.awaitUninterruptibly(gPushed);
            joining.set(true);
            joinResult.set(f.join());
            joined.countDown();
        });
        TestPools.await(fStarted, "f stolen and running on the other worker");
        assertEquals(0, pool.shutdownNow().size(), tuning + ": nothing was queued");
        stopReturned.countDown();
        TestPools.await(joined, "J's join of f");
        assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS), tuning + ": terminates");
        assertEquals("f", joinResult.get(), tuning + ": J joined f");
        assertSame(thiefThread.get(), gRanOn.get(), tuning + ": g ran on f's worker, not through J's join");
    }

    private static boolean waiting(Thread thread) {
        Thread.State state = thread.getState();
        return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
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
