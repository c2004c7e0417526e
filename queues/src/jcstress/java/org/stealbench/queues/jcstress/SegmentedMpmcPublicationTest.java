package org.stealbench.queues.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;
import org.stealbench.queues.SegmentedMpmcQueue;

/**
 * segmented-mpmc's slot pair: the producer's casSlotRelease against the taker's slotAcquire. The
 * item is a task whose field is written plainly before the push; a taker that gets the item must
 * see the field. One-slot segments with one item already taken, so the push lands in a segment
 * that the producer or the taker must first link (the next pointer's release/acquire pair).
 */
@JCStressTest
@Description("segmented-mpmc: a taken item's plain field is visible, across a segment link")
@Outcome(id = "-1", expect = ACCEPTABLE, desc = "the take saw the queue empty")
@Outcome(id = "42", expect = ACCEPTABLE, desc = "the take got the item with its field")
@Outcome(id = "0", expect = FORBIDDEN, desc = "the take got the item but not its field")
@Outcome(expect = FORBIDDEN, desc = "an invented item")
@State
public class SegmentedMpmcPublicationTest {

    /** A task with a plain, non-final field. */
    static final class Task {
        int value;
    }

    private final SegmentedMpmcQueue<Task> queue = new SegmentedMpmcQueue<>(1);

    public SegmentedMpmcPublicationTest() {
        queue.push(new Task());
        queue.pop();
    }

    @Actor
    public void producer() {
        Task task = new Task();
        task.value = 42;
        queue.push(task);
    }

    @Actor
    public void taker(I_Result r) {
        Task task = queue.steal();
        r.r1 = task == null ? -1 : task.value;
    }
}
