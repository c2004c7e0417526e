package org.stealbench.pools;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.stealbench.queues.QueueKind;
import org.stealbench.queues.QueueTraits;
import org.stealbench.queues.QueueTraits.Order;
import org.stealbench.queues.TaskQueue;

/**
 * The work-stealing pool of seeds 000 (Duffy, part 2) and 004 (the C++ work-stealing pool): one
 * deque per worker, of any exactly-once {@link QueueKind}, plus a global queue for submissions
 * from outside, with fork/join on top.
 *
 * <p>Scheduling. A task submitted ({@code execute}, {@code submit}, {@link #fork}) from one of this
 * pool's workers goes onto that worker's own deque ({@link TaskQueue#push}, the owner's end);
 * from any other thread it goes onto the global queue. A worker looking for work takes its own
 * deque's next task ({@code pop}), then, in the {@linkplain SearchOrder search order}, the global
 * queue's oldest task and a task stolen from another worker, trying victims from a random start.
 * Thieves take from the thieves' end ({@code steal}); the builder's
 * {@link Builder#thievesPopOwnersEnd} makes them pop the owner's end as seed 004's code does
 * (only for deques that any thread may pop). Idle workers park and are woken when work arrives;
 * no wake-up is lost (see the overview).
 *
 * <p>Fork/join. {@link #fork} on a worker pushes onto its deque, waking an idle worker if the
 * deque was empty, and returns a {@link Joinable} whose {@code join()} helps only inside the
 * awaited task's subtree: it runs the tasks its worker forked after the awaited one (LIFO-pop
 * deques only), runs the awaited task inline if no one has started it, and steals from the
 * worker that took the awaited task; otherwise it waits, re-checking. It never runs global or
 * unrelated work, and nests at most {@link #MAX_HELP_DEPTH} helped tasks deep on a worker's
 * stack; past that bound it only runs the awaited task itself or waits. A join keeps the
 * calling thread's interrupt status but is not ended by it. A task's throwable is
 * rethrown by {@code join()} wrapped in a {@link java.util.concurrent.CompletionException}. From
 * an outside thread, {@code fork} submits to the global queue and {@code join()} blocks.
 * {@link #tryRunOne()} and {@link #helpUntil} are seed 004's {@code try_executing_one} and
 * {@code reschedule_until}.
 *
 * <p>The ExecutorService contract is {@link StealbenchPool}'s, with these fork/join specifics:
 * {@code execute} and {@code fork} from outside are refused after shutdown, as is {@code execute}
 * from a worker, but a running task may still {@code fork} (its subtasks are part of accepted
 * work); {@link #shutdownNow()} cancels the forked tasks it drains (their {@code join()} throws
 * {@link java.util.concurrent.CancellationException}) and returns them with the rest. A task forked
 * by a running task after {@code shutdownNow} drained the queues is run by that task's joins, or,
 * if never joined, neither run nor returned.
 *
 * <p>Progress: submission is as blocking as the chosen queues; helping joins never block while
 * they have work they may run; a worker blocks only when parked idle or when waiting for a task
 * another thread is running.
 */
public final class WorkStealingThreadPool extends StealbenchPool implements ForkJoin {

