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
import java.util.function.Consumer;
import org.stealbench.queues.LifoSlot;
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
 * pool's workers goes onto that worker's own deque ({@link TaskQueue#push}, the owner's end);
 * from any other thread it goes onto the global queue. A worker looking for work takes its own
 * deque's next task ({@code pop}), then its inbox's (tasks it moved there from the global queue or
 * a victim in one batch), then, in the {@linkplain SearchOrder search order}, the global queue's
 * oldest task and a task stolen from another worker, trying victims from a random start.
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
 * {@link java.util.concurrent.CancellationException}) and returns them with the rest; every other
 * accepted task has started by the time it returns, except at most one per worker (or outside
 * helper) that it had already taken from a queue (as with ThreadPoolExecutor), and, under
 * {@link Builder#lifoSlot}, a task a running fork displaced from the slot while the drain passed.
 * A task forked by a running task after {@code shutdownNow} drained the queues is run by that
 * task's joins or by its worker afterwards, and not returned. A task that an outside thread runs
 * through {@link #tryRunOne()} is an outside submitter's: it cannot fork after shutdown.
 *
 * <p>Tuning. {@link Builder#globalQueue}, {@link Builder#globalBatch}, {@link Builder#admission},
 * {@link Builder#signalling}, {@link Builder#stealHalf}, {@link Builder#lifoSlot},
 * {@link Builder#idleScans} and
 * {@link Builder#searchOrder} change how work is submitted, taken and signalled, not what runs;
 * each can be set from one string with {@link Builder#tuning}, which is what
 * {@link PoolKind#create(int, String)} passes for benchmarks, and {@link #COMPARED_TUNINGS} lists
 * the ones the harness's pool-options experiments compare. The defaults: the lock-free
 * segmented-mpmc injector as the global queue, batches of 32 taken from it, Admission.INJECTOR,
 * eager signalling, single steals. Why, with the figures that chose them (interleaved rounds
 * against ForkJoinPool, by CPU and JDK): docs/using.md, which gives the current ratios; the runs
 * behind them are in docs/findings.md. A fork and its join cost four atomic operations or full
 * fences here (the push's fence, the pop's fence or last-item CAS, the claim's CAS on the task's
 * status, the completion's volatile store) where ForkJoinPool's cost three (its slot store with a full fence,
 * the slot CAS that pops and claims, the completion's atomic OR); docs/findings.md shows on which
 * CPU that difference is the gap and on which it is not.
 * With one worker, outside submissions start in submission order under every tuning and deque
 * kind (a batch goes into the worker's inbox in the order its pops take).
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
     * with the same owner, holds what worker i moved from shared queues (batches, below):
     * top-level work, which joins never take. The global queue is any
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

     * Signalling.SEARCHING (Tokio's and Go's rule, an option). `searchers` counts workers that
     * are awake with no task: a worker whose own scan failed becomes one if fewer than half the
     * workers are (a CAS), re-scans idleScans times, then stops searching (an atomic
     * decrement) and, if still empty-handed, parks through the protocol above; a woken worker
     * is counted as searching by its waker, under idleLock, before it is unparked. A push
     * signals only if, after its fence, it also reads searchers == 0. Why nothing is lost: a
     * push that read searchers > 0 read it before some searcher's decrement (store->load with
     * full barriers on both sides), so a look at the queues after that decrement sees the push:
     * the last searcher to leave with a task checks every queue and wakes an idle worker, as a
     * searcher, if any holds work; a searcher that leaves empty-handed re-checks in awaitWork()
     * and, if it sees work, leaves the idle stack as a searcher again (never as a plain taker).
     * The take that ends a search is then followed by the last searcher's check, which covers
     * every task whose push skipped its signal, so the pass-on after each take is left to it. A
     * busy pool pays a volatile read per push and takes no lock; an idle pool wakes one searcher
     * per burst instead of one worker per task.
     *
     * Issue 9 (the lost wake-up this rule had): the re-check in awaitWork() used to send the
     * worker back as a plain taker. The only searcher of a 2-worker pool, the other parked,
     * finishes its scans empty-handed; two outside tasks are pushed and both read searchers = 1,
     * so neither signals; the searcher decrements, registers, re-checks, sees work, takes the
     * first task and (not searching) passes nothing on; that task blocks until the second
     * starts, which waits in the global queue beside the parked worker. Forks pushed by a
     * running worker were lost the same way. WorkStealingLivenessTest replays both with
     * PauseHook.
     *
     * Batches (options). globalBatch > 1: a worker that takes from the global queue takes up to
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
     * LIFO slot (an option). A worker's own push exchanges the task into its slot (one atomic
     * exchange, which is also the signalling protocol's full barrier) and pushes the task it
     * displaced onto its deque, where it is older than the slot's; its pop takes the slot first
     * (plain read, CAS), then the deque. Thieves and joins that steal try a victim's slot after
     * its deque (volatile read, CAS; see LifoSlot, whose accesses jcstress checks), so the slot is
     * part of the worker's queue for every rule above: a worker takes from elsewhere only when
     * its slot and deque are empty, anyQueuedWork() reads every slot, shutdownNow() drains it with
     * an exchange. Signalling: a push into an empty slot signals if the deque is empty too (tasks in the deque were signalled, and a taker of
     * one passes the signal on); the displaced task's push onto the deque signals by the deque's
     * rule. The displaced task is in no queue between the exchange and its push, but the slot is
     * never empty meanwhile, so a woken worker finds the slot's task, and the deque push's
     * size check covers the displaced one.
     *
     * Shutdown. `ctl` holds the SHUTDOWN bit and the number of execute/fork calls between their
     * admission check and the end of their push ("in flight"). Admission is a CAS that fails once
     * SHUTDOWN is set, so after shutdown() no submission starts and the in-flight count only
     * falls. Termination needs SHUTDOWN, nothing in flight, every worker on the idle stack, and
     * every queue empty: a checker reads the idle stack's (size, epoch) under the lock, re-scans
     * the queues, and reads them again; the epoch counts removals from the stack, so an unchanged
     * full stack means no worker ran during the scan and the empty queues were really empty. Then
     * `terminating` is set and every worker is woken to exit. The checks run wherever the last
     * condition can become true: in shutdown(), when the last in-flight submission leaves, and in
     * a worker about to park. An outside thread in tryRunOne() counts as a live thread of the
     * pool (StealbenchPool's count) from before its take until its task has run, so the pool is
     * not terminated while it runs a task it took, though the workers may have left (every queue
     * was empty then, and only running tasks could have added to them). shutdownNow() sets SHUTDOWN
     * and `stopping`, waits for the in-flight submissions to finish their push (a few
     * instructions each) and for every worker that is moving tasks from a shared queue into its
     * inbox (`moving`, set before the take and checked against `stopping`: a store-load pair, so
     * either the mover sees stopping and takes nothing, or shutdownNow sees it moving), drains
     * every queue, wakes and interrupts the workers, which leave as soon as they find no work. A
     * task a worker has taken to run (one at a time) may still start after shutdownNow returns.
     *
     * Admission.INJECTOR (an option, with the segmented-mpmc global queue) moves the outside
     * submissions' shutdown check into the injector: shutdown() closes it (one atomic OR on its
     * tail) before it sets SHUTDOWN, and an outside push is one fetch-and-add that either lands
     * below the close, admitted, or is refused. An admitted push may not have stored its task yet
     * when shutdownNow drains, but the injector counts it from its fetch-and-add on: the drain's
     * take waits for that store, and termination's emptiness check sees it. So shutdownNow stays
     * exact with no in-flight count for outside submissions, and the submission needs no fence
     * either (signalWork(): the fetch-and-add is the parking pair's store). Workers' own
     * submissions still count in ctl. A submitter refused by the closed injector sets SHUTDOWN
     * itself before it throws (shutdown() would set it next), so whoever sees the refusal sees
     * isShutdown() true, and a worker's execute() is refused from then on too.
     *
     * Helping join (awaitJoin). On a worker, while the awaited task is not done: below
     * MAX_HELP_DEPTH and if the deque pops LIFO with thieves on the other end, pop and run own
     * tasks: these were forked after the awaited one (thieves take the oldest first, so once the
     * awaited task is gone everything left in the deque is younger), usually ending with the
     * awaited task itself, the natural recursion order. A task this worker's frames submitted
     * with execute() sits in the deque too and is run the same way: it must not wait for what
     * the frame it is nested on does after its join (ForkJoinPool would not run it there, and
     * compensates with a spare thread where this pool has none). Else, or when that deque is
     * empty, claim
     * the awaited task and run it inline if no one started it (always allowed: that is the
     * recursion a sequential program would do, so the stack depth stays that of the program plus
     * at most MAX_HELP_DEPTH helped tasks). Else, below the bound and on such a LIFO deque (whose
     * pop just found it empty), steal from the thief that ForkTask records (the worker that took the awaited task from a queue not its own): that
     * worker's deque holds the awaited task's subtree while it runs it, since a worker takes
     * from another queue only when its own deque is empty (a join on a FIFO-pop deque, which
     * may still hold older tasks, therefore never steals). Else spin a bounded number of rounds,
     * then wait on the task's monitor for at most 16 ms; after each wait look once more, then
     * wait again. A wait ends early when the task completes, and when the thief pushes a task
     * (how new work in the awaited task's subtree appears there): before waiting the
     * join registers the task in the thief's helpWanted (a CAS, so one joiner per thief) and,
     * under the task's monitor, checks the thief's deque; the thief reads helpWanted after each
     * push's full fence and notifies, so either the check sees the push or the thief sees the
     * joiner (a store-load pair), and the monitor keeps the notify out of the gap between check
     * and wait. So a join that could help is woken as soon as it can, and one that cannot (an
     * awaited task that runs long with no forks) wakes once per 16 ms, not once per millisecond.
     * A second joiner on the same thief is not registered and waits 1 ms at a time. The join never takes
     * from the global queue, an inbox, or random victims. A pending interrupt ends one timed wait and
     * is cleared; the join restores it when it returns, so an interrupted joiner blocks instead
     * of spinning.
     *
     * Why no cycle of waits. A frame waits only for a task running on another worker or for a
     * task it runs itself, and a task a join runs on top of its frame belongs to the awaited
     * task's subtree. In a program whose tasks join only tasks they forked (or descendants of
     * those), every task in that subtree started after the waiting frame and can wait only for
     * its own descendants, never for a frame suspended under it, so the waits-for relation is
     * acyclic. An outside task (in the global queue or an inbox) is never stacked on a joiner,
     * so a task that joins a non-descendant (C joining T in issue 9) waits on its own worker's
     * stack, not on top of T. The thief hint is read before the steal, so the thief may have
     * finished the awaited task and moved on; the join then runs one task of that worker's
     * newer work, which joins only its own descendants, and sees the awaited task done next.
     * An inline claim leaves the task's queue entry behind; running that stale entry later does
     * nothing (ForkTask's claim).

     * Hot path. A worker's own pushes and pops take no lock beyond what the deque kind takes and
     * allocate nothing; a fork allocates its ForkTask and issues one full fence (the signalling
     * protocol's, as ForkJoinPool's push does) and one opaque read (helpWanted); a fork and its
     * join cost four fences or atomic operations: the push's fence, the pop's fence (or its
     * last-item CAS), the claim's CAS on the task's status and the completion's volatile store;
     * an outside
     * execute is the injector's one fetch-and-add under the default Admission.INJECTOR, and
     * under SHARED_COUNTER one CAS and one atomic add on ctl (padded onto a cache line of its
     * own) and one full fence besides the global queue's push. Workers keep their
     * private state (help depth, random seed) in their own Thread objects, whose fields are
     * padded on both sides (see Worker: without the padding they shared cache lines with
     * whatever the collector copied next to them).
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
         * with no task); at most half the workers search, spinning briefly before they park, and
         * the last searcher to find a task passes the signal on (Tokio's and Go's rule). A busy
         * pool then pays one volatile read per push, and an idle one is not woken once per task.
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
         * (or refuses); nothing else per outside submission. A worker's submissions count in ctl
         * as under SHARED_COUNTER.
         */
        INJECTOR
    }

    /**
     * A test seam: a worker (or a thread shutting the pool down) calls it at the points of the
     * wake-up and shutdown protocols where the order of its next step against other threads
     * decides whether a wake-up or a task can be lost, so a test can hold that thread there while
     * others run through. Pools built without
     * {@link Builder#pauseHook} use {@link #NO_PAUSE}, which does nothing.
     */
    interface PauseHook {
        void at(PausePoint point);
    }

    /** Where a worker calls its {@link PauseHook}. */
    enum PausePoint {
        /**
         * The worker's scans (and its search, under Signalling.SEARCHING) found nothing; next it
         * stops searching if it searches, and registers as idle.
         */
        NOTHING_FOUND,
        /** A searching worker (Signalling.SEARCHING) found a task; next it stops searching. */
        SEARCHER_FOUND_TASK,
        /** A worker took more than one task from the global queue; next it moves all but one to its inbox. */
        BATCH_TAKEN,
        /** shutdownNow() found a worker moving tasks into its inbox; next it waits for it to finish. */
        STOP_AWAITS_MOVER,
        /** shutdown() closed the injector (Admission.INJECTOR); next it sets SHUTDOWN. */
        SHUTDOWN_CLOSED_INJECTOR
    }

    static final PauseHook NO_PAUSE = point -> { };

    /** How many helped tasks a join may nest on one worker's stack. */
    public static final int MAX_HELP_DEPTH = 64;

    /**
     * The global queue's default kind: {@code segmented-mpmc}, the lock-free injector (one
     * fetch-and-add per outside submission, one CAS per batch taken; 4 bytes of segment per task).
     * Seed 003's {@code locked} queue, the default before, put one contended monitor between the
     * submitter and every worker; docs/using.md has the figures. The harness's
     * {@code global-queue} experiment measures every eligible kind ({@link Builder#globalQueue}).
     */
    public static final QueueKind DEFAULT_GLOBAL_QUEUE = QueueKind.SEGMENTED_MPMC;

    /**
     * The default {@link Builder#globalBatch}: a worker takes up to 32 outside submissions at once
     * (one CAS on the injector) and runs them from its inbox, where others may steal them.
     */
    public static final int DEFAULT_GLOBAL_BATCH = 32;

    /**
     * The worker deque's default kind: {@code chase-lev}, lock-free on both ends with no
     * allocation per push, what ForkJoinPool, crossbeam and Tokio build on.
     */
    public static final QueueKind DEFAULT_WORKER_DEQUE = QueueKind.CHASE_LEV;

    /** The default search order. */
    public static final SearchOrder DEFAULT_SEARCH_ORDER = SearchOrder.LOCAL_GLOBAL_STEAL;

    /**
     * The admission a pool gets unless {@link Builder#admission} sets one: INJECTOR with the
     * segmented-mpmc global queue (the default), which admits outside submissions itself;
     * SHARED_COUNTER with any other.
     */
    public static Admission defaultAdmission(QueueKind globalQueue) {
        return globalQueue == QueueKind.SEGMENTED_MPMC ? Admission.INJECTOR : Admission.SHARED_COUNTER;
    }

    /** The default signalling. */
    public static final Signalling DEFAULT_SIGNALLING = Signalling.EMPTY_TO_NON_EMPTY;

    /** Whether a successful steal takes half the victim's tasks by default (docs/using.md has the figures). */
    public static final boolean DEFAULT_STEAL_HALF = false;

    /** Whether a worker keeps its newest own push in a LIFO slot by default (see Builder.lifoSlot). */
    public static final boolean DEFAULT_LIFO_SLOT = false;

    /** The largest {@link Builder#globalBatch} and {@link Builder#stealHalf} batch. */
    public static final int MAX_BATCH = 64;

    private static final int SHUTDOWN = 1 << 30;
    private static final int IN_FLIGHT = SHUTDOWN - 1;
    /** Re-scans of every queue a worker makes before it registers as idle, by default. */
    private static final int IDLE_SCANS = 2;
    /** Re-scans a searching worker (Signalling.SEARCHING) makes before it parks, by default. */
    private static final int SEARCH_SCANS = 16;
    /** The largest {@link Builder#idleScans}. */
    public static final int MAX_IDLE_SCANS = 4096;
    /** Help-or-spin rounds a join makes before it first waits on the task. */
    private static final int JOIN_SPINS = 64;
    /** A join's timed wait when a push of the thief it waits on will wake it (awaitJoin). */
    private static final long JOIN_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(16);
    /** A join's timed wait when another joiner holds the thief's wake-up (awaitJoin). */
    private static final long JOIN_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /** A {@link PaddedInt}'s value: ctl's CAS and atomic add. */
    private static final VarHandle VALUE;
    private static final VarHandle SEARCHERS;
    private static final VarHandle HELP_WANTED;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(PaddedIntValue.class, "value", int.class);
            SEARCHERS = MethodHandles.lookup().findVarHandle(WorkStealingThreadPool.class, "searchers", int.class);
            HELP_WANTED = MethodHandles.lookup().findVarHandle(WorkerFields.class, "helpWanted", ForkTask.class);
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
    /** Whether an inbox (of the worker deque's kind) pops LIFO: the order a batch is pushed in. */
    private final boolean inboxPopsLifo;
    private final boolean flowContext;
    private final QueueKind workerDequeKind;
    private final QueueKind globalQueueKind;
    private final SearchOrder searchOrder;
    private final Signalling signalling;
    private final boolean searchingGate;
    private final int globalBatch;
    /** The global queue when it is a segmented-mpmc injector, whose batch take is one CAS; else null. */
    private final SegmentedMpmcQueue<Runnable> injector;
    private final boolean stealHalf;
    /** Whether a worker keeps its newest own push in {@link Worker#slot} (Builder.lifoSlot). */
    private final boolean lifoSlot;
    /** Re-scans before parking: spinScan's under EMPTY_TO_NON_EMPTY, search's under SEARCHING. */
    private final int idleScans;
    private final Admission admission;
    private final boolean injectorAdmission;
    private final PauseHook pause;
    /** A join's timed waits (Builder.joinWait; awaitJoin). */
    private final long joinWaitNanos;
    private final long joinPollNanos;
    /**
     * SHUTDOWN bit | submissions in flight, on a cache line of its own: under SHARED_COUNTER every
     * outside submission writes it twice, while the workers read idleCount and searchers, which
     * the layout would otherwise put beside it, after every take.
     */
    private final PaddedInt ctl = new PaddedInt();
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
    /**
     * Workers searching for work with none in hand (Signalling.SEARCHING only); changed by
     * atomic add or CAS, read by pushes after their fence.
     */
    private volatile int searchers;
    /** How deep the calling outside thread is in this pool's tryRunOne() (isOwnWorker, for close()). */
    private final ThreadLocal<Integer> helping = ThreadLocal.withInitial(() -> 0);

    private WorkStealingThreadPool(Builder b) {
        super("ws-" + b.workerDeque.id());
        this.workerDequeKind = b.workerDeque;
        this.globalQueueKind = b.globalQueue;
        this.searchOrder = b.searchOrder;
        this.signalling = b.signalling;
        this.searchingGate = b.signalling == Signalling.SEARCHING;
        this.globalBatch = b.globalBatch;
        this.stealHalf = b.stealHalf;
        this.lifoSlot = b.lifoSlot;
        this.idleScans = b.idleScans >= 0 ? b.idleScans : searchingGate ? SEARCH_SCANS : IDLE_SCANS;
        this.admission = b.admission != null ? b.admission : defaultAdmission(b.globalQueue);
        this.injectorAdmission = admission == Admission.INJECTOR;
        this.pause = b.pauseHook;
        this.joinWaitNanos = b.joinWaitNanos;
        this.joinPollNanos = b.joinPollNanos;
        this.thievesPop = b.thievesPopOwnersEnd;
        this.flowContext = b.flowContext;
        this.globalFirst = b.searchOrder == SearchOrder.LOCAL_GLOBAL_STEAL;
        this.global = b.globalQueue.create();
        this.injector = global instanceof SegmentedMpmcQueue<Runnable> segmented ? segmented : null;
        this.globalTakesByPop = b.globalQueue.traits().popOrder() == Order.FIFO;
        QueueTraits dequeTraits = b.workerDeque.traits();
        this.ownPopHelps = !b.thievesPopOwnersEnd && dequeTraits.popOrder() == Order.LIFO
                && dequeTraits.stealOrder() == Order.FIFO;
        this.inboxPopsLifo = dequeTraits.popOrder() == Order.LIFO;
        this.workers = new Worker[b.threads];
        this.idleStack = new Worker[b.threads];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker(this, i, b.workerDeque.create(), b.workerDeque.create());
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

    /**
     * Builds a {@link WorkStealingThreadPool}; every setter checks its own argument at once, and
     * {@link #build()} checks the combinations (thievesPopOwnersEnd against the deque kind,
     * Admission.INJECTOR against the global queue).
     */
    public static final class Builder {
        private int threads = Runtime.getRuntime().availableProcessors();
        private QueueKind workerDeque = DEFAULT_WORKER_DEQUE;
        private QueueKind globalQueue = DEFAULT_GLOBAL_QUEUE;
        private SearchOrder searchOrder = DEFAULT_SEARCH_ORDER;
        private boolean thievesPopOwnersEnd;
        private boolean flowContext;
        private Signalling signalling = DEFAULT_SIGNALLING;
        private int globalBatch = DEFAULT_GLOBAL_BATCH;
        private boolean stealHalf = DEFAULT_STEAL_HALF;
        private boolean lifoSlot = DEFAULT_LIFO_SLOT;
        private int idleScans = -1; // the signalling's default
        /** Null: {@link #defaultAdmission} of the global queue, decided in build(). */
        private Admission admission;
        private PauseHook pauseHook = NO_PAUSE;
        private long joinWaitNanos = JOIN_WAIT_NANOS;
        private long joinPollNanos = JOIN_POLL_NANOS;

        private Builder() {
        }

        /**
         * Tests only: a join's timed waits (defaults 16 ms, and 1 ms when it cannot register with
         * the thief), so a test can make them too long to matter and see what else wakes a join.
         */
        Builder joinWait(long waitNanos, long pollNanos) {
            if (waitNanos <= 0 || pollNanos <= 0) {
                throw new IllegalArgumentException("joinWait needs positive waits, got " + waitNanos + " and " + pollNanos);
            }
            this.joinWaitNanos = waitNanos;
            this.joinPollNanos = pollNanos;
            return this;
        }

        /** Tests only: the hook the workers call at each {@link PausePoint} (default NO_PAUSE). */
        Builder pauseHook(PauseHook hook) {
            this.pauseHook = Objects.requireNonNull(hook, "pauseHook");
            return this;
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

        /** When a push wakes an idle worker (default {@link #DEFAULT_SIGNALLING}). */
        public Builder signalling(Signalling signalling) {
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
        public Builder globalBatch(int globalBatch) {
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
        public Builder stealHalf(boolean stealHalf) {
            this.stealHalf = stealHalf;
            return this;
        }

        /**
         * Whether a worker keeps the task it pushed last (fork, or execute from a worker) in a slot
         * of its own instead of its deque (default {@link #DEFAULT_LIFO_SLOT}; Go's runnext, Tokio's
         * LIFO slot): a push exchanges the new task into the slot and pushes the one it displaced
         * onto the deque; the worker's next pop takes the slot first, with one CAS instead of the
         * deque's pop; thieves take it, with a CAS, once the worker's deque is empty, so a fork
         * left there while its forker waits by other means than join still runs.
         */
        public Builder lifoSlot(boolean lifoSlot) {
            this.lifoSlot = lifoSlot;
            return this;
        }

        /**
         * How many times a worker that found nothing re-scans every queue before it parks
         * (default 2 under EMPTY_TO_NON_EMPTY, 16 while searching under SEARCHING), with a spin-wait
         * hint before each. More scans keep a briefly idle worker from parking and being woken
         * again at once, at the cost of CPU while the pool is idle for short stretches;
         * JDK 25's ForkJoinPool makes about 256 short checks before it parks.
         *
         * @throws IllegalArgumentException if not in [0, MAX_IDLE_SCANS]
         */
        public Builder idleScans(int idleScans) {
            if (idleScans < 0 || idleScans > MAX_IDLE_SCANS) {
                throw new IllegalArgumentException("idleScans must be in [0, " + MAX_IDLE_SCANS + "], got " + idleScans);
            }
            this.idleScans = idleScans;
            return this;
        }

        /** How a submission checks for shutdown (default {@link #defaultAdmission} of the global queue). */
        public Builder admission(Admission admission) {
            this.admission = Objects.requireNonNull(admission, "admission");
            return this;
        }

        /**
         * Applies a tuning spec, so a benchmark can select the options with one string parameter:
         * {@code default} (the defaults), or items applied on top of them, joined by {@code +};
         * e.g. {@code searching+steal-half}, {@code lifo-slot+global-batch-8}. The items, the
         * option each sets and its default: the table in WorkStealingTuning (and docs/using.md).
         *
         * @throws IllegalArgumentException naming the first item it does not understand
         */
        public Builder tuning(String spec) {
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
            if (thievesPopOwnersEnd && workerDeque.traits().ownerOnly()) {
                throw new IllegalArgumentException("thievesPopOwnersEnd needs a workerDeque any thread may pop, but "
                        + workerDeque + " is owner-only");
            }
            if (admission == Admission.INJECTOR && globalQueue != QueueKind.SEGMENTED_MPMC) {
                throw new IllegalArgumentException("Admission.INJECTOR needs the segmented-mpmc global queue, got "
                        + globalQueue);
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

    public Signalling signalling() {
        return signalling;
    }

    public int globalBatch() {
        return globalBatch;
    }

    public boolean stealHalf() {
        return stealHalf;
    }

    public int idleScans() {
        return idleScans;
    }

    public boolean lifoSlot() {
        return lifoSlot;
    }

    public Admission admission() {
        return admission;
    }

    /** The tuning spec that means "every option at its default" ({@link Builder#tuning}). */
    public static final String DEFAULT_TUNING = "default";

    /**
     * The registry of the pool's options for the benchmarks, as {@link Builder#tuning} specs: the
     * defaults first, then the defaults before the injector ({@code global-locked+global-batch-1}),
     * then each option changed alone, then combinations. The pool-options experiments
     * compare each with the defaults, so the report shows what each option is worth; an option
     * added to the builder joins here.
     */
    public static final List<String> COMPARED_TUNINGS = List.of(DEFAULT_TUNING, "global-locked+global-batch-1",
            "global-locked", "global-batch-1", "shared-counter", "searching", "steal-half",
            "searching+steal-half", "idle-scans-256", "lifo-slot");

    // ---------------------------------------------------------------- submission

    @Override
    public void execute(Runnable task) {
        checkTask(task);
        Runnable item = flowContext ? ContextTask.capture(task) : task;
        Worker w = currentWorker();
        if (w == null) {
            pushOutside(item);
            return;
        }
        admit();
        try {
            pushOwn(w, item);
        } finally {
            leave();
        }
    }

    /**
     * An outside submission onto the global queue, admitted by the injector itself under
     * Admission.INJECTOR (refused once shutdown closed it), else by the in-flight count in ctl.
     */
    private void pushOutside(Runnable item) {
        if (injectorAdmission) {
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
            pushOutside(forked);
        }
        return forked;
    }

    /**
     * Pushes {@code task} onto {@code w}'s own deque and wakes an idle worker if the push took the
     * deque from empty to non-empty (the overview's "Parking and wake-up").
     */
    private void pushOwn(Worker w, Runnable task) {
        TaskQueue<Runnable> deque = w.deque;
        if (lifoSlot) {
            // Atomic exchange, a full barrier like the fence below: orders the slot's store before
            // the idleCount, deque and searchers reads (store->load); pairs with the fence in
            // awaitWork(), whose re-scan reads the slot, and with a thief's atomic take.
            Runnable displaced = w.slot.exchange(task);
            if (displaced == null) {
                // The slot went from empty to full. Signal as a push onto an empty deque does, unless
                // the deque holds older tasks: their signal covers this one (a taker passes it on).
                if (idleCount != 0 && deque.isEmpty() && noSearcher()) {
                    wakeOne();
                }
                wakeHelper(w);
                return;
            }
            task = displaced; // onto the deque, older than the slot's task, as without the slot
        }
        deque.push(task);
        // Full fence: orders the push before the idleCount and size reads below (store->load);
        // pairs with the fence in awaitWork() (a worker registering as idle, then re-scanning)
        // and with the atomic take of a thief, which re-checks the queues after taking.
        VarHandle.fullFence();
        if (idleCount != 0 && deque.size() <= 1 && noSearcher()) {
            wakeOne();
        }
        wakeHelper(w);
    }

    /**
     * Wakes the joiner waiting to help with a task {@code w} runs, if one is (awaitJoin); called
     * by {@code w} after a push and its full barrier. Opaque read: the barrier before it makes
     * this the second half of a store-load pair with the joiner's CAS of helpWanted followed by
     * its emptiness check, so either the joiner sees the push or this sees the joiner
     * (jcstress: ChaseLevJoinWakeTest, which sees both miss without the fence).
     */
    private static void wakeHelper(Worker w) {
        if (HELP_WANTED.getOpaque(w) != null) {
            ForkTask<?> awaited = (ForkTask<?>) HELP_WANTED.getAndSet(w, null); // one wake per wait
            if (awaited != null) {
                awaited.wakeWaiters();
            }
        }
    }

    /**
     * Whether a push must signal as far as searchers go: always, unless Signalling.SEARCHING
     * and some worker is searching (it will find the task or pass the signal on). Read after
     * the caller's fence; pairs with the atomic decrement in stopSearching().
     */
    private boolean noSearcher() {
        return !searchingGate || searchers == 0;
    }

    /** Counts a submission in flight, or rejects it after shutdown. */
    private void admit() {
        for (int c = ctl.value; ; c = ctl.value) {
            if ((c & SHUTDOWN) != 0) {
                throw new RejectedExecutionException("pool is shut down");
            }
            if (VALUE.weakCompareAndSet(ctl, c, c + 1)) {
                return;
            }
        }
    }

    private void leave() {
        int c = (int) VALUE.getAndAdd(ctl, -1) - 1;
        if (c == SHUTDOWN) {
            tryTerminate();
        }
    }

    private Worker currentWorker() {
        return Thread.currentThread() instanceof Worker w && w.pool == this ? w : null;
    }

    @Override
    boolean isOwnWorker(Thread thread) {
        return thread instanceof Worker w && w.pool == this
                || thread == Thread.currentThread() && helping.get() > 0;
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
            task = takeGlobalBatch(w);
            if (task == null) {
                task = stealFromOthers(w);
            }
        } else {
            task = stealFromOthers(w);
            if (task == null) {
                task = takeGlobalBatch(w);
            }
        }
        if (task != null && w != null) {
            tookShared(w, task);
        }
        return task;
    }

    /** The global queue's oldest task; with globalBatch > 1, moves more into {@code w}'s inbox. */
    private Runnable takeGlobalBatch(Worker w) {
        if (globalBatch == 1) {
            return takeGlobal();
        }
        if (!startMoving(w)) {
            return null;
        }
        try {
            BatchSink batch = w.batch;
            if (injector != null) {
                injector.takeBatch(globalBatch, batch); // one CAS on the injector's head
            } else {
                for (Runnable next; batch.size < globalBatch && (next = takeGlobal()) != null; ) {
                    batch.accept(next);
                }
            }
            if (batch.size > 1) {
                pause.at(PausePoint.BATCH_TAKEN);
            }
            return batch.runFirstMoveRest(this);
        } finally {
            w.moving = false; // volatile: the moved tasks are in the inbox for shutdownNow's drain
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
    private boolean startMoving(Worker w) {
        w.moving = true;
        if (stopping) {
            w.moving = false;
            return false;
        }
        return true;
    }

    /**
     * Where a worker collects a batch taken from the global queue, oldest first; made with the
     * worker, so a batch allocates nothing; used only by its worker.
     */
    private static final class BatchSink implements Consumer<Runnable> {
        private final Worker owner;
        private final Runnable[] tasks;
        int size;

        BatchSink(Worker owner, int capacity) {
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
         * idle worker if any moved.
         */
        Runnable runFirstMoveRest(WorkStealingThreadPool pool) {
            int n = size;
            size = 0;
            if (n == 0) {
                return null;
            }
            boolean newestFirst = pool.inboxPopsLifo;
            for (int k = 1; k < n; k++) {
                int i = newestFirst ? n - k : k;
                moveToInbox(owner, tasks[i]);
                tasks[i] = null;
            }
            Runnable first = tasks[0];
            tasks[0] = null;
            if (n > 1) {
                pool.signalMoved();
            }
            return first;
        }
    }

    /** Pushes a task {@code w} took from elsewhere into its inbox, recording it as the thief. */
    private static void moveToInbox(Worker w, Runnable task) {
        if (task instanceof ForkTask<?> forked) {
            forked.setThiefRelease(w);
        }
        w.inbox.push(task);
    }

    /**
     * After tasks were moved into the caller's inbox: a task was out of every queue between its
     * take and its push, so a worker that scanned meanwhile may have parked; wake one.
     */
    private void signalMoved() {
        // Full fence: orders the pushes before the idleCount and searchers reads; pairs with the
        // fence in awaitWork() and the atomic decrement in stopSearching().
        VarHandle.fullFence();
        if (idleCount != 0 && noSearcher()) {
            wakeOne();
        }
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
        // With Signalling.SEARCHING the searcher's transition passes the signal on (stopSearching).
        // The take was an atomic read-modify-write or a lock (a full barrier on the queue), so the
        // reads below see every push that preceded it; see "why no wake-up is lost".
        if (!searchingGate && idleCount != 0 && anyQueuedWork()) {
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
                if (stealHalf && w != null) {
                    stealMore(w, deque);
                }
                return task;
            }
            if (lifoSlot && (task = victim.slot.steal()) != null) { // after the deque's older tasks
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

    /**
     * Whether {@code w} holds a task a join may help with: in its deque or, with the LIFO slot
     * option, its slot (volatile reads; no take). Without the option the slot is never read: it
     * is always null.
     */
    private boolean holdsForks(Worker w) {
        return !w.deque.isEmpty() || lifoSlot && !w.slot.isEmpty();
    }

    /** Whether any of {@code w}'s queues (deque, slot, inbox) holds a task (volatile reads; no take). */
    private boolean holdsWork(Worker w) {
        return holdsForks(w) || !w.inbox.isEmpty();
    }

    /** Steal-half: after one successful steal, moves half of what {@code victim} still holds. */
    private void stealMore(Worker w, TaskQueue<Runnable> victim) {
        if (!startMoving(w)) {
            return;
        }
        int moved = 0;
        try {
            int extra = Math.min(victim.size() / 2, MAX_BATCH - 1);
            for (Runnable next; moved < extra && (next = thievesPop ? victim.pop() : victim.steal()) != null;
                    moved++) {
                moveToInbox(w, next);
            }
        } finally {
            w.moving = false; // volatile: as in takeGlobalBatch
        }
        if (moved > 0) {
            signalMoved();
        }
    }

    /** {@code w}'s own next task (its LIFO slot's first, under that option), or null. */
    private Runnable popOwn(Worker w) {
        if (lifoSlot) {
            Runnable task = w.slot.takeOwn();
            if (task != null) {
                return task;
            }
        }
        return w.deque.pop(); // run() claims a ForkTask with a CAS
    }

    /** {@code w}'s next task: its own (slot, deque), then its inbox's, then the shared search's. */
    private Runnable scan(Worker w) {
        Runnable task = popOwn(w);
        if (task == null && (task = w.inbox.pop()) == null) {
            task = scanShared(w);
        }
        return task;
    }

    /** Whether any queue holds a task, by emptiness checks only (no lost race counts as empty). */
    private boolean anyQueuedWork() {
        if (!global.isEmpty()) {
            return true;
        }
        for (Worker w : workers) {
            if (holdsWork(w)) {
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
                if (task == null) {
                    task = searchingGate ? search(w) : spinScan(w);
                    if (task == null) {
                        pause.at(PausePoint.NOTHING_FOUND);
                    }
                }
                if (w.searching) {
                    if (task != null) {
                        pause.at(PausePoint.SEARCHER_FOUND_TASK);
                    }
                    stopSearching(w, task != null);
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

    private Runnable spinScan(Worker w) {
        Runnable task = null;
        for (int i = 0; task == null && i < idleScans; i++) {
            Thread.onSpinWait();
            task = scan(w);
        }
        return task;
    }

    /**
     * Signalling.SEARCHING: becomes a searcher if fewer than half the workers are (or already is
     * one, when woken) and re-scans up to idleScans times; null if nothing was found.
     */
    private Runnable search(Worker w) {
        if (!w.searching) {
            for (int s = searchers; ; s = searchers) {
                if (2 * s >= workers.length) {
                    return null;
                }
                if (SEARCHERS.weakCompareAndSet(this, s, s + 1)) {
                    w.searching = true;
                    break;
                }
            }
        }
        Runnable task = null;
        for (int i = 0; task == null && i < idleScans; i++) {
            Thread.onSpinWait();
            task = scan(w);
        }
        return task;
    }

    /**
     * Ends {@code w}'s search. A push that skipped its signal read {@code searchers} before some
     * searcher's decrement, so every searcher looks at every queue after its decrement: the last
     * one to leave with a task here, waking an idle worker (as a searcher) if any queue holds
     * work; one that found nothing in awaitWork()'s re-check, after which it leaves the idle
     * stack as a searcher if work is there. A searcher that leaves with a task while others
     * still search leaves the check to the last of them.
     */
    private void stopSearching(Worker w, boolean found) {
        w.searching = false;
        // Atomic decrement, a full barrier: orders it before the idleCount and queue reads below
        // (and before awaitWork()'s re-check); pairs with a pusher's full fence between its push
        // and its read of searchers (noSearcher()): either the pusher reads the count after this
        // decrement (and signals, if it was the last) or the reads below see its push.
        int left = (int) SEARCHERS.getAndAdd(this, -1) - 1;
        // Volatile read of idleCount: a worker that registers later re-checks the queues itself
        // after its own fence (awaitWork()), so reading 0 here loses nothing.
        if (found && left == 0 && idleCount != 0 && anyQueuedWork()) {
            wakeOne();
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
        // the fence in signalWork() between a submitter's push and its idleCount read. Under
        // Signalling.SEARCHING the re-check also serves a searcher that found nothing: its
        // decrement in stopSearching() came before the registration.
        VarHandle.fullFence();
        if (anyQueuedWork()) {
            // Under Signalling.SEARCHING the worker leaves as a searcher: the work seen may be
            // several tasks whose pushes all skipped their signal while it searched, and as a
            // searcher its take ends in stopSearching(), which passes the signal on for the rest.
            deregister(w, searchingGate);
            return true;
        }
        if ((ctl.value & SHUTDOWN) != 0) {
            tryTerminate();
        }
        for (;;) {
            if (w.signaled) {
                return true;
            }
            if (stopping || terminating) {
                deregister(w, false);
                return false;
            }
            Thread.interrupted(); // a stray interrupt would turn park into a spin
            LockSupport.park(this);
        }
    }

    /**
     * Takes {@code w} off the idle stack unless a signaller already did (and then counted it as
     * searching if it had to); with {@code search}, counts it as searching, as wakeOne() would.
     */
    private void deregister(Worker w, boolean search) {
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
     * Wakes one idle worker, if any, after the caller pushed a task onto the global queue, which
     * it must not lose.
     */
    private void signalWork() {
        // Full fence: orders the caller's push before the idleCount read; pairs with the fence in
        // awaitWork() between a worker's registration and its re-scan. A segmented-mpmc injector
        // needs none: its push is a volatile fetch-and-add on tail and its isEmpty() a volatile read
        // of tail, and volatile accesses are sequentially consistent, so either this idleCount read
        // sees the registration or the re-scan sees the push (jcstress: SegmentedMpmcParkingTest).
        if (injector == null) {
            VarHandle.fullFence();
        }
        if (idleCount != 0 && noSearcher()) {
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
            if (searchingGate) {
                // the woken worker searches: pushes until it finds work need not wake another
                SEARCHERS.getAndAdd(this, 1);
                w.searching = true;
            }
            w.signaled = true; // volatile: publishes w.searching to w
        }
        LockSupport.unpark(w);
    }

    private void wakeAll() {
        Worker[] woken;
        synchronized (idleLock) {
            woken = new Worker[idleTop];
            for (int i = 0; i < idleTop; i++) {
                woken[i] = idleStack[i];
                if (searchingGate) {
                    SEARCHERS.getAndAdd(this, 1);
                    woken[i].searching = true;
                }
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
        if (ctl.value != SHUTDOWN || terminating) {
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
        if (injectorAdmission) {
            // Before SHUTDOWN, so that whoever sees SHUTDOWN also finds the injector closed and no
            // outside push can land after termination (a refused pusher sets SHUTDOWN itself).
            injector.close();
            pause.at(PausePoint.SHUTDOWN_CLOSED_INJECTOR);
        }
        setShutdownBit();
        tryTerminate();
    }

    /** Sets SHUTDOWN in ctl (a CAS), unless it is set already. */
    private void setShutdownBit() {
        for (int c = ctl.value; (c & SHUTDOWN) == 0; c = ctl.value) {
            if (VALUE.weakCompareAndSet(ctl, c, c | SHUTDOWN)) {
                return;
            }
        }
    }

    @Override
    public List<Runnable> shutdownNow() {
        shutdown();
        stopping = true; // volatile: the store-load pair with startMoving (read of moving below)
        while ((ctl.value & IN_FLIGHT) != 0) {
            Thread.yield();
        }
        List<Runnable> neverRun = new ArrayList<>();
        for (Runnable task; (task = takeGlobal()) != null; ) {
            collectNeverRun(neverRun, task);
        }
        for (Worker w : workers) {
            if (w.moving) {
                pause.at(PausePoint.STOP_AWAITS_MOVER);
                while (w.moving) {
                    Thread.yield(); // w is pushing tasks it took from a shared queue into its inbox
                }
            }
            drainInto(neverRun, w.deque);
            drainInto(neverRun, w.inbox);
            Runnable slotted = w.slot.drain();
            if (slotted != null) {
                collectNeverRun(neverRun, slotted);
            }
        }
        wakeAll();
        for (Worker w : workers) {
            w.interrupt();
        }
        return neverRun;
    }

    /** Steals every task of {@code queue} into {@code out} (shutdownNow). */
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
            Runnable other = mayHelp && ownPopHelps ? popOwn(w) : null;
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
                interrupted |= waitForJoin(w, task, mayHelp);
                spins = JOIN_SPINS - 1; // after a wait, look for help once, then wait again
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * awaitJoin's timed wait for {@code task}, with nothing to help now; returns whether the
     * wait was interrupted (its interrupt cleared). Its own method so that awaitJoin, which runs
     * at every join, stays small enough for C2 to inline (-XX:+PrintInlining: 335 bytecodes,
     * "hot method too big" against FreqInlineSize 325, before; 226 after). Fork/join fib(30)
     * with one worker then took 0.90x [0.86, 0.95] and 0.90x [0.87, 0.94] as long on JDK 25 (two
     * batches of 8 interleaved rounds, AMD EPYC VM), 1.02x [0.92, 1.15] on JDK 17; with two
     * workers 0.95x [0.91, 0.99], 1.00x [0.90, 1.11] and 1.01x [0.95, 1.07].
     */
    private boolean waitForJoin(Worker w, ForkTask<?> task, boolean mayHelp) {
        if (idleCount != 0 && holdsWork(w)) {
            wakeOne(); // we are about to wait: our queued tasks must not wait with us
        }
        Worker thief = mayHelp && ownPopHelps ? helpableThief(w, task) : null;
        if (thief != null && !HELP_WANTED.compareAndSet(thief, null, task)) {
            // Another joiner holds this thief's wake-up: look again every millisecond.
            return task.awaitDoneClearingInterrupt(joinPollNanos, null);
        }
        // CAS above: a full barrier between registering and the emptiness check (the store-load
        // pair with wakeHelper), which runs under the task's monitor so that the thief's notify
        // cannot fall between the check and the wait. With no thief to help there is nothing to
        // wake for but the task's end.
        boolean interrupted = task.awaitDoneClearingInterrupt(joinWaitNanos,
                thief == null ? null : () -> holdsForks(thief));
        if (thief != null) {
            HELP_WANTED.compareAndSet(thief, task, null);
        }
        return interrupted;
    }

    /** The worker that took {@code awaited} from a queue, if a join on {@code w} may help it. */
    private Worker helpableThief(Worker w, ForkTask<?> awaited) {
        return awaited.thiefAcquire() instanceof Worker thief && thief != w && thief.pool == this ? thief : null;
    }

    /**
     * One task from the deque of the worker that took {@code awaited} (its subtree while that
     * worker runs it), or null: no thief recorded, the thief is {@code w}, or its deque is empty.
     */
    private Runnable stealFromThief(Worker w, ForkTask<?> awaited) {
        Worker thief = helpableThief(w, awaited);
        if (thief == null) {
            return null;
        }
        TaskQueue<Runnable> deque = thief.deque;
        Runnable task = thievesPop ? deque.pop() : deque.steal();
        if (task == null && lifoSlot) {
            task = thief.slot.steal(); // the thief's newest push: in the subtree too
        }
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
        // Counted as a live thread from before its take until its task has run, so the pool is
        // not terminated (isTerminated, awaitTermination) while this thread runs a task it took;
        // the workers may leave meanwhile, as every queue was empty when they did.
        workersStarted(1);
        helping.set(helping.get() + 1);
        try {
            Runnable task = takeGlobal();
            if (task == null) {
                task = stealFromOthers(null);
            }
            if (task == null) {
                return false;
            }
            runReporting(task);
            return true;
        } finally {
            helping.set(helping.get() - 1);
            workerExited();
        }
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

    /** Whether the calling worker's LIFO slot holds a task (false on another thread). */
    boolean currentSlotHolds() {
        Worker w = currentWorker();
        return w != null && !w.slot.isEmpty();
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
                + (globalBatch > 1 ? ", global-batch " + globalBatch : "")
                + (stealHalf ? ", steal-half" : "") + (lifoSlot ? ", lifo-slot" : "")
                + ", idle scans " + idleScans
                + (injectorAdmission ? ", injector admission" : "") + (isShutdown() ? ", shut down" : "") + "]";
    }

    /** 128 bytes between Thread's own fields and a worker's (see Worker). */
    private abstract static class WorkerPadBefore extends Thread {
        long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;

        WorkerPadBefore(String name) {
            super(name);
        }
    }

    /** A worker's fields, padded on both sides (see Worker). */
    private abstract static class WorkerFields extends WorkerPadBefore {
        final WorkStealingThreadPool pool;
        final TaskQueue<Runnable> deque;
        /** Helped tasks nested on this worker's stack; touched only by this worker. */
        int depth;
        /** Xorshift state for the victim start; touched only by this worker. */
        int seed;
        /** Set (under idleLock) by whoever takes this worker off the idle stack. */
        volatile boolean signaled;
        /**
         * Whether this worker counts in {@code searchers}; written by the worker, or by its waker
         * while it is on the idle stack (published by the write of {@code signaled}).
         */
        boolean searching;
        /**
         * Tasks moved here from shared queues (the rest of a global batch, a steal-half's extra
         * tasks): work that runs at the top of this worker's stack, never under a join. Only this
         * worker pushes and pops; others steal (or pop, with thievesPopOwnersEnd). Same kind as
         * the deque.
         */
        final TaskQueue<Runnable> inbox;
        /**
         * Whether this worker is between taking tasks from a shared queue and pushing them into its
         * inbox (startMoving); written by this worker, read by shutdownNow.
         */
        volatile boolean moving;
        /** Where this worker collects a batch from the global queue (takeGlobalBatch). */
        final BatchSink batch;
        /** The task this worker pushed last, under Builder.lifoSlot (pushOwn); unused without it. */
        final LifoSlot<Runnable> slot = new LifoSlot<>();
        /**
         * A task this worker runs, taken from a queue not its own, that a join on another worker
         * waits for with nothing to help yet: set by that joiner (CAS from null), cleared by this
         * worker's next push, which wakes it (wakeHelper), or by the joiner when it stops waiting.
         * Accessed through HELP_WANTED only.
         */
        ForkTask<?> helpWanted;

        WorkerFields(WorkStealingThreadPool pool, int index, TaskQueue<Runnable> deque, TaskQueue<Runnable> inbox) {
            super(pool.threadNamePrefix + index);
            this.pool = pool;
            this.deque = deque;
            this.inbox = inbox;
            this.batch = new BatchSink((Worker) this, pool.globalBatch);
            this.seed = (index + 1) * 0x9E3779B9;
            setDaemon(true);
        }

    }

    /**
     * A worker thread. Its fields (WorkerFields) sit between 128 bytes of padding on each side,
     * JCTools-style: the worker writes depth at every task a join runs and seed at every steal,
     * and whatever object the collector copies next to a worker must not share those cache lines
     * (or the pairs the adjacent-line prefetcher fetches). Without the padding, fork/join fib(30)
     * ran about twice as long in some JVM runs and not in others (G1's parallel copying places
     * objects differently from run to run): in 16 interleaved rounds of the builds without and
     * with it (JDK 17, 2 workers, per-fork medians), 2 of 16 forks without it took 41 and 56 ms
     * against 24-28 ms, and none of 16 with it (24-28 ms).
     */
    private static final class Worker extends WorkerFields {
        long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

        Worker(WorkStealingThreadPool pool, int index, TaskQueue<Runnable> deque, TaskQueue<Runnable> inbox) {
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
    }

    /**
     * Padding before a padded int's value: the int fills the gap after the object header, where
     * the field layout would otherwise put the value, next to whatever object lies before this one.
     */
    abstract static class PaddedIntPadBefore {
        int p0;
        long p00, p01, p02, p03, p04, p05, p06, p07;
    }

    abstract static class PaddedIntValue extends PaddedIntPadBefore {
        /** Read and written as each use says (VALUE for its CAS, atomic add and release store). */
        volatile int value;
    }

    /**
     * An int on a cache line of its own, padded on both sides: the pool's ctl, which every outside
     * submission writes twice under SHARED_COUNTER while workers read idleCount and searchers beside
     * it.
     */
    static final class PaddedInt extends PaddedIntValue {
        long p10, p11, p12, p13, p14, p15, p16, p17;
    }
}
