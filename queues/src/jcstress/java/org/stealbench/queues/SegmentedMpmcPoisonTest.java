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
 * drain, never both and never neither. In this package (not the jcstress one) for the queue's
 * package-private constructor; SegmentedMpmcPublicationTest checks the item's publication.
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
@Outcome(expect = FORBIDDEN, desc = "an invented item")
@State
public class SegmentedMpmcPoisonTest {

    /** Counts the producer's claims; only the producer writes it, the arbiter reads it after. */
    static final class CountClaims implements SegmentedMpmcQueue.ClaimHook {
        int claims;

        @Override
        public void afterClaim() {
            claims++;
        }
    }

    private final CountClaims hook = new CountClaims();
    private final SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>(1, hook, 0);

    @Actor
    public void producer() {
        queue.push(42);
    }

    @Actor
    public void taker(III_Result r) {
        Integer item = queue.pop();
        r.r1 = item == null ? -1 : item;
    }

    @Arbiter
    public void drain(III_Result r) {
        int n = 0;
        for (Integer item; (item = queue.pop()) != null; ) {
            n += item == 42 ? 1 : 100;
        }
        r.r2 = n;
        r.r3 = Math.min(hook.claims, 2);
    }
}
