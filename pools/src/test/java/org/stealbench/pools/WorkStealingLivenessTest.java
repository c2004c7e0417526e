package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stealbench.pools.PauseHook.PausePoint;
import org.stealbench.pools.WorkStealingThreadPool.SearchOrder;
import org.stealbench.pools.WorkStealingThreadPool.Signalling;

/**
 * The liveness scenarios of issue 9, one test each, over every signalling and helping option.
 * Each waits for progress with a bound the scenario misses by design when the bug is present
 * (the pool never gets there, however long it is given) and asserts on state, never on time.
 */
final class WorkStealingLivenessTest {

    /** A bound on a wait that a live pool meets at once and a pool with the bug never meets. */
    private static final long MISS_SECONDS = 5;

    /** The builder options that change signalling or helping; every scenario runs under each. */
    static Stream<Named<UnaryOperator<WorkStealingPoolBuilder>>> tunings() {
        return WorkStealingThreadPoolTest.tunings();
    }

    private static WorkStealingThreadPool idlePool(WorkStealingPoolBuilder builder) {
        WorkStealingThreadPool pool = builder.build();
        TestPools.awaitCondition(() -> pool.idleWorkers() == pool.threads() && PoolContractTest.allParked(pool),
                "every worker to park");
        return pool;
    }

    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(MISS_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Returns once {@code parent} has set {@code joining} and then blocks, in its join. */
    private static void awaitWaitingInJoin(AtomicBoolean joining, AtomicReference<Thread> parent) {
        TestPools.awaitCondition(() -> joining.get() && isWaiting(parent.get()), "the parent to wait in its join");
    }

    private static boolean isWaiting(Thread thread) {
        Thread.State state = thread.getState();
        return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
    }

    /**
     * Bug 1: a task forks onto its empty deque and then waits for the fork by a latch, not by
     * join. The other worker is parked; only the fork's wake-up can get the fork run.
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("tunings")
    void fork_ontoEmptyDequeThenLatchWait_anotherWorkerRunsTheFork(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        try (WorkStealingThreadPool pool = idlePool(tuning.apply(WorkStealingThreadPool.builder().threads(2)))) {
            CountDownLatch ran = new CountDownLatch(1);
            boolean ranWhileWaiting = pool.invoke(() -> {
                pool.fork(() -> {
                    ran.countDown();
                    return null;
                });
                return await(ran);
            });
            assertTrue(ranWhileWaiting, "the fork never ran while its forker waited on a latch");
        }
    }

    /**
     * Bug 2: with steal-before-global, the worker woken by an outside submission steals a fork
     * instead; the outside task must still start on the third, parked worker while the fork and
     * its forker wait for it.
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("tunings")
    void outsideTask_wokenWorkerStealsAForkInstead_anIdleWorkerStartsIt(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        try (WorkStealingThreadPool pool = idlePool(tuning.apply(WorkStealingThreadPool.builder().threads(3)
                .searchOrder(SearchOrder.LOCAL_STEAL_GLOBAL)))) {
            CountDownLatch forked = new CountDownLatch(1);
            CountDownLatch outsideRan = new CountDownLatch(1);
            Joinable<Boolean> parent = pool.fork(() -> {
                pool.fork(() -> await(outsideRan));
                forked.countDown();
                return await(outsideRan);
            });
            TestPools.await(forked, "the fork");
            pool.execute(outsideRan::countDown);
            assertTrue(parent.join(), "the outside task never started while a worker was parked");
        }
    }

    /**
     * Bug 3: a worker with its interrupt flag set joins a task another worker runs. The join
     * must clear the interrupt for its wait and keep it clear while it waits (set, it would end
     * every timed wait at once: a busy spin), and set it again when the join returns.
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("tunings")
    void join_onInterruptedWorker_waitsWithTheInterruptClearedAndRestoresIt(UnaryOperator<WorkStealingPoolBuilder> tuning) throws Exception {
        try (WorkStealingThreadPool pool = idlePool(tuning.apply(WorkStealingThreadPool.builder().threads(2)))) {
            CountDownLatch stolen = new CountDownLatch(1);
            CountDownLatch joining = new CountDownLatch(1);
            CountDownLatch gate = new CountDownLatch(1);
            AtomicReference<Thread> joiner = new AtomicReference<>();
            Joinable<Boolean> parent = pool.fork(() -> {
                joiner.set(Thread.currentThread());
                Joinable<Integer> child = pool.fork(() -> {
                    stolen.countDown();
                    TestPools.awaitUninterruptibly(gate);
                    return 1;
                });
                Joinable<Integer> sibling = pool.fork(() -> 0);
                TestPools.awaitUninterruptibly(stolen);
                sibling.join();
                Thread.currentThread().interrupt();
                joining.countDown();
                child.join();
                return Thread.interrupted();
            });
            TestPools.await(joining, "the join");
            // The join clears the interrupt for its wait and must not set it again until it returns:
            // a join that restored it after each timed wait would find every later wait ended at once.
            TestPools.awaitCondition(() -> !joiner.get().isInterrupted(), "the join to clear the interrupt");
            int setAgain = 0;
            for (int i = 0; i < 50; i++) {
                if (joiner.get().isInterrupted()) {
                    setAgain++;
                }
                Thread.sleep(1); // spaces the samples; synchronizes nothing
            }
            gate.countDown();
            assertTrue(parent.join(), "the join lost the worker's interrupt");
            assertEquals(0, setAgain, "the interrupt was set again during the join's wait, which then spins");
        }
    }

    /**
     * Bug 4: a task joins a child that another worker runs while an unrelated outside task
     * waits for the joiner's continuation. The join must not run that task on top of its own
     * frame: it runs later, outside any join, and sees the continuation.
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("tunings")
    void join_stolenChild_doesNotRunUnrelatedGlobalWork(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        try (WorkStealingThreadPool pool = idlePool(tuning.apply(WorkStealingThreadPool.builder().threads(2)))) {
            AtomicReference<Thread> parentThread = new AtomicReference<>();
            AtomicBoolean joining = new AtomicBoolean();
            CountDownLatch childStarted = new CountDownLatch(1);
            CountDownLatch outsideQueued = new CountDownLatch(1);
            CountDownLatch continued = new CountDownLatch(1);
            CountDownLatch outsideDone = new CountDownLatch(1);
            Joinable<Integer> parent = pool.fork(() -> {
                parentThread.set(Thread.currentThread());
                Joinable<Integer> child = pool.fork(() -> {
                    childStarted.countDown();
                    awaitWaitingInJoin(joining, parentThread);
                    return 1;
                });
                Joinable<Integer> sibling = pool.fork(() -> 0);
                TestPools.awaitUninterruptibly(childStarted);
                TestPools.awaitUninterruptibly(outsideQueued);
                int sum = sibling.join();
                joining.set(true);
                sum += child.join();
                continued.countDown();
                return sum;
            });
            TestPools.await(childStarted, "the child");
            AtomicInteger outsideDepth = new AtomicInteger(-2);
            AtomicBoolean sawContinuation = new AtomicBoolean();
            pool.execute(() -> {
                outsideDepth.set(pool.currentHelpDepth());
                sawContinuation.set(await(continued));
                outsideDone.countDown();
            });
            outsideQueued.countDown();
            assertEquals(1, parent.join());
            TestPools.await(outsideDone, "the outside task");
            assertEquals(0, outsideDepth.get(), "the outside task ran nested in a helping join");
            assertTrue(sawContinuation.get(), "the outside task waited for the continuation it sat on");
        }
    }

    /**
     * A join waiting on a stolen task while the thief's deque is empty: the thief's next fork must
     * wake it to help. The join's timed waits last an hour here and the thief then blocks until
     * its fork has run, so only that wake-up gets the fork run (the joiner is the only other
     * worker); without it the fork is never run within the bound.
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("tunings")
    void join_waitingOnAThiefWithNothingToHelp_isWokenByTheThiefsNextFork(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        long hour = TimeUnit.HOURS.toNanos(1);
        try (WorkStealingThreadPool pool = idlePool(tuning.apply(WorkStealingThreadPool.builder().threads(2))
                .joinWait(hour, hour))) {
            AtomicReference<Thread> parentThread = new AtomicReference<>();
            AtomicBoolean joining = new AtomicBoolean();
            CountDownLatch childStarted = new CountDownLatch(1);
            AtomicReference<Thread> grandchildThread = new AtomicReference<>();
            CountDownLatch grandchildRan = new CountDownLatch(1);
            AtomicBoolean childSawGrandchild = new AtomicBoolean();
            Joinable<Integer> parent = pool.fork(() -> {
                parentThread.set(Thread.currentThread());
                Joinable<Integer> child = pool.fork(() -> {
                    childStarted.countDown();
                    awaitWaitingInJoin(joining, parentThread);
                    pool.fork(() -> {
                        grandchildThread.set(Thread.currentThread());
                        grandchildRan.countDown();
                        return 0;
                    });
                    childSawGrandchild.set(await(grandchildRan));
                    return 1;
                });
                TestPools.awaitUninterruptibly(childStarted);
                joining.set(true);
                return child.join();
            });
            assertEquals(1, parent.join());
            assertTrue(childSawGrandchild.get(), "the waiting join was not woken to run the thief's fork");
            assertEquals(parentThread.get(), grandchildThread.get(), "the fork ran elsewhere than on the joiner");
        }
    }

    /**
     * Bug 5: T joins a stolen subtask; an outside fork C, queued meanwhile, joins T. Were the
     * join to help with C, C would sit above T's frame waiting for T forever.
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("tunings")
    void join_outsideForkJoiningTheJoiner_noDeadlock(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        WorkStealingThreadPool pool = idlePool(tuning.apply(WorkStealingThreadPool.builder().threads(2)));
        boolean live = false;
        try {
            AtomicReference<Thread> tThread = new AtomicReference<>();
            AtomicBoolean tJoining = new AtomicBoolean();
            AtomicReference<Joinable<Integer>> tHandle = new AtomicReference<>();
            CountDownLatch subtaskStarted = new CountDownLatch(1);
            CountDownLatch cQueued = new CountDownLatch(1);
            CountDownLatch cDone = new CountDownLatch(1);
            Joinable<Integer> t = pool.fork(() -> {
                tThread.set(Thread.currentThread());
                Joinable<Integer> subtask = pool.fork(() -> {
                    subtaskStarted.countDown();
                    TestPools.awaitCondition(() -> tJoining.get() && isWaiting(tThread.get()),
                            "T to wait in its join");
                    return 1;
                });
                Joinable<Integer> sibling = pool.fork(() -> 0);
                TestPools.awaitUninterruptibly(subtaskStarted);
                TestPools.awaitUninterruptibly(cQueued);
                int sum = sibling.join();
                tJoining.set(true);
                return sum + subtask.join() + 1;
            });
            tHandle.set(t);
            TestPools.await(subtaskStarted, "the subtask");
            Joinable<Integer> c = pool.fork(() -> {
                int v = tHandle.get().join();
                cDone.countDown();
                return v;
            });
            cQueued.countDown();
            live = await(cDone);
            assertTrue(live, "C never finished: it waits for T, suspended under it");
            assertEquals(2, c.join());
            assertEquals(2, t.join());
        } finally {
            if (live) {
                pool.close();
            } else {
                pool.shutdownNow();
            }
        }
    }

    /**
     * Bug 6 (the 60 s PoolThreads.discover failure): the only searcher of a 2-worker pool gives
     * up; before it stops searching, two outside tasks are pushed, and under Signalling.SEARCHING
     * both skip their signal because it still counts as searching. The searcher's re-check before
     * parking finds the work and takes the first task, which holds it until the second starts;
     * the second must wake the parked worker.
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("tunings")
    void outsideTasks_pushedWhileTheOnlySearcherGivesUp_bothWorkersStartOne(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        OnePause pause = new OnePause(PausePoint.NOTHING_FOUND);
        try (WorkStealingThreadPool pool = idlePool(tuning.apply(WorkStealingThreadPool.builder().threads(2))
                .pauseHook(pause))) {
            pause.arm();
            pool.execute(() -> { }); // wakes one worker, which runs it, searches, finds nothing
            TestPools.await(pause.reached, "a worker to give up looking for work");
            assertEquals(1, pool.idleWorkers(), "the other worker is parked");
            HoldUntilAllStart tasks = new HoldUntilAllStart(2);
            try {
                pool.execute(tasks::run);
                pool.execute(tasks::run);
                pause.release();
                assertTrue(await(tasks.started), "only " + tasks.threads.size()
                        + " of 2 workers started a task: a wake-up was lost");
                assertEquals(2, tasks.threads.size());
            } finally {
                tasks.releaseAll();
                pause.release();
            }
        }
    }

    /**
     * Bug 6, tasks pushed by a worker: as above, but a running task forks the two tasks onto its
     * own deque (the second push never signals: the deque already holds the first) and then
     * waits for both, so only the third, parked worker can start the second.
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("tunings")
    void forks_pushedWhileTheOnlySearcherGivesUp_bothStartWhileTheForkerWaits(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        OnePause pause = new OnePause(PausePoint.NOTHING_FOUND);
        try (WorkStealingThreadPool pool = idlePool(tuning.apply(WorkStealingThreadPool.builder().threads(3))
                .pauseHook(pause))) {
            HoldUntilAllStart forks = new HoldUntilAllStart(2);
            CountDownLatch forkerRunning = new CountDownLatch(1);
            CountDownLatch go = new CountDownLatch(1);
            CountDownLatch pushed = new CountDownLatch(1);
            try {
                Joinable<Boolean> forker = pool.fork(() -> {
                    forkerRunning.countDown();
                    TestPools.awaitUninterruptibly(go);
                    pool.execute(forks::run);
                    pool.execute(forks::run);
                    pushed.countDown();
                    return await(forks.started);
                });
                TestPools.await(forkerRunning, "the forking task");
                TestPools.awaitCondition(() -> pool.idleWorkers() == 2, "the other workers to park");
                pause.arm();
                pool.execute(() -> { }); // wakes one parked worker, which runs it and gives up searching
                TestPools.await(pause.reached, "a worker to give up looking for work");
                assertEquals(1, pool.idleWorkers(), "the third worker is parked");
                go.countDown();
                TestPools.await(pushed, "the forker to push both tasks");
                pause.release();
                assertTrue(forker.join(), "only " + forks.threads.size()
                        + " of 2 forked tasks started while their forker waited: a wake-up was lost");
                assertEquals(2, forks.threads.size());
            } finally {
                go.countDown();
                forks.releaseAll();
                pause.release();
            }
        }
    }

    /**
     * Signalling.SEARCHING's hand-over: the only searcher finds a task that holds it until a
     * second task starts; the second is pushed (skipping its signal) while the searcher still
     * counts, so the searcher must wake a parked worker when it stops searching.
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("tunings")
    void outsideTask_pushedWhileTheLastSearcherTakesAnother_aParkedWorkerStartsIt(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        OnePause pause = new OnePause(PausePoint.SEARCHER_FOUND_TASK);
        try (WorkStealingThreadPool pool = idlePool(tuning.apply(WorkStealingThreadPool.builder().threads(2))
                .pauseHook(pause))) {
            assumeTrue(pool.signalling() == Signalling.SEARCHING, "no searchers under " + pool.signalling());
            HoldUntilAllStart tasks = new HoldUntilAllStart(2);
            try {
                pause.arm();
                pool.execute(tasks::run); // wakes one worker as a searcher, which finds it
                TestPools.await(pause.reached, "the searcher to find the task");
                assertEquals(1, pool.idleWorkers(), "the other worker is parked");
                pool.execute(tasks::run);
                pause.release();
                assertTrue(await(tasks.started), "only " + tasks.threads.size()
                        + " of 2 workers started a task: the last searcher passed nothing on");
                assertEquals(2, tasks.threads.size());
            } finally {
                tasks.releaseAll();
                pause.release();
            }
        }
    }

    /**
     * Holds the first worker that reaches {@code point} after {@link #arm()} until
     * {@link #release()} (or {@link TestPools#HANG}); every other call passes straight through.
     */
    private static final class OnePause implements PauseHook {
        final CountDownLatch reached = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);
        private final PausePoint point;
        private final AtomicBoolean armed = new AtomicBoolean();

        OnePause(PausePoint point) {
            this.point = point;
        }

        void arm() {
            armed.set(true);
        }

        void release() {
            released.countDown();
        }

        @Override
        public void at(PausePoint p) {
            if (p == point && armed.compareAndSet(true, false)) {
                reached.countDown();
                TestPools.awaitUninterruptibly(released);
            }
        }
    }
}
