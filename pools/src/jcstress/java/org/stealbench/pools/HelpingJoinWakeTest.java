package org.stealbench.pools;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The helping join's wake-up pair (HelpingJoin's overview) on a real pool whose workers are not
 * started: the thief, worker 0, pushes through the pool's own pushOwn (push, full fence, then
 * HelpingJoin.wakeHelper's opaque read of helpWanted); a join with nothing to help registers the
 * awaited task in the thief's helpWanted by a CAS and then checks the thief's queues with the
 * pool's holdsForks, as HelpingJoin.awaitJoin does before its timed wait. Either the thief sees
 * the joiner (and clears helpWanted, waking it) or the joiner sees the push: never neither, or
 * the join sleeps through its timed wait while the task it could run waits in the deque. r1: 1
 * if the thief took the registration (helpWanted cleared); r2: 1 if the joiner saw no task
 * (would wait). Only the thief's half is the pool's own code: the joiner's two accesses are this
 * test's copy of awaitJoin's (which ends in a timed wait and withdraws its registration after
 * it), so a change to awaitJoin's order or access modes does not fail this test.
 */
@JCStressTest
@Description("chase-lev: push, fence, opaque read of helpWanted vs CAS of helpWanted, check of the thief's deque")
@Outcome(id = {"1, 0", "0, 0", "1, 1"}, expect = ACCEPTABLE, desc = "at least one side saw the other")
@Outcome(id = "0, 1", expect = FORBIDDEN,
        desc = "lost wake-up: the thief saw no joiner and the joiner saw an empty deque")
@State
public class HelpingJoinWakeTest {

    private final WorkStealingThreadPool pool =
            WorkStealingParkingTest.unstartedPool(2, WorkStealingPoolBuilder.DEFAULT_TUNING);
    private final WorkStealingWorker thief = WorkStealingParkingTest.worker(pool, 0);
    private final ForkTask<Integer> awaited = new ForkTask<>(null, () -> 1, null);

    @Actor
    public void thief() {
        pool.pushOwn(thief, () -> { });
    }

    @Actor
    public void joiner(II_Result r) {
        thief.casHelpWanted(null, awaited);
        r.r2 = pool.holdsForks(thief) ? 0 : 1;
    }

    @Arbiter
    public void registration(II_Result r) {
        r.r1 = thief.helpWantedOpaque() == null ? 1 : 0;
    }
}
