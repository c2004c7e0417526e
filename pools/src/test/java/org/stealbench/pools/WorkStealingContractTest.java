package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stealbench.pools.WorkStealingThreadPool.Builder;
import org.stealbench.pools.WorkStealingThreadPool.PausePoint;

/**
 * The work-stealing pool's contract where ForkJoinPool and ThreadPoolExecutor set it and global
 * batches, moved tasks or outside helpers could break it: what a join may run on its frame,
 * what shutdownNow returns, when the pool terminates, and what isShutdown answers. Each test
 * orders the threads with latches or the pool's pause hooks and asserts on state, never on time.
 */
@Tag("quick")
@Timeout(120)
final class WorkStealingContractTest {

    static java.util.stream.Stream<org.junit.jupiter.api.Named<UnaryOperator<Builder>>> tunings() {
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
    void join_outsideTaskTakenInTheJoinersBatch_neverRunsNestedOnTheJoin(UnaryOperator<Builder> tuning) {
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
     * A task forks F, then submits O with execute(), and joins F: its join must run F, not O,
     * on its frame (O may wait for the task's continuation, as here). O runs afterwards at the
     * top of the stack. One worker, so the deque holds exactly F under O.
     */
    @ParameterizedTest
    @MethodSource("tunings")
    void join_executedTaskAboveTheAwaitedFork_isNotRunOnTheJoin(UnaryOperator<Builder> tuning) {
        try (WorkStealingThreadPool pool = tuning.apply(WorkStealingThreadPool.builder().threads(1)).build()) {
            CountDownLatch continued = new CountDownLatch(1);
            AtomicInteger executedDepth = new AtomicInteger(-2);
            CountDownLatch executedDone = new CountDownLatch(1);
            int value = pool.invoke(() -> {
                Joinable<Integer> fork = pool.fork(() -> 7);
                pool.execute(() -> {
                    executedDepth.set(pool.currentHelpDepth());
                    if (executedDepth.get() == 0) {
                        TestPools.await(continued, "the joiner's continuation, seen from O");
                    }
                    executedDone.countDown();
                });
                int forked = fork.join();
                continued.countDown();
                return forked;
            });
            assertEquals(7, value);
            TestPools.await(executedDone, "O");
            assertEquals(0, executedDepth.get(), pool + ": O ran nested on the join");
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
    void tryRunOne_outsideHelperStillRunning_poolDoesNotTerminateUntilItEnds(UnaryOperator<Builder> tuning)
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
        // The worker now finds every queue empty: it parks, or (the bug) the pool terminates.
        TestPools.awaitCondition(() -> pool.isTerminated()
                || pool.idleWorkers() == 1 && PoolContractTest.allParked(pool), "the worker to park or exit");
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
}
