package org.stealbench.pools;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

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
     * status holds a state in its low bits and the WAITING flag above them. State: NEW ->
     * CLAIMED (CAS, by run(), tryClaim() or cancel()) -> NORMAL | EXCEPTIONAL | CANCELLED (by the
     * claimer). The claim CAS makes the claim exclusive, which is what lets a joiner run the
     * awaited task inline while its entry still sits in some deque. `result` is a plain field,
     * holding the callable's value or, when EXCEPTIONAL, its Throwable; it is written before the
     * completion's CAS and read only after a volatile read that saw a final state, so that pair
     * publishes it.
     *
     * Blocking joins wait on this object's monitor. A waiter sets WAITING with a CAS on status
     * under the monitor unless the state is final; the completer sets the final state with a CAS
     * that expects the word without WAITING. Both are read-modify-writes of one word, so they are
     * totally ordered: either the waiter's CAS came first, the completer's CAS fails, and it
     * stores the final state with the flag and notifies (taking the monitor, hence after the
     * waiter is inside wait() or has left), or the completer's came first and the waiter sees the
     * final state and never waits: no wake-up is lost. A completion with no waiter is one CAS and
     * takes no lock. With the flag in status a fork is 32 bytes (the pool, the callable, the
     * result, status and the thief hint under compressed references), 16 fewer than with
     * separate failure, context and waiting fields; a flowing context wraps the callable instead.
     *
     * `thief` names the worker that took this task from a queue other than its own (a steal,
     * the global queue, or a helping join's steal from a thief), written with a release store
     * before the taker runs it and read with an acquire load by a joiner, which then helps only
     * on that worker's deque (the pool's "Helping join"). It is a hint: a stale or null value
     * makes the joiner wait instead of help, never run the wrong task twice.
     */

    private static final int NEW = 0;
    private static final int CLAIMED = 1;
    private static final int NORMAL = 2;
    private static final int EXCEPTIONAL = 3;
    private static final int CANCELLED = 4;
    /** The bits of status that hold the state. */
    private static final int STATE = 7;
    /** Set in status once a thread may be blocked in wait() on this task's monitor. */
    private static final int WAITING = 8;

    private static final VarHandle STATUS;
    private static final VarHandle THIEF;

    static {
        try {
            STATUS = MethodHandles.lookup().findVarHandle(ForkTask.class, "status", int.class);
            THIEF = MethodHandles.lookup().findVarHandle(ForkTask.class, "thief", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final WorkStealingThreadPool pool;
    private Callable<? extends T> callable;
    /** The callable's value, or its Throwable once EXCEPTIONAL. */
    private Object result;
    private volatile int status;
    /** The worker that took this task from a queue not its own; accessed through THIEF only. */
    private Thread thief;

    /** @param callable the body, already wrapped to run under its context if the pool flows one */
    ForkTask(WorkStealingThreadPool pool, Callable<? extends T> callable) {
        this.pool = pool;
        this.callable = callable;
    }

    /** Claims this task for the caller; true at most once over all claimers. */
    boolean tryClaim() {
        // A NEW task may carry WAITING, set before or during this claim by an outside joiner. A
        // failed CAS whose re-read still shows NEW means only that flag arrived: retry, or the
        // task, already taken from its queue, would never run (ForkJoinTest's tryClaim race test).
        // Every other change of status leaves NEW, so the loop ends after at most one retry.
        for (int s = status; (s & STATE) == NEW; s = status) {
            if (STATUS.compareAndSet(this, s, s | CLAIMED)) {
                return true;
            }
        }
        return false;
    }

    /** Records the worker that took this task from a queue not its own, before it runs it. */
    void setThiefRelease(Thread worker) {
        THIEF.setRelease(this, worker); // release: pairs with thiefAcquire() in a joiner
    }

    /** The worker that last took this task from a queue not its own, or null. */
    Thread thiefAcquire() {
        return (Thread) THIEF.getAcquire(this); // acquire: pairs with setThiefRelease()
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
            result = body.call();
            complete(NORMAL);
        } catch (Throwable t) {
            result = t;
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

    private void complete(int finalState) {
        // Only the claimer gets here, so status is CLAIMED, with WAITING if a joiner blocked.
        // The CAS (a full barrier like any read-modify-write) publishes `result`; it fails only
        // when a waiter's CAS set WAITING first, which the overview's ordering argument needs.
        if (!STATUS.compareAndSet(this, CLAIMED, finalState)) {
            synchronized (this) {
                status = finalState | WAITING; // volatile: waiters re-read it after wait()
                notifyAll();
            }
        }
    }

    @Override
    public boolean isDone() {
        return isFinal(status);
    }

    private static boolean isFinal(int s) {
        return (s & STATE) >= NORMAL;
    }

    @Override
    public T join() {
        if (!isFinal(status)) {
            pool.awaitJoin(this);
        }
        return report();
    }

    @SuppressWarnings("unchecked")
    private T report() {
        int s = status & STATE;
        if (s == NORMAL) {
            return (T) result;
        }
        if (s == EXCEPTIONAL) {
            throw ForkedTaskFailure.wrap((Throwable) result);
        }
        throw new CancellationException("the pool was stopped before the task ran");
    }

    /**
     * Sets WAITING unless the task is done; the caller holds this task's monitor.
     *
     * @return whether the task is still not done, so the caller may wait()
     */
    private boolean announceWaiting() {
        for (int s = status; !isFinal(s); s = status) {
            // CAS: the waiter's half of the overview's ordering argument (a plain store could
            // be overwritten by the completer's CAS, losing the wake-up).
            if ((s & WAITING) != 0 || STATUS.compareAndSet(this, s, s | WAITING)) {
                return true;
            }
        }
        return false;
    }

    /** Blocks until the task is done; an interrupt is remembered and restored, not obeyed. */
    void awaitDone() {
        boolean interrupted = false;
        synchronized (this) {
            while (announceWaiting()) {
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
            if (announceWaiting() && (skipWait == null || !skipWait.getAsBoolean())) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, nanos);
                } catch (InterruptedException e) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Wakes every thread blocked in a wait on this task, done or not. */
    void wakeWaiters() {
        synchronized (this) {
            notifyAll();
        }
    }

    @Override
    public String toString() {
        return "ForkTask[" + switch (status & STATE) {
            case NEW -> "new";
            case CLAIMED -> "running";
            case NORMAL -> "done";
            case EXCEPTIONAL -> "failed";
            default -> "cancelled";
        } + "]";
    }
}
