package org.stealbench.pools;

import static org.stealbench.pools.WorkStealingThreadPool.MAX_HELP_DEPTH;

import java.util.concurrent.TimeUnit;
import org.stealbench.queues.TaskQueue;

/**
 * The work-stealing pool's helping join: what {@link ForkTask#join()} does on one of the pool's
 * workers (see {@link WorkStealingThreadPool}'s class comment for the contract), and the wake-up
 * a thief's push gives a join waiting on it.
 */
final class HelpingJoin {

    /*
     * Implementation overview
     *
     * On a worker, while the awaited task is not done: below MAX_HELP_DEPTH and if the deque pops
     * LIFO with thieves on the other end, pop and run own tasks: these were forked after the
     * awaited one (thieves take the oldest first, so once the awaited task is gone everything left
     * in the deque is younger), usually ending with the awaited task itself, the natural recursion
     * order. A task this worker's frames submitted with execute() sits in the deque too and is run
     * the same way: it must not wait for what the frame it is nested on does after its join
     * (ForkJoinPool would not run it there, and compensates with a spare thread where this pool has
     * none). Else, or when that deque is empty, claim the awaited task and run it inline if no one
     * started it (always allowed: that is the recursion a sequential program would do, so the stack
     * depth stays that of the program plus at most MAX_HELP_DEPTH helped tasks). Else, below the
     * bound and on such a LIFO deque (whose pop just found it empty), and unless shutdownNow() has
     * begun, steal from the thief that ForkTask records (the worker that took the awaited task from
     * a queue not its own): that worker's deque holds the awaited task's subtree while it runs it,
     * since a worker takes from another queue only when its own deque is empty (a join on a
     * FIFO-pop deque, which may still hold older tasks, therefore never steals). Else spin a
     * bounded number of rounds, then wait on the task's monitor for at most 16 ms; after each wait
     * look once more, then wait again. A wait ends early when the task completes, and when the
     * thief pushes a task (how new work in the awaited task's subtree appears there): before
     * waiting the join registers the task in the thief's helpWanted (a CAS, so one joiner per
     * thief) and, under the task's monitor, checks the thief's deque; the thief reads helpWanted
     * after each push's full fence and notifies, so either the check sees the push or the thief
     * sees the joiner (a store-load pair), and the monitor keeps the notify out of the gap between
     * check and wait. So a join that could help is woken as soon as it can, and one that cannot (an
     * awaited task that runs long with no forks) wakes once per 16 ms, not once per millisecond. A
     * second joiner on the same thief is not registered and waits 1 ms at a time. The join never
     * takes from the global queue, an inbox, or random victims. A pending interrupt ends one timed
     * wait and is cleared; the join restores it when it returns, so an interrupted joiner blocks
     * instead of spinning.
     *
     * Why no cycle of waits. A frame waits only for a task running on another worker or for a task
     * it runs itself, and a task a join runs on top of its frame belongs to the awaited task's
     * subtree. In a program whose tasks join only tasks they forked (or descendants of those),
     * every task in that subtree started after the waiting frame and can wait only for its own
     * descendants, never for a frame suspended under it, so the waits-for relation is acyclic. An
     * outside task (in the global queue or an inbox) is never stacked on a joiner, so a task that
     * joins a non-descendant waits on its own worker's stack, not on top of the task it awaits.
     * The thief hint is read before the steal, so the thief may have finished the awaited
     * task and moved on; the join then runs one task of that worker's newer work, which joins only
     * its own descendants, and sees the awaited task done next. An inline claim leaves the task's
     * queue entry behind; running that stale entry later does nothing (ForkTask's claim).
     *
     * Why awaitJoin is one large method. A join calls it whenever the awaited task is not done,
     * so C2 would inline it into every task that joins, and with it the task bodies it runs,
     * whose code joins again: the task's compiled code and the join's then hold each other's
     * rare paths (a claim lost to a thief, a steal from the thief, a waiting joiner to notify),
     * and the first time each such path runs it invalidates the large compiled method, which runs
     * interpreted or at tier 3 until it is profiled and compiled again. Kept above C2's
     * FreqInlineSize (325 bytes of bytecode, the limit for hot callees; HelpingJoinInliningTest
     * checks it), awaitJoin is compiled on its own, as ForkJoinPool's awaitDone is, and a task's
     * code holds only join's status check and the call (docs/findings.md).
     */

