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
import org.stealbench.queues.SegmentedMpmcQueue;

/**
 * segmented-mpmc's store-load pair with a pool's parking protocol: a submitter pushes and then
 * reads whether a worker is idle (volatile); a worker publishes that it is idle (volatile) and
 * then re-checks isEmpty(). push's fetch-and-add on tail and isEmpty's volatile read of tail
 * make this a Dekker pair: at least one side must see the other, or the submission wakes nobody
 * while the worker parks beside it. On x86 the fetch-and-add is a locked instruction whatever its
 * mode, so a weakened tail read is what this test would catch there; weaker access modes on the
 * push side need an ARM or POWER machine to show.
 */
@JCStressTest
@Description("segmented-mpmc: push then read idle flag vs set idle flag then isEmpty")
@Outcome(id = {"1, 0", "0, 0", "1, 1"}, expect = ACCEPTABLE, desc = "at least one side saw the other")
@Outcome(id = "0, 1", expect = FORBIDDEN,
        desc = "lost wake-up: the submitter saw no idle worker and the worker saw an empty queue")
@State
public class SegmentedMpmcParkingTest {

    private static final VarHandle IDLE;

    static {
        try {
            IDLE = MethodHandles.lookup().findVarHandle(SegmentedMpmcParkingTest.class, "idle", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>(2);
    private int idle;

    /** r1: 1 if the submitter saw the worker idle (and would wake it). */
    @Actor
    public void submitter(II_Result r) {
        queue.push(LastItemOutcomes.ITEM);
        r.r1 = (int) IDLE.getVolatile(this);
    }

    /** r2: 1 if the worker saw the queue empty (and would park). */
    @Actor
    public void worker(II_Result r) {
        IDLE.setVolatile(this, 1);
        r.r2 = queue.isEmpty() ? 1 : 0;
    }
}
