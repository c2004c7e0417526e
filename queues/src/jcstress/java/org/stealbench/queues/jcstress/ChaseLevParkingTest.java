package org.stealbench.queues.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;
import org.stealbench.queues.ChaseLevArrayDeque;

/**
 * The work-stealing pool's parking pair on its default deque, with the pool's own accesses: the
 * owner pushes a fork, issues a full fence and reads the idle count (pushOwn); a worker registers
 * as idle with a volatile store, issues a full fence and re-checks the deque with isEmpty() before
 * it parks (awaitWork). At least one side must see the other, or the fork waits beside a parked
 * worker. The fences carry the pair: chase-lev's push ends with a release store of bottom and
 * isEmpty() reads with acquire, which alone would allow both sides to miss.
 */
@JCStressTest
@Description("chase-lev: push, fence, read idle count vs register idle, fence, isEmpty")
@Outcome(id = {"1, 0", "0, 0", "1, 1"}, expect = ACCEPTABLE, desc = "at least one side saw the other")
@Outcome(id = "0, 1", expect = FORBIDDEN,
        desc = "lost wake-up: the owner saw no idle worker and the worker saw an empty deque")
@State
public class ChaseLevParkingTest {

    private final ChaseLevArrayDeque<Integer> deque = new ChaseLevArrayDeque<>(2);
    private volatile int idleCount;

    /** r1: 1 if the owner saw the worker idle (and would wake it). */
    @Actor
    public void owner(II_Result r) {
        deque.push(LastItemOutcomes.ITEM);
        VarHandle.fullFence();
        r.r1 = idleCount;
    }

    /** r2: 1 if the worker saw the deque empty (and would park). */
    @Actor
    public void worker(II_Result r) {
        idleCount = 1;
        VarHandle.fullFence();
        r.r2 = deque.isEmpty() ? 1 : 0;
    }
}
