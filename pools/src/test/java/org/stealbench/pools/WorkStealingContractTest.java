package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stealbench.pools.PauseHook.PausePoint;
import org.stealbench.queues.QueueKind;

/**
 * The work-stealing pool's contract where ForkJoinPool and ThreadPoolExecutor set it and global
 * batches, moved tasks or outside helpers could break it: what a join may run on its frame,
 * what shutdownNow returns, when the pool terminates, and what isShutdown answers. Each test
 * orders the threads with latches or the pool's pause hooks and asserts on state, never on time.
 */
@Tag("quick")
@Timeout(120)
final class WorkStealingContractTest {

    static Stream<org.junit.jupiter.api.Named<UnaryOperator<WorkStealingPoolBuilder>>> tunings() {
        return WorkStealingThreadPoolTest.tunings();
    }

    /**
     * Outside code forks P, which joins a task running on the other worker, and then forks O,
     * which waits for what P does after its join. When one worker takes P and O together (a
     * global batch), O must not run nested on P's join: P could never resume under it. O runs at
     * the top of a worker's stack, and sees P finish.
     */
    @ParameterizedTest
    @MethodSource("tunings")
    void join_outsideTaskTakenInTheJoinersBatch_neverRunsNestedOnTheJoin(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        try (WorkStealingThreadPool pool = tuning.apply(WorkStealingThreadPool.builder().threads(2)).build()) {
            CountDownLatch releaseFirst = TestPools.occupyWorker(pool);
            CountDownLatch secondStarted = new CountDownLatch(1);
            CountDownLatch releaseSecond = new CountDownLatch(1);
            Joinable<Integer> second = pool.fork(() -> {
                secondStarted.countDown();
                TestPools.awaitUninterruptibly(releaseSecond);
                return 2;
            });
            TestPools.await(secondStarted, "the task occupying the other worker");

            CountDownLatch joining = new CountDownLatch(1);
            CountDownLatch joined = new CountDownLatch(1);
            Joinable<Integer> p = pool.fork(() -> {
                joining.countDown();
                int value = second.join();
                joined.countDown();
                return value;
            });
            AtomicInteger outsideDepth = new AtomicInteger(-2);
            CountDownLatch outsideDone = new CountDownLatch(1);
            pool.fork(() -> { // a fork, not an execute: joins may run forks, but not this one
                outsideDepth.set(pool.currentHelpDepth());
                if (outsideDepth.get() == 0) {
                    TestPools.await(joined, "P's continuation, seen from O");
                }
                outsideDone.countDown();
                return null;
            });
            releaseFirst.countDown(); // the first worker takes P (and, in a batch, O)
            TestPools.await(joining, "P's join");
            releaseSecond.countDown();
            TestPools.await(outsideDone, "O");
            assertEquals(0, outsideDepth.get(), pool + ": O ran nested on a join");
            assertEquals(2, p.join());
        }
    }

