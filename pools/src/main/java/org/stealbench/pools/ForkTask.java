package org.stealbench.pools;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.stealbench.pools.PauseHook.PausePoint;

/**
 * A task forked on a {@link WorkStealingThreadPool}: the queued item and the {@link Joinable}
 * handle in one object, so a fork allocates one object besides the caller's callable.
 *
 * <p>It runs at most once: whoever first claims it (a worker that took it from a queue, or a
 * joiner running it inline) runs it; any other run of it, such as a stale queue entry left by
 * an inline run, does nothing. {@link #cancel()} claims it without running it.
 */
final class ForkTask<T> implements Runnable, Joinable<T> {

    /*
     * Implementation overview
     *
     * status: NEW -> CLAIMED (CAS, by run(), tryClaim() or cancel()) -> NORMAL | EXCEPTIONAL |
     * CANCELLED (a volatile store by the claimer). The CAS makes the claim exclusive, which is
     * what lets a joiner run the awaited task inline while its entry still sits in some deque:
     * every taker (the owner's pop, a thief, a global take) and every inline joiner claims by it.
     *
     * `result` and `failure` are plain fields written before the volatile store of the final
     * status and read only after a volatile read that saw it, so that store/load pair publishes
     * them.
     *
     * Blocking joins wait on this object's monitor. The completer does a volatile write of
     * `status` and then a volatile read of `waiting`; a waiter does a volatile write of `waiting`
     * and then a volatile read of `status`, both under the monitor. Volatile accesses are
     * totally ordered, so either the completer sees `waiting` and notifies (taking the monitor,
     * hence after the waiter is inside wait() or has left), or the waiter sees the final status
     * and never waits: no wake-up is lost. A completion with no waiter takes no lock.
     *
     * This layout (48 bytes a fork under compressed references) ran fork/join faster than a
     * 32-byte variant with `waiting` as a status bit, and so a CAS completion (docs/findings.md).
     *
     * `thief` names the worker that took this task from a queue other than its own (a steal,
     * the global queue, or a helping join's steal from a thief), written with a release store
     * before the taker runs it and read with an acquire load by a joiner, which then helps only
     * on that worker's deque (the pool's "Helping join"). It is a hint: a stale or null value
     * makes the joiner wait instead of help, never run the wrong task twice. Only thieves and
     * movers write it, so a task has at most one writer at a time.
     *
     * Why two constructors. C2 does not inline a callee whose signature names a class not yet
     * loaded, and a pool without context flow need never load TaskContext: with the context
     * constructor alone, a task body compiled before TaskContext was loaded called it out of line
     * at every fork (docs/findings.md). The context-free constructor names only classes every
     * fork has loaded.
     */

    private static final int NEW = 0;
    private static final int CLAIMED = 1;
    private static final int NORMAL = 2;
    private static final int EXCEPTIONAL = 3;
    private static final int CANCELLED = 4;

    private static final VarHandle STATUS;
    private static final VarHandle THIEF;

