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
import org.stealbench.queues.LifoSlot;

/**
 * The work-stealing pool's parking pair under its LIFO slot option, on {@link LifoSlot} with the
 * pool's own sequence: the owner exchanges a fork into its empty slot (pushOwn: no fence besides
 * the exchange) and reads the idle count; a worker registers as idle with a volatile store,
 * issues a full fence and checks the slot with isEmpty() before it parks (awaitWork). At least
 * one side must see the other, or the fork waits beside a parked worker.
 */
@JCStressTest
@Description("lifo slot: exchange, read idle count vs register idle, fence, isEmpty")
@Outcome(id = {"1, 0", "0, 0", "1, 1"}, expect = ACCEPTABLE, desc = "at least one side saw the other")
@Outcome(id = "0, 1", expect = FORBIDDEN,
        desc = "lost wake-up: the owner saw no idle worker and the worker saw an empty slot")
@State
public class LifoSlotParkingTest {

    private final LifoSlot<Integer> slot = new LifoSlot<>();
    private volatile int idleCount;

    /** r1: 1 if the owner saw the worker idle (and would wake it). */
    @Actor
    public void owner(II_Result r) {
        slot.exchange(LastItemOutcomes.ITEM);
        r.r1 = idleCount;
    }

    /** r2: 1 if the worker saw the slot empty (and would park). */
    @Actor
    public void worker(II_Result r) {
        idleCount = 1;
        VarHandle.fullFence();
        r.r2 = slot.isEmpty() ? 1 : 0;
    }
}