    /**
     * shutdownNow while a worker holds a global batch it has taken but not yet queued: each of
     * the batch's tasks is returned or started before shutdownNow returns, never started after
     * it (only the one task the worker took to run may still start then, as with
     * ThreadPoolExecutor).
     */
    @Test
    void shutdownNow_whileAWorkerMovesABatch_returnsTheBatchInsteadOfStartingIt() throws Exception {
        AtomicBoolean armed = new AtomicBoolean();
        CountDownLatch batchTaken = new CountDownLatch(1);
        CountDownLatch moveOn = new CountDownLatch(1);
        CountDownLatch stopWaits = new CountDownLatch(1);
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).pauseHook(point -> {
            if (point == PausePoint.BATCH_TAKEN && armed.compareAndSet(true, false)) {
                batchTaken.countDown();
                TestPools.awaitUninterruptibly(moveOn);
            } else if (point == PausePoint.STOP_AWAITS_MOVER) {
                stopWaits.countDown();
            }
        }).build();
        CountDownLatch release = TestPools.occupyWorker(pool);
        int tasks = 10;
        AtomicBoolean returned = new AtomicBoolean();
        AtomicInteger startedAfterReturn = new AtomicInteger();
        Set<Runnable> started = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        Set<Runnable> submitted = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < tasks; i++) {
            Runnable task = new Runnable() {
                @Override
                public void run() {
                    if (returned.get()) {
                        startedAfterReturn.incrementAndGet();
                    }
                    started.add(this);
                }
            };
            submitted.add(task);
            pool.execute(task);
        }
        armed.set(true);
        release.countDown();
        TestPools.await(batchTaken, "the worker to take the batch");
        AtomicReference<List<Runnable>> neverRun = new AtomicReference<>();
        Thread stopper = new Thread(() -> {
            neverRun.set(pool.shutdownNow());
            returned.set(true);
        });
        stopper.start();
        TestPools.awaitCondition(() -> stopWaits.getCount() == 0 || !stopper.isAlive(),
                "shutdownNow to return or to wait for the batch");
        moveOn.countDown();
        stopper.join();
        assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS));
        assertNotNull(neverRun.get());
        Set<Runnable> returnedSet = Collections.newSetFromMap(new IdentityHashMap<>());
        returnedSet.addAll(neverRun.get());
        assertTrue(Collections.disjoint(returnedSet, started), "no task both returned and started");
        Set<Runnable> accounted = Collections.newSetFromMap(new IdentityHashMap<>());
        accounted.addAll(returnedSet);
        accounted.addAll(started);
        assertEquals(submitted, accounted, "every task returned or started");
        assertTrue(startedAfterReturn.get() <= 1, startedAfterReturn.get() + " tasks started after shutdownNow returned");
    }

    /**
     * An outside thread's tryRunOne() runs a queued task while the pool shuts down: the pool
     * must not terminate (awaitTermination must not return true) while that task still runs.
     */
    @ParameterizedTest
    @MethodSource("tunings")
    void tryRunOne_outsideHelperStillRunning_poolDoesNotTerminateUntilItEnds(UnaryOperator<WorkStealingPoolBuilder> tuning)
            throws Exception {
        WorkStealingThreadPool pool = tuning.apply(WorkStealingThreadPool.builder().threads(1)).build();
        CountDownLatch releaseWorker = TestPools.occupyWorker(pool);
        CountDownLatch queuedStarted = new CountDownLatch(1);
        CountDownLatch releaseQueued = new CountDownLatch(1);
        pool.execute(() -> {
            queuedStarted.countDown();
            TestPools.awaitUninterruptibly(releaseQueued);
        });
        AtomicBoolean helperRan = new AtomicBoolean();
        Thread helper = new Thread(() -> helperRan.set(pool.tryRunOne()));
        helper.start();
        TestPools.await(queuedStarted, "the outside helper to run the queued task");
        pool.shutdown();
        releaseWorker.countDown();
        // The worker now finds every queue empty and leaves its loop; the pool must still wait for
        // the helper.
        TestPools.awaitCondition(() -> pool.isTerminated() || pool.poolSize() == 0, "the worker to leave its loop");
        assertFalse(pool.isTerminated(), pool + " terminated while an outside helper still ran a task");
        releaseQueued.countDown();
        helper.join();
        assertTrue(helperRan.get());
        assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS), pool + " terminated");
    }

    /**
     * A submission refused because shutdown() has begun: isShutdown() already says so when the
     * refusal is seen (the injector is closed before SHUTDOWN is set; the hook runs in between).
     */
    @Test
    void execute_refusedWhileShutdownIsUnderWay_isShutdownAlreadyTrue() {
        AtomicReference<WorkStealingThreadPool> poolRef = new AtomicReference<>();
        AtomicReference<String> seen = new AtomicReference<>("the hook did not run");
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).pauseHook(point -> {
            if (point == PausePoint.SHUTDOWN_CLOSED_INJECTOR) {
                try {
                    poolRef.get().execute(() -> { });
                    seen.set("accepted after the injector closed");
                } catch (RejectedExecutionException refused) {
                    seen.set("refused; isShutdown() " + poolRef.get().isShutdown());
                }
            }
        }).build();
        poolRef.set(pool);
        assertEquals(WorkStealingThreadPool.Admission.INJECTOR, pool.admission());
        pool.shutdown();
        assertEquals("refused; isShutdown() true", seen.get());
        TestPools.close(pool);
    }

    static Stream<QueueKind> workerDeques() {
        return Stream.of(QueueKind.values()).filter(WorkStealingThreadPool::canBackWorkers);
    }

    /**
     * A forks T, which the other worker steals; A then submits E and joins T; T waits for E's
     * Future. A's join runs E (it sits in A's own deque), so T finishes: a join that set E aside
     * instead would leave it beside two blocked workers until T's bounded get() gives up.
     */
    @Test
    void join_awaitedTaskWaitsForATaskItsJoinerSubmitted_completes() throws Exception {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).build()) {
            CountDownLatch tStarted = new CountDownLatch(1);
            CountDownLatch fSubmitted = new CountDownLatch(1);
            AtomicReference<Future<?>> f = new AtomicReference<>();
            Joinable<String> a = pool.fork(() -> {
                Joinable<String> t = pool.fork(() -> {
                    tStarted.countDown();
                    TestPools.awaitUninterruptibly(fSubmitted);
                    f.get().get(5, TimeUnit.SECONDS); // bounded so the test ends when the pool is stuck
                    return "t";
                });
                TestPools.awaitUninterruptibly(tStarted);
                f.set(pool.submit(() -> { }));
                fSubmitted.countDown();
                return t.join();
            });
            String outcome;
            try {
                outcome = a.join();
            } catch (CompletionException e) {
                outcome = "failed: " + e.getCause();
            }
            assertEquals("t", outcome, pool + ": T never saw the task its parent submitted run");
        }
    }

    /**
     * After shutdownNow too, the pool is not terminated while an outside helper still runs a task
     * it took: the workers leave their loops at once, but the last one waits for the helper.
     */
    @Test
    void shutdownNow_outsideHelperStillRunning_poolDoesNotTerminateUntilItEnds() throws Exception {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).build();
        CountDownLatch releaseWorker = TestPools.occupyWorker(pool);
        CountDownLatch queuedStarted = new CountDownLatch(1);
        CountDownLatch releaseQueued = new CountDownLatch(1);
        pool.execute(() -> {
            queuedStarted.countDown();
            TestPools.awaitUninterruptibly(releaseQueued);
        });
        Thread helper = new Thread(pool::tryRunOne);
        helper.start();
        TestPools.await(queuedStarted, "the outside helper to run the queued task");
        pool.shutdownNow();
        releaseWorker.countDown();
        // The worker leaves its loop (stopping); the pool must still wait for the helper's task.
        TestPools.awaitCondition(() -> pool.poolSize() == 0, "the worker to leave its loop");
        boolean terminatedWhileHelperRuns = pool.isTerminated();
        releaseQueued.countDown();
        helper.join();
        assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS), pool + " terminated");
        assertFalse(terminatedWhileHelperRuns, pool + " terminated while an outside helper still ran a task");
    }

    /**
     * While shutdown() is held between closing the injector and setting SHUTDOWN, an outside
     * execute() is refused; from then on isShutdown() answers true and a worker's execute() is
     * refused too: after shutdown no new task is accepted, from any thread.
     */
    @Test
    void execute_fromAWorker_afterAnOutsideRefusal_isRefusedAndIsShutdownTrue() throws Exception {
        AtomicReference<WorkStealingThreadPool> poolRef = new AtomicReference<>();
        CountDownLatch outsideRefused = new CountDownLatch(1);
        CountDownLatch workerLooked = new CountDownLatch(1);
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).pauseHook(point -> {
            if (point == PausePoint.SHUTDOWN_CLOSED_INJECTOR) {
                try {
                    poolRef.get().execute(() -> { });
                } catch (RejectedExecutionException expected) {
                    outsideRefused.countDown();
                }
                TestPools.awaitUninterruptibly(workerLooked);
            }
        }).build();
        poolRef.set(pool);
        AtomicReference<String> seen = new AtomicReference<>("the outside execute() was not refused");
        AtomicBoolean lateRan = new AtomicBoolean();
        CountDownLatch started = new CountDownLatch(1);
        pool.execute(() -> {
            started.countDown();
            if (awaitBounded(outsideRefused)) {
                boolean shut = pool.isShutdown();
                try {
                    pool.execute(() -> lateRan.set(true));
                    seen.set("isShutdown() " + shut + ", then execute() accepted");
                } catch (RejectedExecutionException e) {
                    seen.set("isShutdown() " + shut + ", then execute() refused");
                }
            }
            workerLooked.countDown();
        });
        TestPools.await(started, "the worker's task");
        pool.shutdown();
        assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS));
        assertEquals("isShutdown() true, then execute() refused", seen.get());
        assertFalse(lateRan.get());
    }

    /** Whether {@code latch} opened within {@link TestPools#HANG}. */
    private static boolean awaitBounded(CountDownLatch latch) {
        try {
            return latch.await(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * With one worker, outside submissions start in submission order on every worker deque kind:
     * a batch goes into the inbox newest first for a LIFO-pop kind, oldest first for a FIFO-pop
     * one (locked, hybrid-fixed, segmented-mpmc as the worker deque).
     */
    @ParameterizedTest
    @MethodSource("workerDeques")
    void oneWorker_outsideSubmissions_startInSubmissionOrder(QueueKind deque) throws Exception {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).workerDeque(deque).build()) {
            CountDownLatch release = TestPools.occupyWorker(pool);
            List<Integer> order = Collections.synchronizedList(new ArrayList<>());
            int n = 8;
            CountDownLatch done = new CountDownLatch(n);
            for (int i = 0; i < n; i++) {
                int id = i;
                pool.execute(() -> {
                    order.add(id);
                    done.countDown();
                });
            }
            release.countDown();
            TestPools.await(done, "the submissions");
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), order, pool + ": outside submissions out of order");
        }
    }

    /**
     * Termination waits for outside helpers, so close() from a task an outside thread runs
     * through tryRunOne() must not wait for termination, as close() on a worker does not: it
     * would wait for its own end.
     */
    @Test
    void close_fromATaskRunByAnOutsideHelper_returns() throws Exception {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).build();
        CountDownLatch releaseWorker = TestPools.occupyWorker(pool);
        CountDownLatch closing = new CountDownLatch(1);
        pool.execute(() -> {
            closing.countDown();
            pool.close();
        });
        Thread helper = new Thread(pool::tryRunOne);
        helper.setDaemon(true);
        helper.start();
        TestPools.await(closing, "the helper to run the closing task");
        releaseWorker.countDown();
        helper.join(10_000); // bounded: the failure is a hang
        boolean stuck = helper.isAlive();
        helper.interrupt(); // close() then calls shutdownNow(), whose workers leave: the helper returns
        helper.join(TestPools.HANG.toMillis());
        assertFalse(stuck, "close() in a task run by tryRunOne() waits for itself");
    }
}