    static {
        try {
            STATUS = MethodHandles.lookup().findVarHandle(ForkTask.class, "status", int.class);
            THIEF = MethodHandles.lookup().findVarHandle(ForkTask.class, "thief", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final WorkStealingThreadPool pool;
    /** The context to run under, or null when the pool does not flow context. */
    private final TaskContext context;
    private Callable<? extends T> callable;
    private T result;
    private Throwable failure;
    private volatile int status;
    /** Set once a thread may be blocked in wait() on this task's monitor. */
    private volatile boolean waiting;
    /** The worker that took this task from a queue not its own; accessed through THIEF. */
    private Object thief;

    /** A task that runs under no flowing context: what a pool without context flow forks. */
    ForkTask(WorkStealingThreadPool pool, Callable<? extends T> callable) {
        this.pool = pool;
        this.callable = callable;
        this.context = null;
    }

    ForkTask(WorkStealingThreadPool pool, Callable<? extends T> callable, TaskContext context) {
        this.pool = pool;
        this.callable = callable;
        this.context = context;
    }

    /** Claims this task for the caller; true at most once over all claimers. */
    boolean tryClaim() {
        // Only claims move status off NEW (waiters write `waiting`, not status), so a failed CAS
        // means another claimer won (ForkJoinTest's tryClaim race test). The volatile read first
        // spares a claimed task's stale queue entry the CAS.
        return status == NEW && STATUS.compareAndSet(this, NEW, CLAIMED);
    }

    void setThiefRelease(Thread worker) {
        THIEF.setRelease(this, worker); // release: pairs with thiefAcquire() in a joiner
    }

    Object thiefAcquire() {
        return THIEF.getAcquire(this); // acquire: pairs with setThiefRelease()
    }

    /** Runs the task if no one has claimed it yet. Never throws. */
    @Override
    public void run() {
        if (tryClaim()) {
            runClaimed();
        }
    }

    /** Runs the task; the caller has claimed it. Never throws. */
    void runClaimed() {
        Callable<? extends T> body = callable;
        callable = null;
        try {
            result = context == null ? body.call() : context.call(body);
            complete(NORMAL);
        } catch (Throwable t) {
            failure = t;
            complete(EXCEPTIONAL);
        }
    }

    /** Completes the task as cancelled unless someone claimed it; true if this call did. */
    boolean cancel() {
        if (tryClaim()) {
            callable = null;
            complete(CANCELLED);
            return true;
        }
        return false;
    }

    private void complete(int finalStatus) {
        status = finalStatus; // volatile: publishes result/failure; ordered before the read of `waiting`
        if (pool != null) { // null only for a task a test builds on its own (jcstress)
            pool.pause.at(PausePoint.STATUS_STORED); // NO_PAUSE but in tests
        }
        if (waiting) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    @Override
    public boolean isDone() {
        return status >= NORMAL;
    }

    @Override
    public T join() {
        if (status < NORMAL) {
            HelpingJoin.awaitJoin(pool, this);
        }
        return report();
    }

    private T report() {
        int s = status;
        if (s == NORMAL) {
            return result;
        }
        if (s == EXCEPTIONAL) {
            throw ForkedTaskFailure.wrap(failure);
        }
        throw new CancellationException("the pool was stopped before the task ran");
    }

    /** Blocks until the task is done; an interrupt is remembered and restored, not obeyed. */
    void awaitDone() {
        boolean interrupted = false;
        synchronized (this) {
            waiting = true; // volatile: ordered before the read of status; pairs with complete()
            while (status < NORMAL) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Blocks until the task is done, {@code nanos} have passed, or {@link #wakeWaiters} is called,
     * whichever is first; does not block if {@code skipWait} (when given) answers true, asked
     * under this task's monitor, so a wakeWaiters() after the work it announces cannot fall
     * between that check and the wait. An interrupt (pending on entry or arriving during the
     * wait) ends the wait early and is cleared, not restored: the caller restores it once it
     * stops waiting, so a loop of timed waits on an interrupted thread keeps blocking instead
     * of spinning.
     *
     * @return whether the thread was interrupted
     */
    boolean awaitDoneClearingInterrupt(long nanos, BooleanSupplier skipWait) {
        synchronized (this) {
            waiting = true; // volatile: as in awaitDone()
            if (status < NORMAL && (skipWait == null || !skipWait.getAsBoolean())) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, nanos);
                } catch (InterruptedException e) {
                    return true;
                }
            }
        }
        return false;
    }

    void wakeWaiters() {
        synchronized (this) {
            notifyAll();
        }
    }

    @Override
    public String toString() {
        return "ForkTask[" + switch (status) {
            case NEW -> "new";
            case CLAIMED -> "running";
            case NORMAL -> "done";
            case EXCEPTIONAL -> "failed";
            default -> "cancelled";
        } + "]";
    }
}