    /*
     * Implementation overview
     *
     * Queues. workers[i].deque is owned by worker i: only it pushes and pops (owner-only kinds
     * allow nothing else); other workers, outside threads in tryRunOne, and shutdownNow only
     * steal (or, with thievesPopOwnersEnd, pop an any-thread deque). The global queue is any
     * thread's: submitters push, everyone takes from its FIFO end (pop if popOrder is FIFO,
     * else steal), so outside submissions start in submission order.
     *
     * Parking and wake-up (why no wake-up is lost). Idle workers sit in a small stack guarded
     * by idleLock; `idleCount` mirrors its size in a volatile so others can check it without
     * the lock. A worker that found nothing (1) pushes itself on the idle stack, writing
     * idleCount, (2) issues a full fence, (3) re-scans every queue with isEmpty(), and (4) only
     * if all were empty parks until a waker sets its `signaled` flag. Every publisher of a task
     * (a) pushes it, (b) issues a full fence, (c) reads idleCount and, if it is non-zero and the
     * push needs a signal, pops one worker off the idle stack under the lock, sets its flag and
     * unparks it. The fences order (1) before (3) and (a) before (c) (store->load, which
     * volatile or lock semantics alone do not give for the queues' own fields), so either the
     * re-scan sees the task or the publisher sees the registration. An unpark before the park is
     * kept by LockSupport's permit; spurious returns from park re-check the flag. The re-scan
     * checks emptiness instead of taking, so a steal that lost a race cannot make a worker park
     * beside work.
     *
     * Which pushes signal. A push onto the global queue always does (execute and fork from
     * outside). A push onto a worker's own deque (fork, execute from a worker) signals when,
     * after its fence, the deque holds at most one task: it took the deque from empty to
     * non-empty, or thieves emptied it meanwhile. A push onto a deque that still holds an older
     * task does not signal; that older task was signalled, or is itself behind one. Every
     * successful take from a queue other than one's own (a steal, a global take, a join's steal
     * from a thief) passes the signal on: if a worker is idle and any queue still holds a task,
     * wake one. Each take is an atomic read-modify-write or a lock, so it orders before the
     * re-check, and a thief's check pairs with the owner's fenced size read: either the owner
     * sees its deque emptied by the thief and signals, or the thief sees the owner's new task
     * and passes on. The invariant is: while a task is queued, some worker is awake and will
     * scan for it (the owner of the deque is awake when it pushes, but may then block by other
     * means than join, so it does not count), or a signal for it is pending, or no worker is
     * idle. A signal may be consumed by a take of another task (the woken worker finds some
     * other queue first); the pass-on then covers the task the signal was for. Each push wakes at
     * most one worker and only when one is idle; a worker spins at most a bounded number of
     * re-scans before registering.

     * Shutdown. `ctl` holds the SHUTDOWN bit and the number of execute/fork calls between their
     * admission check and the end of their push ("in flight"). Admission is a CAS that fails once
     * SHUTDOWN is set, so after shutdown() no submission starts and the in-flight count only
     * falls. Termination needs SHUTDOWN, nothing in flight, every worker on the idle stack, and
     * every queue empty: a checker reads the idle stack's (size, epoch) under the lock, re-scans
     * the queues, and reads them again; the epoch counts removals from the stack, so an unchanged
     * full stack means no worker ran during the scan and the empty queues were really empty. Then
     * `terminating` is set and every worker is woken to exit. The checks run wherever the last
     * condition can become true: in shutdown(), when the last in-flight submission leaves, and
     * in a worker about to park. shutdownNow() sets SHUTDOWN and `stopping`, waits for the
     * in-flight submissions to finish their push (a few instructions each), drains every queue,
     * wakes and interrupts the workers, which leave as soon as they find no work.
     *
     * Helping join (awaitJoin). On a worker, while the awaited task is not done: below
     * MAX_HELP_DEPTH and if the deque pops LIFO with thieves on the other end, pop and run own
     * tasks: these were forked after the awaited one (thieves take the oldest first, so once the
     * awaited task is gone everything left in the deque is younger), usually ending with the
     * awaited task itself, the natural recursion order. Else, or when that deque is empty, claim
     * the awaited task and run it inline if no one started it (always allowed: that is the
     * recursion a sequential program would do, so the stack depth stays that of the program plus
     * at most MAX_HELP_DEPTH helped tasks). Else, below the bound and on such a LIFO deque (whose
     * pop just found it empty), steal from the thief that ForkTask records (the worker that took the awaited task from a queue not its own): that
     * worker's deque holds the awaited task's subtree while it runs it, since a worker takes
     * from another queue only when its own deque is empty (a join on a FIFO-pop deque, which
     * may still hold older tasks, therefore never steals). Else spin a bounded number of rounds,
     * then wait on the task's monitor for at most a millisecond and retry. The join never takes
     * from the global queue or from random victims. A pending interrupt ends one timed wait and
     * is cleared; the join restores it when it returns, so an interrupted joiner blocks instead
     * of spinning.
     *
     * Why no cycle of waits. A frame waits only for a task running on another worker or for a
     * task it runs itself, and a task a join runs on top of its frame belongs to the awaited
     * task's subtree. In a program whose tasks join only tasks they forked (or descendants of
     * those), every task in that subtree started after the waiting frame and can wait only for
     * its own descendants, never for a frame suspended under it, so the waits-for relation is
     * acyclic. An outside task, or any task outside the subtree, is never stacked on a joiner,
     * so a task that joins a non-descendant (C joining T in issue 9) waits on its own worker's
     * stack, not on top of T. The thief hint is read before the steal, so the thief may have
     * finished the awaited task and moved on; the join then runs one task of that worker's
     * newer work, which joins only its own descendants, and sees the awaited task done next.
     * An inline claim leaves the task's queue entry behind; running that stale entry later does
     * nothing (ForkTask's claim CAS).

     * Hot path. A worker's own pushes and pops take no lock beyond what the deque kind takes and
     * allocate nothing; a fork allocates its ForkTask and issues one full fence (the signalling
     * protocol's, as ForkJoinPool's push does); an outside execute does one CAS and one atomic
     * add on ctl and one full fence besides the global queue's push. Workers keep their
     * private state (help depth, random seed) in their own Thread objects, which are large
     * enough that two workers' fields never share a cache line.
     *
     * Deviations from the seeds. Seed 000's pool (the TPL design) has no code; seed 004's
     * workers check the queues without a lock and then wait on a condition variable with no
     * predicate while submitters notify without the lock, which can lose a wake-up: replaced by
     * the protocol above. Seed 004's thieves pop the owner's end (its text says the other end):
     * steal from the thieves' end by default, the seed's behaviour as an option. Seed 004 starts
     * one more thread than there are cores; here the count is the caller's. Seed 004's
     * reschedule_until runs a task before testing its predicate; helpUntil tests first.
     */

