package org.stealbench.pools;

import static org.stealbench.pools.PauseHook.NO_PAUSE;
import static org.stealbench.pools.WorkStealingThreadPool.canBackWorkers;
import static org.stealbench.pools.WorkStealingThreadPool.canServeAsGlobalQueue;

import java.util.Objects;
import org.stealbench.pools.PauseHook.PausePoint;
import org.stealbench.pools.WorkStealingThreadPool.Admission;
import org.stealbench.pools.WorkStealingThreadPool.SearchOrder;
import org.stealbench.pools.WorkStealingThreadPool.Signalling;
import org.stealbench.queues.QueueKind;

/**
 * Builds a {@link WorkStealingThreadPool}; every setter checks its own argument at once, and
 * {@link #build()} checks the combinations (thievesPopOwnersEnd against the deque kind,
 * Admission.INJECTOR against the global queue).
 */
public final class WorkStealingPoolBuilder {

    /**
     * The global queue's default kind: {@code segmented-mpmc}, the lock-free injector (one
     * fetch-and-add per outside submission, one CAS per batch taken).
     */
    public static final QueueKind DEFAULT_GLOBAL_QUEUE = QueueKind.SEGMENTED_MPMC;

    /**
     * The default {@link #globalBatch}: a worker takes up to 32 outside submissions at once
     * (one CAS on the injector) and runs them from its inbox, where others may steal them.
     */
    public static final int DEFAULT_GLOBAL_BATCH = 32;

    /**
     * The worker deque's default kind: {@code chase-lev}, lock-free on both ends with no
     * allocation per push, what ForkJoinPool, crossbeam and Tokio build on.
     */
    public static final QueueKind DEFAULT_WORKER_DEQUE = QueueKind.CHASE_LEV;

    public static final SearchOrder DEFAULT_SEARCH_ORDER = SearchOrder.LOCAL_GLOBAL_STEAL;

    /**
     * The admission a pool gets unless {@link #admission} sets one: INJECTOR with the
     * segmented-mpmc global queue (the default), which admits outside submissions itself;
     * SHARED_COUNTER with any other.
     */
    public static Admission defaultAdmission(QueueKind globalQueue) {
        return globalQueue == QueueKind.SEGMENTED_MPMC ? Admission.INJECTOR : Admission.SHARED_COUNTER;
    }

    /**
     * The signalling a pool of {@code threads} workers gets unless {@link #signalling} sets one:
     * SEARCHING when it has more workers than the machine has cores (where eager wake-ups park
     * and unpark workers that have no core to run on), else EMPTY_TO_NON_EMPTY (docs/findings.md).
     */
    public static Signalling defaultSignalling(int threads) {
        return threads > Runtime.getRuntime().availableProcessors() ? Signalling.SEARCHING
                : Signalling.EMPTY_TO_NON_EMPTY;
    }

    /** Whether a successful steal takes half the victim's tasks by default. */
    public static final boolean DEFAULT_STEAL_HALF = false;

    /** The largest {@link #globalBatch} and {@link #stealHalf} batch. */
    public static final int MAX_BATCH = 64;

    /** Re-scans of every queue a worker makes before it registers as idle, by default. */
    static final int DEFAULT_IDLE_SCANS = 2;
    /** Re-scans a searching worker (Signalling.SEARCHING) makes before it parks, by default. */
    static final int DEFAULT_SEARCH_SCANS = 16;
    /** The largest {@link #idleScans}. */
    public static final int MAX_IDLE_SCANS = 4096;

    /** The tuning spec that means "every option at its default" ({@link #tuning}). */
    public static final String DEFAULT_TUNING = "default";

    int threads = Runtime.getRuntime().availableProcessors();
    QueueKind workerDeque = DEFAULT_WORKER_DEQUE;
    QueueKind globalQueue = DEFAULT_GLOBAL_QUEUE;
    SearchOrder searchOrder = DEFAULT_SEARCH_ORDER;
    boolean thievesPopOwnersEnd;
    boolean flowContext;
    /** Null: {@link #defaultSignalling} of the thread count, decided in build(). */
    Signalling signalling;
    int globalBatch = DEFAULT_GLOBAL_BATCH;
    boolean stealHalf = DEFAULT_STEAL_HALF;
    int idleScans = -1; // the signalling's default
    /** Null: {@link #defaultAdmission} of the global queue, decided in build(). */
    Admission admission;
    PauseHook pauseHook = NO_PAUSE;
    long joinWaitNanos = HelpingJoin.JOIN_WAIT_NANOS;
    long joinPollNanos = HelpingJoin.JOIN_POLL_NANOS;

    WorkStealingPoolBuilder() {
    }

    /** Tests only: a join's timed waits (HelpingJoin's JOIN_WAIT_NANOS and JOIN_POLL_NANOS). */
    WorkStealingPoolBuilder joinWait(long waitNanos, long pollNanos) {
        if (waitNanos <= 0 || pollNanos <= 0) {
            throw new IllegalArgumentException("joinWait needs positive waits, got " + waitNanos + " and " + pollNanos);
        }
        this.joinWaitNanos = waitNanos;
        this.joinPollNanos = pollNanos;
        return this;
    }

    /** Tests only: the hook the workers call at each {@link PausePoint} (default NO_PAUSE). */
    WorkStealingPoolBuilder pauseHook(PauseHook hook) {
        this.pauseHook = Objects.requireNonNull(hook, "pauseHook");
        return this;
    }

    /** The number of workers. @throws IllegalArgumentException if less than 1 */
    public WorkStealingPoolBuilder threads(int threads) {
        this.threads = StealbenchPool.checkThreads(threads);
        return this;
    }

