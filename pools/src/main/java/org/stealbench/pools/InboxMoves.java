package org.stealbench.pools;

import static org.stealbench.pools.WorkStealingPoolBuilder.MAX_BATCH;

import java.util.function.Consumer;
import org.stealbench.pools.PauseHook.PausePoint;
import org.stealbench.queues.SegmentedMpmcQueue;
import org.stealbench.queues.TaskQueue;

/**
 * The work-stealing pool's moves of tasks from a shared queue into a worker's inbox: a batch
 * taken from the global queue ({@link WorkStealingPoolBuilder#globalBatch}) and a steal-half's
 * extra tasks ({@link WorkStealingPoolBuilder#stealHalf}), their handshake with shutdownNow's
 * drain, and the stranding of a batch whose move an Error cut short. One per pool; only its
 * workers move, and any thread may take a stranded task. The signal after a move
 * ({@link WorkStealingThreadPool#signalMoved}) is the pool's, as a publisher of the parking
 * protocol the pool's overview argues.
 */
final class InboxMoves {

    /*
     * Implementation overview
     *
     * Batches. globalBatch > 1: a worker that takes from the global queue takes up to
     * that many and pushes all but the first into its inbox. stealHalf: after a successful steal
     * a worker steals half of what the victim's deque still holds (at most MAX_BATCH) into its
     * inbox. Moved tasks record the mover as their thief. A moved task is in no queue between its
     * take and its push, so a worker could scan and park in that gap: after moving, the mover
     * fences and wakes an idle worker (subject to the searchers rule). Moved tasks go into the
     * inbox, not the deque, because a join pops its own deque: a batch's outside tasks there
     * would run nested on a join whose frame they may wait for (an outside task waiting for
     * what the joining task does next could never see it). The inbox is checked after the deque,
     * so a worker's deque is empty whenever it takes from its inbox or elsewhere.
     *
     * Stranded batches (after an Error). A global batch waits in its worker's BatchSink between
     * the take and the move, private to that worker and lock-free. If anything throws there (an
     * inbox push overflowing the stack or out of memory, the injector's take, the hook), the
     * tasks not yet moved, the first included, would be in no queue: seen by no scan, no
     * anyQueuedWork(), no termination check. takeGlobalBatch's finally strands them instead,
     * with no call before its stores (in Java any call can overflow the stack, and a second
     * Error there would leave them unseen): it sets the sink's volatile `stranded` (publishing
     * its plain slots and size), then this class's volatile strandedHint, clears `moving`, and
     * calls signalMoved (full fence, then the idle count) before the Error propagates. While
     * stranded, every access to that sink, by its owner or anyone, takes one task (oldest first)
     * under the sink's monitor, whose body calls nothing, and re-checks `stranded` inside it;
     * whoever takes the last one clears the flag, and the owner reads the flag before it uses
     * its sink again (never appending to a stranded batch). Scans (scanShared, before the global
     * queue: these tasks came from it first) and an outside tryRunOne read strandedHint, one
     * volatile read of a field written only on this path, and look at the sinks only if it is
     * set; a scan that finds every sink empty clears the hint and then reads every flag again
     * (volatile accesses are totally ordered, and the strander stores its flag before the hint,
     * so either the re-read sees the flag or the hint is stored again after the clear).
     * holdsWork(), and so anyQueuedWork(), reads each sink's flag, so the wake-up and
     * termination arguments cover the sinks as a queue: setting the flag is the publisher's
     * push (a), signalMoved's fence and idle count read are (b) and (c), and they pair with the
     * fence between a worker's registration and its re-scan in registerAndRescan. A take from a
     * stranded sink passes the signal on as any take from a shared queue does
     * (tookShared). shutdownNow waits for `moving` to clear, so a sink is stranded or empty
     * when it drains it (under the monitor).
     */