    /** The order in which a worker with an empty deque looks for work. */
    public enum SearchOrder {
        /** Own deque, then the global queue, then steal (seed 000, Duffy, .NET's TPL). */
        LOCAL_GLOBAL_STEAL,
        /** Own deque, then steal, then the global queue (seed 004, Java's ForkJoinPool). */
        LOCAL_STEAL_GLOBAL
    }

    /** How many helped tasks a join may nest on one worker's stack. */
    public static final int MAX_HELP_DEPTH = 64;

    /**
     * The global queue's default kind: {@code locked}, seed 003's global queue, which allocates
     * nothing per task. A first look on a 2-core machine (1M outside submissions, 2 workers)
     * drained through it faster than through {@code jdk-cld}; the harness's {@code global-queue}
     * experiment (the queue/drain benchmark, whose every task goes through this queue, with the
     * global queue as a parameter) measures it against every eligible kind
     * ({@link Builder#globalQueue}).
     */
    public static final QueueKind DEFAULT_GLOBAL_QUEUE = QueueKind.LOCKED;

    /**
     * The worker deque's default kind: {@code chase-lev}, lock-free on both ends with no
     * allocation per push, what ForkJoinPool, crossbeam and Tokio build on.
     */
    public static final QueueKind DEFAULT_WORKER_DEQUE = QueueKind.CHASE_LEV;

    /** The default search order. */
    public static final SearchOrder DEFAULT_SEARCH_ORDER = SearchOrder.LOCAL_GLOBAL_STEAL;

    private static final int SHUTDOWN = 1 << 30;
    private static final int IN_FLIGHT = SHUTDOWN - 1;
    /** Re-scans of every queue a worker makes before it registers as idle. */
    private static final int IDLE_SCANS = 2;
    /** Help-or-spin rounds a join makes before it waits on the task. */
    private static final int JOIN_SPINS = 64;
    private static final long JOIN_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private static final VarHandle CTL;

