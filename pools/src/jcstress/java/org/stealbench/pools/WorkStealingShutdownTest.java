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

/**
 * The work-stealing pool's shutdownNow() against a worker's own execute (its overview's
 * "Shutdown"), on a real pool whose workers are not started, so nothing runs the task: the worker
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
            WorkStealingParkingTest.unstartedPool(1, WorkStealingPoolBuilder.DEFAULT_TUNING);
    private final WorkStealingWorker worker = WorkStealingParkingTest.worker(pool, 0);

    @Actor
    public void worker(II_Result r) {
        try {
            pool.executeOwn(worker, TASK);
        } catch (RejectedExecutionException refused) {
            r.r1 = 1;
        }
    }

    @Actor
    public void stopper(II_Result r) {
        r.r2 = pool.shutdownNow().size();
    }
}
