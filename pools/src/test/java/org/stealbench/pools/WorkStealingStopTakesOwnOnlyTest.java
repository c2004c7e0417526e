package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Once shutdownNow() has returned, a worker takes nothing from another worker's deque, in its scan
 * or in a helping join. In the scan: a task that forks after the drain holds its worker until the
 * other worker, whose task ends after the fork, has exited; the fork then runs on the forking task's own worker. Before the check
 * of `stopping` in the worker's scan, the other worker stole the fork (and, under
 * recheck-own-push, a worker's execute racing shutdownNow: a second task started after
 * shutdownNow returned on one worker, which WorkStealingWorkerExecuteShutdownNowStressTest caught).
 */
@Timeout(120)
final class WorkStealingStopTakesOwnOnlyTest {

    /** How many times f holds its monitor until J's join is blocked on it (see the join test). */
    private static final int JOIN_MONITOR_ROUNDS = 3;

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
     * The helping join is the other path by which a worker takes a task not its own: J joins its
     * fork f, which the other worker stole and runs; after shutdownNow returned, f forks g, which
     * must run on f's worker (after f), not through J's join. Before the check of `stopping` in
     * the join's choice of a thief, J's join stole g (and, under recheck-own-push, could steal an
     * execute the thief was about to take back: the stress test's join variant caught that).
     * How the test knows J's join looked at f's worker's deque after g was pushed, with no sleep:
     * J's join waits on f's monitor; f holds that monitor until J's worker is BLOCKED on it, three
     * times over (letting it in between); the first time f pushes g, and a join that goes once
     * through its loop comes back to the monitor, so by the third it has looked at least once.
     */
    @ParameterizedTest
    @MethodSource("tunings")
    void afterShutdownNow_aJoinTakesNothingFromTheThief_theForkRunsOnItsOwnWorker(String tuning)
            throws InterruptedException {
        assumeTrue(TestPools.joinsStealFromThieves(tuning), tuning + ": its joins never steal from a thief");
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
        CountDownLatch fStarted = new CountDownLatch(1);
        CountDownLatch stopReturned = new CountDownLatch(1);
        CountDownLatch gStarted = new CountDownLatch(1);
        CountDownLatch joined = new CountDownLatch(1);
        AtomicReference<Thread> joinerThread = new AtomicReference<>();
        AtomicReference<Thread> thiefThread = new AtomicReference<>();
        AtomicReference<Thread> gRanOn = new AtomicReference<>();
        AtomicReference<Joinable<String>> fHandle = new AtomicReference<>();
        AtomicReference<String> joinResult = new AtomicReference<>();
        pool.execute(() -> {
            joinerThread.set(Thread.currentThread());
            fHandle.set(pool.fork(() -> {
                thiefThread.set(Thread.currentThread());
                fStarted.countDown();
                TestPools.awaitUninterruptibly(stopReturned);
                Object monitor = fHandle.get(); // the ForkTask J's join waits on
                Thread joiner = joinerThread.get();
                for (int round = 0; round < JOIN_MONITOR_ROUNDS && gStarted.getCount() != 0; round++) {
                    TestPools.spinUntil(() -> joiner.getState() != Thread.State.BLOCKED || gStarted.getCount() == 0,
                            "J's worker to take f's monitor");
                    synchronized (monitor) {
                        TestPools.spinUntil(() -> joiner.getState() == Thread.State.BLOCKED
                                || gStarted.getCount() == 0, "J's join to come back to f's monitor");
                        if (round == 0) {
                            pool.fork(() -> {
                                gRanOn.set(Thread.currentThread());
                                gStarted.countDown();
                                return null;
                            });
                        }
                    }
                }
                return "f";
            }));
            TestPools.awaitUninterruptibly(fStarted); // the other worker stole f
            joinResult.set(fHandle.get().join());
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
