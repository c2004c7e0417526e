package org.stealbench.queues;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * segmented-mpmc's recovery of an abandoned claim, on the real queue with patience 0: a taker
 * that finds a claimed slot still empty poisons it at once, so the producer's CAS of its item
 * and the taker's CAS of POISON race for the same slot. Exactly one wins: the item is taken by
 * the taker (at its first claim, or at the producer's retried claim) or left for the arbiter's
 * drain, never both and never neither, and a taken item's plain field is visible. In this package
 * (not the jcstress one) for the queue's package-private constructor. One-slot segments with one
 * item already taken, so the push also links a segment.
 *
 * <p>r1: the taker's item (42) or -1 for none; r2: the items the arbiter drains afterwards; r3:
 * the producer's claims (1, or 2 for two or more: it found its slot poisoned and claimed again).
 */
@JCStressTest
@Description("segmented-mpmc: producer's CAS against a taker's poison, exactly once")
@Outcome(id = "42, 0, 1", expect = ACCEPTABLE, desc = "the taker took the item at its first claim")
@Outcome(id = "-1, 1, 1", expect = ACCEPTABLE, desc = "the taker saw the queue empty; the drain took the item")
@Outcome(id = "42, 0, 2", expect = ACCEPTABLE_INTERESTING, desc = "poisoned; the retried claim's item went to the taker")
@Outcome(id = "-1, 1, 2", expect = ACCEPTABLE_INTERESTING, desc = "poisoned; the retried claim's item went to the drain")
@Outcome(id = {"42, 1, .*", "-1, 0, .*"}, expect = FORBIDDEN, desc = "the item taken twice, or lost")
@Outcome(expect = FORBIDDEN, desc = "a taken item without its field, or an invented one")
@State
public class SegmentedMpmcPoisonTest {

    /** A task with a plain, non-final field. */
    static final class Task {
        int value;
    }

    /** Counts the producer's claims; only the producer writes it, the arbiter reads it after. */
    static final class CountClaims implements SegmentedMpmcQueue.ClaimHook {
        int claims;

        @Override
        public void afterClaim() {
            claims++;
        }
    }

    private final CountClaims hook = new CountClaims();
    private final SegmentedMpmcQueue<Task> queue = new SegmentedMpmcQueue<>(1, hook, 0);

    public SegmentedMpmcPoisonTest() {
        queue.push(new Task());
        queue.pop();
        hook.claims = 0;
    }

    @Actor
    public void producer() {
        Task task = new Task();
        task.value = 42;
        queue.push(task);
    }

    @Actor
    public void taker(III_Result r) {
        Task task = queue.pop();
        r.r1 = task == null ? -1 : task.value;
    }

    @Arbiter
    public void drain(III_Result r) {
        int n = 0;
        for (Task task; (task = queue.pop()) != null; ) {
            n += task.value == 42 ? 1 : 100;
        }
        r.r2 = n;
        r.r3 = Math.min(hook.claims, 2);
    }
}
