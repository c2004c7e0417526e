package org.stealbench.queues.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The work-stealing pool's parking pair under its LIFO slot option, with the accesses of
 * WorkStealingThreadPool's pushOwn and awaitWork (the slot lives in the pool's Worker, so the
 * test holds its own field with the same access modes): the owner exchanges a fork into its empty
 * slot (an atomic exchange and no separate fence) and reads the idle count; a worker registers as
 * idle with a volatile store, issues a full fence and reads the slot with a volatile read before
 * it parks. At least one side must see the other, or the fork waits beside a parked worker.
 */
@JCStressTest
@Description("lifo slot: exchange, read idle count vs register idle, fence, read slot")
@Outcome(id = {"1, 0", "0, 0", "1, 1"}, expect = ACCEPTABLE, desc = "at least one side saw the other")
@Outcome(id = "0, 1", expect = FORBIDDEN,
        desc = "lost wake-up: the owner saw no idle worker and the worker saw an empty slot")
@State
public class LifoSlotParkingTest {

    private static final VarHandle SLOT;

    static {
        try {
            SLOT = MethodHandles.lookup().findVarHandle(LifoSlotParkingTest.class, "slot", Integer.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile Integer slot;
    private volatile int idleCount;

    /** r1: 1 if the owner saw the worker idle (and would wake it). */
    @Actor
    public void owner(II_Result r) {
        SLOT.getAndSet(this, LastItemOutcomes.ITEM);
        r.r1 = idleCount;
    }

    /** r2: 1 if the worker saw the slot empty (and would park). */
    @Actor
    public void worker(II_Result r) {
        idleCount = 1;
        VarHandle.fullFence();
        r.r2 = slot == null ? 1 : 0;
    }
}
