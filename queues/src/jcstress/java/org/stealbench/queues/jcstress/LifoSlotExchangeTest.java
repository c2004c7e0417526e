package org.stealbench.queues.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.stealbench.queues.LifoSlot;

/**
 * Exactly-once for {@link LifoSlot} with the pool's sequence. The slot holds A. The owner pushes B
 * (an exchange: the displaced task goes to its deque) and then pops (takeOwn); a thief steals.
 * A and B must each be taken exactly once, counting what the arbiter finds left in the slot.
 * Results: (owner's displaced plus popped task, thief's task, left in the slot), with A = 1 and
 * B = 2 and nothing = 0.
 */
@JCStressTest
@Description("lifo slot: owner exchange then takeOwn vs a thief's steal")
@Outcome(id = {"3, 0, 0", "1, 2, 0", "2, 1, 0"}, expect = ACCEPTABLE,
        desc = "each task taken once: both by the owner; or A displaced and B stolen; or A stolen and B popped")
@Outcome(expect = FORBIDDEN, desc = "a task taken twice, lost, or left behind")
@State
public class LifoSlotExchangeTest {

    private static final Integer A = 1;
    private static final Integer B = 2;

    private final LifoSlot<Integer> slot = new LifoSlot<>();

    public LifoSlotExchangeTest() {
        slot.exchange(A);
    }

    @Actor
    public void owner(III_Result r) {
        r.r1 = code(slot.exchange(B)) + code(slot.takeOwn());
    }

    @Actor
    public void thief(III_Result r) {
        r.r2 = code(slot.steal());
    }

    @Arbiter
    public void left(III_Result r) {
        r.r3 = code(slot.drain());
    }

    private static int code(Integer task) {
        return task == null ? 0 : task;
    }
}