    final WorkStealingThreadPool pool;
    /** Tasks taken from the global queue at once (WorkStealingPoolBuilder.globalBatch). */
    final int globalBatch;
    /** Whether an inbox (of the worker deque's kind) pops LIFO: the order a batch is pushed in. */
    private final boolean inboxPopsLifo;
    private final PauseHook pause;
    /**
     * Whether some worker's batch may hold stranded tasks (the overview's "Stranded batches");
     * false on every path without an Error, so a scan pays one volatile read for them.
     */
    private volatile boolean strandedHint;

    InboxMoves(WorkStealingThreadPool pool, int globalBatch, boolean inboxPopsLifo, PauseHook pause) {
        this.pool = pool;
        this.globalBatch = globalBatch;
        this.inboxPopsLifo = inboxPopsLifo;
        this.pause = pause;
    }

    /** The global queue's oldest task; with globalBatch > 1, moves more into {@code w}'s inbox. */
    Runnable takeGlobalBatch(WorkStealingWorker w) {
        if (globalBatch == 1) {
            return pool.takeGlobal();
        }
        BatchSink batch = w.batch;
        if (batch.stranded) { // volatile: this worker's last batch is not empty yet; never append to it
            return batch.takeStranded();
        }
        if (!startMoving(w)) {
            return null;
        }
        try {
            SegmentedMpmcQueue<Runnable> injector = pool.injector;
            if (injector != null) {
                injector.takeBatch(globalBatch, batch); // one CAS on the injector's head
            } else {
                for (Runnable next; batch.size < globalBatch && (next = pool.takeGlobal()) != null; ) {
                    batch.accept(next);
                }
            }
            if (batch.size > 1) {
                pause.at(PausePoint.BATCH_TAKEN);
            }
            return batch.runFirstMoveRest(this);
        } finally {
            // An Error cut the move short if tasks are left: strand them. No call before the
            // stores below (a call could overflow the stack again and leave them unseen).
            boolean strand = batch.size > 0;
            if (strand) {
                batch.stranded = true; // volatile: publishes the batch; pairs with takeStranded's read
                strandedHint = true; // volatile, after the flag: see takeStranded
            }
            // volatile: the moved tasks are in the inbox, the rest stranded, for shutdownNow's drain
            w.moving = false;
            if (strand) {
                pool.signalMoved(); // the tasks were in no queue since their take: a worker may have parked
            }
        }
    }

    /**
     * Announces that {@code w} is about to take tasks out of a shared queue and push them into
     * its inbox, where shutdownNow's drain must find them; false, announcing nothing, once the
     * pool is stopping. Volatile store of moving, then volatile read of stopping: the store-load
     * pair with shutdownNow's store of stopping and its read of every worker's moving (volatile
     * accesses are totally ordered), so either this worker sees stopping and takes nothing, or
     * shutdownNow sees the flag and waits for the tasks to reach the inbox before draining it.
     */
    private boolean startMoving(WorkStealingWorker w) {
        w.moving = true;
        if (pool.stopping) {
            w.moving = false;
            return false;
        }
        return true;
    }

    /** Pushes a task {@code w} took from elsewhere into its inbox, recording it as the thief. */
    void moveToInbox(WorkStealingWorker w, Runnable task) {
        pause.at(PausePoint.MOVE_TO_INBOX);
        if (task instanceof ForkTask<?> forked) {
            forked.setThiefRelease(w);
        }
        w.inbox.push(task);
    }

    /**
     * The oldest task of some worker's stranded batch, or null: one volatile read while no batch
     * is stranded (always, but after an Error cut a batch move short).
     */
    Runnable takeStranded() {
        if (!strandedHint) { // volatile: pairs with the store after a batch's flag in takeGlobalBatch
            return null;
        }
        WorkStealingWorker[] ws = pool.workers;
        for (WorkStealingWorker v : ws) {
            Runnable task = v.batch.takeStranded();
            if (task != null) {
                return task;
            }
        }
        // Every batch was empty: clear the hint, then read every flag again (the overview's
        // store-load pair with the strander), with no call in between (an overflow there would
        // leave a stranded batch behind a false hint).
        strandedHint = false;
        for (WorkStealingWorker v : ws) {
            if (v.batch.stranded) {
                strandedHint = true;
                break;
            }
        }
        return null;
    }

