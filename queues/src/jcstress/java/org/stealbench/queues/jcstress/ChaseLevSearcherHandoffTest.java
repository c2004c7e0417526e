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
import org.stealbench.queues.ChaseLevArrayDeque;

/**
 * The work-stealing pool's searcher hand-off (WorkStealingThreadPool, Signalling.SEARCHING) on its
 * default deque, with the pool's own accesses: the owner pushes a fork, issues a full fence and
 * reads the searcher count (pushOwn, noSearcher), skipping its wake-up if a worker still searches;
 * the last searcher decrements the count with an atomic add and then looks at the deque
 * (stopSearching, anyQueuedWork). At least one side must see the other's write, or the fork waits
 * beside a parked worker: the pusher saw a searcher and the searcher saw an empty deque.
 */
@JCStressTest
@Description("chase-lev: push, fence, read searchers vs decrement searchers, isEmpty")
@Outcome(id = {"0, 0", "0, 1", "1, 0"}, expect = ACCEPTABLE, desc = "at least one side saw the other")
@Outcome(id = "1, 1", expect = FORBIDDEN,
        desc = "lost wake-up: the pusher saw a searcher and the searcher saw an empty deque")
@State
public class ChaseLevSearcherHandoffTest {

    private static final VarHandle SEARCHERS;

    static {
        try {
            SEARCHERS = MethodHandles.lookup().findVarHandle(ChaseLevSearcherHandoffTest.class, "searchers", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ChaseLevArrayDeque<Integer> deque = new ChaseLevArrayDeque<>(2);
    /** One worker is searching when both actors start. */
    private volatile int searchers = 1;

    /** r1: 1 if the owner saw a searcher (and skipped its wake-up). */
    @Actor
    public void owner(II_Result r) {
        deque.push(LastItemOutcomes.ITEM);
        VarHandle.fullFence();
        r.r1 = searchers;
    }

    /** r2: 1 if the leaving searcher saw the deque empty (and woke nobody). */
    @Actor
    public void searcher(II_Result r) {
        SEARCHERS.getAndAdd(this, -1);
        r.r2 = deque.isEmpty() ? 1 : 0;
    }
}
