package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stealbench.queues.QueueKind;

/**
 * A worker's {@code execute} racing {@code shutdownNow()} under every compared tuning (issue 30
 * review): a task on one worker executes numbered tasks until it is refused while the other worker
 * runs them and the test thread calls shutdownNow() at a random point. Each accepted task must run
 * once or be returned once, never both and never neither; a refused one must do neither; no task
 * may start after shutdownNow() returns on the submitter's worker (its task still runs then), and
 * at most one on the other worker (one it had taken). A worker's execute is not counted in ctl:
 * on chase-lev it is rechecked after its push (taken back if shutdown came meanwhile), so this is
 * the pool-level check of that recheck under steal-half's moves and the batch moves; on a
 * FIFO-pop deque (locked) it is announced by the worker's `moving` flag, the pair the last case
 * checks. In the join variant the submitting
 * task is a fork f that the other worker stole from J, and J's helping join takes f's tasks from
 * f's worker: the join's steal from the thief, not the scan, must stop once shutdownNow began.
 */
@Timeout(600)
final class WorkStealingWorkerExecuteShutdownNowStressTest {

    private static final int ROUNDS = 60;
    private static final int MAX_TASKS = 20_000;

    static Stream<String> tunings() {
        return WorkStealingThreadPool.COMPARED_TUNINGS.stream();
    }

    @ParameterizedTest
    @MethodSource("tunings")
    void workerExecuteRacingShutdownNow_eachAcceptedTaskRunsOrIsReturnedOnce(String tuning)
            throws InterruptedException {
        for (int round = 0; round < ROUNDS; round++) {
            runRound(tuning, QueueKind.CHASE_LEV, round, false);
        }
    }

    @Test
    void announcedExecuteOnAFifoPopDeque_racingShutdownNow_eachAcceptedTaskRunsOrIsReturnedOnce()
            throws InterruptedException {
        for (int round = 0; round < ROUNDS; round++) {
            runRound(WorkStealingPoolBuilder.DEFAULT_TUNING, QueueKind.LOCKED, round, false);
        }
    }

    @ParameterizedTest
    @MethodSource("tunings")
    void forkExecutingWhileItsForkerJoins_racingShutdownNow_eachAcceptedTaskRunsOrIsReturnedOnce(String tuning)
            throws InterruptedException {
        assumeTrue(TestPools.joinsStealFromThieves(tuning), tuning + ": its joins never steal from a thief");
        for (int round = 0; round < ROUNDS; round++) {
            runRound(tuning, QueueKind.CHASE_LEV, round, true);
        }
    }

    /**
     * One round: a task executes numbered tasks until refused, while the test thread calls
     * shutdownNow(); with {@code throughJoin}, that task is a fork the other worker stole and the
     * forker joins it (so the forker's worker runs the tasks through its join), else a top-level task.
     */
    private static void runRound(String tuning, QueueKind deque, int round, boolean throughJoin)
            throws InterruptedException {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).workerDeque(deque).tuning(tuning)
                .build();
        AtomicIntegerArray accepted = new AtomicIntegerArray(MAX_TASKS);
        AtomicIntegerArray runs = new AtomicIntegerArray(MAX_TASKS);
        List<Thread> lateStarts = new CopyOnWriteArrayList<>();
        int stopAfter = ThreadLocalRandom.current().nextInt(1, 2_000);
        CountDownLatch startedSubmitting = new CountDownLatch(1);
        CountDownLatch enough = new CountDownLatch(1);
        CountDownLatch submitterDone = new CountDownLatch(1);
        CountDownLatch stopReturned = new CountDownLatch(1);
        Counted[] tasks = new Counted[MAX_TASKS];
        for (int i = 0; i < MAX_TASKS; i++) {
            tasks[i] = new Counted(i, runs, lateStarts);
        }
        Thread[] submitterThread = new Thread[1];
        Runnable submitter = () -> {
            submitterThread[0] = Thread.currentThread();
            startedSubmitting.countDown();
            try {
                for (int id = 0; id < MAX_TASKS; id++) {
                    try {
                        pool.execute(tasks[id]);
                    } catch (RejectedExecutionException refused) {
                        break;
                    }
                    accepted.set(id, 1);
                    if (id == stopAfter) {
                        enough.countDown();
                    }
                }
                enough.countDown();
                // Still running when shutdownNow returns, so its worker may start no task after that.
                TestPools.awaitUninterruptibly(stopReturned); // shutdownNow interrupts it
            } finally {
                submitterDone.countDown();
            }
        };
        if (throughJoin) {
            pool.execute(() -> {
                Joinable<Void> stolen = pool.fork(() -> {
                    submitter.run();
                    return null;
                });
                // Until the other worker has stolen it: a join now would run it inline.
                TestPools.awaitUninterruptibly(startedSubmitting);
                stolen.join();
            });
        } else {
            pool.execute(submitter);
        }
        TestPools.await(enough, "the submitter's first tasks");
        List<Runnable> neverRun = pool.shutdownNow();
        Counted.afterReturn = true;
        stopReturned.countDown();
        TestPools.await(submitterDone, "the submitter's end");
        assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS),
                tuning + " round " + round + ": terminates");
        Counted.afterReturn = false;
        int[] returned = new int[MAX_TASKS];
        for (Runnable r : neverRun) {
            returned[((Counted) r).id]++;
        }
        for (int id = 0; id < MAX_TASKS; id++) {
            int outcomes = runs.get(id) + returned[id];
            assertEquals(accepted.get(id), outcomes, tuning + " round " + round + " task " + id + ": accepted "
                    + accepted.get(id) + ", ran " + runs.get(id) + ", returned " + returned[id]);
        }
        assertEquals(0, lateOn(lateStarts, submitterThread[0]), tuning + " round " + round
                + ": tasks started after shutdownNow returned on the worker whose task was still running");
        assertTrue(lateStarts.size() - lateOn(lateStarts, submitterThread[0]) <= 1, tuning + " round " + round
                + ": " + lateStarts + " started after shutdownNow returned (at most one on the other worker)");
    }

    private static int lateOn(List<Thread> lateStarts, Thread thread) {
        return (int) lateStarts.stream().filter(t -> t == thread).count();
    }

    /** A numbered task that counts its runs and whether it started after shutdownNow returned. */
    private static final class Counted implements Runnable {
        /** Set by the test thread once shutdownNow returned; read by the task as it starts. */
        static volatile boolean afterReturn;
        final int id;
        private final AtomicIntegerArray runs;
        private final List<Thread> lateStarts;

        Counted(int id, AtomicIntegerArray runs, List<Thread> lateStarts) {
            this.id = id;
            this.runs = runs;
            this.lateStarts = lateStarts;
        }

        @Override
        public void run() {
            if (afterReturn) {
                lateStarts.add(Thread.currentThread());
            }
            runs.incrementAndGet(id);
        }
    }
}
