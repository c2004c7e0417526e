package org.stealbench.pools;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * An outside thread's tryRunOne() against the termination decision (the overview's "Shutdown"),
 * on a real pool whose workers are not started: the helper raises its record's depth, then takes
 * the one queued task and runs it; the terminating side finds no queued work and then waits, as
 * the last worker to leave does, until no outside helper is inside (OutsideHelpers). Once it
 * has, the task must have run and its write must be visible: the pool would otherwise terminate
 * while the helper still ran a task it took. r1: the task's write as the terminating side reads
 * it, or -1 if the task was still queued.
 */
@JCStressTest
@Description("outside tryRunOne (raise depth, take, run, lower) vs termination (no queued work, await none inside)")
@Outcome(id = {"-1", "1"}, expect = ACCEPTABLE, desc = "still queued, or terminated after the task ran")
@Outcome(id = "0", expect = FORBIDDEN, desc = "terminated while the helper ran the task it took")
@State
public class WorkStealingOutsideHelperTest {

    private final WorkStealingThreadPool pool =
            WorkStealingParkingTest.unstartedPool(1, WorkStealingPoolBuilder.DEFAULT_TUNING);
    private int ran;

    public WorkStealingOutsideHelperTest() {
        pool.execute(() -> ran = 1);
    }

    @Actor
    public void helper() {
        pool.tryRunOne();
    }

    @Actor
    public void terminator(I_Result r) {
        if (pool.anyQueuedWork()) {
            r.r1 = -1;
        } else {
            pool.awaitOutsideHelpers();
            r.r1 = ran;
        }
    }
}
