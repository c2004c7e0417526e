package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
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
    /** A bound on a wait that a live pool meets at once and a pool with a lost wake-up never meets. */
    private static final long MISS_SECONDS = 5;

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
        try (WorkStealingThreadPool pool = parkedPool(2, tuning, hook)) {
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

    /**
     * shutdownNow while the woken worker re-scans on for a waker (an outside submitter) held after
     * its unpark: the worker adds no scans once stopping is set, so the pool terminates while that
     * waker is still held; without the check it re-scans on, yielding, for as long as the waker
     * stays there (up to MAX_IDLE_SCANS scans).
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @ValueSource(strings = {"await-waker", "searching+await-waker"})
    void shutdownNow_wokenWorkerAwaitingItsWaker_addsNoScansAndTerminates(String tuning) throws InterruptedException {
        AtomicReference<Thread> waker = new AtomicReference<>();
        CountDownLatch releaseWaker = new CountDownLatch(1);
        CountDownLatch extending = new CountDownLatch(1);
        CountDownLatch resume = new CountDownLatch(1);
        AtomicBoolean stopped = new AtomicBoolean();
        AtomicInteger addedAfterStop = new AtomicInteger();
        PauseHook hook = point -> {
            if (point == PausePoint.WAKER_UNPARKED && Thread.currentThread() == waker.get()) {
                TestPools.awaitUninterruptibly(releaseWaker);
            } else if (point == PausePoint.AWAITING_WAKER) {
                if (stopped.get()) {
                    addedAfterStop.incrementAndGet();
                } else if (extending.getCount() != 0) {
                    extending.countDown();
                    TestPools.awaitUninterruptibly(resume);
                }
            }
        };
        WorkStealingThreadPool pool = parkedPool(1, tuning, hook);
        Thread submitter = new Thread(() -> pool.execute(() -> { }), "waker held after its unpark");
        try {
            waker.set(submitter);
            submitter.start();
            TestPools.await(extending, "the woken worker to re-scan on for its waker");
            pool.shutdownNow();
            stopped.set(true);
            resume.countDown();
            assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS),
                    "the pool terminates while the waker is still held");
            assertEquals(0, addedAfterStop.get(), "re-scans added for the waker after shutdownNow");
        } finally {
            resume.countDown();
            releaseWaker.countDown();
            submitter.join();
            pool.shutdownNow();
        }
    }

    /**
     * An Error right after a waker's unpark (thrown here by the pause hook, where a deep waker's
     * StackOverflowError would come) skips its clear of wakerUnparking: the woken worker re-scans
     * on for a waker that is gone, then registers, which clears the flag, and is woken as usual
     * by the next submission.
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @ValueSource(strings = {"await-waker", "searching+await-waker"})
    void errorAfterWakersUnpark_flagLeftSet_clearedWhenTheWorkerRegisters(String tuning) throws InterruptedException {
        AtomicReference<Thread> waker = new AtomicReference<>();
        AtomicInteger awaitingWaker = new AtomicInteger();
        PauseHook hook = point -> {
            if (point == PausePoint.WAKER_UNPARKED && Thread.currentThread() == waker.get()) {
                throw new StackOverflowError("the waker's clear is cut short");
            } else if (point == PausePoint.AWAITING_WAKER) {
                awaitingWaker.incrementAndGet();
            }
        };
        try (WorkStealingThreadPool pool = parkedPool(1, tuning, hook)) {
            WorkStealingWorker worker = (WorkStealingWorker) pool.workerThread(0);
            CountDownLatch firstRan = new CountDownLatch(1);
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread submitter = new Thread(() -> {
                try {
                    pool.execute(firstRan::countDown);
                } catch (Throwable t) {
                    thrown.set(t);
                }
            }, "waker cut short after its unpark");
            waker.set(submitter);
            submitter.start();
            submitter.join();
            assertInstanceOf(StackOverflowError.class, thrown.get());
            TestPools.await(firstRan, "the task queued before the Error");
            awaitAllParked(pool, "the worker to park again");
            assertTrue(awaitingWaker.get() > 0, "the worker re-scanned on for the waker the Error cut short");
            assertFalse(worker.wakerUnparkingOpaque(), "registering cleared the flag the Error left set");
            CountDownLatch secondRan = new CountDownLatch(1);
            pool.execute(secondRan::countDown);
            TestPools.await(secondRan, "a task submitted after the Error");
        }
    }

    /**
     * Signalling.SEARCHING: while a woken worker searches on for its waker (held after its
     * unpark), outside pushes skip their signal because it searches; the one that holds it must
     * not leave the other beside the parked third worker: its stopSearching passes the signal on.
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @ValueSource(strings = {"searching+await-waker"})
    void searchingOnForItsWaker_pushesSkipTheirSignal_theParkedWorkerStillStartsOne(String tuning)
            throws InterruptedException {
        AtomicReference<Thread> waker = new AtomicReference<>();
        CountDownLatch releaseWaker = new CountDownLatch(1);
        CountDownLatch extending = new CountDownLatch(1);
        CountDownLatch resume = new CountDownLatch(1);
        PauseHook hook = point -> {
            Thread me = Thread.currentThread();
            if (point == PausePoint.WAKER_UNPARKED && me == waker.get()) {
                TestPools.awaitUninterruptibly(releaseWaker);
            } else if (point == PausePoint.AWAITING_WAKER && waker.get() != null && me != waker.get()
                    && extending.getCount() != 0) {
                extending.countDown();
                TestPools.awaitUninterruptibly(resume);
            }
        };
        HoldUntilAllStart tasks = new HoldUntilAllStart(2);
        try (WorkStealingThreadPool pool = parkedPool(3, tuning, hook)) {
            try {
                pool.execute(() -> {
                    waker.set(Thread.currentThread());
                    pool.execute(() -> { }); // onto its empty deque: wakes a parked worker
                });
                TestPools.await(extending, "the woken worker to search on for its waker");
                assertEquals(1, pool.idleWorkers(), "the third worker is parked");
                pool.execute(tasks::run); // both skip their signal: a worker searches
                pool.execute(tasks::run);
                resume.countDown();
                // a bound a live pool meets at once, well inside the holds' TestPools.HANG, whose
                // end would free the held waker to start the second task itself
                assertTrue(tasks.started.await(MISS_SECONDS, TimeUnit.SECONDS), "only " + tasks.threads.size()
                        + " of 2 tasks started while the searcher held one: a wake-up was lost");
                assertEquals(2, tasks.threads.size());
            } finally {
                tasks.releaseAll();
                resume.countDown();
                releaseWaker.countDown();
            }
        }
    }

    /** A pool of {@code threads} workers under {@code tuning}, once every worker has parked. */
    private static WorkStealingThreadPool parkedPool(int threads, String tuning, PauseHook hook) {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(threads).tuning(tuning)
                .pauseHook(hook).build();
        awaitAllParked(pool, "every worker to park");
        return pool;
    }

    private static void awaitAllParked(WorkStealingThreadPool pool, String what) {
        TestPools.awaitCondition(() -> pool.idleWorkers() == pool.threads() && PoolContractTest.allParked(pool), what);
    }
}
