package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What an Error in a worker's own steps leaves behind (issue 30): the tasks of a batch move it cut
 * short are stranded in the mover's batch, where every worker, an outside helper and the pool's
 * emptiness checks find them; and a worker whose scan throws goes on. Each failed before its fix;
 * threads are ordered by latches, the pool's pause hooks and thread states, never by sleeps.
 */
@Tag("quick")
@Timeout(120)
final class WorkStealingStrandedBatchTest {

    /** Tasks in the global batch; the hooks fail one push of its move into the inbox. */
    private static final int BATCH = 10;

    /**
     * Two workers: W1 runs a task that calls tryRunOne, whose batch move fails at the third push,
     * then holds W1; W2 is released only then. It must run the whole batch: the two tasks the
     * move pushed into W1's inbox and the eight it stranded (the first among them). Before the
     * stranding W2 ran the two and parked, and if W1's task had waited for the others, nothing
     * would ever have run them.
     */
    @Test
    void batchMoveCutShortByAnError_otherWorkerIdle_runsTheTasksTheMoveLeft() {
        WorkStealingErrorPathsTest.FailMove hook = new WorkStealingErrorPathsTest.FailMove(3);
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).pauseHook(hook).build();
        AtomicReference<Throwable> caught = new AtomicReference<>();
        CountDownLatch hold = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try {
            CountDownLatch submitted = WorkStealingErrorPathsTest.occupyWithHelper(pool, caught, hold);
            AtomicReference<Thread> other = new AtomicReference<>();
            CountDownLatch otherStarted = new CountDownLatch(1);
            pool.execute(() -> {
                other.set(Thread.currentThread());
                otherStarted.countDown();
                TestPools.awaitUninterruptibly(release);
            });
            TestPools.await(otherStarted, "the other worker busy");
            CountDownLatch allRan = failTheHelpersMove(pool, hook, submitted, caught);
            release.countDown();
            TestPools.awaitCondition(() -> allRan.getCount() == 0
                    || pool.idleWorkers() == 1 && other.get().getState() == Thread.State.TIMED_WAITING,
                    "the batch to run or the other worker to park");
            assertEquals(0, allRan.getCount(), allRan.getCount() + " of the batch's " + BATCH
                    + " tasks unrun while the other worker is parked: the move left them in the busy worker's batch");
        } finally {
            release.countDown();
            hold.countDown();
            TestPools.close(pool);
        }
    }

    /**
     * An outside thread's tryRunOne takes stranded tasks too: with the one worker held after its
     * move failed at the first push (nothing reached the inbox), the outside thread runs the
     * whole batch, and while the tasks are stranded anyQueuedWork() (what parking and termination
     * ask) counts them.
     */
    @Test
    void tryRunOne_outsideThread_runsTheTasksAMoveCutShortStranded() {
        WorkStealingErrorPathsTest.FailMove hook = new WorkStealingErrorPathsTest.FailMove(1);
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).pauseHook(hook).build();
        AtomicReference<Throwable> caught = new AtomicReference<>();
        CountDownLatch hold = new CountDownLatch(1);
        try {
            CountDownLatch submitted = WorkStealingErrorPathsTest.occupyWithHelper(pool, caught, hold);
            CountDownLatch allRan = failTheHelpersMove(pool, hook, submitted, caught);
            assertTrue(pool.anyQueuedWork(), "the stranded tasks count as queued work");
            int ran = 0;
            while (pool.tryRunOne()) {
                ran++;
            }
            assertEquals(BATCH, ran, "tasks an outside tryRunOne ran while the worker is held");
            assertEquals(0, allRan.getCount());
            assertFalse(pool.anyQueuedWork(), "nothing queued once the stranded tasks ran");
        } finally {
            hold.countDown();
            TestPools.close(pool);
        }
    }

    /**
     * Submits {@link #BATCH} tasks, arms {@code hook} and lets the task of
     * {@link WorkStealingErrorPathsTest#occupyWithHelper} call tryRunOne, whose batch move the hook
     * cuts short; returns once the Error reached that task, with a latch the batch's tasks count down.
     */
    private static CountDownLatch failTheHelpersMove(WorkStealingThreadPool pool, WorkStealingErrorPathsTest.FailMove hook,
            CountDownLatch submitted, AtomicReference<Throwable> caught) {
        CountDownLatch allRan = new CountDownLatch(BATCH);
        for (int i = 0; i < BATCH; i++) {
            pool.execute(allRan::countDown);
        }
        hook.armed.set(true);
        submitted.countDown();
        TestPools.awaitCondition(() -> caught.get() != null, "the move's Error in the helping task");
        return allRan;
    }

    /**
     * A worker whose own scan throws (its batch move fails at the third push, with no task of its
     * own running) reports the Error to the pool's handler and goes on: the one worker runs the
     * whole batch and a later task, and shutdown terminates. Before, the Error ended the worker
     * and nothing replaced it, so the pool ran nothing again and never terminated.
     */
    @Test
    void workerScanThrows_oneWorker_reportsTheErrorAndGoesOn() throws InterruptedException {
        WorkStealingErrorPathsTest.FailMove hook = new WorkStealingErrorPathsTest.FailMove(3);
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).pauseHook(hook).build();
        AtomicReference<Throwable> reported = new AtomicReference<>();
        pool.setUncaughtExceptionHandler((thread, failure) -> reported.set(failure));
        try {
            CountDownLatch release = TestPools.occupyWorker(pool);
            CountDownLatch allRan = new CountDownLatch(BATCH);
            for (int i = 0; i < BATCH; i++) {
                pool.execute(allRan::countDown);
            }
            hook.armed.set(true);
            release.countDown(); // the worker's next scan takes the batch and its move throws
            TestPools.await(allRan, "the batch whose move the worker's own scan cut short");
            assertSame(StackOverflowError.class, reported.get().getClass(), "what the handler got");
            CountDownLatch later = new CountDownLatch(1);
            pool.execute(later::countDown);
            TestPools.await(later, "a task submitted after the Error");
            pool.shutdown();
            assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS), "terminated");
        } finally {
            TestPools.close(pool);
        }
    }
}
