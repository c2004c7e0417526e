package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.stealbench.pools.PauseHook.PausePoint;

/**
 * Errors (StackOverflowError, OutOfMemoryError) thrown part-way through the work-stealing pool's
 * own steps: an outside submission's push onto the injector, and a worker's move of a global
 * batch into its inbox. No task is lost or run twice, and the pool goes on. Threads are ordered
 * with latches and the pool's pause hooks; the dive is deterministic for a given JVM and stack.
 */
@Tag("quick")
@Timeout(120)
final class WorkStealingErrorPathsTest {

    /** Tasks in the global batch of the move tests; the hook fails the move's third push. */
    private static final int BATCH = 10;

    /**
     * A batch move cut short by an Error (thrown where the third task is pushed into the inbox,
     * as an inbox push that overflows the stack would): the Error reaches the task that called
     * tryRunOne, and every task of the batch still runs exactly once: the worker's later scans
     * take the tasks the move stranded.
     */
    @Test
    void tryRunOne_batchMoveCutShortByAnError_everyTaskOfTheBatchRunsOnce() {
        FailMove hook = new FailMove(3);
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).pauseHook(hook).build()) {
            AtomicReference<Throwable> caught = new AtomicReference<>();
            CountDownLatch submitted = occupyWithHelper(pool, caught, new CountDownLatch(0));
            AtomicIntegerArray runs = new AtomicIntegerArray(BATCH);
            CountDownLatch allRan = new CountDownLatch(BATCH);
            for (int i = 0; i < BATCH; i++) {
                int task = i;
                pool.execute(() -> {
                    runs.incrementAndGet(task);
                    allRan.countDown();
                });
            }
            hook.armed.set(true);
            submitted.countDown();
            TestPools.await(allRan, "every task of the batch");
            assertNotNull(caught.get(), "the move's Error reached the task in tryRunOne");
            for (int i = 0; i < BATCH; i++) {
                assertEquals(1, runs.get(i), "runs of task " + i);
            }
        }
    }

    /**
     * shutdownNow after a batch move was cut short by an Error, while the worker is still busy:
     * the tasks the move left in the worker's batch are returned with those it had pushed into
     * the inbox, and none of them runs.
     */
    @Test
    void shutdownNow_afterABatchMoveCutShortByAnError_returnsTheTasksItLeft() {
        FailMove hook = new FailMove(3);
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).pauseHook(hook).build();
        AtomicReference<Throwable> caught = new AtomicReference<>();
        CountDownLatch hold = new CountDownLatch(1);
        CountDownLatch submitted = occupyWithHelper(pool, caught, hold);
        Set<Runnable> ran = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        List<Runnable> tasks = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            Runnable task = new Runnable() {
                @Override
                public void run() {
                    ran.add(this);
                }
            };
            tasks.add(task);
            pool.execute(task);
        }
        hook.armed.set(true);
        submitted.countDown();
        TestPools.awaitCondition(() -> caught.get() != null, "the move's Error in the helping task");
        List<Runnable> neverRun = pool.shutdownNow();
        hold.countDown();
        TestPools.close(pool);
        Set<Runnable> returned = Collections.newSetFromMap(new IdentityHashMap<>());
        returned.addAll(neverRun);
        assertEquals(BATCH, neverRun.size(), "returned " + neverRun.size() + " of " + BATCH);
        assertEquals(Set.copyOf(tasks), Set.copyOf(returned));
        assertTrue(ran.isEmpty(), ran.size() + " returned tasks ran");
    }

    /**
     * An outside submitter that executes at every depth on the way up from a stack overflow, so
     * that some execute overflows wherever it is, on the injector (the default global queue): every
     * task whose execute returned runs exactly once, none runs twice, and the one worker goes on
     * to run a later task. Where in execute the overflows fall depends on how the dive's frames
     * align with the stack's end, so the dives start below 0 to {@code ALIGNMENTS - 1} padding
     * frames; whether any falls between the injector's claim and its store, or any at all once the
     * JIT has compiled execute into the dive, depends on the JVM, so the window itself is pinned by
     * SegmentedMpmcQueueTest's hook, and this test checks the contract around the whole of execute.
     */
    @Test
    void execute_outsideSubmitterOverflowsAtEveryDepth_returnedTasksRunOnce_poolGoesOn() throws Exception {
        for (int alignment = 0; alignment < ALIGNMENTS; alignment++) {
            try (WorkStealingThreadPool pool = WorkStealingThreadPool.create(1)) {
                // The worker is busy during the dive, so no execute wakes it: an overflow in the
                // wake-up is another matter than the injector's (the class comment's outside submissions).
                CountDownLatch release = TestPools.occupyWorker(pool);
                OutsideDive dive = new OutsideDive(pool);
                int padding = alignment;
                Thread deep = new Thread(null, () -> dive.pad(padding), "deep-submitter", 256 * 1024);
                deep.start();
                deep.join();
                release.countDown();
                CountDownLatch last = new CountDownLatch(1);
                pool.execute(last::countDown);
                TestPools.await(last, "padding " + alignment + ": a task submitted after the dive (the worker is wedged)");
                // One worker starts outside submissions in submission order, so every earlier one has run.
                for (int depth = 0; depth < dive.returned.length; depth++) {
                    int runs = dive.runs.get(depth);
                    if (dive.returned[depth]) {
                        assertEquals(1, runs, "padding " + alignment + ": runs of the task submitted at depth " + depth);
                    } else {
                        assertTrue(runs <= 1, "padding " + alignment + ": runs of the task at depth " + depth + ": " + runs);
                    }
                }
            }
        }
    }

    /** Dives started below this many different numbers of padding frames. */
    private static final int ALIGNMENTS = 8;

    /**
     * Runs a task on the pool's one worker that waits for the returned latch, then calls
     * tryRunOne (whose batch take is what the tests fail part-way), records the Error it throws in
     * {@code caught}, and holds the worker until {@code hold} opens; returns once it started.
     */
    static CountDownLatch occupyWithHelper(WorkStealingThreadPool pool, AtomicReference<Throwable> caught,
            CountDownLatch hold) {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch submitted = new CountDownLatch(1);
        pool.execute(() -> {
            started.countDown();
            TestPools.awaitUninterruptibly(submitted);
            try {
                pool.tryRunOne();
            } catch (StackOverflowError e) {
                caught.set(e);
            }
            TestPools.awaitUninterruptibly(hold);
        });
        TestPools.await(started, "the helping task");
        return submitted;
    }

    /** Throws a StackOverflowError before the {@code nth} push of a move into the inbox, once armed. */
    static final class FailMove implements PauseHook {
        final AtomicBoolean armed = new AtomicBoolean();
        private final AtomicInteger moves = new AtomicInteger();
        private final int nth;

        FailMove(int nth) {
            this.nth = nth;
        }

        @Override
        public void at(PausePoint point) {
            if (point == PausePoint.MOVE_TO_INBOX && armed.get() && moves.incrementAndGet() == nth) {
                throw new StackOverflowError("test: the inbox push overflowed");
            }
        }
    }

    /** Executes a task at every depth on the way up from a stack overflow, recording which returned. */
    private static final class OutsideDive {
        final WorkStealingThreadPool pool;
        /** Written with no call after execute returns, so an overflow cannot come between. */
        final boolean[] returned = new boolean[1 << 16];
        final AtomicIntegerArray runs = new AtomicIntegerArray(returned.length);
        /** Made before the dive, so the dive allocates no task. */
        final Runnable[] tasks = new Runnable[returned.length];

        OutsideDive(WorkStealingThreadPool pool) {
            this.pool = pool;
            for (int depth = 0; depth < tasks.length; depth++) {
                int d = depth;
                tasks[depth] = () -> runs.incrementAndGet(d);
            }
        }

        /** Dives below {@code frames} frames of another size than dive's, to shift where the stack ends. */
        void pad(int frames) {
            if (frames > 0) {
                pad(frames - 1);
            } else {
                dive(0);
            }
        }

        void dive(int depth) {
            if (depth + 1 < returned.length) {
                try {
                    dive(depth + 1);
                } catch (StackOverflowError ignored) {
                    // the bottom: execute at each depth on the way up
                }
            }
            try {
                pool.execute(tasks[depth]);
                returned[depth] = true;
            } catch (StackOverflowError ignored) {
                // before or after its push: the assertions tell
            }
        }
    }
}
