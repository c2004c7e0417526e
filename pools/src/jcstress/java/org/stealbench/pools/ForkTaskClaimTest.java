package org.stealbench.pools;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.stealbench.queues.ChaseLevArrayDeque;

/**
 * The work-stealing pool's claims of a forked task on its default deque, on the real ForkTask
 * and the real owner pop (WorkStealingThreadPool.popOwnClaiming): the owner marks the task it is
 * about to pop with a plain store and claims it without a CAS after the pop's full fence; a
 * joiner claims it inline by a CAS to TRYING and then reads the mark; a thief steals it, records
 * itself and claims it by CAS. The task counts its runs. r1 and r2: whether each actor took or
 * claimed the task (a pop or steal that returned it, an inline claim that won); r3: how many
 * times it ran, which must be exactly once. Two depths for the owner against a joiner: one item
 * (the pop's CAS on top is the fence) and two (the pop's fence).
 */
public final class ForkTaskClaimTest {

    private ForkTaskClaimTest() {
    }

    /** A task that counts its runs, and the deque it sits in, {@code below} other tasks under it. */
    abstract static class Setup {
        final AtomicInteger runs = new AtomicInteger();
        final ForkTask<Integer> task = new ForkTask<>(null, runs::incrementAndGet, null);
        final ChaseLevArrayDeque<Runnable> deque = new ChaseLevArrayDeque<>(4);

        Setup(int below) {
            for (int i = 0; i < below; i++) {
                deque.push(new ForkTask<>(null, () -> 0, null));
            }
            deque.push(task);
        }

        /** The pool's scan: its own pop with the owner claim, then run(); 1 if the pop returned the task. */
        int ownerPopsAndRuns() {
            Runnable popped = WorkStealingThreadPool.popOwnClaiming(deque);
            if (popped != null) {
                popped.run();
            }
            return popped == task ? 1 : 0;
        }

        /** A thief: steal, record itself as the pool's steal does, run() (a CAS claim); 1 if it got the task. */
        int thiefStealsAndRuns() {
            Runnable stolen = deque.steal();
            if (stolen instanceof ForkTask<?> f) {
                f.setThiefRelease(Thread.currentThread());
                f.run();
            }
            return stolen == task ? 1 : 0;
        }

        /** A joiner's inline claim (WorkStealingThreadPool.awaitJoin); 1 if it won and ran the task. */
        int joinerClaimsInline() {
            if (task.tryClaimInline()) {
                task.runClaimed();
                return 1;
            }
            return 0;
        }
    }

    @JCStressTest
    @Description("owner pop with the owner claim against an inline claim, one item (the pop's CAS)")
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "the owner popped and ran it; the joiner saw the mark")
    @Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "the joiner's claim won and ran it; the owner skipped it")
    @Outcome(expect = FORBIDDEN, desc = "else: a double run (r3 = 2), a lost task (r3 = 0), a task taken twice")
    @State
    public static class OwnerAgainstJoinerOneItem extends Setup {
        public OwnerAgainstJoinerOneItem() {
            super(0);
        }

        @Actor
        public void owner(III_Result r) {
            r.r1 = ownerPopsAndRuns();
        }

        @Actor
        public void joiner(III_Result r) {
            r.r2 = joinerClaimsInline();
        }

        @Arbiter
        public void runs(III_Result r) {
            r.r3 = runs.get();
        }
    }

    @JCStressTest
    @Description("owner pop with the owner claim against an inline claim, two items (the pop's fence)")
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "the owner popped and ran it; the joiner saw the mark")
    @Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "the joiner's claim won and ran it; the owner skipped it")
    @Outcome(expect = FORBIDDEN, desc = "else: a double run (r3 = 2), a lost task (r3 = 0), a task taken twice")
    @State
    public static class OwnerAgainstJoinerTwoItems extends Setup {
        public OwnerAgainstJoinerTwoItems() {
            super(1);
        }

        @Actor
        public void owner(III_Result r) {
            r.r1 = ownerPopsAndRuns();
        }

        @Actor
        public void joiner(III_Result r) {
            r.r2 = joinerClaimsInline();
        }

        @Arbiter
        public void runs(III_Result r) {
            r.r3 = runs.get();
        }
    }

    @JCStressTest
    @Description("owner pop with the owner claim against a thief's steal and CAS claim, one item")
    @Outcome(id = {"1, 0, 1", "0, 1, 1"}, expect = ACCEPTABLE, desc = "one of them took and ran it")
    @Outcome(expect = FORBIDDEN, desc = "else: a double run (r3 = 2), a lost task (r3 = 0), a task taken twice")
    @State
    public static class OwnerAgainstThief extends Setup {
        public OwnerAgainstThief() {
            super(0);
        }

        @Actor
        public void owner(III_Result r) {
            r.r1 = ownerPopsAndRuns();
        }

        @Actor
        public void thief(III_Result r) {
            r.r2 = thiefStealsAndRuns();
        }

        @Arbiter
        public void runs(III_Result r) {
            r.r3 = runs.get();
        }
    }

    @JCStressTest
    @Description("a thief's steal and CAS claim against an inline claim, the task marked by an owner whose pop lost it")
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "the thief ran it; the joiner saw the mark")
    @Outcome(id = "1, 1, 1", expect = ACCEPTABLE,
            desc = "the thief's record replaced the mark first; the joiner's claim won and ran it")
    @Outcome(expect = FORBIDDEN, desc = "else: a double run (r3 = 2), a lost task (r3 = 0), a task taken twice")
    @State
    public static class ThiefAgainstJoinerAfterMark extends Setup {
        public ThiefAgainstJoinerAfterMark() {
            super(0);
            task.markOwnerPop();
        }

        @Actor
        public void thief(III_Result r) {
            r.r1 = thiefStealsAndRuns();
        }

        @Actor
        public void joiner(III_Result r) {
            r.r2 = joinerClaimsInline();
        }

        @Arbiter
        public void runs(III_Result r) {
            r.r3 = runs.get();
        }
    }
}