    /**
     * The kind of every worker's deque.
     *
     * @throws IllegalArgumentException if the kind is not exactly-once
     */
    public WorkStealingPoolBuilder workerDeque(QueueKind kind) {
        Objects.requireNonNull(kind, "workerDeque");
        if (!canBackWorkers(kind)) {
            throw new IllegalArgumentException("workerDeque must be an exactly-once kind, got " + kind
                    + " (" + kind.traits().knownFlaw() + ")");
        }
        this.workerDeque = kind;
        return this;
    }

    /**
     * The kind of the global queue for outside submissions.
     *
     * @throws IllegalArgumentException if {@link WorkStealingThreadPool#canServeAsGlobalQueue} is false for it
     */
    public WorkStealingPoolBuilder globalQueue(QueueKind kind) {
        Objects.requireNonNull(kind, "globalQueue");
        if (!canServeAsGlobalQueue(kind)) {
            throw new IllegalArgumentException("globalQueue must be an exactly-once kind that any thread"
                    + " may use with a FIFO end, got " + kind + " (" + kind.traits() + ")");
        }
        this.globalQueue = kind;
        return this;
    }

    /** The search order of a worker with an empty deque. */
    public WorkStealingPoolBuilder searchOrder(SearchOrder order) {
        this.searchOrder = Objects.requireNonNull(order, "searchOrder");
        return this;
    }

    /**
     * Whether thieves pop the owner's end instead of stealing from the thieves' end (seed
     * 004's code). Checked against the worker deque kind by {@link #build()}.
     */
    public WorkStealingPoolBuilder thievesPopOwnersEnd(boolean thievesPopOwnersEnd) {
        this.thievesPopOwnersEnd = thievesPopOwnersEnd;
        return this;
    }

    /** Whether tasks run with their submitter's {@link TaskContext} (default false). */
    public WorkStealingPoolBuilder flowContext(boolean flowContext) {
        this.flowContext = flowContext;
        return this;
    }

    /** When a push wakes an idle worker (default {@link #defaultSignalling}). */
    public WorkStealingPoolBuilder signalling(Signalling signalling) {
        this.signalling = Objects.requireNonNull(signalling, "signalling");
        return this;
    }

    /**
     * How many tasks a worker takes from the global queue at once (default
     * {@link #DEFAULT_GLOBAL_BATCH}): it runs the first and pushes the rest into its inbox, where
     * it pops them without the global queue's synchronization and others may steal them. Above
     * 1, outside submissions no longer start strictly in submission order (except with one
     * worker).
     *
     * @throws IllegalArgumentException if not in [1, MAX_BATCH]
     */
    public WorkStealingPoolBuilder globalBatch(int globalBatch) {
        if (globalBatch < 1 || globalBatch > MAX_BATCH) {
            throw new IllegalArgumentException("globalBatch must be in [1, " + MAX_BATCH + "], got " + globalBatch);
        }
        this.globalBatch = globalBatch;
        return this;
    }

    /**
     * Whether a worker's successful steal takes up to half the victim's tasks (at most
     * MAX_BATCH), running the first and pushing the rest into its inbox (default
     * {@link #DEFAULT_STEAL_HALF}).
     */
    public WorkStealingPoolBuilder stealHalf(boolean stealHalf) {
        this.stealHalf = stealHalf;
        return this;
    }

    /**
     * How many times a worker that found nothing re-scans every queue before it parks (default
     * DEFAULT_IDLE_SCANS, or DEFAULT_SEARCH_SCANS while searching), with a spin-wait hint before
     * each: more scans spare a briefly idle worker a park and wake-up, at the cost of CPU.
     *
     * @throws IllegalArgumentException if not in [0, MAX_IDLE_SCANS]
     */
    public WorkStealingPoolBuilder idleScans(int idleScans) {
        if (idleScans < 0 || idleScans > MAX_IDLE_SCANS) {
            throw new IllegalArgumentException("idleScans must be in [0, " + MAX_IDLE_SCANS + "], got " + idleScans);
        }
        this.idleScans = idleScans;
        return this;
    }

    /** How a submission checks for shutdown (default {@link #defaultAdmission} of the global queue). */
    public WorkStealingPoolBuilder admission(Admission admission) {
        this.admission = Objects.requireNonNull(admission, "admission");
        return this;
    }

    /**
     * Applies a tuning spec: {@code default}, or items applied on top of the defaults, joined by
     * {@code +} (e.g. {@code searching+steal-half}); the items are WorkStealingTuning's table
     * (and docs/using.md's).
     *
     * @throws IllegalArgumentException naming the first item it does not understand
     */
    public WorkStealingPoolBuilder tuning(String spec) {
        WorkStealingTuning.apply(this, spec);
        return this;
    }

    /**
     * A started pool.
     *
     * @throws IllegalArgumentException if thievesPopOwnersEnd is set for an owner-only deque, or
     *                                  Admission.INJECTOR without the segmented-mpmc global queue
     */
    public WorkStealingThreadPool build() {
        WorkStealingThreadPool pool = unstarted();
        pool.start();
        return pool;
    }

    /** The pool build() starts, checked as build() says, its workers not started (jcstress drives it). */
    WorkStealingThreadPool unstarted() {
        if (thievesPopOwnersEnd && workerDeque.traits().ownerOnly()) {
            throw new IllegalArgumentException("thievesPopOwnersEnd needs a workerDeque any thread may pop, but "
                    + workerDeque + " is owner-only");
        }
        if (admission == Admission.INJECTOR && globalQueue != QueueKind.SEGMENTED_MPMC) {
            throw new IllegalArgumentException("Admission.INJECTOR needs the segmented-mpmc global queue, got "
                    + globalQueue);
        }
        return new WorkStealingThreadPool(this);
    }
}