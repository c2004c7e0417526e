package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.stealbench.queues.InjectorClaimSeam;
import org.stealbench.queues.SegmentedMpmcQueue;

/**
 * Who wakes a worker after an Error (issue 30, bug 5): a claim that an outside push abandoned while
 * every worker was parked, and the tasks of a batch move an Error cut short. Each
 * failed before its fix (the review of the injector's recovery found them); threads are ordered by
 * latches, the pool's pause hooks and thread states, never by sleeps.
 */
@Tag("quick")
@Timeout(120)
final class WorkStealingErrorWakeUpTest {

    /**
     * The recovery needs a taker: a claim abandoned while every worker is parked is poisoned by
     * nobody, so the injector is never empty, and shutdown()'s termination check (every worker idle
     * and every queue empty) never passes: awaitTermination stays false and close() waits for
     * good, bug 5's symptom. The push that threw wakes no one (its wake-up comes after the store),
     * and the parked worker's re-scan came before the claim. Under either admission (the
     * shared-counter tuning keeps the segmented-mpmc global queue too).
     */
    @ParameterizedTest
    @EnumSource(WorkStealingThreadPool.Admission.class)
    void shutdown_afterAnOutsidePushThrewBetweenClaimAndStore_withTheWorkerParked_terminates(
            WorkStealingThreadPool.Admission admission) throws Exception {
        AtomicBoolean fail = new AtomicBoolean();
        WorkStealingThreadPool pool = withInjector(WorkStealingThreadPool.builder().threads(1).admission(admission),
                InjectorClaimSeam.failingAfterClaim(fail::get));
        try {
            abandonClaimWithTheWorkerParked(pool, fail);
            pool.shutdown();
            assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS),
                    "not terminated " + TestPools.HANG + " after shutdown(): the abandoned claim keeps the injector"
                            + " non-empty (size " + pool.globalQueueSize() + ") and no worker is awake to poison it");
        } finally {
            pool.shutdownNow(); // its drain poisons the claim after the taker's patience
            assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS), "shutdownNow");
        }
    }

    /**
     * A move cut short by an Error wakes an idle worker, which runs the whole batch: the tasks the
     * move pushed into the inbox and those it stranded. W2 registers and re-scans while W1 holds
     * the batch between its take and its pushes (the gap signalMoved exists for), so W2 parks;
     * W1's move then fails at its {@code failingMove}th push (the first: nothing reached the
     * inbox; the third: two tasks did). Without the wake-up W2 stays parked on the idle stack
     * while W1 is busy; without the stranding it runs only what the inbox holds.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void batchMoveCutShortByAnError_wakesAnIdleWorkerThatRunsTheWholeBatch(int failingMove) {
        int batch = 10;
        MoveGaps hook = new MoveGaps(failingMove);
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).pauseHook(hook).build();
        AtomicReference<Throwable> caught = new AtomicReference<>();
        CountDownLatch hold = new CountDownLatch(1);
        try {
            CountDownLatch submitted = WorkStealingErrorPathsTest.occupyWithHelper(pool, caught, hold);
            hook.holdIdle.set(true);
            pool.execute(() -> { }); // wakes W2, which then stops where it found nothing, not yet idle
            TestPools.await(hook.idleReached, "W2 finding nothing");
            CountDownLatch allRan = new CountDownLatch(batch);
            for (int i = 0; i < batch; i++) {
                pool.execute(allRan::countDown); // no worker is idle: no wake-up
            }
            hook.holdBatch.set(true);
            submitted.countDown();
            TestPools.await(hook.batchReached, "W1 taking the batch");
            hook.idleReleased.countDown();
            TestPools.awaitCondition(() -> pool.idleWorkers() == 1 && hook.idleThread.getState() == Thread.State.TIMED_WAITING,
                    "W2 to park");
            hook.failMove.set(true);
            hook.batchReleased.countDown();
            TestPools.awaitCondition(() -> caught.get() != null, "the move's Error in the helping task");
            // W1 stays busy in its helping task: only a woken W2 can run the batch.
            TestPools.await(allRan, "the batch to run (a woken W2 takes it from W1's inbox and stranded batch)");
        } finally {
            hook.idleReleased.countDown();
            hook.batchReleased.countDown();
            hold.countDown();
            TestPools.close(pool);
        }
    }

    /** Holds the first worker to find nothing, then the first batch taker, then fails the nth inbox push. */
    private static final class MoveGaps implements PauseHook {
        final AtomicBoolean holdIdle = new AtomicBoolean();
        final AtomicBoolean holdBatch = new AtomicBoolean();
        final AtomicBoolean failMove = new AtomicBoolean();
        final CountDownLatch idleReached = new CountDownLatch(1);
        final CountDownLatch idleReleased = new CountDownLatch(1);
        final CountDownLatch batchReached = new CountDownLatch(1);
        final CountDownLatch batchReleased = new CountDownLatch(1);
        private final AtomicInteger moves = new AtomicInteger();
        /** The worker held where it found nothing (W2); written before idleReached opens. */
        volatile Thread idleThread;
        private final int failingMove;

        MoveGaps(int failingMove) {
            this.failingMove = failingMove;
        }

        @Override
        public void at(PauseHook.PausePoint point) {
            switch (point) {
                case NOTHING_FOUND -> {
                    if (holdIdle.compareAndSet(true, false)) {
                        idleThread = Thread.currentThread();
                        idleReached.countDown();
                        TestPools.awaitUninterruptibly(idleReleased);
                    }
                }
                case BATCH_TAKEN -> {
                    if (holdBatch.compareAndSet(true, false)) {
                        batchReached.countDown();
                        TestPools.awaitUninterruptibly(batchReleased);
                    }
                }
                case MOVE_TO_INBOX -> {
                    if (failMove.get() && moves.incrementAndGet() == failingMove) {
                        throw new StackOverflowError("test: the inbox push overflowed");
                    }
                }
                default -> { }
            }
        }
    }

    /** A pool of {@code builder}'s whose global queue is {@code injector}, set before its workers start. */
    /** Waits for the one worker to park, then makes an outside push throw between its claim and its store. */
    private static void abandonClaimWithTheWorkerParked(WorkStealingThreadPool pool, AtomicBoolean fail) {
        TestPools.awaitCondition(() -> pool.idleWorkers() == 1 && PoolContractTest.allParked(pool),
                "the worker to park");
        fail.set(true);
        assertThrows(StackOverflowError.class, () -> pool.execute(() -> { }));
        fail.set(false);
    }

    private static WorkStealingThreadPool withInjector(WorkStealingPoolBuilder builder,
            SegmentedMpmcQueue<Runnable> injector) throws ReflectiveOperationException {
        WorkStealingThreadPool pool = builder.unstarted();
        for (String name : new String[] {"global", "injector"}) {
            Field field = WorkStealingThreadPool.class.getDeclaredField(name);
            field.setAccessible(true);
            field.set(pool, injector);
        }
        pool.start(); // Thread.start: the workers see the fields as set
        return pool;
    }
}
