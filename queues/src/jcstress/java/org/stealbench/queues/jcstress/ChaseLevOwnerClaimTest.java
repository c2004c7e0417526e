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
 * The work-stealing pool's owner claim on its default deque, with the pool's own accesses (the
 * task below mirrors ForkTask's markOwnerPop, settleOwnerPop, tryClaimInline and tryClaim; the
 * deque is the real one). The owner marks the task it is about to pop with a plain store and
 * claims it without a CAS after the pop's full fence; a joiner claims the same task inline by a
 * CAS to TRYING and then reads the mark. Exactly one of them may run it: both running is a
 * double run, neither a lost task. Two depths: one item (the pop's CAS on top is the fence) and
 * two (the pop's fence); the owner's marked pop against a thief; and a thief against a joiner
 * on a task whose owner marked it and lost it, where the thief's CAS claim waits out a TRYING.
 */
public final class ChaseLevOwnerClaimTest {

    private ChaseLevOwnerClaimTest() {
    }

    /** A stand-in for ForkTask's claim state, with the same accesses in the same order. */
    static final class Task {
        static final int NEW = 0;
        static final int CLAIMED = 1;
        static final int OWNED = -1;
        static final int TRYING = -2;
        static final Object OWNER_POP = new Object();
        static final Object THIEF = new Object();

        private static final VarHandle STATUS;
        private static final VarHandle MARK;

        static {
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                STATUS = lookup.findVarHandle(Task.class, "status", int.class);
                MARK = lookup.findVarHandle(Task.class, "mark", Object.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        volatile int status;
        /** ForkTask's thief field. */
        Object mark;

        void markOwnerPop() {
            if (mark == null) {
                mark = OWNER_POP;
            }
        }

        void settleOwnerPop() {
            int s = status;
            while (s == TRYING) {
                Thread.onSpinWait();
                s = status;
            }
            if (s == NEW) {
                STATUS.setOpaque(this, OWNED);
            }
        }

        boolean tryClaimInline() {
            if (status != NEW || !STATUS.compareAndSet(this, NEW, TRYING)) {
                return false;
            }
            if (MARK.getAcquire(this) == OWNER_POP) {
                STATUS.compareAndSet(this, TRYING, NEW);
                return false;
            }
            status = CLAIMED;
            return true;
        }

        boolean tryClaim() {
            for (int s = status; ; s = status) {
                if (s == TRYING) {
                    Thread.onSpinWait();
                } else if (s != NEW) {
                    return false;
                } else if (STATUS.compareAndSet(this, NEW, CLAIMED)) {
                    return true;
                }
            }
        }

        /** What the pool's popOwn and run() do: 1 if the owner runs the task. */
        static int ownerPopsAndRuns(ChaseLevArrayDeque<Task> deque) {
            Task marked = deque.peekOwn();
            if (marked != null) {
                marked.markOwnerPop();
            }
            Task task = deque.pop();
            if (task == null) {
                return 0;
            }
            if (task == marked) {
                task.settleOwnerPop();
            }
            return task.status == OWNED || task.tryClaim() ? 1 : 0; // ForkTask.run()
        }
    }

    @JCStressTest
    @Description("chase-lev owner claim, one item: mark, pop by CAS, settle vs an inline claim")
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "exactly one ran the task")
    @Outcome(id = "1, 1", expect = FORBIDDEN,
            desc = "double run: the joiner missed the mark and the owner missed TRYING")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "lost task: neither ran it")
    @State
    public static class OneItem {
        private final ChaseLevArrayDeque<Task> deque = new ChaseLevArrayDeque<>(2);
        private final Task task = new Task();

        public OneItem() {
            deque.push(task);
        }

        @Actor
        public void owner(II_Result r) {
            r.r1 = Task.ownerPopsAndRuns(deque);
        }

        @Actor
        public void joiner(II_Result r) {
            r.r2 = task.tryClaimInline() ? 1 : 0;
        }
    }

    @JCStressTest
    @Description("chase-lev owner claim, two items: mark, pop with the fence, settle vs an inline claim")
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "exactly one ran the task")
    @Outcome(id = "1, 1", expect = FORBIDDEN,
            desc = "double run: the joiner missed the mark and the owner missed TRYING")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "lost task: neither ran it")
    @State
    public static class TwoItems {
        private final ChaseLevArrayDeque<Task> deque = new ChaseLevArrayDeque<>(4);
        private final Task task = new Task();

        public TwoItems() {
            deque.push(new Task());
            deque.push(task);
        }

        @Actor
        public void owner(II_Result r) {
            r.r1 = Task.ownerPopsAndRuns(deque);
        }

        @Actor
        public void joiner(II_Result r) {
            r.r2 = task.tryClaimInline() ? 1 : 0;
        }
    }

    @JCStressTest
    @Description("chase-lev owner claim, one item: the owner's marked pop against a thief's steal and CAS claim")
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "exactly one ran the task")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "double run")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "lost task: neither ran it")
    @State
    public static class OwnerAgainstThief {
        private final ChaseLevArrayDeque<Task> deque = new ChaseLevArrayDeque<>(2);

        public OwnerAgainstThief() {
            deque.push(new Task());
        }

        @Actor
        public void owner(II_Result r) {
            r.r1 = Task.ownerPopsAndRuns(deque);
        }

        @Actor
        public void thief(II_Result r) {
            r.r2 = stealsAndRuns(deque);
        }
    }

    @JCStressTest
    @Description("chase-lev owner claim: a thief's steal and CAS claim against an inline claim, the task"
            + " marked by an owner whose pop lost it")
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "exactly one ran the task")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "double run")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "lost task: the joiner left it to a thief that dropped it")
    @State
    public static class ThiefAgainstJoinerAfterMark {
        private final ChaseLevArrayDeque<Task> deque = new ChaseLevArrayDeque<>(2);
        private final Task task = new Task();

        public ThiefAgainstJoinerAfterMark() {
            task.markOwnerPop();
            deque.push(task);
        }

        @Actor
        public void thief(II_Result r) {
            r.r1 = stealsAndRuns(deque);
        }

        @Actor
        public void joiner(II_Result r) {
            r.r2 = task.tryClaimInline() ? 1 : 0;
        }
    }

    /** A steal, then the thief's record (ForkTask.setThiefRelease) and its CAS claim: 1 if it runs the task. */
    static int stealsAndRuns(ChaseLevArrayDeque<Task> deque) {
        Task stolen = deque.steal();
        if (stolen == null) {
            return 0;
        }
        Task.MARK.setRelease(stolen, Task.THIEF);
        return stolen.tryClaim() ? 1 : 0;
    }
}
