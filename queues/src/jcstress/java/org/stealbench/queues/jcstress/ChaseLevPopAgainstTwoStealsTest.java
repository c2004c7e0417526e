package org.stealbench.queues.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;
import org.stealbench.queues.ChaseLevArrayDeque;

/**
 * The race that pop's fullFence guards: items 0 and 1; the owner pops once while a thief steals
 * twice. Seeing top = 0 < bottom, the owner takes item 1 without a CAS; that is safe only because
 * the fence makes its lowered bottom visible before its load of top, so the thief's second steal
 * sees bottom = 1 and stops. Without the fence the owner's store can sit in the store buffer
 * (x86 allows exactly this) while the thief steals 0 and then 1, and item 1 is taken twice.
 * (The one-item test cannot show this: there both sides end in the CAS, which decides alone.)
 * Results: (owner's item, thief's first, thief's second, arbiter's consistency code); -1 = null.
 */
@JCStressTest
@Description("chase-lev: owner pop vs two thief steals on a two-item deque")
@Outcome(id = "1, 0, -1, 0", expect = ACCEPTABLE, desc = "owner took 1, thief took 0")
@Outcome(id = "-1, 0, 1, 0", expect = ACCEPTABLE, desc = "thief took both, owner found it empty")
@Outcome(id = "1, 0, 1, .*", expect = FORBIDDEN, desc = "item 1 taken twice: pop's fence is missing")
@Outcome(expect = FORBIDDEN, desc = "an item lost, taken twice or out of order, or the deque inconsistent")
@State
public class ChaseLevPopAgainstTwoStealsTest {

    private final ChaseLevArrayDeque<Integer> deque = new ChaseLevArrayDeque<>(2);

    public ChaseLevPopAgainstTwoStealsTest() {
        deque.push(0);
        deque.push(1);
    }

    @Actor
    public void owner(IIII_Result r) {
        r.r1 = code(deque.pop());
    }

    @Actor
    public void thief(IIII_Result r) {
        r.r2 = code(deque.steal());
        r.r3 = code(deque.steal());
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r4 = LastItemOutcomes.consistencyCode(deque);
    }

    private static int code(Integer item) {
        return item == null ? -1 : item;
    }
}
