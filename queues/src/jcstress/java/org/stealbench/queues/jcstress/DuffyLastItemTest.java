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
import org.stealbench.queues.DuffyArrayDeque;

/**
 * The Java translation of Duffy's Interlocked.Exchange: the owner's pop (tail setVolatile, then
 * head getVolatile) against a thief's steal under the lock (head setVolatile, then tail
 * getVolatile). With a weaker store (setRelease) the owner's store can wait in the store buffer
 * past its load of head, and both would take the item. Neither taking it is forbidden too: pop
 * decides "empty" under the lock and steal answers empty only when the owner took the item.
 */
@JCStressTest
@Description("duffy: owner pop vs thief steal on a one-item deque")
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "the owner took it")
@Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "the thief took it")
@Outcome(id = "1, 1, .*", expect = FORBIDDEN, desc = "taken twice: the store->load order is missing")
@Outcome(id = "0, 0, .*", expect = FORBIDDEN, desc = "nobody took it: a spurious empty")
@Outcome(expect = FORBIDDEN, desc = "deque inconsistent afterwards, or an invented item")
@State
public class DuffyLastItemTest {

    private final DuffyArrayDeque<Integer> deque = new DuffyArrayDeque<>(2);

    public DuffyLastItemTest() {
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