    /** Help-or-spin rounds a join makes before it first waits on the task. */
    private static final int JOIN_SPINS = 64;
    /** A join's timed wait when a push of the thief it waits on will wake it (awaitJoin). */
    static final long JOIN_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(16);
    /** A join's timed wait when another joiner holds the thief's wake-up (awaitJoin). */
    static final long JOIN_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private HelpingJoin() {
    }

    /** Waits for {@code task} as the overview describes; one method (see "Why awaitJoin is one large method"). */
    static void awaitJoin(WorkStealingThreadPool pool, ForkTask<?> task) {
        WorkStealingWorker w = pool.currentWorker();
        if (w == null) {
            task.awaitDone();
            return;
        }
        boolean interrupted = false;
        int spins = 0;
        while (!task.isDone()) {
            boolean mayHelp = w.depth < MAX_HELP_DEPTH;
            boolean helpsThief = mayHelp && pool.ownPopHelps;
            Runnable other = helpsThief ? pool.popOwn(w) : null;
            if (other == null) {
                if (task.tryClaim()) {
                    w.depth++;
                    try {
                        task.runClaimed();
                    } finally {
                        w.depth--;
                    }
                    break;
                }
                // Only where the own pop above ran and found the deque empty: a worker's deque
                // must hold nothing older than what it takes from elsewhere (the overview).
                WorkStealingWorker thief = helpsThief ? helpableThief(pool, w, task) : null;
                if (thief != null) {
                    other = pool.thievesPop ? thief.deque.pop() : thief.deque.steal();
                    if (other != null) {
                        pool.tookShared(w, other);
                    }
                }
            }
            if (other != null) {
                pool.runNested(w, other);
                spins = 0;
            } else if (++spins < JOIN_SPINS) {
                Thread.onSpinWait();
            } else {
                if (pool.idle.count() != 0 && pool.holdsWork(w)) {
                    pool.idle.wakeOne(); // we are about to wait: our queued tasks must not wait with us
                }
                WorkStealingWorker thief = helpsThief ? helpableThief(pool, w, task) : null;
                if (thief != null && !thief.casHelpWanted(null, task)) {
                    // Another joiner holds this thief's wake-up: look again every millisecond.
                    interrupted |= task.awaitDoneClearingInterrupt(pool.joinPollNanos, null);
                } else {
                    // CAS above: a full barrier between registering and the emptiness check (the
                    // store-load pair with wakeHelper), which runs under the task's monitor so that
                    // the thief's notify cannot fall between the check and the wait. With no thief
                    // to help there is nothing to wake for but the task's end.
                    interrupted |= task.awaitDoneClearingInterrupt(pool.joinWaitNanos,
                            thief == null ? null : () -> pool.holdsForks(thief));
                    if (thief != null) {
                        thief.casHelpWanted(task, null);
                    }
                }
                spins = JOIN_SPINS - 1; // after a wait, look for help once, then wait again
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Wakes the joiner waiting to help with a task {@code w} runs, if one is (awaitJoin); called
     * by {@code w} after a push and its full barrier (WorkStealingThreadPool.pushOwn). Opaque
     * read: the barrier before it makes this the second half of a store-load pair with the
     * joiner's CAS of helpWanted followed by its emptiness check (awaitJoin), so either the
     * joiner sees the push or this sees the joiner (jcstress: HelpingJoinWakeTest).
     */
    static void wakeHelper(WorkStealingWorker w) {
        if (w.helpWantedOpaque() != null) {
            ForkTask<?> awaited = w.getAndClearHelpWanted(); // one wake per wait
            if (awaited != null) {
                awaited.wakeWaiters();
            }
        }
    }

    /**
     * The worker that took {@code awaited} from a queue, if a join on {@code w} may help it: none
     * once shutdownNow() has begun, when a worker takes only its own deque's tasks.
     */
    private static WorkStealingWorker helpableThief(WorkStealingThreadPool pool, WorkStealingWorker w,
            ForkTask<?> awaited) {
        // volatile read of stopping, as in the pool's scan(): a join whose worker ran a task that
        // could see shutdownNow() return sees it here, so it steals nothing after the drain (the
        // thief's forks then run on the thief; its deque may briefly hold an execute it is about
        // to take back, WorkStealingThreadPool.executeOwnRechecked).
        if (pool.stopping) {
            return null;
        }
        return awaited.thiefAcquire() instanceof WorkStealingWorker thief && thief != w && thief.pool == pool
                ? thief : null;
    }
}
