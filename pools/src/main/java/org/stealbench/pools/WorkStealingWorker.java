package org.stealbench.pools;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.stealbench.queues.TaskQueue;

/** 128 bytes between Thread's own fields and a worker's (see WorkStealingWorker). */
abstract class WorkerPadBefore extends Thread {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;

    WorkerPadBefore(String name) {
        super(name);
    }
}

/** A worker's fields, padded on both sides (see WorkStealingWorker). */
abstract class WorkerFields extends WorkerPadBefore {
    final WorkStealingThreadPool pool;
    final TaskQueue<Runnable> deque;
    /** Helped tasks nested on this worker's stack; touched only by this worker. */
    int depth;
    /** Xorshift state for the victim start; touched only by this worker. */
    int seed;
    /** Set (under the IdleWorkers lock) by whoever takes this worker off the idle stack. */
    volatile boolean signaled;
    /**
     * Whether this worker counts in {@code searchers}; written by the worker, or by its waker
     * while it is on the idle stack (published by the write of {@code signaled}).
     */
    boolean searching;
    /** Tasks moved here from shared queues (InboxMoves), never taken by a join; same kind as the deque. */
    final TaskQueue<Runnable> inbox;
    /**
     * Whether this worker is between taking tasks from a shared queue and pushing them into its
     * inbox (startMoving), or inside its own execute on a deque without the recheck (executeOwn);
     * written by this worker, read by shutdownNow.
     */
    volatile boolean moving;
    /** Where this worker collects a batch from the global queue (takeGlobalBatch). */
    final InboxMoves.BatchSink batch;
    /**
     * A task this worker runs, taken from a queue not its own, that a join on another worker
     * waits for with nothing to help yet: set by that joiner (CAS from null), cleared by this
     * worker's next push, which wakes it (wakeHelper), or by the joiner when it stops waiting.
     * Accessed through WorkStealingWorker's helpWanted accessors only.
     */
    ForkTask<?> helpWanted;

    WorkerFields(WorkStealingThreadPool pool, int index, TaskQueue<Runnable> deque, TaskQueue<Runnable> inbox) {
        super(pool.threadNamePrefix + index);
        this.pool = pool;
        this.deque = deque;
        this.inbox = inbox;
        this.batch = new InboxMoves.BatchSink((WorkStealingWorker) this, pool.globalBatch());
        this.seed = (index + 1) * 0x9E3779B9;
        setDaemon(true);
    }
}

/**
 * A worker thread. Its fields (WorkerFields) sit between 128 bytes of padding on each side,
 * JCTools-style: the worker writes depth at every task a join runs and seed at every steal,
 * and whatever object the collector copies next to a worker must not share those cache lines
 * (or the pairs the adjacent-line prefetcher fetches; docs/findings.md).
 */
final class WorkStealingWorker extends WorkerFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    private static final VarHandle HELP_WANTED;

    static {
        try {
            HELP_WANTED = MethodHandles.lookup().findVarHandle(WorkerFields.class, "helpWanted", ForkTask.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    WorkStealingWorker(WorkStealingThreadPool pool, int index, TaskQueue<Runnable> deque, TaskQueue<Runnable> inbox) {
        super(pool, index, deque, inbox);
    }

    int nextRandom(int bound) {
        int r = seed;
        r ^= r << 13;
        r ^= r >>> 17;
        r ^= r << 5;
        seed = r;
        return (r & Integer.MAX_VALUE) % bound;
    }

    @Override
    public void run() {
        pool.runWorker(this);
    }

    /** Opaque read of helpWanted (HelpingJoin.wakeHelper, after the pusher's full barrier). */
    ForkTask<?> helpWantedOpaque() {
        return (ForkTask<?>) HELP_WANTED.getOpaque(this);
    }

    /** Atomic exchange of helpWanted for null: the one wake-up a registered joiner gets. */
    ForkTask<?> getAndClearHelpWanted() {
        return (ForkTask<?>) HELP_WANTED.getAndSet(this, null);
    }

    /** CAS of helpWanted, a full barrier (a joiner's registration and its withdrawal). */
    boolean casHelpWanted(ForkTask<?> expected, ForkTask<?> next) {
        return HELP_WANTED.compareAndSet(this, expected, next);
    }
}
