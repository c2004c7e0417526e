package org.stealbench.pools;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The work-stealing pool's parking: the stack of idle workers, the count of searching workers,
 * and the worker's side of the no-lost-wake-up protocol (register, full fence, re-scan, park)
 * whose publisher's side is in {@link WorkStealingThreadPool} (push, full fence, read
 * {@link #count()}, {@link #wakeOne()}); the pool's overview argues both ("Parking and
 * wake-up", "Signalling.SEARCHING"). One per pool; the pool's workers and its publishers call it.
 * jcstress (pools/src/jcstress) drives it against the pool's own push and signal methods.
 */
final class IdleWorkers {

    private static final VarHandle SEARCHERS;

    /**
     * How long a parked worker sleeps before it re-reads its {@code signaled} flag and, after
     * shutdown, re-runs the termination check. A signaller sets the flag before it unparks
     * (wakeOne, wakeAll), so a StackOverflowError in the unpark call, or in a termination check
     * run deep in a caller's stack, costs this delay instead of a worker or a pool that never
     * wakes.
     */
    static final long RECHECK_NANOS = 1_000_000_000L;

    static {
        try {
            SEARCHERS = MethodHandles.lookup().findVarHandle(IdleWorkers.class, "searchers", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final WorkStealingThreadPool pool;
    /** Whether the pool signals by Signalling.SEARCHING (else searchers stays 0). */
    private final boolean searchingGate;
    /** Parked (or about to park) workers; guarded by this object's monitor. */
    private final WorkStealingWorker[] stack;
    /** Size of stack; guarded by this. */
    private int top;
    /** Removals from stack so far; guarded by this. */
    private long epoch;
    /** Mirror of top for lock-free reads; written under this object's monitor. */
    private volatile int count;
    /**
     * Workers searching for work with none in hand (Signalling.SEARCHING only); changed by
     * atomic add or CAS, read by pushes after their fence.
     */
    private volatile int searchers;
    /** Set once the pool terminates (terminateIfQuiescent): every worker then exits. */
    private volatile boolean terminating;

    IdleWorkers(WorkStealingThreadPool pool, int workers, WorkStealingThreadPool.Signalling signalling) {
        this.pool = pool;
        this.stack = new WorkStealingWorker[workers];
        this.searchingGate = signalling == WorkStealingThreadPool.Signalling.SEARCHING;
    }

    /** The number of workers on the idle stack (volatile read; publishers read it after their fence). */
    int count() {
        return count;
    }

    /**
     * Whether a push must signal as far as searchers go: always, unless Signalling.SEARCHING
     * and some worker is searching (it will find the task or pass the signal on). Read after
     * the caller's fence; pairs with the atomic decrement in stopSearching().
     */
    boolean noSearcher() {
        return !searchingGate || searchers == 0;
    }

    boolean terminating() {
        return terminating;
    }

    /**
     * Signalling.SEARCHING: makes {@code w} a searcher (a CAS on searchers) unless half the
     * workers already search; false if it did not become one.
     */
    boolean startSearching(WorkStealingWorker w) {
        for (int s = searchers; ; s = searchers) {
            if (2 * s >= stack.length) {
                return false;
            }
            if (SEARCHERS.weakCompareAndSet(this, s, s + 1)) {
                w.searching = true;
                return true;
            }
        }
    }

    /**
     * Ends {@code w}'s search; the last searcher to leave with a task looks at every queue here,
     * one that found nothing in awaitWork()'s re-check (the pool's "Signalling.SEARCHING").
     */
    void stopSearching(WorkStealingWorker w, boolean found) {
        w.searching = false;
        // Atomic decrement, a full barrier: orders it before the count and queue reads below
        // (and before awaitWork()'s re-check); pairs with a pusher's full fence between its push
        // and its read of searchers (noSearcher()): either the pusher reads the count after this
        // decrement (and signals, if it was the last) or the reads below see its push.
        int left = (int) SEARCHERS.getAndAdd(this, -1) - 1;
        // Volatile read of count: a worker that registers later re-checks the queues itself
        // after its own fence (awaitWork()), so reading 0 here loses nothing.
        if (found && left == 0 && count != 0 && pool.anyQueuedWork()) {
            wakeOne();
        }
    }

    /** Registers {@code w} as idle, re-scans, and parks until signalled; false when the worker should exit. */
    boolean awaitWork(WorkStealingWorker w) {
        if (!registerAndRescan(w)) {
            return true;
        }
        if (pool.isShutdown()) {
            pool.tryTerminate();
        }
        for (;;) {
            if (w.signaled) {
                return true;
            }
            if (pool.stopping || terminating) {
                deregister(w, false);
                return false;
            }
            Thread.interrupted(); // a stray interrupt would turn park into a spin
            LockSupport.parkNanos(pool, RECHECK_NANOS);
            if (!w.signaled && pool.isShutdown()) {
                // The termination check of whoever made the last condition true may have been cut
                // short by a StackOverflowError (a shutdown() called deep in a stack): this
                // worker's stack is shallow, so its check completes.
                pool.tryTerminate();
            }
        }
    }

    /**
     * awaitWork()'s registration and re-scan: true if every queue was empty and {@code w} stays
     * on the idle stack (it must park), false if it saw work and left the stack again.
     */
    boolean registerAndRescan(WorkStealingWorker w) {
        synchronized (this) {
            w.signaled = false;
            stack[top++] = w;
            count = top;
        }
        // Full fence: orders the count store above before the queue reads below; pairs with the
        // publishers' fences between a push and their read of count (WorkStealingThreadPool's
        // pushOwn, signalWork, signalMoved). Under
        // Signalling.SEARCHING the re-check also serves a searcher that found nothing: its
        // decrement in stopSearching() came before the registration.
        VarHandle.fullFence();
        if (pool.anyQueuedWork()) {
            // Under Signalling.SEARCHING the worker leaves as a searcher: the work seen may be
            // several tasks whose pushes all skipped their signal while it searched, and as a
            // searcher its take ends in stopSearching(), which passes the signal on for the rest
            // (a plain taker would pass nothing on, and a second skipped push would wait beside
            // a parked worker: WorkStealingLivenessTest replays that).
            deregister(w, searchingGate);
            return false;
        }
        return true;
    }

    /**
     * Takes {@code w} off the idle stack unless a signaller already did (and then counted it as
     * searching if it had to); with {@code search}, counts it as searching, as wakeOne() would.
     */
    private void deregister(WorkStealingWorker w, boolean search) {
        synchronized (this) {
            if (w.signaled) {
                return;
            }
            for (int i = top - 1; i >= 0; i--) {
                if (stack[i] == w) {
                    System.arraycopy(stack, i + 1, stack, i, top - i - 1);
                    stack[--top] = null;
                    epoch++;
                    count = top;
                    if (search) {
                        // Atomic increment before this worker's next scan: a push that reads the
                        // count and skips its signal is then covered by this worker's decrement
                        // and the look at the queues that follows it (stopSearching()).
                        SEARCHERS.getAndAdd(this, 1);
                        w.searching = true;
                    }
                    return;
                }
            }
        }
    }

    /**
     * Wakes one idle worker, if any (the publisher's side, after its push and fence). A
     * StackOverflowError (a deep caller) can come at any call: the searchers' add is the only
     * call before the worker leaves the stack (it throws before its add, changing nothing), and
     * the flags are set before the unpark, whose loss costs the worker one RECHECK_NANOS.
     */
    void wakeOne() {
        WorkStealingWorker w;
        synchronized (this) {
            if (top == 0) {
                return;
            }
            if (searchingGate) {
                // the woken worker searches: pushes until it finds work need not wake another
                SEARCHERS.getAndAdd(this, 1);
            }
            w = stack[--top];
            stack[top] = null;
            epoch++;
            count = top;
            w.searching = searchingGate;
            w.signaled = true; // volatile: publishes w.searching to w
        }
        LockSupport.unpark(w);
    }

    /** Wakes every idle worker (termination, shutdownNow); its calls come first, as in wakeOne(). */
    void wakeAll() {
        WorkStealingWorker[] woken;
        synchronized (this) {
            woken = new WorkStealingWorker[top];
            if (searchingGate) {
                SEARCHERS.getAndAdd(this, top);
            }
            for (int i = 0; i < top; i++) {
                woken[i] = stack[i];
                woken[i].searching = searchingGate;
                woken[i].signaled = true;
                stack[i] = null;
            }
            epoch += top;
            top = 0;
            count = 0;
        }
        for (WorkStealingWorker w : woken) {
            LockSupport.unpark(w);
        }
    }

    /**
     * Terminates if every worker is on the idle stack and every queue is empty, by the (size,
     * epoch) check of the pool's "Shutdown"; the caller checked SHUTDOWN and nothing in flight.
     */
    void terminateIfQuiescent() {
        if (terminating) {
            return;
        }
        long seen;
        synchronized (this) {
            if (top != stack.length) {
                return;
            }
            seen = epoch;
        }
        if (pool.anyQueuedWork()) {
            // Every worker idle beside queued work: no push leaves it so (each signals after it
            // queues), except an outside push that threw between the injector's claim and its
            // store, whose index counts as queued until a taker poisons it. Wake a worker to take
            // it; it re-checks termination when it is idle again.
            wakeOne();
            return;
        }
        synchronized (this) {
            if (top != stack.length || epoch != seen || terminating) {
                return;
            }
            terminating = true;
        }
        wakeAll();
    }
}
