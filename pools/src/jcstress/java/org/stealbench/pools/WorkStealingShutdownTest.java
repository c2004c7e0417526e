package org.stealbench.pools;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.RejectedExecutionException;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;
import org.stealbench.queues.QueueKind;

/**
 * The work-stealing pool's shutdownNow() against a worker's own execute (its overview's
 * "Shutdown"), on a real pool whose workers are not started, so nothing runs the task. On a
 * FIFO-pop deque (locked), where the execute cannot take its task back, the worker
 * announces its push with `moving` and then reads SHUTDOWN, shutdownNow sets SHUTDOWN and then
 * reads `moving` before it drains the worker's deque. Either the execute is refused or
 * shutdownNow returns its task: never neither (a task accepted after the drain, neither run nor
 * returned). r1: 1 if execute was refused; r2: the number of tasks shutdownNow returned.
 */
@JCStressTest
@Description("a worker's execute (moving, then read SHUTDOWN) vs shutdownNow (SHUTDOWN, then read moving, drain)")
@Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "refused, or accepted and returned")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "accepted after the drain: neither run nor returned")
@State
public class WorkStealingShutdownTest {

    private static final Runnable TASK = () -> { };

    private final WorkStealingThreadPool pool =
            WorkStealingThreadPool.builder().threads(1).workerDeque(QueueKind.LOCKED).unstarted();
    private final WorkStealingWorker worker = WorkStealingParkingTest.worker(pool, 0);

    @Actor
    public void worker(II_Result r) {
        r.r1 = refused(pool, worker);
    }

    @Actor
    public void stopper(II_Result r) {
        r.r2 = pool.shutdownNow().size();
    }

    /** 1 if {@code worker}'s execute was refused, else 0. */
    static int refused(WorkStealingThreadPool pool, WorkStealingWorker worker) {
        try {
            pool.executeOwn(worker, TASK);
            return 0;
        } catch (RejectedExecutionException refused) {
            return 1;
        }
    }

    /**
     * The same on a LIFO-pop deque (chase-lev, the default): the worker reads SHUTDOWN, pushes,
     * fences, reads SHUTDOWN again and, if set, takes the task back and refuses it; shutdownNow
     * sets SHUTDOWN (a CAS) and drains. Either the second read sees SHUTDOWN or the drain sees the task.
     */
    @JCStressTest
    @Description("a worker's execute (push, fence, read SHUTDOWN, take back) vs shutdownNow (SHUTDOWN, drain)")
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "refused, or accepted and returned")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "accepted after the drain: neither run nor returned")
    @State
    public static class Rechecked {
        private final WorkStealingThreadPool pool =
                WorkStealingParkingTest.unstartedPool(1, WorkStealingPoolBuilder.DEFAULT_TUNING);
        private final WorkStealingWorker worker = WorkStealingParkingTest.worker(pool, 0);

        @Actor
        public void worker(II_Result r) {
            r.r1 = refused(pool, worker);
        }

        @Actor
        public void stopper(II_Result r) {
            r.r2 = pool.shutdownNow().size();
        }
    }
}
