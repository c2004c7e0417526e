package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The promises our pools make beyond the JDK's: run over every stealbench PoolKind. */
final class StealbenchPoolTest {

    private static final int THREADS = 2;

    static Stream<PoolKind> kinds() {
        return TestPools.ourKinds();
    }

    private static StealbenchPool create(PoolKind kind) {
        return assertInstanceOf(StealbenchPool.class, kind.create(THREADS));
    }

    /** A task that records how often it ran, then does what it was given. */
    private static final class Probe implements Runnable {
        final AtomicInteger runs = new AtomicInteger();
        private final Runnable then;

        Probe() {
            this(() -> { });
        }

        Probe(Runnable then) {
            this.then = then;
        }

        @Override
        public void run() {
            runs.incrementAndGet();
            then.run();
        }
    }

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("kinds")
    void shutdownNow_withQueuedTasks_returnsExactlyThoseAndInterruptsRunningOnes(PoolKind kind) throws Exception {
        StealbenchPool pool = create(kind);
        CountDownLatch started = new CountDownLatch(THREADS);
        CountDownLatch interrupted = new CountDownLatch(THREADS);
        CountDownLatch never = new CountDownLatch(1);
        for (int i = 0; i < THREADS; i++) {
            pool.execute(() -> {
                started.countDown();
                try {
                    never.await();
                } catch (InterruptedException e) {
                    interrupted.countDown();
                }
            });
        }
        TestPools.await(started, "blockers to start");
        List<Probe> queued = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            Probe probe = new Probe();
            queued.add(probe);
            pool.execute(probe);
        }
        List<Runnable> neverRun = pool.shutdownNow();
        TestPools.await(interrupted, "running tasks to be interrupted");
        assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS));
        assertEquals(identitySet(queued), identitySet(neverRun), "returned exactly the queued tasks");
        assertEquals(queued.size(), neverRun.size(), "each returned once");
        for (Probe probe : queued) {
            assertEquals(0, probe.runs.get(), "a returned task never ran");
        }
        assertThrows(RejectedExecutionException.class, () -> pool.execute(new Probe()));
    }

    /**
     * shutdownNow racing with three outside submitters whose tasks also submit from the workers:
     * every accepted task either ran once or was returned, never both, none lost.
     */
    @Tag("slow")
    @Timeout(120)
    @ParameterizedTest
    @MethodSource("kinds")
    void shutdownNow_racingSubmitters_everyAcceptedTaskRanOrWasReturned(PoolKind kind) throws Exception {
        for (int round = 0; round < 20; round++) {
            StealbenchPool pool = create(kind);
            Set<Probe> accepted = ConcurrentHashMap.newKeySet();
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> submitters = new ArrayList<>();
            for (int s = 0; s < 3; s++) {
                Thread submitter = new Thread(() -> {
                    while (!stop.get()) {
                        Probe child = new Probe();
                        Probe parent = new Probe(() -> {
                            try {
                                pool.execute(child);
                                accepted.add(child);
                            } catch (RejectedExecutionException refused) {
                                // not accepted
                            }
                        });
                        try {
                            pool.execute(parent);
                            accepted.add(parent);
                        } catch (RejectedExecutionException refused) {
                            return;
                        }
                    }
                });
                submitters.add(submitter);
                submitter.start();
            }
            Thread.sleep(5);
            List<Runnable> neverRun = pool.shutdownNow();
            stop.set(true);
            for (Thread t : submitters) {
                t.join();
            }
            assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS));
            Set<Runnable> returned = identitySet(neverRun);
            assertEquals(neverRun.size(), returned.size(), "no task returned twice");
            for (Runnable task : neverRun) {
                assertTrue(accepted.contains(task), "returned only accepted tasks");
            }
            for (Probe probe : accepted) {
                int runs = probe.runs.get();
                boolean wasReturned = returned.contains(probe);
                assertTrue(runs == 1 && !wasReturned || runs == 0 && wasReturned,
                        kind + ": an accepted task ran " + runs + " times and was " + (wasReturned ? "" : "not ")
                                + "returned");
            }
        }
    }

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("kinds")
    void close_withRunningAndQueuedTasks_returnsOnlyAfterAllRan(PoolKind kind) {
        StealbenchPool pool = create(kind);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        AtomicInteger finished = new AtomicInteger();
        pool.execute(() -> {
            started.countDown();
            TestPools.awaitUninterruptibly(gate);
            finished.incrementAndGet();
        });
        for (int i = 0; i < 100; i++) {
            pool.execute(finished::incrementAndGet);
        }
        TestPools.await(started, "the slow task to start");
        Thread opener = new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            gate.countDown();
        });
        opener.start();
        pool.close();
        assertEquals(101, finished.get(), "close returned before the work was done");
        assertTrue(pool.isTerminated());
    }

    @Tag("quick")
    @ParameterizedTest
    @MethodSource("kinds")
    void badArguments_areRefusedNamingTheArgument(PoolKind kind) {
        IllegalArgumentException threads = assertThrows(IllegalArgumentException.class, () -> kind.create(0));
        assertTrue(threads.getMessage().contains("threads"), threads.getMessage());
        StealbenchPool pool = create(kind);
        try {
            NullPointerException task = assertThrows(NullPointerException.class, () -> pool.execute(null));
            assertEquals("task", task.getMessage());
            NullPointerException unit = assertThrows(NullPointerException.class, () -> pool.awaitTermination(1, null));
            assertEquals("unit", unit.getMessage());
        } finally {
            pool.close();
        }
    }

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("kinds")
    void uncaughtExceptionHandler_throwingTasks_receivesEachAndKeepsTheThreads(PoolKind kind) {
        StealbenchPool pool = create(kind);
        List<Throwable> reported = Collections.synchronizedList(new ArrayList<>());
        Set<Thread> workerThreads = ConcurrentHashMap.newKeySet();
        pool.setUncaughtExceptionHandler((thread, failure) -> {
            workerThreads.add(thread);
            reported.add(failure);
        });
        List<RuntimeException> thrown = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            RuntimeException failure = new IllegalStateException("expected by the test " + i);
            thrown.add(failure);
            pool.execute(() -> {
                throw failure;
            });
        }
        // A handler that itself throws must not end a worker either.
        pool.execute(() -> {
            throw new IllegalStateException("expected by the test: handler throws next");
        });
        TestPools.awaitCondition(() -> reported.size() == 11, "11 reports");
        pool.setUncaughtExceptionHandler((thread, failure) -> {
            throw new IllegalStateException("expected by the test: a throwing handler");
        });
        pool.execute(() -> {
            throw new IllegalStateException("expected by the test");
        });
        CountDownLatch done = new CountDownLatch(50);
        for (int i = 0; i < 50; i++) {
            pool.execute(() -> {
                workerThreads.add(Thread.currentThread());
                done.countDown();
            });
        }
        TestPools.await(done, "tasks after the failures");
        assertTrue(identitySet(reported).containsAll(thrown), "each failure was handed over as thrown");
        assertEquals(THREADS, pool.poolSize(), "no worker died");
        assertTrue(workerThreads.size() <= THREADS, "no thread was replaced: " + workerThreads);
        pool.close();
        assertEquals(0, pool.poolSize());
    }

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("kinds")
    void execute_fromRunningTaskAfterShutdown_isRejected(PoolKind kind) {
        StealbenchPool pool = create(kind);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        pool.execute(() -> {
            started.countDown();
            TestPools.awaitUninterruptibly(gate);
            try {
                pool.execute(() -> { });
                outcome.set(new AssertionError("accepted after shutdown"));
            } catch (RejectedExecutionException expected) {
                outcome.set(expected);
            }
        });
        TestPools.await(started, "the task to start");
        pool.shutdown();
        gate.countDown();
        pool.close();
        assertInstanceOf(RejectedExecutionException.class, outcome.get());
    }

    @Tag("quick")
    @ParameterizedTest
    @MethodSource("kinds")
    void close_calledTwiceAndAfterShutdownNow_isHarmless(PoolKind kind) {
        StealbenchPool pool = create(kind);
        pool.shutdownNow();
        pool.close();
        pool.close();
        assertTrue(pool.isTerminated());
        assertNotNull(pool.toString());
        assertFalse(pool.toString().isEmpty());
    }

    private static <T> Set<T> identitySet(List<? extends T> items) {
        Set<T> set = Collections.newSetFromMap(new IdentityHashMap<>());
        set.addAll(items);
        return set;
    }
}
