package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * Once shutdownNow() has begun, a helping join takes nothing from the thief's deque either: the
 * join is another path by which a worker takes a task that is not its own, beside scan(). A task
 * J joins its fork f, which the other worker stole and runs; after shutdownNow returned, f forks g.
 * g must run on f's worker (by f's joins or after f), not on J's worker through J's join. Under
 * recheck-own-push the same steal could take a task the thief's execute pushed and was about to
 * take back, so that it started after shutdownNow returned on a worker that had not taken it.
 *
 * <p>How the test knows J's join has looked at the thief's deque after g was pushed, with no
 * sleep: J's join waits on f's monitor. f holds that monitor until J's worker is BLOCKED on it,
 * three times over (releasing it in between until that worker got it); a join that goes through
 * its loop once re-enters the monitor, so by the third time it has looked at least once since g
 * was pushed (the first time, with g pushed while f holds the monitor).
 */
@Timeout(120)
final class WorkStealingStopJoinTakesOwnOnlyTest {

    private static final int MONITOR_ROUNDS = 3;

    static Stream<String> tunings() {
        return WorkStealingThreadPool.COMPARED_TUNINGS.stream();
    }

    @ParameterizedTest
    @MethodSource("tunings")
    void afterShutdownNow_aJoinTakesNothingFromTheThief_theForkRunsOnItsOwnWorker(String tuning)
            throws InterruptedException {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
        assumeTrue(pool.ownPopHelps, tuning + ": its joins never steal from a thief");
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
                for (int round = 0; round < MONITOR_ROUNDS && gStarted.getCount() != 0; round++) {
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
}
