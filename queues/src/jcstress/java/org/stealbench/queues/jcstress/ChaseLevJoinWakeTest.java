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
 * The work-stealing pool's join wake-up pair on its default deque, with the pool's own accesses:
 * a join with nothing to help registers the awaited task in its thief's helpWanted with a CAS
 * and then checks the thief's deque with isEmpty() before it waits (awaitJoin); the thief pushes
 * a fork, issues a full fence and reads helpWanted with an opaque load (pushOwn, wakeHelper). At
 * least one side must see the other, or the join sleeps through its timed wait while the fork it
 * could run waits in the deque. The CAS and the fence carry the pair: the push's release store
 * and isEmpty()'s acquire loads alone would let both sides miss.
 */
@JCStressTest
@Description("chase-lev: CAS helpWanted, isEmpty vs push, fence, opaque read of helpWanted")
@Outcome(id = {"1, 0", "0, 0", "1, 1"}, expect = ACCEPTABLE, desc = "at least one side saw the other")
@Outcome(id = "0, 1", expect = FORBIDDEN,
        desc = "lost wake-up: the thief saw no joiner and the joiner saw an empty deque")
@State
public class ChaseLevJoinWakeTest {

    private static final VarHandle HELP_WANTED;

    static {
        try {
            HELP_WANTED = MethodHandles.lookup().findVarHandle(ChaseLevJoinWakeTest.class, "helpWanted", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ChaseLevArrayDeque<Integer> deque = new ChaseLevArrayDeque<>(2);
    @SuppressWarnings("unused") // through HELP_WANTED
    private Object helpWanted;

    /** r1: 1 if the thief saw the joiner registered (and would notify it). */
    @Actor
    public void thief(II_Result r) {
        deque.push(LastItemOutcomes.ITEM);
        VarHandle.fullFence();
        r.r1 = HELP_WANTED.getOpaque(this) != null ? 1 : 0;
    }

    /** r2: 1 if the joiner saw the deque empty (and would wait). */
    @Actor
    public void joiner(II_Result r) {
        HELP_WANTED.compareAndSet(this, null, LastItemOutcomes.ITEM);
        r.r2 = deque.isEmpty() ? 1 : 0;
    }
}
