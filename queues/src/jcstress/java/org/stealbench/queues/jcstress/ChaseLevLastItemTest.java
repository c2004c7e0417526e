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
import org.stealbench.queues.ChaseLevArrayDeque;

/**
 * Chase-Lev's last item: the owner's pop (bottom store, fullFence, top load, CAS) against a
 * thief's steal (top load, fullFence, bottom load, CAS). Exactly one takes it.
 */
@JCStressTest
@Description("chase-lev: owner pop vs thief steal on a one-item deque")
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "the owner took it")
@Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "the thief took it")
@Outcome(id = "1, 1, .*", expect = FORBIDDEN, desc = "taken twice")
@Outcome(id = "0, 0, .*", expect = FORBIDDEN, desc = "nobody took it")
@Outcome(expect = FORBIDDEN, desc = "deque inconsistent afterwards, or an invented item")
@State
public class ChaseLevLastItemTest {

    private final ChaseLevArrayDeque<Integer> deque = new ChaseLevArrayDeque<>(2);

    public ChaseLevLastItemTest() {
        deque.push(LastItemOutcomes.ITEM);
    }

    @Actor
    public void owner(III_Result r) {
        LastItemOutcomes.pop(deque, r);
    }

    @Actor
    public void thief(III_Result r) {
        LastItemOutcomes.steal(deque, r);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        LastItemOutcomes.check(deque, r);
    }
}
