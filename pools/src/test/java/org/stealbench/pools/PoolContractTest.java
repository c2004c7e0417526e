package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ExecutorService contract every registered pool keeps, the JDK peers included: only what the
 * JDK's own contracts promise too. Our pools' stronger promises are in StealbenchPoolTest.
 */
final class PoolContractTest {

    private static final int THREADS = 2;

    static java.util.stream.Stream<PoolKind> kinds() {
        return TestPools.allKinds();
    }

    static java.util.stream.Stream<Arguments> kindsByThreads() {
        return TestPools.allKinds().flatMap(kind -> java.util.stream.Stream.of(1, 2).map(t -> Arguments.of(kind, t)));
    }

    @Tag("slow")
    @Timeout(120)
    @ParameterizedTest
    @MethodSource("kinds")
    void execute_millionTasksFromFourOutsideThreads_eachRunsExactlyOnce(PoolKind kind) throws Exception {
        int submitters = 4;
        int perSubmitter = 250_000;
        int total = submitters * perSubmitter;
        AtomicIntegerArray runs = new AtomicIntegerArray(total);
        CountDownLatch done = new CountDownLatch(total);
        ExecutorService pool = kind.create(THREADS);
        try {
            AtomicReference<Throwable> submitFailure = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < submitters; s++) {
                int base = s * perSubmitter;
                Thread submitter = new Thread(() -> {
                    for (int i = 0; i < perSubmitter; i++) {
                        int index = base + i;
                        pool.execute(() -> {
                            runs.incrementAndGet(index);
                            done.countDown();
                        });
                    }
                });
                submitter.setUncaughtExceptionHandler((t, e) -> submitFailure.set(e));
                threads.add(submitter);
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join(TestPools.HANG.toMillis());
            }
            assertEquals(null, submitFailure.get(), "a submitter failed");
            TestPools.await(done, kind + ": tasks to run");
        } finally {
            TestPools.close(pool);
        }
        for (int i = 0; i < total; i++) {
            if (runs.get(i) != 1) {
                assertEquals(1, runs.get(i), kind + ": task " + i + " ran " + runs.get(i) + " times");
            }
        }
    }

    /**
     * Bursts separated by gaps in which every worker parks: a lost wake-up leaves a burst
     * unfinished, which the bounded wait turns into a failure.
     */
    @Tag("quick")
    @Timeout(120)
    @ParameterizedTest
    @MethodSource("kinds")
    void execute_burstsAfterIdleGaps_allComplete(PoolKind kind) {
        ExecutorService pool = kind.create(THREADS);
        SplittableRandom random = new SplittableRandom(42);
        try {
            for (int burst = 0; burst < 25; burst++) {
                waitUntilIdle(pool);
                int size = 1 + random.nextInt(2 * THREADS);
                CountDownLatch done = new CountDownLatch(size);
                for (int i = 0; i < size; i++) {
                    pool.execute(done::countDown);
                }
                TestPools.await(done, kind + ": burst " + burst + " (a lost wake-up?)");
            }
        } finally {
            TestPools.close(pool);
        }
    }

    /**
     * Thousands of tiny bursts from one submitter that spins on each burst's completion (yielding
     * after a few rounds, so on one CPU it does not keep the workers it waits for from running) and
     * submits the next one at once or after a gap of up to 45 microseconds: aims the submissions
     * at the window in which a worker has just found nothing and is about to park. One submitter
     * only, because another one's next submission would rescue a stranded task and hide the loss.
     */
    @Tag("slow")
    @Timeout(180)
    @ParameterizedTest
    @MethodSource("kindsByThreads")
    void execute_tinyBurstsWithRandomShortGaps_allComplete(PoolKind kind, int threads) throws Exception {
        ExecutorService pool = kind.create(threads);
        try {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> submitters = new ArrayList<>();
            for (int s = 0; s < 1; s++) {
                long seed = s;
                Thread submitter = new Thread(() -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    for (int burst = 0; burst < 8_000; burst++) {
                        int size = 1 + random.nextInt(2);
                        AtomicInteger left = new AtomicInteger(size);
                        for (int i = 0; i < size; i++) {
                            pool.execute(left::decrementAndGet);
                        }
                        int thisBurst = burst;
                        TestPools.spinUntil(() -> left.get() == 0,
                                kind + ": the end of burst " + thisBurst + " (a lost wake-up?)");
                        int gap = random.nextInt(4);
                        if (gap != 0) {
                            LockSupport.parkNanos(gap * 15_000L);
                        }
                    }
                });
                submitter.setUncaughtExceptionHandler((t, e) -> failure.compareAndSet(null, e));
                submitters.add(submitter);
            }
            submitters.forEach(Thread::start);
            for (Thread t : submitters) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
        } finally {
            TestPools.close(pool);
        }
    }

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("kinds")
    void execute_throwingTasks_poolKeepsRunningTasks(PoolKind kind) {
        ExecutorService pool = kind.create(THREADS);
        AtomicInteger reported = new AtomicInteger();
        CountDownLatch allReported = new CountDownLatch(3 * THREADS);
        Thread.UncaughtExceptionHandler jvmDefault = Thread.getDefaultUncaughtExceptionHandler();
        // The JDK pools report to the thread's handler, which falls back to the JVM's default.
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            reported.incrementAndGet();
            allReported.countDown();
        });
        try {
            for (int i = 0; i < 3 * THREADS; i++) {
                pool.execute(() -> {
                    throw new IllegalStateException("expected by the test: a failing task");
                });
            }
            CountDownLatch done = new CountDownLatch(100);
            for (int i = 0; i < 100; i++) {
                pool.execute(done::countDown);
            }
            TestPools.await(done, kind + ": tasks after failing ones");
            TestPools.close(pool);
            // ThreadPoolExecutor's dying worker calls the handler after it has left the pool, so the
            // pool can terminate first: wait (bounded) for every report before counting them.
            TestPools.await(allReported, kind + ": every failure reported");
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(jvmDefault);
        }
        assertEquals(3 * THREADS, reported.get(), "every failure reached the uncaught-exception handler");
    }

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("kinds")
    void shutdown_withQueuedTasks_runsThemRejectsNewOnesAndTerminates(PoolKind kind) throws Exception {
        ExecutorService pool = kind.create(THREADS);
        CountDownLatch started = new CountDownLatch(THREADS);
        CountDownLatch gate = new CountDownLatch(1);
        AtomicInteger ran = new AtomicInteger();
        try {
            for (int i = 0; i < THREADS; i++) {
                pool.execute(() -> {
                    started.countDown();
                    TestPools.awaitUninterruptibly(gate);
                });
            }
            TestPools.await(started, kind + ": blockers to start");
            for (int i = 0; i < 100; i++) {
                pool.execute(ran::incrementAndGet);
            }
            pool.shutdown();
            assertTrue(pool.isShutdown());
            assertFalse(pool.isTerminated(), "queued work keeps the pool alive");
            assertThrows(RejectedExecutionException.class, () -> pool.execute(ran::incrementAndGet));
            assertFalse(pool.awaitTermination(20, TimeUnit.MILLISECONDS), "blocked workers cannot have finished");
            gate.countDown();
            assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS));
            assertTrue(pool.isTerminated());
            assertEquals(100, ran.get(), "every task queued before shutdown ran, the rejected one did not");
        } finally {
            gate.countDown();
            TestPools.close(pool);
        }
    }

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("kinds")
    void execute_afterShutdownOfIdlePool_isRejectedAndPoolTerminates(PoolKind kind) throws Exception {
        ExecutorService pool = kind.create(THREADS);
        CountDownLatch warm = new CountDownLatch(1);
        pool.execute(warm::countDown);
        TestPools.await(warm, "first task");
        pool.shutdown();
        assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
        assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS));
        assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
        assertTrue(pool.isShutdown());
        assertTrue(pool.isTerminated());
    }

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("kinds")
    void awaitTermination_poolNotShutDown_returnsFalseAfterTimeout(PoolKind kind) throws Exception {
        ExecutorService pool = kind.create(THREADS);
        try {
            assertFalse(pool.awaitTermination(10, TimeUnit.MILLISECONDS));
            assertFalse(pool.isShutdown());
            assertFalse(pool.isTerminated());
        } finally {
            TestPools.close(pool);
        }
    }

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("kinds")
    void invokeAll_fromOutside_returnsEveryResult(PoolKind kind) throws Exception {
        ExecutorService pool = kind.create(THREADS);
        try {
            List<java.util.concurrent.Callable<Integer>> tasks = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                int value = i;
                tasks.add(() -> value * value);
            }
            List<java.util.concurrent.Future<Integer>> results = pool.invokeAll(tasks);
            for (int i = 0; i < 50; i++) {
                assertEquals(i * i, results.get(i).get());
            }
        } finally {
            TestPools.close(pool);
        }
    }

    /** Waits until our pools' workers are all parked; sleeps long enough for the JDK's to park. */
    private static void waitUntilIdle(ExecutorService pool) {
        if (pool instanceof WorkStealingThreadPool ws) {
            TestPools.awaitCondition(() -> ws.idleWorkers() == ws.threads() && allParked(ws), "every worker to park");
        } else {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }

    static boolean allParked(WorkStealingThreadPool ws) {
        for (int i = 0; i < ws.threads(); i++) {
            if (ws.workerThread(i).getState() != Thread.State.TIMED_WAITING) {
                return false;
            }
        }
        return true;
    }
}
