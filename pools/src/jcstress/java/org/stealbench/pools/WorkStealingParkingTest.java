package org.stealbench.pools;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;
import org.openjdk.jcstress.infra.results.I_Result;
import org.stealbench.queues.SegmentedMpmcQueue;

/**
 * The work-stealing pool's no-lost-wake-up pairs (its overview's "Parking and wake-up" and
 * "Signalling.SEARCHING"), on a real pool whose workers are not started: one actor publishes a
 * task through the pool's own method (a worker's push, pushOwn; an outside execute()), the other
 * is a worker registering as idle and re-scanning through IdleWorkers.registerAndRescan, whose
 * result says whether it would park. Either the publisher wakes the worker (it is off the idle
 * stack, signalled) or the worker sees the task: never neither, or the task waits beside a
 * parked worker. r1: 1 if the worker was woken; r2: 1 if it would park.
 */
public final class WorkStealingParkingTest {

    private WorkStealingParkingTest() {
    }

    private static final Runnable TASK = () -> { };

    /** An unstarted pool of {@code threads} workers with the given tuning. */
    static WorkStealingThreadPool unstartedPool(int threads, String tuning) {
        return WorkStealingThreadPool.builder().threads(threads).tuning(tuning).unstarted();
    }

    static WorkStealingWorker worker(WorkStealingThreadPool pool, int index) {
        return (WorkStealingWorker) pool.workerThread(index);
    }

    /** Worker 0 publishes (or an outside thread does), worker 1 registers as idle. */
    abstract static class Setup {
        final WorkStealingThreadPool pool;
        final WorkStealingWorker owner;
        final WorkStealingWorker idler;

        Setup(String tuning) {
            pool = unstartedPool(2, tuning);
            owner = worker(pool, 0);
            idler = worker(pool, 1);
        }

        /** 1 if the worker found every queue empty and stays registered (would park). */
        int registerAndRescan() {
            return pool.idle.registerAndRescan(idler) ? 1 : 0;
        }

        /** 1 if the publisher took the worker off the idle stack and signalled it. */
        int woken() {
            return idler.signaled ? 1 : 0;
        }
    }

    @JCStressTest
    @Description("chase-lev: a worker's push, fence, read of the idle count vs register, fence, re-scan")
    @Outcome(id = {"1, 0", "0, 0", "1, 1"}, expect = ACCEPTABLE, desc = "at least one side saw the other")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "lost wake-up: nobody woke the worker and it saw no task")
    @State
    public static class OwnPush extends Setup {
        public OwnPush() {
            super(WorkStealingPoolBuilder.DEFAULT_TUNING);
        }

        @Actor
        public void owner() {
            pool.pushOwn(owner, TASK);
        }

        @Actor
        public void worker(II_Result r) {
            r.r2 = registerAndRescan();
        }

        @Arbiter
        public void woken(II_Result r) {
            r.r1 = woken();
        }
    }

    /**
     * The default injector ({@link SegmentedMpmcQueue}) under Admission.INJECTOR: an outside
     * execute() is the injector's fetch-and-add with no fence after it (signalWork), paired with
     * the re-scan's volatile read of the injector's tail. On x86 the fetch-and-add is a locked
     * instruction whatever its mode and the worker's side keeps its own full fence, so no single
     * weakening shows here; weaker modes on the push side need an ARM or POWER machine.
     */
    @JCStressTest
    @Description("injector: an outside execute (fetch-and-add), read of the idle count vs register, fence, re-scan")
    @Outcome(id = {"1, 0", "0, 0", "1, 1"}, expect = ACCEPTABLE, desc = "at least one side saw the other")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "lost wake-up: nobody woke the worker and it saw no task")
    @State
    public static class OutsideSubmit extends Setup {
        public OutsideSubmit() {
            super(WorkStealingPoolBuilder.DEFAULT_TUNING);
        }

        @Actor
        public void submitter() {
            pool.execute(TASK);
        }

        @Actor
        public void worker(II_Result r) {
            r.r2 = registerAndRescan();
        }

        @Arbiter
        public void woken(II_Result r) {
            r.r1 = woken();
        }
    }

    /**
     * Signalling.SEARCHING: worker 1 searches and worker 2 is parked when the actors start; worker
     * 0 pushes (its read of the searcher count after its fence skips the wake-up while one
     * searches), and the searcher leaves having found a task of its own, decrementing the count
     * and then looking at the queues (IdleWorkers.stopSearching). Either the pusher reads the
     * count after the decrement and wakes the parked worker, or the searcher sees the push and
     * wakes it. r: 1 if the parked worker was woken.
     */
    @JCStressTest
    @Description("searching: push, fence, read of searchers vs the last searcher's decrement, then its look at the queues")
    @Outcome(id = "1", expect = ACCEPTABLE, desc = "the pusher or the searcher woke the parked worker")
    @Outcome(id = "0", expect = FORBIDDEN, desc = "lost wake-up: the task waits beside the parked worker")
    @State
    public static class SearcherHandoff {
        final WorkStealingThreadPool pool = unstartedPool(3, "searching");
        final WorkStealingWorker owner = worker(pool, 0);
        final WorkStealingWorker searcher = worker(pool, 1);
        final WorkStealingWorker parked = worker(pool, 2);

        public SearcherHandoff() {
            if (!pool.idle.registerAndRescan(parked) || !pool.idle.startSearching(searcher)) {
                throw new IllegalStateException("expected one parked worker and one searcher");
            }
        }

        @Actor
        public void owner() {
            pool.pushOwn(owner, TASK);
        }

        @Actor
        public void searcher() {
            pool.idle.stopSearching(searcher, true);
        }

        @Arbiter
        public void woken(I_Result r) {
            r.r1 = parked.signaled ? 1 : 0;
        }
    }
}