    /** Steal-half: after one successful steal, moves half of what {@code victim} still holds. */
    void stealMore(WorkStealingWorker w, TaskQueue<Runnable> victim) {
        if (!startMoving(w)) {
            return;
        }
        int moved = 0;
        try {
            int extra = Math.min(victim.size() / 2, MAX_BATCH - 1);
            for (Runnable next; moved < extra && (next = pool.thievesPop ? victim.pop() : victim.steal()) != null;
                    moved++) {
                moveToInbox(w, next);
            }
        } finally {
            w.moving = false; // volatile: as in takeGlobalBatch
        }
        if (moved > 0) {
            pool.signalMoved();
        }
    }

    /**
     * Where a worker collects a batch taken from the global queue, oldest first; made with the
     * worker, so a batch allocates nothing. Used by its worker alone, without a lock, until an
     * Error strands it (the overview's "Stranded batches").
     */
    static final class BatchSink implements Consumer<Runnable> {
        private final WorkStealingWorker owner;
        private final Runnable[] tasks;
        int size;
        /**
         * Whether this batch holds stranded tasks (then shared, under the monitor). Set by a field
         * store with no call before it, publishing the plain slots and size; cleared under the
         * monitor by whoever takes the last task, publishing the emptied batch to the owner.
         */
        volatile boolean stranded;

        BatchSink(WorkStealingWorker owner, int capacity) {
            this.owner = owner;
            this.tasks = new Runnable[capacity];
        }

        @Override
        public void accept(Runnable task) {
            tasks[size++] = task;
        }

        /**
         * Empties the batch: returns its oldest task (null if none) and pushes the rest into the
         * owner's inbox in the order its pops then run them in submission order (as without
         * batches): newest first for a LIFO-pop kind, oldest first for a FIFO one; then wakes an
         * idle worker if any moved. If anything here throws (a StackOverflowError, an
         * OutOfMemoryError while the inbox grows), the batch keeps the tasks not yet pushed, the
         * first included (a deque push that throws has not pushed), and the caller strands them.
         */
        Runnable runFirstMoveRest(InboxMoves moves) {
            int n = size;
            if (n == 0) {
                return null;
            }
            boolean newestFirst = moves.inboxPopsLifo;
            for (int moved = 0; moved < n - 1; moved++) {
                int i = newestFirst ? n - 1 - moved : 1 + moved;
                moves.moveToInbox(owner, tasks[i]);
                tasks[i] = null; // no call between a push's return and this
            }
            if (n > 1) {
                moves.pool.signalMoved(); // before the first task leaves the batch: if it throws, the first is stranded
            }
            Runnable first = tasks[0];
            tasks[0] = null;
            size = 0;
            return first;
        }

        /**
         * Takes the oldest stranded task, or null if none (any thread). Nothing in the monitor
         * calls a method, so a stack overflow can only come at this method's entry, before it
         * changes anything.
         */
        Runnable takeStranded() {
            if (!stranded) { // volatile: pairs with the store in takeGlobalBatch
                return null;
            }
            synchronized (this) {
                if (!stranded) {
                    return null; // emptied meanwhile: the owner may be filling a new batch
                }
                Runnable task = null;
                boolean more = false;
                for (int k = 0; k < size; k++) {
                    if (tasks[k] != null) {
                        if (task != null) {
                            more = true;
                            break;
                        }
                        task = tasks[k];
                        tasks[k] = null;
                    }
                }
                if (!more) {
                    size = 0;
                    stranded = false; // volatile: publishes size and the nulled slots to the owner
                }
                return task;
            }
        }

        /** Hands every stranded task to {@code out} and empties the batch (shutdownNow). */
        void drain(Consumer<Runnable> out) {
            if (!stranded) {
                return; // w is not moving (shutdownNow waited), so an unstranded batch is empty
            }
            synchronized (this) {
                if (!stranded) {
                    return;
                }
                for (int k = 0; k < size; k++) {
                    if (tasks[k] != null) {
                        out.accept(tasks[k]);
                        tasks[k] = null;
                    }
                }
                size = 0;
                stranded = false;
            }
        }
    }
}
