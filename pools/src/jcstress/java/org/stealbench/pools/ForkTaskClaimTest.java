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
 * The work-stealing pool's claims of a forked task on its default deque, on the real ForkTask:
 * the owner pops it and run() claims it by a CAS on its status; a joiner claims it inline by the
 * same CAS (tryClaim, then runClaimed, as HelpingJoin.awaitJoin does) while the task's
 * entry still sits in the deque; a thief steals it, records itself and run() claims it. The task
 * counts its runs. r1 and r2: whether each actor took or claimed the task (a pop or steal that
 * returned it, an inline claim that won); r3: how many times it ran, which must be exactly once.
 */
public final class ForkTaskClaimTest {

    private ForkTaskClaimTest() {
    }

    /** A task that counts its runs, alone in a chase-lev deque. */
    abstract static class Setup {
        final AtomicInteger runs = new AtomicInteger();
        final ForkTask<Integer> task = new ForkTask<>(null, runs::incrementAndGet, null);
        final ChaseLevArrayDeque<Runnable> deque = new ChaseLevArrayDeque<>(4);

        Setup() {
            deque.push(task);
        }

        /** The pool's scan: its own pop, then run(); 1 if the pop returned the task. */
        int ownerPopsAndRuns() {
            Runnable popped = deque.pop();
            if (popped != null) {
                popped.run();
            }
            return popped == task ? 1 : 0;
        }

        /** A thief: steal, record itself as the pool's steal does, run(); 1 if it got the task. */
        int thiefStealsAndRuns() {
            Runnable stolen = deque.steal();
            if (stolen instanceof ForkTask<?> f) {
                f.setThiefRelease(Thread.currentThread());
                f.run();
            }
            return stolen == task ? 1 : 0;
        }

        /** A joiner's inline claim (HelpingJoin.awaitJoin); 1 if it won and ran the task. */
        int joinerClaimsInline() {
            if (task.tryClaim()) {
                task.runClaimed();
                return 1;
            }
            return 0;
        }
    }

    @JCStressTest
    @Description("the owner's pop and run() against an inline claim")
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "the owner popped and ran it")
    @Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "the joiner's claim won and ran it; the owner skipped it")
    @Outcome(expect = FORBIDDEN, desc = "else: a double run (r3 = 2), a lost task (r3 = 0), a task taken twice")
    @State
    public static class OwnerAgainstJoiner extends Setup {
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
    @Description("the owner's pop and run() against a thief's steal and run()")
    @Outcome(id = {"1, 0, 1", "0, 1, 1"}, expect = ACCEPTABLE, desc = "one of them took and ran it")
    @Outcome(expect = FORBIDDEN, desc = "else: a double run (r3 = 2), a lost task (r3 = 0), a task taken twice")
    @State
    public static class OwnerAgainstThief extends Setup {
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
    @Description("a thief's steal and run() against an inline claim")
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "the thief stole and ran it")
    @Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "the joiner's claim won and ran it; the thief skipped it")
    @Outcome(expect = FORBIDDEN, desc = "else: a double run (r3 = 2), a lost task (r3 = 0), a task taken twice")
    @State
    public static class ThiefAgainstJoiner extends Setup {
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
