package org.stealbench.queues.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Exactly-once for the work-stealing pool's LIFO slot, with the accesses of
 * WorkStealingThreadPool's pushOwn, popOwn and takeSlot (the slot lives in the pool's Worker, so
 * the test holds its own field with the same access modes). The slot holds A. The owner pushes B
 * (an exchange: the displaced task goes to its deque) and then pops (a plain read and a CAS);
 * a thief takes the slot (a volatile read and a CAS). A and B must each be taken exactly once,
 * counting what the arbiter finds left in the slot.
 * Results: (owner's displaced and popped tasks, thief's task, left in the slot), each task coded
 * A = 1, B = 2, as a sum of the tasks seen (none = 0).
 */
@JCStressTest
@Description("lifo slot: owner exchange then pop vs a thief's take")
@Outcome(id = {"3, 0, 0", "1, 2, 0", "2, 1, 0"}, expect = ACCEPTABLE,
        desc = "each task taken once: both by the owner; or A displaced and B stolen; or A stolen and B popped")
@Outcome(expect = FORBIDDEN, desc = "a task taken twice, lost, or left behind")
@State
public class LifoSlotExchangeTest {

    private static final VarHandle SLOT;
    private static final Integer A = 1;
    private static final Integer B = 2;

    static {
        try {
            SLOT = MethodHandles.lookup().findVarHandle(LifoSlotExchangeTest.class, "slot", Integer.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile Integer slot = A;

    @Actor
    public void owner(III_Result r) {
        Integer displaced = (Integer) SLOT.getAndSet(this, B);
        Integer popped = (Integer) SLOT.get(this);
        if (popped == null || !SLOT.compareAndSet(this, popped, null)) {
            popped = null;
        }
        r.r1 = code(displaced) + code(popped);
    }

    @Actor
    public void thief(III_Result r) {
        Integer task = slot;
        r.r2 = task != null && SLOT.compareAndSet(this, task, null) ? code(task) : 0;
    }

    @Arbiter
    public void left(III_Result r) {
        r.r3 = code(slot);
    }

    private static int code(Integer task) {
        return task == null ? 0 : task;
    }
}
