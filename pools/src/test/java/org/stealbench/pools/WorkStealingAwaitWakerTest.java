package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stealbench.pools.PauseHook.PausePoint;

/**
 * await-waker (the pool's overview): a worker woken by a push onto an empty deque takes that
 * task and finds nothing more while its waker is held inside the wake-up, after its unpark (the
 * pause hook's WAKER_UNPARKED). It must re-scan on instead of registering as idle; without the
 * option it registers at once, and the waker's next push would have to wake it again.
 */
final class WorkStealingAwaitWakerTest {

    private static final String RESCANNED = "re-scanned while its waker was in the wake-up";

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @ValueSource(strings = {"await-waker", "searching+await-waker"})
    void wokenWorker_wakerStillInItsUnpark_rescansInsteadOfRegistering(String tuning) {
        AtomicReference<Thread> waker = new AtomicReference<>();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch decided = new CountDownLatch(1);
        AtomicReference<String> outcome = new AtomicReference<>();
        PauseHook hook = point -> {
            Thread me = Thread.currentThread();
            Thread spawner = waker.get();
            if (spawner == null || release.getCount() == 0) {
                return;
            }
            if (point == PausePoint.WAKER_UNPARKED && me == spawner) {
                TestPools.awaitUninterruptibly(release);
            } else if (me != spawner && (point == PausePoint.AWAITING_WAKER || point == PausePoint.NOTHING_FOUND)) {
                outcome.compareAndSet(null, point == PausePoint.AWAITING_WAKER ? RESCANNED
                        : "registered as idle while its waker was in the wake-up");
                decided.countDown();
            }
        };
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning)
                .pauseHook(hook).build()) {
            TestPools.awaitCondition(() -> pool.idleWorkers() == 2 && PoolContractTest.allParked(pool),
                    "every worker to park");
            CountDownLatch taskRan = new CountDownLatch(1);
            pool.execute(() -> {
                waker.set(Thread.currentThread());
                pool.execute(taskRan::countDown); // onto its empty deque: wakes the parked worker
            });
            TestPools.await(decided, "the woken worker to re-scan or register");
            release.countDown();
            TestPools.await(taskRan, "the pushed task");
            assertEquals(RESCANNED, outcome.get());
        }
    }
}
