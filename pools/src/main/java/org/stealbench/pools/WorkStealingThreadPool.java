package org.stealbench.pools;

import static org.stealbench.pools.WorkStealingPoolBuilder.DEFAULT_IDLE_SCANS;
import static org.stealbench.pools.WorkStealingPoolBuilder.DEFAULT_SEARCH_SCANS;
import static org.stealbench.pools.WorkStealingPoolBuilder.defaultAdmission;
import static org.stealbench.pools.WorkStealingPoolBuilder.defaultSignalling;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import org.stealbench.pools.PauseHook.PausePoint;
import org.stealbench.queues.QueueKind;
import org.stealbench.queues.QueueTraits;
import org.stealbench.queues.QueueTraits.Order;
import org.stealbench.queues.SegmentedMpmcQueue;
import org.stealbench.queues.TaskQueue;

/**
 * The work-stealing pool of seeds 000 (Duffy, part 2) and 004 (the C++ work-stealing pool): one
 * deque per worker, of any exactly-once {@link QueueKind}, plus a global queue for submissions
 * from outside, with fork/join on top.
 *
 * <p>Scheduling. A task submitted ({@code execute}, {@code submit}, {@link #fork}) from one of this
 * pool's workers goes onto that worker's own deque ({@link TaskQueue#push}, the owner's end); from
 * any other thread it goes onto the global queue. A worker looking for work takes its own deque's
 * next task ({@code pop}), then its inbox's (tasks it moved there from the global queue or a victim
 * in one batch), then, in the {@linkplain SearchOrder search order}, the global queue's oldest task
 * and a task stolen from another worker, trying victims from a random start. Thieves take from the
 * thieves' end ({@code steal}); the builder's {@link WorkStealingPoolBuilder#thievesPopOwnersEnd}
 * makes them pop the owner's end as seed 004's code does (only for deques that any thread may pop).
 * Idle workers park and are woken when work arrives; no wake-up is lost (see the overview).
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
 * {@link java.util.concurrent.CancellationException}) and returns them with the rest; every other
 * accepted task has started by the time it returns, except at most one per worker (or outside
 * helper) that it had taken, or was taking, from a queue as shutdownNow began (as with
 * ThreadPoolExecutor, whose worker may poll a task that a racing execute fails to take back).
 * A task forked by a running task after {@code shutdownNow} drained the queues is run by that
 * task's joins or by its worker afterwards, and not returned. A task that an outside thread runs
 * through {@link #tryRunOne()} is an outside submitter's: it cannot fork after shutdown. An
 * outside {@code execute} or {@code fork} whose push onto the default injector throws (a
 * StackOverflowError or OutOfMemoryError there) has queued nothing; one that overflows the stack
 * in the wake-up after its push throws with its task queued, and the task runs once a worker
 * scans (a worker still busy, or one a later submission wakes). Without Admission.INJECTOR, an
 * outside submission whose end overflows the stack (the in-flight count's decrement is a call)
 * stays counted in flight: the pool then never terminates and shutdownNow() never returns.
 *
 * <p>Errors in the pool's own steps (a StackOverflowError or OutOfMemoryError in a worker's scan,
 * not in a task: a task's throwable goes to the uncaught-exception handler as above). One thrown by
 * a worker's scan goes to the uncaught-exception handler (the pool's, else the thread's) and the
 * worker goes on as one that found nothing (it may park, and the pool may terminate); one thrown by
 * the scan of a {@link #tryRunOne()} propagates to its caller. A global batch's move into the inbox
 * that such an Error cuts short strands the tasks it had not moved: every worker's scan, an outside
 * {@code tryRunOne()}, {@code shutdownNow()} and the idle and termination checks find them, and an
 * idle worker is woken for them, so none is lost and the pool still terminates. Known limits: a
 * task already taken when the Error comes is lost (a take from the injector that throws after its
 * claim, a task a steal-half move had taken, one taken just before the wake-up it passes on
 * throws); a second Error in the stranding's wake-up leaves the stranded tasks to the next scan (of
 * their worker, or of any worker a later submission wakes); a StackOverflowError in the unpark of a
 * wake-up delays the woken worker by up to a second (it parks with a timeout and re-reads its flag,
 * which its waker set before the unpark); with the JDK's deques as worker deques, whose pushes call
 * on after they publish, an overflow inside an inbox push can leave the task both queued and
 * stranded, or the deque's lock held; and after a cut-short move, outside submissions no longer
 * start in submission order on one worker.
 *
 * <p>Tuning. The {@link WorkStealingPoolBuilder builder}'s options globalQueue, globalBatch,
 * admission, signalling, stealHalf, idleScans and searchOrder change how work is submitted, taken
 * and signalled, not what runs; {@link WorkStealingPoolBuilder#tuning} sets them from one string
 * and {@link #COMPARED_TUNINGS} lists the ones the harness compares. Their defaults are the
 * builder's (docs/using.md says why). With one worker, outside submissions start in submission
 * order under every tuning and deque kind (a batch goes into the worker's inbox in the order its
 * pops take), unless an Error cut a batch move short (above).
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
     * steal (or, with thievesPopOwnersEnd, pop an any-thread deque). Its own pushes (fork, and
     * execute from a worker) are all that goes into it. workers[i].inbox, of the same kind and
     * with the same owner, holds what worker i moved from shared queues (InboxMoves):
     * top-level work, which joins never take. The global queue is any
     * thread's: submitters push, everyone takes from its FIFO end (pop if popOrder is FIFO,
     * else steal), so outside submissions start in submission order.
     *
     * Parking and wake-up (why no wake-up is lost). Idle workers sit in a small stack guarded by a
     * lock, in IdleWorkers, whose `count` mirrors the stack's size in a volatile so others can
     * check it without the lock. A worker that found nothing (1) pushes itself on the idle stack,
     * writing the count, (2) issues a full fence, (3) re-scans every queue with isEmpty(), and (4)
     * only if all were empty parks until a waker sets its `signaled` flag (IdleWorkers's
     * awaitWork; the park is timed, so a flag set by a waker whose unpark was cut short by a
     * StackOverflowError is still read). Every publisher of a task (a) pushes it, (b) issues a full fence, (c) reads the
     * count and, if it is non-zero and the push needs a signal, pops one worker off the idle stack
     * under the lock, sets its flag and unparks it. The fences order (1) before (3) and (a) before
     * (c) (store->load, which volatile or lock semantics alone do not give for the queues' own
     * fields), so either the re-scan sees the task or the publisher sees the registration. An
     * unpark before the park is kept by LockSupport's permit; spurious returns from park re-check
     * the flag. The re-scan checks emptiness instead of taking, so a steal that lost a race cannot
     * make a worker park beside work.
     *
     * Which pushes signal. A push onto the global queue always does (execute and fork from
     * outside). A push onto a worker's own deque (fork, execute from a worker) signals when, after
     * its fence, the deque holds at most one task: it took the deque from empty to non-empty, or
     * thieves emptied it meanwhile. A push onto a deque that still holds an older task does not
     * signal; that older task was signalled, or is itself behind one. Every successful take from a
     * queue other than one's own (a steal, a global take, a join's steal from a thief, an outside
     * tryRunOne's take) passes the signal on: if a worker is idle and any queue still holds a task,
     * wake one. Each take is an atomic read-modify-write or a lock, so it orders before the
     * re-check, and a thief's check pairs with the owner's fenced size read: either the owner sees
     * its deque emptied by the thief and signals, or the thief sees the owner's new task and passes
     * on. The invariant is: while a task is queued (stranded batches included), some worker is
     * awake and will scan for it (the owner of the deque is awake when it pushes, but may then
     * block by other means than join, so it does not count), or a signal for it is pending, or no
     * worker is idle. A signal may be consumed by a take of another task (the woken worker finds
     * some other queue first); the pass-on then covers the task the signal was for. Each push wakes
     * at most one worker and only when one is idle; a worker spins at most a bounded number of
     * re-scans before registering.
     *
     * Signalling.SEARCHING (Tokio's and Go's rule; the default with more workers than cores). `searchers` counts workers that
     * are awake with no task: a worker whose own scan failed becomes one if fewer than half the
     * workers are (a CAS), re-scans idleScans times, then stops searching (an atomic
     * decrement) and, if still empty-handed, parks through the protocol above; a woken worker
     * is counted as searching by its waker, under the idle stack's lock, before it is unparked. A
     * push signals only if, after its fence, it also reads searchers == 0. Why nothing is lost: a
     * push that read searchers > 0 read it before some searcher's decrement (store->load with
     * full barriers on both sides), so a look at the queues after that decrement sees the push:
     * the last searcher to leave with a task checks every queue and wakes an idle worker, as a
     * searcher, if any holds work; a searcher that leaves empty-handed re-checks in awaitWork
     * and, if it sees work, leaves the idle stack as a searcher again (never as a plain taker).
     * The take that ends a search is then followed by the last searcher's check, which covers
     * every task whose push skipped its signal, so the pass-on after each take is left to it. A
     * busy pool pays a volatile read per push and takes no lock; an idle pool wakes one searcher
     * per burst instead of one worker per task.
     *
     * Moves into the inbox (InboxMoves, whose overview argues them). A global batch's rest and a
     * steal-half's extra tasks go into the mover's inbox; they are in no queue between their take
     * and their push, so the mover then calls signalMoved, a publisher's fence and idle count
     * read as above. A move an Error cuts short strands its tasks in the worker's batch sink,
     * which every scan, tryRunOne, holdsWork(), shutdownNow and the termination check treat as a
     * queue. An Error that escapes a worker's own scan is reported, the worker ends any search,
     * and goes on as one that found nothing (runWorker: it may park, exit or terminate the pool);
     * an Error in a worker's tryRunOne goes to the task that called it.
     *
     * Shutdown. `ctl` holds the SHUTDOWN bit and the number of outside execute/fork calls (without
     * Admission.INJECTOR) between their admission check and the end of their push ("in flight").
     * Admission is a CAS that fails once SHUTDOWN is set, so after shutdown() no such submission
     * starts and the in-flight count only falls. A worker's execute is not counted. Where the deque
     * pops LIFO with thieves at the other end (ownPopHelps), it reads SHUTDOWN, pushes, and after
     * the push's one full fence reads SHUTDOWN again (ThreadPoolExecutor's recheck), against
     * shutdownNow's CAS of SHUTDOWN and then its drain's reads of the deque: either the worker sees
     * SHUTDOWN, takes its task back with a pop and refuses it (if the pop came second to a thief or
     * the drain, the task was accepted: it runs or is returned), or the drain sees the task. An
     * Error between the push and the recheck (a StackOverflowError in the fence's or the pop's
     * call) leaves the task queued with execute throwing; if shutdownNow's drain had passed, it is
     * not returned, and the worker may still run it (a worker takes its own deque's tasks after
     * shutdownNow), so a task whose execute threw that Error may run. On other deques, where a pop
     * would not take back the task just pushed, the execute announces itself with `moving` (below),
     * then reads SHUTDOWN: two more full barriers. Termination needs SHUTDOWN, nothing in flight,
     * every worker on the idle stack, and every queue empty (stranded batches included): a checker
     * reads the idle stack's (size, epoch) under the lock, re-scans the queues, and reads them
     * again; the epoch counts removals from the stack, so an unchanged full stack means no worker
     * ran during the scan and the empty queues were really empty. Then `terminating` is set and
     * every worker is woken to exit. The checks run wherever the last condition can become true: in
     * shutdown(), when the last in-flight submission leaves, and in a worker about to park. The
     * last worker to leave waits for the outside threads inside tryRunOne() (OutsideHelpers), so
     * the pool is not terminated while one runs a task it took, though the other workers may have
     * left (every queue was empty then, and only running tasks could have added to them).
     * shutdownNow() sets SHUTDOWN and `stopping`, waits for the in-flight submissions to finish
     * their push (a few instructions each) and for every worker that is moving tasks from a shared
     * queue into its inbox (`moving`, set before the take and checked against `stopping`: a
     * store-load pair, so either the mover sees stopping and takes nothing, or shutdownNow sees it
     * moving) or pushing its own execute on a deque without the recheck (`moving` before its read
     * of SHUTDOWN, the same pair), drains every queue and stranded batch, wakes and interrupts the
     * workers, which leave as soon as they find no work (a parked one without looking again), so
     * the last may terminate the pool before the drain, beside an in-flight submission's task: an
     * outside tryRunOne() takes nothing once it reads `stopping`, after raising its depth, and a
     * worker takes nothing but its own deque's tasks (forks of its running tasks), in its scans and
     * its joins alike. A task a worker has taken to run (one at a time) may still start after
     * shutdownNow returns.
     *
     * Admission.INJECTOR (an option, with the segmented-mpmc global queue) moves the outside
     * submissions' shutdown check into the injector: shutdown() closes it (one atomic OR on its
     * tail) before it sets SHUTDOWN, and an outside push is one fetch-and-add that either lands
     * below the close, admitted, or is refused. An admitted push may not have stored its task yet
     * when shutdownNow drains, but the injector counts it from its fetch-and-add on: the drain's
     * take waits for that store, and termination's emptiness check sees it. So shutdownNow stays
     * exact with no in-flight count for outside submissions, and the submission needs no fence
     * either (signalWork(): the fetch-and-add is the parking pair's store). A worker's own
     * execute is not counted in either admission ("Shutdown", above). A submitter refused by the
     * closed injector sets SHUTDOWN itself before it throws (shutdown() would set it next), so
     * whoever sees the refusal sees isShutdown() true, and a worker's execute() is refused from
     * then on too.
     *
     * Hot path. A worker's own pushes and pops take no lock beyond what the deque kind takes and
     * allocate nothing; a fork allocates its ForkTask and issues one full fence (the signalling
     * protocol's, as ForkJoinPool's push does) and one opaque read (helpWanted); a fork and its
     * join cost four fences or atomic operations: the push's fence, the pop's fence (or its
     * last-item CAS), the claim's CAS on the task's status and the completion's volatile store,
     * where ForkJoinPool's cost three (its slot store with a full fence, the slot CAS that pops and
     * claims, the completion's atomic OR); a worker's execute issues one full barrier (the push's
     * fence; three on a deque without the recheck, with `moving`'s two volatile stores), as
     * ForkJoinPool's push does; an outside execute is the injector's fetch-and-add and slot CAS
     * under the default Admission.INJECTOR (ForkJoinPool's: the CAS that locks its submission queue
     * and the volatile store that unlocks it), and under SHARED_COUNTER one CAS and one atomic add
     * on ctl (padded onto a cache line of its own) and one full fence besides the global queue's
     * push. Workers keep their private state (help depth, random seed) in their own Thread objects,
     * padded on both sides (WorkStealingWorker). The helping join is HelpingJoin's.
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

    /** When a push wakes an idle worker (see the overview's "Which pushes signal"). */
    public enum Signalling {
        /**
         * A push onto an empty deque or the global queue wakes one idle worker; every take from a
         * queue not the taker's own passes the signal on while work remains.
         */
        EMPTY_TO_NON_EMPTY,
        /**
         * As EMPTY_TO_NON_EMPTY, but a push wakes no one while some worker is searching (awake
         * with no task; at most half the workers); the last searcher to find a task passes the
         * signal on (Tokio's and Go's rule; the overview's "Signalling.SEARCHING").
         */
        SEARCHING
    }

    /** How a submission checks for shutdown (see the overview's "Shutdown"). */
    public enum Admission {
        /** A CAS up and an atomic add down on one in-flight count in {@code ctl}, per submission. */
        SHARED_COUNTER,
        /**
         * Outside submissions are admitted by the global queue itself, which must be
         * {@code segmented-mpmc}: shutdown closes it, and one fetch-and-add both admits and pushes
         * (or refuses).
         */
        INJECTOR
    }

    /** How many helped tasks a join may nest on one worker's stack. */
    public static final int MAX_HELP_DEPTH = 64;

    static {
        // PausePoint's class initialisation, if it first ran at a deep stack (a pause.at in a
        // scan near the stack's end), would fail, and the class would then be unusable for the
        // JVM's lifetime: initialise it with the pool's class. ThreadLocalRandom likewise: an
        // outside tryRunOne() picks its first victim with it, from whatever depth it is called at.
        PausePoint.values();
        ThreadLocalRandom.current();
    }

    private static final int SHUTDOWN = 1 << 30;
    private static final int IN_FLIGHT = SHUTDOWN - 1;

    final WorkStealingWorker[] workers;
    private final TaskQueue<Runnable> global;
    private final boolean globalTakesByPop;
    final boolean thievesPop;
    /**
     * Whether a join may pop its own deque to help, and a worker's execute is rechecked after its
     * push (executeOwn): only when pop is LIFO and thieves take the other (FIFO) end, so that
     * every task a join pops was forked after the awaited one, and a take-back pops the task just
     * pushed or nothing.
     */
    final boolean ownPopHelps;
    private final boolean flowContext;
    private final QueueKind workerDequeKind;
    private final QueueKind globalQueueKind;
    private final SearchOrder searchOrder;
    private final Signalling signalling;
    /** The global queue when it is a segmented-mpmc injector, whose batch take is one CAS; else null. */
    final SegmentedMpmcQueue<Runnable> injector;
    /** Global batches and steal-half: moves into the inboxes, and batches an Error stranded. */
    final InboxMoves moves;
    private final boolean stealHalf;
    /** Re-scans before parking: spinScan's under EMPTY_TO_NON_EMPTY, search's under SEARCHING. */
    private final int idleScans;
    private final Admission admission;
    /** Test hook, {@link PauseHook#NO_PAUSE} but in tests; {@link ForkTask} calls it too. */
    final PauseHook pause;
    /** A join's timed waits (WorkStealingPoolBuilder.joinWait; HelpingJoin). */
    final long joinWaitNanos;
    final long joinPollNanos;
    /**
     * SHUTDOWN bit | submissions in flight, on a cache line of its own: under SHARED_COUNTER every
     * outside submission writes it twice, while the workers read the pool's other fields after
     * every take.
     */
    private final PaddedInt ctl = new PaddedInt();
    volatile boolean stopping;
    /** The idle stack and searchers: the worker's side of parking and signalling. */
    final IdleWorkers idle;
    /** The outside threads inside tryRunOne(), which termination waits for. */
    private final OutsideHelpers outsideHelpers = new OutsideHelpers();

    WorkStealingThreadPool(WorkStealingPoolBuilder b) {
        super("ws-" + b.workerDeque.id());
        this.workerDequeKind = b.workerDeque;
        this.globalQueueKind = b.globalQueue;
        this.searchOrder = b.searchOrder;
        this.signalling = b.signalling != null ? b.signalling : defaultSignalling(b.threads);
        this.stealHalf = b.stealHalf;
        this.idleScans = b.idleScans >= 0 ? b.idleScans
                : signalling == Signalling.SEARCHING ? DEFAULT_SEARCH_SCANS : DEFAULT_IDLE_SCANS;
        this.admission = b.admission != null ? b.admission : defaultAdmission(b.globalQueue);
        this.pause = b.pauseHook;
        this.joinWaitNanos = b.joinWaitNanos;
        this.joinPollNanos = b.joinPollNanos;
        this.thievesPop = b.thievesPopOwnersEnd;
        this.flowContext = b.flowContext;
        this.global = b.globalQueue.create();
        this.injector = global instanceof SegmentedMpmcQueue<Runnable> segmented ? segmented : null;
        this.globalTakesByPop = b.globalQueue.traits().popOrder() == Order.FIFO;
        QueueTraits dequeTraits = b.workerDeque.traits();
        this.ownPopHelps = !b.thievesPopOwnersEnd && dequeTraits.popOrder() == Order.LIFO
                && dequeTraits.stealOrder() == Order.FIFO;
        this.moves = new InboxMoves(this, b.globalBatch, dequeTraits.popOrder() == Order.LIFO, pause);
        this.workers = new WorkStealingWorker[b.threads];
        this.idle = new IdleWorkers(this, b.threads, signalling);
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new WorkStealingWorker(this, i, b.workerDeque.create(), b.workerDeque.create());
        }
    }

    void start() {
        workersStarted(workers.length);
        for (WorkStealingWorker w : workers) {
            w.start();
        }
    }

    /** A pool with {@code threads} workers and every other option at its default. */
    public static WorkStealingThreadPool create(int threads) {
        return builder().threads(threads).build();
    }

    /** A builder with the defaults: one worker per available processor. */
    public static WorkStealingPoolBuilder builder() {
        return new WorkStealingPoolBuilder();
    }

    public static boolean canBackWorkers(QueueKind kind) {
        return kind.traits().exactlyOnce();
    }

    public static boolean canServeAsGlobalQueue(QueueKind kind) {
        QueueTraits t = kind.traits();
        return !t.ownerOnly() && t.exactlyOnce()
                && (t.popOrder() == Order.FIFO || t.stealOrder() == Order.FIFO);
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

    public Signalling signalling() {
        return signalling;
    }

    public int globalBatch() {
        return moves.globalBatch;
    }

    public boolean stealHalf() {
        return stealHalf;
    }

    /** Whether a worker's execute rechecks shutdown after its push (LIFO-pop deques) instead of announcing it. */
    public boolean recheckOwnPush() {
        return ownPopHelps;
    }

    public int idleScans() {
        return idleScans;
    }

    public Admission admission() {
        return admission;
    }

    /**
     * The {@link WorkStealingPoolBuilder#tuning} specs the pool-options experiments compare with the
     * defaults: the defaults first, then each option changed alone, then combinations.
     */
    public static final List<String> COMPARED_TUNINGS = WorkStealingTuning.comparedTunings();

    // ---------------------------------------------------------------- submission

    @Override
    public void execute(Runnable task) {
        checkTask(task);
        Runnable item = flowContext ? ContextTask.capture(task) : task;
        WorkStealingWorker w = currentWorker();
        if (w == null) {
            pushOutside(item);
        } else {
            executeOwn(w, item);
        }
    }

    /** {@code w}'s own execute: onto its deque, refused after shutdown (the overview's "Shutdown"). */
    void executeOwn(WorkStealingWorker w, Runnable item) {
        if (ownPopHelps) { // taking the task back must pop the task just pushed
            executeOwnRechecked(w, item);
            return;
        }
        // On a deque whose pop would not take the task back: volatile store of moving, then
        // volatile read of ctl, the store-load pair with shutdownNow's CAS of SHUTDOWN and its
        // later read of moving, so either this push is refused or shutdownNow waits for it to
        // reach the deque it drains. Field accesses, not calls, begin and end it, so a
        // StackOverflowError cannot leave it announced.
        w.moving = true;
        try {
            if ((ctl.value & SHUTDOWN) != 0) {
                throw new RejectedExecutionException("pool is shut down");
            }
            pushOwn(w, item);
        } finally {
            w.moving = false;
        }
    }

    /**
     * {@code w}'s own execute where its deque pops LIFO (ownPopHelps), ThreadPoolExecutor's
     * way: refused if SHUTDOWN is set; else pushed, fenced once, and SHUTDOWN read again: if it was set meanwhile, the
     * task is taken back (the owner's pop, which on these deques returns the task just pushed
     * unless a thief or shutdownNow's drain took it first) and refused; if it was already taken,
     * it was accepted (it runs, or shutdownNow returns it).
     */
    private void executeOwnRechecked(WorkStealingWorker w, Runnable item) {
        if ((ctl.value & SHUTDOWN) != 0) { // volatile: an execute that starts after shutdown() is refused
            throw new RejectedExecutionException("pool is shut down");
        }
        TaskQueue<Runnable> deque = w.deque;
        deque.push(item);
        // Full fence: orders the push before the reads of ctl and of the idle count (store->load).
        // Pairs with shutdownNow's CAS of SHUTDOWN (a full barrier) before its drain reads this
        // deque: either the read below sees SHUTDOWN or the drain sees the task (jcstress:
        // WorkStealingShutdownTest.Rechecked); and with a registering worker's fence as in pushOwn.
        VarHandle.fullFence();
        if ((ctl.value & SHUTDOWN) != 0) {
            if (deque.pop() == item) {
                throw new RejectedExecutionException("pool is shut down");
            }
            return; // a thief or the drain took it: accepted
        }
        signalOwnPush(w, deque);
    }

    /**
     * An outside submission onto the global queue, admitted by the injector itself under
     * Admission.INJECTOR (refused once shutdown closed it), else by the in-flight count in ctl.
     */
    private void pushOutside(Runnable item) {
        if (admission == Admission.INJECTOR) {
            if (!injector.pushUnlessClosed(item)) {
                // Only shutdown() closes the injector, and it sets SHUTDOWN next: set it here first,
                // so that whoever sees this refusal also sees isShutdown() true.
                setShutdownBit();
                throw new RejectedExecutionException("pool is shut down");
            }
            signalWork();
            return;
        }
        admit();
        try {
            global.push(item);
            signalWork();
        } finally {
            leave();
        }
    }

    /**
     * Forks {@code task}: onto the calling worker's own deque, or, from an outside thread, onto the
     * global queue.
     *
     * @throws NullPointerException       if {@code task} is null
     * @throws RejectedExecutionException if called from outside after shutdown
     */
    @Override
    public <T> Joinable<T> fork(Callable<T> task) {
        checkTask(task);
        ForkTask<T> forked = flowContext
                ? new ForkTask<>(this, task, TaskContext.current())
                : new ForkTask<>(this, task); // no TaskContext in its signature (ForkTask's overview)
        WorkStealingWorker w = currentWorker();
        if (w != null) {
            pushOwn(w, forked);
        } else {
            pushOutside(forked);
        }
        return forked;
    }

    /**
     * Pushes {@code task} onto {@code w}'s own deque and wakes an idle worker if the push took the
     * deque from empty to non-empty (the overview's "Parking and wake-up").
     */
    void pushOwn(WorkStealingWorker w, Runnable task) {
        TaskQueue<Runnable> deque = w.deque;
        deque.push(task);
        // Full fence: orders the push before the idle count and size reads below (store->load);
        // pairs with the fence in IdleWorkers.registerAndRescan (a worker registering as idle,
        // then re-scanning), with the atomic decrement in IdleWorkers.stopSearching (searchers),
        // and with the atomic take of a thief, which re-checks the queues after taking (jcstress:
        // WorkStealingParkingTest.OwnPush and .SearcherHandoff, HelpingJoinWakeTest).
        VarHandle.fullFence();
        signalOwnPush(w, deque);
    }

    /**
     * After {@code w}'s push onto its own deque and the fence that follows it: wakes an idle worker
     * if the push took the deque from empty to non-empty, and a join waiting for {@code w}'s forks.
     */
    private void signalOwnPush(WorkStealingWorker w, TaskQueue<Runnable> deque) {
        if (idle.count() != 0 && deque.size() <= 1 && idle.noSearcher()) {
            idle.wakeOne();
        }
        HelpingJoin.wakeHelper(w);
    }

    private void admit() {
        for (int c = ctl.value; ; c = ctl.value) {
            if ((c & SHUTDOWN) != 0) {
                throw new RejectedExecutionException("pool is shut down");
            }
            if (ctl.weakCasValue(c, c + 1)) {
                return;
            }
        }
    }

    private void leave() {
        int c = ctl.getAndAddValue(-1) - 1;
        if (c == SHUTDOWN) {
            tryTerminate();
        }
    }

    WorkStealingWorker currentWorker() {
        return Thread.currentThread() instanceof WorkStealingWorker w && w.pool == this ? w : null;
    }

    @Override
    boolean isOwnWorker(Thread thread) {
        return thread instanceof WorkStealingWorker w && w.pool == this
                || thread == Thread.currentThread() && outsideHelpers.mine().depth > 0;
    }

    // ---------------------------------------------------------------- finding work

    Runnable takeGlobal() {
        return globalTakesByPop ? global.pop() : global.steal();
    }

    /**
     * The global queue and the victims, in the search order; null if nothing was found. On a
     * worker, a task found is marked as taken by it and the wake-up is passed on.
     */
    Runnable scanShared(WorkStealingWorker w) {
        Runnable task = moves.takeStranded(); // taken from the global queue before what it holds now
        if (task == null && searchOrder == SearchOrder.LOCAL_GLOBAL_STEAL) {
            task = moves.takeGlobalBatch(w);
        }
        if (task == null) {
            task = stealFromOthers(w);
        }
        if (task == null && searchOrder == SearchOrder.LOCAL_STEAL_GLOBAL) {
            task = moves.takeGlobalBatch(w);
        }
        if (task != null && w != null) {
            tookShared(w, task);
        }
        return task;
    }

    /**
     * After tasks were moved into the caller's inbox: a task was out of every queue between its
     * take and its push, so a worker that scanned meanwhile may have parked; wake one.
     */
    void signalMoved() {
        // Full fence: orders the pushes before the idle count and searchers reads; pairs with the
        // fence in IdleWorkers.registerAndRescan and the atomic decrement in stopSearching.
        VarHandle.fullFence();
        if (idle.count() != 0 && idle.noSearcher()) {
            idle.wakeOne();
        }
    }

    /**
     * After {@code w} took {@code task} from a queue not its own: records {@code w} as the
     * task's thief (for joins) and passes the wake-up on if work remains and a worker is idle.
     * The signal that woke {@code w} may have been for another task than the one it took, so
     * without this an idle worker could stay parked beside queued work (the overview).
     */
    void tookShared(WorkStealingWorker w, Runnable task) {
        if (task instanceof ForkTask<?> forked) {
            forked.setThiefRelease(w);
        }
        passSignalOn();
    }

    /**
     * After a take from a queue not the taker's own (a worker's or an outside tryRunOne's):
     * wakes an idle worker if any queue still holds a task. With Signalling.SEARCHING the
     * searcher's transition passes the signal on instead (stopSearching).
     */
    private void passSignalOn() {
        // The take was a volatile read-modify-write or a lock (a full barrier on the queue), so the
        // reads below see every push that preceded it; see "why no wake-up is lost".
        if (signalling != Signalling.SEARCHING && idle.count() != 0 && anyQueuedWork()) {
            idle.wakeOne();
        }
    }

    /** One pass over the other workers' deques from a random start; {@code w} null for outsiders. */
    private Runnable stealFromOthers(WorkStealingWorker w) {
        WorkStealingWorker[] ws = workers;
        int n = ws.length;
        int start = w != null ? w.nextRandom(n) : ThreadLocalRandom.current().nextInt(n);
        for (int i = 0; i < n; i++) {
            WorkStealingWorker victim = ws[(start + i) % n];
            if (victim == w) {
                continue;
            }
            TaskQueue<Runnable> deque = victim.deque;
            Runnable task = thievesPop ? deque.pop() : deque.steal();
            if (task != null) {
                if (stealHalf && w != null) {
                    moves.stealMore(w, deque);
                }
                return task;
            }
            // The emptiness check first spares the steal's fence on the usual empty inbox.
            TaskQueue<Runnable> inbox = victim.inbox;
            if (!inbox.isEmpty() && (task = thievesPop ? inbox.pop() : inbox.steal()) != null) {
                return task;
            }
        }
        return null;
    }

    /** Whether {@code w}'s deque holds a task a join may help with (volatile reads; no take). */
    boolean holdsForks(WorkStealingWorker w) {
        return !w.deque.isEmpty();
    }

    /** Whether any of {@code w}'s queues (deque, inbox) holds a task (volatile reads; no take). */
    boolean holdsWork(WorkStealingWorker w) {
        // The batch's flag: a volatile read, after the caller's fence (stranded tasks count as
        // queued for the wake-up and termination arguments).
        return holdsForks(w) || !w.inbox.isEmpty() || w.batch.stranded;
    }

    Runnable popOwn(WorkStealingWorker w) {
        return w.deque.pop(); // run() claims a ForkTask with a CAS
    }

    /**
     * {@code w}'s next task: its own deque's, then its inbox's, then the shared search's; only its
     * own deque's once shutdownNow() has begun.
     */
    private Runnable scan(WorkStealingWorker w) {
        Runnable task = popOwn(w);
        // volatile read of stopping: shutdownNow() stores it before it drains and returns, so a
        // worker that took one task meanwhile (and whose run can see that shutdownNow returned)
        // sees it here before its next take, and takes nothing more but forks of its own tasks.
        if (task == null && !stopping && (task = w.inbox.pop()) == null) {
            task = scanShared(w);
        }
        return task;
    }

    /** Whether any queue holds a task, by emptiness checks only (no lost race counts as empty). */
    boolean anyQueuedWork() {
        if (!global.isEmpty()) {
            return true;
        }
        for (WorkStealingWorker w : workers) {
            if (holdsWork(w)) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- workers

    void runWorker(WorkStealingWorker w) {
        try {
            for (;;) {
                Runnable task;
                try {
                    task = findTask(w);
                } catch (Throwable failure) {
                    // The worker's own steps threw, not a task: report it and go on as a worker
                    // that found nothing (the overview's "Moves into the inbox").
                    if (w.searching) {
                        idle.stopSearching(w, false);
                    }
                    reportUncaught(failure);
                    task = null;
                }
                if (task != null) {
                    if (Thread.interrupted() && stopping) {
                        w.interrupt();
                    }
                    runReporting(task);
                } else if (stopping || idle.terminating() || !idle.awaitWork(w)) {
                    return;
                }
            }
        } finally {
            workerExited();
        }
    }

    /** {@code w}'s next task by scans (and a search), or null once it should register as idle. */
    private Runnable findTask(WorkStealingWorker w) {
        Runnable task = scan(w);
        if (task == null) {
            task = signalling == Signalling.SEARCHING ? search(w) : spinScan(w);
            if (task == null) {
                pause.at(PausePoint.NOTHING_FOUND);
            }
        }
        if (w.searching) {
            if (task != null) {
                pause.at(PausePoint.SEARCHER_FOUND_TASK);
            }
            idle.stopSearching(w, task != null);
        }
        return task;
    }

    private Runnable spinScan(WorkStealingWorker w) {
        Runnable task = null;
        for (int i = 0; task == null && i < idleScans; i++) {
            Thread.onSpinWait();
            task = scan(w);
        }
        return task;
    }

    /** Signalling.SEARCHING: becomes a searcher if fewer than half the workers are (or already is one). */
    private Runnable search(WorkStealingWorker w) {
        if (!w.searching && !idle.startSearching(w)) {
            return null;
        }
        return spinScan(w);
    }

    /** After a push onto the global queue: wakes one idle worker, if any. */
    private void signalWork() {
        // Full fence: orders the caller's push before the idle count read; pairs with the fence in
        // IdleWorkers.registerAndRescan. A segmented-mpmc injector needs none: its push's volatile
        // fetch-and-add on tail and its isEmpty()'s volatile read of tail are sequentially
        // consistent, so either this count read sees the registration or the re-scan sees the
        // push (jcstress: WorkStealingParkingTest.OutsideSubmit).
        if (injector == null) {
            VarHandle.fullFence();
        }
        if (idle.count() != 0 && idle.noSearcher()) {
            idle.wakeOne();
        }
    }

    // ---------------------------------------------------------------- shutdown

    /**
     * Terminates if SHUTDOWN is set, nothing is in flight, and every worker is idle beside empty
     * queues (IdleWorkers.terminateIfQuiescent; the overview's "Shutdown").
     */
    void tryTerminate() {
        if (ctl.value == SHUTDOWN) {
            idle.terminateIfQuiescent();
        }
    }

    @Override
    public void shutdown() {
        if (admission == Admission.INJECTOR) {
            // Before SHUTDOWN, so that whoever sees SHUTDOWN also finds the injector closed and no
            // outside push can land after termination (a refused pusher sets SHUTDOWN itself).
            injector.close();
            pause.at(PausePoint.SHUTDOWN_CLOSED_INJECTOR);
        }
        setShutdownBit();
        tryTerminate();
    }

    private void setShutdownBit() {
        for (int c = ctl.value; (c & SHUTDOWN) == 0; c = ctl.value) {
            if (ctl.weakCasValue(c, c | SHUTDOWN)) {
                return;
            }
        }
    }

    @Override
    public List<Runnable> shutdownNow() {
        shutdown();
        // volatile: the store-load pair with InboxMoves.startMoving and executeOwn (read of moving below)
        stopping = true;
        while ((ctl.value & IN_FLIGHT) != 0) {
            Thread.yield();
        }
        List<Runnable> neverRun = new ArrayList<>();
        for (Runnable task; (task = takeGlobal()) != null; ) {
            collectNeverRun(neverRun, task);
        }
        for (WorkStealingWorker w : workers) {
            if (w.moving) {
                pause.at(PausePoint.STOP_AWAITS_MOVER);
                while (w.moving) {
                    Thread.yield(); // w is pushing tasks it took from a shared queue into its inbox
                }
            }
            w.batch.drain(task -> collectNeverRun(neverRun, task)); // w starts no move now (stopping)
            drainInto(neverRun, w.deque);
            drainInto(neverRun, w.inbox);
        }
        idle.wakeAll();
        for (WorkStealingWorker w : workers) {
            w.interrupt();
        }
        return neverRun;
    }

    private static void drainInto(List<Runnable> out, TaskQueue<Runnable> queue) {
        for (int misses = 0; misses < 1_000; ) {
            Runnable task = queue.steal();
            if (task != null) {
                collectNeverRun(out, task);
            } else if (queue.isEmpty()) {
                return;
            } else {
                misses++; // lost a race with the owner's pop
            }
        }
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
        return (ctl.value & SHUTDOWN) != 0;
    }

    // ---------------------------------------------------------------- fork/join
    void runNested(WorkStealingWorker w, Runnable task) {
        w.depth++;
        try {
            runReporting(task);
        } finally {
            w.depth--;
        }
    }

    /**
     * Runs one pending task on the calling thread, if there is one it may run: on a worker, its
     * own deque's next task or one found in the search order (only its own deque's once
     * {@link #shutdownNow()} has begun; nothing once the worker's help depth reached
     * {@link #MAX_HELP_DEPTH}); on another thread, the global queue's oldest task
     * or one stolen from a random worker, and nothing once {@link #shutdownNow()} has begun (its
     * drain returns those tasks). What a task passed to {@code execute} throws goes to
     * the uncaught-exception handler.
     *
     * @return whether a task ran
     */
    public boolean tryRunOne() {
        WorkStealingWorker w = currentWorker();
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
        // Inside from before its take until its task has run, so the pool does not terminate while
        // this thread runs a task it took. Only field stores mark it, so a StackOverflowError
        // anywhere here cannot leave it marked (OutsideHelpers): the record's lookup comes first,
        // and left()'s wake-up, the one call after the restore, has a timed re-check behind it.
        OutsideHelpers.Helper me = outsideHelpers.mine();
        int depth = me.depth;
        me.depth = depth + 1;
        try {
            // Once shutdownNow() set `stopping` the pool may terminate with tasks queued: take
            // none. volatile store of depth, then volatile read of stopping; pairs with
            // shutdownNow's store of stopping and the last worker's read of it before
            // awaitNoneInside reads depth, so either this sees stopping and takes nothing, or that
            // worker waits for this thread.
            if (stopping) {
                return false;
            }
            Runnable task = moves.takeStranded();
            if (task == null) {
                task = takeGlobal();
            }
            if (task == null) {
                task = stealFromOthers(null);
            }
            if (task == null) {
                return false;
            }
            passSignalOn();
            runReporting(task);
            return true;
        } finally {
            me.depth = depth;
            if (depth == 0) {
                outsideHelpers.left();
            }
        }
    }

    @Override
    void awaitOutsideHelpers() {
        outsideHelpers.awaitNoneInside();
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

    int idleWorkers() {
        return idle.count();
    }

    int currentHelpDepth() {
        WorkStealingWorker w = currentWorker();
        return w == null ? -1 : w.depth;
    }

    int currentDequeSize() {
        WorkStealingWorker w = currentWorker();
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
                + (flowContext ? ", context flow" : "") + ", signalling " + signalling
                + (globalBatch() > 1 ? ", global-batch " + globalBatch() : "")
                + (stealHalf ? ", steal-half" : "")
                + ", idle scans " + idleScans
                + (admission == Admission.INJECTOR ? ", injector admission" : "")
                + (isShutdown() ? ", shut down" : "") + "]";
    }
}