    static {
        try {
            CTL = MethodHandles.lookup().findVarHandle(WorkStealingThreadPool.class, "ctl", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Worker[] workers;
    private final TaskQueue<Runnable> global;
    private final boolean globalTakesByPop;
    private final boolean globalFirst;
    private final boolean thievesPop;
    /**
     * Whether a join may pop its own deque to help: only when pop is LIFO and thieves take the
     * other (FIFO) end, so that every task a join pops was forked after the awaited one.
     */
    private final boolean ownPopHelps;
    private final boolean flowContext;
    private final QueueKind workerDequeKind;
    private final QueueKind globalQueueKind;
    private final SearchOrder searchOrder;

    /** SHUTDOWN bit | submissions in flight. */
    private volatile int ctl;
    private volatile boolean stopping;
    private volatile boolean terminating;

    private final Object idleLock = new Object();
    /** Parked (or about to park) workers; guarded by idleLock. */
    private final Worker[] idleStack;
    /** Size of idleStack; guarded by idleLock. */
    private int idleTop;
    /** Removals from idleStack so far; guarded by idleLock. */
    private long idleEpoch;
    /** Mirror of idleTop for lock-free reads; written under idleLock. */
    private volatile int idleCount;

    private WorkStealingThreadPool(Builder b) {
        super("ws-" + b.workerDeque.id());
        this.workerDequeKind = b.workerDeque;
        this.globalQueueKind = b.globalQueue;
        this.searchOrder = b.searchOrder;
        this.thievesPop = b.thievesPopOwnersEnd;
        this.flowContext = b.flowContext;
        this.globalFirst = b.searchOrder == SearchOrder.LOCAL_GLOBAL_STEAL;
        this.global = b.globalQueue.create();
        this.globalTakesByPop = b.globalQueue.traits().popOrder() == Order.FIFO;
        QueueTraits dequeTraits = b.workerDeque.traits();
        this.ownPopHelps = !b.thievesPopOwnersEnd && dequeTraits.popOrder() == Order.LIFO
                && dequeTraits.stealOrder() == Order.FIFO;
        this.workers = new Worker[b.threads];
        this.idleStack = new Worker[b.threads];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker(this, i, b.workerDeque.create());
        }
    }

    private void start() {
        workersStarted(workers.length);
        for (Worker w : workers) {
            w.start();
        }
    }

    /** A pool with {@code threads} workers and every other option at its default. */
    public static WorkStealingThreadPool create(int threads) {
        return builder().threads(threads).build();
    }

    /** A builder with the defaults: one worker per available processor and the DEFAULT_ kinds. */
    public static Builder builder() {
        return new Builder();
    }

    /** Whether a {@code kind} deque can back a worker: only exactly-once kinds can. */
    public static boolean canBackWorkers(QueueKind kind) {
        return kind.traits().exactlyOnce();
    }

    /**
     * Whether {@code kind} can serve as the global queue: any thread may push and take, it is
     * exactly-once, and one of its ends is FIFO.
     */
    public static boolean canServeAsGlobalQueue(QueueKind kind) {
        QueueTraits t = kind.traits();
        return !t.ownerOnly() && t.exactlyOnce()
                && (t.popOrder() == Order.FIFO || t.stealOrder() == Order.FIFO);
    }

    /** Builds a {@link WorkStealingThreadPool}; every setter checks its argument at once. */
    public static final class Builder {
        private int threads = Runtime.getRuntime().availableProcessors();
        private QueueKind workerDeque = DEFAULT_WORKER_DEQUE;
        private QueueKind globalQueue = DEFAULT_GLOBAL_QUEUE;
        private SearchOrder searchOrder = DEFAULT_SEARCH_ORDER;
        private boolean thievesPopOwnersEnd;
        private boolean flowContext;

        private Builder() {
        }

        /** The number of workers. @throws IllegalArgumentException if less than 1 */
        public Builder threads(int threads) {
            this.threads = checkThreads(threads);
            return this;
        }

        /**
         * The kind of every worker's deque.
         *
         * @throws IllegalArgumentException if the kind is not exactly-once
         */
        public Builder workerDeque(QueueKind kind) {
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
         * @throws IllegalArgumentException if {@link #canServeAsGlobalQueue} is false for it
         */
        public Builder globalQueue(QueueKind kind) {
            Objects.requireNonNull(kind, "globalQueue");
            if (!canServeAsGlobalQueue(kind)) {
                throw new IllegalArgumentException("globalQueue must be an exactly-once kind that any thread"
                        + " may use with a FIFO end, got " + kind + " (" + kind.traits() + ")");
            }
            this.globalQueue = kind;
            return this;
        }

        /** The search order of a worker with an empty deque. */
        public Builder searchOrder(SearchOrder order) {
            this.searchOrder = Objects.requireNonNull(order, "searchOrder");
            return this;
        }

        /**
         * Whether thieves pop the owner's end instead of stealing from the thieves' end (seed
         * 004's code). Checked against the worker deque kind by {@link #build()}.
         */
        public Builder thievesPopOwnersEnd(boolean thievesPopOwnersEnd) {
            this.thievesPopOwnersEnd = thievesPopOwnersEnd;
            return this;
        }

        /** Whether tasks run with their submitter's {@link TaskContext} (default false). */
        public Builder flowContext(boolean flowContext) {
            this.flowContext = flowContext;
            return this;
        }

        /**
         * A started pool.
         *
         * @throws IllegalArgumentException if thievesPopOwnersEnd is set for an owner-only deque
         */
        public WorkStealingThreadPool build() {
            if (thievesPopOwnersEnd && workerDeque.traits().ownerOnly()) {
                throw new IllegalArgumentException("thievesPopOwnersEnd needs a workerDeque any thread may pop, but "
                        + workerDeque + " is owner-only");
            }
            WorkStealingThreadPool pool = new WorkStealingThreadPool(this);
            pool.start();
            return pool;
        }
    }

    public int threads() {
        return workers.length;
    }

    public QueueKind workerDeque() {
        return workerDequeKind;
    }

    public QueueKind globalQueue() {
        return globalQueueKind;
    }

    public SearchOrder searchOrder() {
        return searchOrder;
    }

    public boolean thievesPopOwnersEnd() {
        return thievesPop;
    }

    public boolean flowsContext() {
        return flowContext;
    }

    // ---------------------------------------------------------------- submission

    @Override
    public void execute(Runnable task) {
        checkTask(task);
        Runnable item = flowContext ? ContextTask.capture(task) : task;
        Worker w = currentWorker();
        admit();
        try {
            if (w != null) {
                pushOwn(w, item);
            } else {
                global.push(item);
                signalWork();
            }
        } finally {
            leave();
        }
    }

    /**
     * Forks {@code task}: onto the calling worker's own deque (the owner's end), or, from an outside
     * thread, onto the global queue.
     *
     * @throws NullPointerException       if {@code task} is null
     * @throws RejectedExecutionException if called from outside after shutdown
     */
    @Override
    public <T> Joinable<T> fork(Callable<T> task) {
        checkTask(task);
        ForkTask<T> forked = new ForkTask<>(this, task, flowContext ? TaskContext.current() : null);
        Worker w = currentWorker();
        if (w != null) {
            pushOwn(w, forked);
        } else {
            admit();
            try {
                global.push(forked);
                signalWork();
            } finally {
                leave();
            }
        }
        return forked;
    }

    /**
     * Pushes {@code task} onto {@code w}'s own deque and wakes an idle worker if the push took the
     * deque from empty to non-empty (the overview's "Parking and wake-up").
     */
    private void pushOwn(Worker w, Runnable task) {
        TaskQueue<Runnable> deque = w.deque;
        deque.push(task);
        // Full fence: orders the push before the idleCount and size reads below (store->load);
        // pairs with the fence in awaitWork() (a worker registering as idle, then re-scanning)
        // and with the atomic take of a thief, which re-checks the queues after taking.
        VarHandle.fullFence();
        if (idleCount != 0 && deque.size() <= 1) {
            wakeOne();
        }
    }

    /** Counts a submission in flight, or rejects it after shutdown. */
    private void admit() {
        for (int c = ctl; ; c = ctl) {
            if ((c & SHUTDOWN) != 0) {
                throw new RejectedExecutionException("pool is shut down");
            }
            if (CTL.weakCompareAndSet(this, c, c + 1)) {
                return;
            }
        }
    }

    private void leave() {
        int c = (int) CTL.getAndAdd(this, -1) - 1;
        if (c == SHUTDOWN) {
            tryTerminate();
        }
    }

    private Worker currentWorker() {
        return Thread.currentThread() instanceof Worker w && w.pool == this ? w : null;
    }

    @Override
    boolean isOwnWorker(Thread thread) {
        return thread instanceof Worker w && w.pool == this;
    }

    // ---------------------------------------------------------------- finding work

    private Runnable takeGlobal() {
        return globalTakesByPop ? global.pop() : global.steal();
    }

    /**
     * The global queue and the victims, in the search order; null if nothing was found. On a
     * worker, a task found is marked as taken by it and the wake-up is passed on.
     */
    private Runnable scanShared(Worker w) {
        Runnable task;
        if (globalFirst) {
            task = takeGlobal();
            if (task == null) {
                task = stealFromOthers(w);
            }
        } else {
            task = stealFromOthers(w);
            if (task == null) {
                task = takeGlobal();
            }
        }
        if (task != null && w != null) {
            tookShared(w, task);
        }
        return task;
    }

    /**
     * After {@code w} took {@code task} from a queue not its own: records {@code w} as the
     * task's thief (for joins) and passes the wake-up on if work remains and a worker is idle.
     * The signal that woke {@code w} may have been for another task than the one it took, so
     * without this an idle worker could stay parked beside queued work (the overview).
     */
    private void tookShared(Worker w, Runnable task) {
        if (task instanceof ForkTask<?> forked) {
            forked.setThiefRelease(w);
        }
        // The take was an atomic read-modify-write or a lock (a full barrier on the queue), so the
        // reads below see every push that preceded it; see "why no wake-up is lost".
        if (idleCount != 0 && anyQueuedWork()) {
            wakeOne();
        }
    }

    /** One pass over the other workers' deques from a random start; {@code w} null for outsiders. */
    private Runnable stealFromOthers(Worker w) {
        Worker[] ws = workers;
        int n = ws.length;
        int start = w != null ? w.nextRandom(n) : ThreadLocalRandom.current().nextInt(n);
        for (int i = 0; i < n; i++) {
            Worker victim = ws[(start + i) % n];
            if (victim == w) {
                continue;
            }
            TaskQueue<Runnable> deque = victim.deque;
            Runnable task = thievesPop ? deque.pop() : deque.steal();
            if (task != null) {
                return task;
            }
        }
        return null;
    }

    private Runnable scan(Worker w) {
        Runnable task = w.deque.pop();
        return task != null ? task : scanShared(w);
    }

    /** Whether any queue holds a task, by emptiness checks only (no lost race counts as empty). */
    private boolean anyQueuedWork() {
        if (!global.isEmpty()) {
            return true;
        }
        for (Worker w : workers) {
            if (!w.deque.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- workers

    private void runWorker(Worker w) {
        try {
            for (;;) {
                Runnable task = scan(w);
                for (int i = 0; task == null && i < IDLE_SCANS; i++) {
                    Thread.onSpinWait();
                    task = scan(w);
                }
                if (task != null) {
                    if (Thread.interrupted() && stopping) {
                        w.interrupt();
                    }
                    runReporting(task);
                } else if (stopping || terminating || !awaitWork(w)) {
                    return;
                }
            }
        } finally {
            workerExited();
        }
    }

    /**
     * Registers {@code w} as idle, re-scans, and parks until signalled. Returns false when the
     * worker should exit.
     */
    private boolean awaitWork(Worker w) {
        synchronized (idleLock) {
            w.signaled = false;
            idleStack[idleTop++] = w;
            idleCount = idleTop;
        }
        // Full fence: orders the idleCount store above before the queue reads below; pairs with
        // the fence in signalWork() between a submitter's push and its idleCount read.
        VarHandle.fullFence();
        if (anyQueuedWork()) {
            deregister(w);
            return true;
        }
        if ((ctl & SHUTDOWN) != 0) {
            tryTerminate();
        }
        for (;;) {
            if (w.signaled) {
                return true;
            }
            if (stopping || terminating) {
                deregister(w);
                return false;
            }
            Thread.interrupted(); // a stray interrupt would turn park into a spin
            LockSupport.park(this);
        }
    }

    /** Takes {@code w} off the idle stack unless a signaller already did. */
    private void deregister(Worker w) {
        synchronized (idleLock) {
            if (w.signaled) {
                return;
            }
            for (int i = idleTop - 1; i >= 0; i--) {
                if (idleStack[i] == w) {
                    System.arraycopy(idleStack, i + 1, idleStack, i, idleTop - i - 1);
                    idleStack[--idleTop] = null;
                    idleEpoch++;
                    idleCount = idleTop;
                    return;
                }
            }
        }
    }

    /** Wakes one idle worker, if any, after the caller published a task it must not lose. */
    private void signalWork() {
        // Full fence: orders the caller's push before the idleCount read; pairs with the fence in
        // awaitWork() between a worker's registration and its re-scan.
        VarHandle.fullFence();
        if (idleCount != 0) {
            wakeOne();
        }
    }

    private void wakeOne() {
        Worker w;
        synchronized (idleLock) {
            if (idleTop == 0) {
                return;
            }
            w = idleStack[--idleTop];
            idleStack[idleTop] = null;
            idleEpoch++;
            idleCount = idleTop;
            w.signaled = true;
        }
        LockSupport.unpark(w);
    }

    private void wakeAll() {
        Worker[] woken;
        synchronized (idleLock) {
            woken = new Worker[idleTop];
            for (int i = 0; i < idleTop; i++) {
                woken[i] = idleStack[i];
                woken[i].signaled = true;
                idleStack[i] = null;
            }
            idleEpoch += idleTop;
            idleTop = 0;
            idleCount = 0;
        }
        for (Worker w : woken) {
            LockSupport.unpark(w);
        }
    }

    // ---------------------------------------------------------------- shutdown

    private void tryTerminate() {
        if (ctl != SHUTDOWN || terminating) {
            return;
        }
        long epoch;
        synchronized (idleLock) {
            if (idleTop != workers.length) {
                return;
            }
            epoch = idleEpoch;
        }
        if (anyQueuedWork()) {
            return;
        }
        synchronized (idleLock) {
            if (idleTop != workers.length || idleEpoch != epoch || terminating) {
                return;
            }
            terminating = true;
        }
        wakeAll();
    }

    @Override
    public void shutdown() {
        for (int c = ctl; (c & SHUTDOWN) == 0; c = ctl) {
            if (CTL.weakCompareAndSet(this, c, c | SHUTDOWN)) {
                break;
            }
        }
        tryTerminate();
    }

    @Override
    public List<Runnable> shutdownNow() {
        shutdown();
        stopping = true;
        while ((ctl & IN_FLIGHT) != 0) {
            Thread.yield();
        }
        List<Runnable> neverRun = new ArrayList<>();
        for (Runnable task; (task = takeGlobal()) != null; ) {
            collectNeverRun(neverRun, task);
        }
        for (Worker w : workers) {
            TaskQueue<Runnable> deque = w.deque;
            for (int misses = 0; misses < 1_000; ) {
                Runnable task = deque.steal();
                if (task != null) {
                    collectNeverRun(neverRun, task);
                } else if (deque.isEmpty()) {
                    break;
                } else {
                    misses++;
                }
            }
        }
        wakeAll();
        for (Worker w : workers) {
            w.interrupt();
        }
        return neverRun;
    }

    private static void collectNeverRun(List<Runnable> out, Runnable task) {
        if (task instanceof ForkTask<?> forked) {
            if (forked.cancel()) {
                out.add(forked);
            }
        } else {
            addUnwrapped(out, task);
        }
    }

    @Override
    public boolean isShutdown() {
        return (ctl & SHUTDOWN) != 0;
    }

    // ---------------------------------------------------------------- fork/join

    /** Waits for {@code task} as the overview's "Helping join" describes. */
    void awaitJoin(ForkTask<?> task) {
        Worker w = currentWorker();
        if (w == null) {
            task.awaitDone();
            return;
        }
        boolean interrupted = false;
        int spins = 0;
        while (!task.isDone()) {
            boolean mayHelp = w.depth < MAX_HELP_DEPTH;
            Runnable other = mayHelp && ownPopHelps ? w.deque.pop() : null;
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
                other = mayHelp && ownPopHelps ? stealFromThief(w, task) : null;
            }
            if (other != null) {
                runNested(w, other);
                spins = 0;
            } else if (++spins < JOIN_SPINS) {
                Thread.onSpinWait();
            } else {
                if (idleCount != 0 && !w.deque.isEmpty()) {
                    wakeOne(); // we are about to wait: our queued tasks must not wait with us
                }
                interrupted |= task.awaitDoneClearingInterrupt(JOIN_WAIT_NANOS);
                spins = 0;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * One task from the deque of the worker that took {@code awaited} (its subtree while that
     * worker runs it), or null: no thief recorded, the thief is {@code w}, or its deque is empty.
     */
    private Runnable stealFromThief(Worker w, ForkTask<?> awaited) {
        if (!(awaited.thiefAcquire() instanceof Worker thief) || thief == w || thief.pool != this) {
            return null;
        }
        TaskQueue<Runnable> deque = thief.deque;
        Runnable task = thievesPop ? deque.pop() : deque.steal();
        if (task != null) {
            tookShared(w, task);
        }
        return task;
    }

    private void runNested(Worker w, Runnable task) {
        w.depth++;
        try {
            runReporting(task);
        } finally {
            w.depth--;
        }
    }

    /**
     * Runs one pending task on the calling thread, if there is one it may run: on a worker, its
     * own deque's next task or one found in the search order (nothing once the worker's help
     * depth reached {@link #MAX_HELP_DEPTH}); on another thread, the global queue's oldest task
     * or one stolen from a random worker. What a task passed to {@code execute} throws goes to
     * the uncaught-exception handler.
     *
     * @return whether a task ran
     */
    public boolean tryRunOne() {
        Worker w = currentWorker();
        if (w != null) {
            if (w.depth >= MAX_HELP_DEPTH) {
                return false;
            }
            Runnable task = scan(w);
            if (task == null) {
                return false;
            }
            runNested(w, task);
            return true;
        }
        Runnable task = takeGlobal();
        if (task == null) {
            task = stealFromOthers(null);
        }
        if (task == null) {
            return false;
        }
        runReporting(task);
        return true;
    }

    /**
     * Runs pending tasks with {@link #tryRunOne()} until {@code condition} holds.
     *
     * @return true once {@code condition} holds; false if it does not and no task could be run
     * @throws NullPointerException if {@code condition} is null
     */
    public boolean helpUntil(BooleanSupplier condition) {
        Objects.requireNonNull(condition, "condition");
        while (!condition.getAsBoolean()) {
            if (!tryRunOne()) {
                return condition.getAsBoolean();
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- inspection for tests

    /** The number of workers on the idle stack now. */
    int idleWorkers() {
        return idleCount;
    }

    /** The calling worker's help depth, or -1 on another thread. */
    int currentHelpDepth() {
        Worker w = currentWorker();
        return w == null ? -1 : w.depth;
    }

    /** The calling worker's deque size, or -1 on another thread. */
    int currentDequeSize() {
        Worker w = currentWorker();
        return w == null ? -1 : w.deque.size();
    }

    int globalQueueSize() {
        return global.size();
    }

    Thread workerThread(int index) {
        return workers[index];
    }

    @Override
    public String toString() {
        return "ws-" + workerDequeKind.id() + "[threads=" + workers.length + ", global=" + globalQueueKind.id()
                + ", " + searchOrder + (thievesPop ? ", thieves pop owner's end" : "")
                + (flowContext ? ", context flow" : "") + (isShutdown() ? ", shut down" : "") + "]";
    }

    private static final class Worker extends Thread {
        final WorkStealingThreadPool pool;
        final TaskQueue<Runnable> deque;
        /** Helped tasks nested on this worker's stack; touched only by this worker. */
        int depth;
        /** Xorshift state for the victim start; touched only by this worker. */
        private int seed;
        /** Set (under idleLock) by whoever takes this worker off the idle stack. */
        volatile boolean signaled;

        Worker(WorkStealingThreadPool pool, int index, TaskQueue<Runnable> deque) {
            super(pool.threadNamePrefix + index);
            this.pool = pool;
            this.deque = deque;
            this.seed = (index + 1) * 0x9E3779B9;
            setDaemon(true);
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
    }
}
