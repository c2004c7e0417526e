package org.stealbench.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.Consumer;
import org.stealbench.queues.QueueTraits.Order;

/**
 * An unbounded multi-producer multi-consumer FIFO queue on a linked list of fixed-size array
 * segments: producers claim a slot with one fetch-and-add on a tail index, consumers claim one
 * with a compare-and-set on a head index. Built as a work-stealing pool's global queue for
 * outside submissions (the "injector"); the technique is that of the FAA-based array queues
 * (A. Morrison, Y. Afek, "Fast Concurrent Queues for x86 Processors", PPoPP 2013, LCRQ; C. Yang,
 * J. Mellor-Crummey, "A Wait-free Queue as Fast as Fetch-and-Add", PPoPP 2016) in the simpler
 * form of crossbeam's {@code SegQueue} and JCTools' {@code MpmcUnboundedXaddArrayQueue}, with
 * the recovery of an abandoned slot that LCRQ and Yang and Mellor-Crummey's queue use (see
 * Progress).
 *
 * <p>Any thread may call every operation. {@code pop} and {@code steal} are the same operation:
 * both take the oldest item (FIFO). Every item whose push returned normally is taken exactly
 * once; an item whose push threw (a {@link StackOverflowError} or {@link OutOfMemoryError} on
 * the way) is never taken. A known limit on the takers' side: a take that throws after its claim
 * (a StackOverflowError in its calls; it allocates nothing there) loses the item it claimed, and
 * a batch take the claimed items it had not yet handed over. push, pop, steal, close and a batch take are linearizable;
 * {@link #isEmpty()} and {@link #size()} are too, except that they count a claim whose producer
 * has not stored yet, and such a claim can turn out to be abandoned (see their Javadoc).
 *
 * <p>Progress: {@code push} never waits for anyone: one fetch-and-add, a walk that may allocate
 * and link the next segment (once per segment), one compare-and-set; it claims again only if a
 * taker gave up on its first claim. A take returns null only when it saw the queue empty, never
 * because it lost a race to another taker or skipped an abandoned slot (it retries). A take is
 * lock-free against other takers, but a taker that has claimed the slot of a push whose
 * fetch-and-add is done and whose store is not waits for that store (spinning, then yielding),
 * as in crossbeam's and JCTools' queues, for a bounded number of rounds: then it marks the slot
 * abandoned and goes on, so a producer that threw or stalled between its claim and its store
 * delays that taker for a while and never wedges it. Consumers never delay producers.
 *
 * <p>Capacity: unbounded. Segments hold a power of two of slots (1024 by default; {@code new
 * SegmentedMpmcQueue<>(n)} rounds {@code n} up, so tests can make every few items cross a
 * segment boundary). No allocation per item beyond one segment per segment's worth of pushes.
 */
public final class SegmentedMpmcQueue<T> extends SegmentedMpmcPadAfterHead implements TaskQueue<T> {

    /*
     * Implementation overview
     *
     * Item number i (a long index that never wraps: 2^63 pushes) lives in segment i >>> shift,
     * slot i & mask. Segments form a singly linked list in index order; a segment is never
     * reused, so a slot goes null -> item (its producer's CAS) -> null (its consumer), or null ->
     * POISON (its consumer gave up), exactly once, and there is no ABA. tail counts claimed push
     * indices, head claimed take indices; head <= tail always, because a taker advances head from
     * h only after reading tail > h, and tail only grows. Only index i's producer and its taker
     * (each index has one of each: the fetch-and-add and the head CAS hand it out once) write
     * slot i.
     *
     * push: read the tail segment hint, fetch-and-add tail (claims index i), walk from the hint
     * to segment i >>> shift (linking new segments as needed; a loser of the link CAS drops its
     * segment and follows the winner's), advance the hint if the walk moved, then CAS the slot
     * null -> item. Failure means the slot holds POISON: claim again from the start. Anything
     * between the claim and the CAS may throw (the test hook, the walk and its allocation, the
     * hint advance, any of these calls overflowing the stack, even the VarHandle call while
     * interpreted before it reaches the atomic instruction): the index then stays empty and its
     * taker poisons it. Nothing runs after a successful CAS but the returns, which cannot throw:
     * that is why the hint advances before the CAS and why the CAS is the boolean form (the form
     * that returns the witness ends in a checked cast of it inside the JDK's VarHandle guard, a
     * call in the interpreter). So a push that returns true has queued its item, one that throws
     * has not, and a push refused at a retried claim (the queue was closed meanwhile) answers
     * false having queued nothing.
     * take (pop, steal): read the head segment hint, read head h, read tail t; h >= t: empty,
     * return null. Otherwise CAS head h -> h + 1 (a failed CAS is a lost race: retry, never
     * "empty"); walk to the segment of h and read the slot. Null: its producer has claimed the
     * index and not stored yet; wait (spin, then yield) up to `patience` rounds, then CAS the
     * slot null -> POISON. Won: the index is abandoned, claim the next one (retry). Lost: the
     * witness is the item. Then null the slot and return the item (DEFAULT_PATIENCE says why a
     * poisoned producer is almost always one that threw). A take that throws after its CAS on
     * head (its walk or the accessors overflowing the stack) loses the item at the index it
     * claimed: takers have no recovery of their own claims.
     * takeBatch: the same read of head and tail, n = min(max, t - h) indices, then, before its
     * CAS, a walk from the head hint to the segment of h + n - 1, linking what no producer has
     * linked yet (a producer claims an index before it links that index's segment); the hint
     * moves only after the CAS, in the loop that reads the claimed slots. So no allocation
     * comes between the claim and the hand-over, and an OutOfMemoryError there leaves the batch
     * unclaimed; only a stack overflow in the loop's calls can lose claimed items.
     *
     * Linearization points: a push at the fetch-and-add of the claim whose CAS succeeds (from
     * then on the item is in the queue and a take claims it in index order, waiting for the
     * store if it must); a refused push at its refused claim; a take at its CAS on head that
     * claimed the index it returns; an empty take at its read of tail. takeBatch's single CAS
     * takes the k items among its claimed indices at one point, as k takes in a row would; the
     * claims it finds abandoned are no items. An abandoned claim was no push at all, but until
     * it is poisoned it is below tail like any other: isEmpty() and size() count it, which is
     * why they are linearizable only in histories where no claim is abandoned.
     *
     * Hints: tailSegment and headSegment point at a segment no later than the one the next
     * claimed index falls into, so a walk only goes forward. For the tail: a producer reads the
     * hint (acquire) before its fetch-and-add; the hint was moved to segment k (release) by a
     * producer after its own fetch-and-add returned an index in k, so that fetch-and-add
     * happens-before ours and ours returns a larger index (whether or not that producer then
     * stored). The head hint alike, with the taker's CAS. Hints move forward only (CAS while the
     * current id is smaller). Segments behind both hints are unreachable and collected; taken
     * slots are nulled, so a finished task is not kept alive by a segment still in use.
     *
     * Memory ordering (each access's mode is in its accessor's name):
     * - slot: the producer's casSlotRelease publishes the item (and the task's fields) when it
     *   succeeds; it pairs with slotAcquire in the taker and with the acquire of the taker's
     *   poisonAcquire, whose witness, when it fails, is that item. The producer's re-read after a
     *   failed weak CAS is opaque: it only tells a spurious failure (null) from POISON, and
     *   nothing is read through it. The taker's clear is plain: nobody reads the slot again.
     * - tail: getAndAdd is volatile (sequentially consistent), and the emptiness checks read tail
     *   with getVolatile. Those two are the store-load pair of a pool's parking protocol: a
     *   submitter pushes, then reads whether a worker is idle; a worker publishes that it is
     *   idle, then re-checks isEmpty() before parking. Under release/acquire both loads could
     *   miss the other side's store (the reordering jcstress shows on x86 in
     *   StoreLoadReorderingSanityTest), the submission would wake nobody and the worker would park.
     *   The work-stealing pool leans on the push's side only: its worker fences before isEmpty(),
     *   its submitter does not fence after the fetch-and-add (WorkStealingParkingTest.OutsideSubmit;
     *   on x86 the fetch-and-add is locked in every mode, so only ARM or POWER could show a
     *   weakened mode). An abandoned claim keeps that pair right: it makes
     *   isEmpty() answer "not empty" for a while, which only sends a worker on one more scan
     *   (whose take poisons the claim and finds nothing, or finds the retried push's item), and
     *   the retried push's own fetch-and-add is a fresh store of the pair.
     * - head: read with acquire, which keeps the later tail read and segment walk after it. The
     *   take's CAS needs only atomicity for the queue itself (the index it claims is all it
     *   decides; the slot carries its own release/acquire), but it is volatile (weakCasHead, in a
     *   loop that re-reads, where a spurious failure is one more lost race) for a pool that passes
     *   wake-ups on: the work-stealing pool's taker reads the queues after its take to decide
     *   whether to wake another worker, and counts the take as a full barrier before those reads.
     *   On x86 the CAS is the same locked instruction in every mode.
     * - hints: read acquire, moved with a release CAS (the argument above); next: read acquire,
     *   linked with a release CAS, which publishes the new segment (its fields are final too).
     *
     * Field layout: the producers' fields (tail, its hint) and the consumers' (head, its hint)
     * sit on separate cache lines, padded JCTools-style by the superclass chain below (128
     * bytes each side, for adjacent-line prefetch); no @Contended, which needs a JVM flag.
     *
     * Closing (a pool's shutdown inside the injector's own protocol). close() sets the CLOSED bit
     * of tail with one atomic OR, which returns the tail it found: the claims before it hold the
     * indices below it and were admitted; every later fetch-and-add returns an index with CLOSED
     * set and its push is refused without touching a slot or a segment. The closer then
     * publishes that bound in closedAt (release; acquire in the readers). Takers, size() and
     * isEmpty() read tail as before and, when it carries CLOSED, use closedAt instead, spinning
     * for the few instructions between the OR and that store if they come in between; so no
     * taker claims a refused index, and every admitted item is taken exactly once (a take still
     * waits for an admitted push's store, or poisons it, and then that push's retried claim is
     * refused). Linearization point of close: its OR; of a refused push: its refused claim. The
     * refused pushes go on raising tail's lower bits, which nobody reads after the close.
     */

    static final QueueTraits TRAITS = QueueTraits.correct(false, Order.FIFO, Order.FIFO, false);

    /** 1024 slots: 4 KiB of references with compressed oops, one segment link per 1024 pushes. */
    static final int DEFAULT_SEGMENT_LENGTH = 1024;

    /** Spins on an unwritten slot before the waiting taker starts yielding. */
    private static final int SPINS_BEFORE_YIELD = 128;

    /**
     * Rounds (spins, then yields) a taker waits for a claimed slot's store before it poisons the
     * slot: enough yields that a producer descheduled between its claim and its store has mostly
     * run again by then (a poison is then almost always a producer that threw, and one that was
     * only slow just claims again), few enough that a taker behind an abandoned claim goes on.
     */
    static final int DEFAULT_PATIENCE = 1 << 16;

    private final int shift;
    private final int mask;
    private final ClaimHook hook;
    private final int patience;

    public SegmentedMpmcQueue() {
        this(DEFAULT_SEGMENT_LENGTH);
    }

    /**
     * @param initialCapacity the slots per segment, rounded up to a power of two
     * @throws IllegalArgumentException if {@code initialCapacity} is less than 1 or above 2^30
     */
    public SegmentedMpmcQueue(int initialCapacity) {
        this(initialCapacity, ClaimHook.NONE, DEFAULT_PATIENCE);
    }

    /**
     * For tests: {@code hook} runs in push between the claim of an index and the slot's CAS;
     * a taker waits {@code patience} rounds (0: none) for a claimed slot's store before it
     * poisons the slot.
     */
    SegmentedMpmcQueue(int initialCapacity, ClaimHook hook, int patience) {
        super(new SegmentedMpmcSegment(0, Capacities.powerOfTwoAtLeast(initialCapacity, 1)));
        if (patience < 0) {
            throw new IllegalArgumentException("patience must be at least 0, got " + patience);
        }
        int length = headSegmentAcquire().length();
        this.shift = Integer.numberOfTrailingZeros(length);
        this.mask = length - 1;
        this.hook = Objects.requireNonNull(hook, "hook");
        this.patience = patience;
    }

    /** @throws IllegalStateException if the queue is {@linkplain #close() closed} */
    @Override
    public void push(T item) {
        if (!pushUnlessClosed(item)) {
            throw new IllegalStateException("queue is closed");
        }
    }

    /**
     * Pushes {@code item} unless the queue is {@linkplain #close() closed}: one fetch-and-add
     * decides both, so a pool that closes its injector at shutdown needs no other admission check.
     * If it throws, the item was not queued.
     *
     * @return true if pushed; false if refused because the queue was closed first
     */
    public boolean pushUnlessClosed(T item) {
        Objects.requireNonNull(item, "item");
        while (true) {
            SegmentedMpmcSegment segment = tailSegmentAcquire(); // acquire: before the FAA (overview, hints)
            long i = getAndIncrementTail(); // volatile: the parking pair (overview)
            if ((i & CLOSED) != 0) {
                return false; // linearization point of a refused push: takers stop below this index
            }
            hook.afterClaim();
            long id = i >>> shift;
            if (segment.id != id) {
                segment = segment.walkTo(id, hook);
                advanceTailSegment(segment); // before the CAS: nothing after it may throw (overview)
            }
            if (segment.casSlotRelease((int) i & mask, item)) { // release: publishes the item (overview)
                return true; // linearized at this claim's FAA
            }
            // The slot holds POISON: a taker gave up on index i. Claim again.
        }
    }

    /**
     * Refuses every later push (push throws, pushUnlessClosed returns false); the items pushed
     * before stay to be taken. Idempotent; any thread may call it.
     */
    public void close() {
        long t = getAndCloseTail(); // linearization point (volatile OR)
        if ((t & CLOSED) == 0) {
            // A volatile field store, not a VarHandle call: a StackOverflowError between the OR and
            // a call here would leave closedAt unset and every reader spinning in admittedTail for
            // good. Volatile is at least the release that pairs with closedAtAcquire there.
            closedAt = t;
        }
    }

    public boolean isClosed() {
        return (tailVolatile() & CLOSED) != 0;
    }

    /**
     * tail as takers see it: the pushes claimed so far, or once closed, those admitted before the
     * close. Volatile read of tail: the parking pair (overview).
     */
    private long admittedTail() {
        long t = tailVolatile();
        if ((t & CLOSED) == 0) {
            return t;
        }
        for (int spins = 0; ; spins++) {
            long closedAt = closedAtAcquire();
            if (closedAt >= 0) {
                return closedAt;
            }
            if (spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait(); // the closer is between its OR and its store of closedAt
            } else {
                Thread.yield();
            }
        }
    }

    @Override
    public T pop() {
        return take();
    }

    @Override
    public T steal() {
        return take();
    }

    private T take() {
        while (true) {
            SegmentedMpmcSegment segment = headSegmentAcquire(); // acquire: before head (overview, hints)
            long h = headAcquire(); // acquire: the tail read and the walk stay after it
            if (h >= admittedTail()) { // volatile: the parking pair (overview)
                return null; // linearization point of an empty take
            }
            if (weakCasHead(h, h + 1)) { // linearization point of a take, unless h was abandoned
                T item = claimed(segmentOf(segment, h), h);
                if (item != null) {
                    return item;
                }
                // Index h was abandoned (poisoned): claim the next, never answer empty for it.
            }
            // A lost race (or a spurious weak-CAS failure): retry, never answer empty.
        }
    }

    /** The segment of claimed index {@code i}, walking from {@code hint} and advancing the head hint. */
    private SegmentedMpmcSegment segmentOf(SegmentedMpmcSegment hint, long i) {
        long id = i >>> shift;
        if (hint.id == id) {
            return hint;
        }
        SegmentedMpmcSegment segment = hint.walkTo(id, hook);
        advanceHeadSegment(segment);
        return segment;
    }

    /**
     * The item at claimed index {@code i} of {@code segment}, waiting for its store if need be;
     * null if the taker gave up waiting and poisoned the slot.
     */
    @SuppressWarnings("unchecked")
    private T claimed(SegmentedMpmcSegment segment, long i) {
        int slot = (int) i & mask;
        Object item = segment.slotAcquire(slot); // acquire: pairs with casSlotRelease in push
        if (item == null && (item = awaitStore(segment, slot)) == null) {
            return null;
        }
        segment.clearSlotPlain(slot); // plain: nobody reads this slot again
        return (T) item;
    }

    /**
     * Waits up to {@code patience} rounds for the store of a producer that has claimed the slot's
     * index but not stored yet, then poisons the slot: null if the poison won, else the item.
     */
    private Object awaitStore(SegmentedMpmcSegment segment, int slot) {
        for (int waits = 0; waits < patience; waits++) {
            if (waits < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
            Object item = segment.slotAcquire(slot); // acquire: pairs with casSlotRelease in push
            if (item != null) {
                return item;
            }
        }
        return segment.poisonAcquire(slot); // acquire on failure: the witness is the item
    }

    /**
     * Takes up to {@code max} of the oldest items with one CAS on head and hands them to
     * {@code sink} in FIFO order. Linearizable as that many takes in a row with nothing between
     * them. It claims up to {@code max} indices; an abandoned claim is no item, so it may hand over
     * fewer than {@code max} items while more are queued. Every claimed item is handed over before
     * the sink's first throwable propagates (only the first is rethrown), so a failing sink loses
     * no item.
     *
     * @return the number of items handed to {@code sink}; 0 only if the queue was seen empty
     * @throws IllegalArgumentException if {@code max} is less than 1
     */
    public int takeBatch(int max, Consumer<? super T> sink) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, got " + max);
        }
        Objects.requireNonNull(sink, "sink");
        while (true) {
            SegmentedMpmcSegment segment = headSegmentAcquire(); // acquire: before head (overview, hints)
            long h = headAcquire(); // acquire: the tail read and the walk stay after it
            long t = admittedTail(); // volatile: the parking pair (overview)
            if (h >= t) {
                return 0;
            }
            int n = (int) Math.min(max, t - h);
            long lastId = (h + n - 1) >>> shift;
            if (segment.id != lastId) {
                // Links the segments the batch will read before claiming them (the hint moves only
                // after the claim): nothing between the CAS and the hand-over allocates (overview).
                segment.walkTo(lastId, hook);
            }
            if (weakCasHead(h, h + n)) { // linearization point of the batch
                int handed = 0;
                Throwable failure = null;
                for (long i = h; i < h + n; i++) {
                    segment = segmentOf(segment, i);
                    T item = claimed(segment, i);
                    if (item == null) {
                        continue; // abandoned: no item
                    }
                    handed++;
                    try {
                        sink.accept(item);
                    } catch (RuntimeException | Error e) {
                        if (failure == null) {
                            failure = e;
                        }
                    }
                }
                if (failure instanceof Error e) {
                    throw e;
                }
                if (failure != null) {
                    throw (RuntimeException) failure;
                }
                if (handed > 0) {
                    return handed;
                }
                // Every claimed index was abandoned: claim again, never answer empty for them.
            }
        }
    }

    /**
     * Claimed pushes minus claimed takes: exact when no other thread is acting on the queue. It
     * counts a claim whose push has not stored yet, even one that will turn out abandoned, so it
     * can then exceed the number of items.
     */
    @Override
    public int size() {
        long h = headAcquire(); // acquire: the tail read stays after it, so the count is not negative
        long n = admittedTail() - h;
        return (int) Math.max(0, Math.min(n, Integer.MAX_VALUE));
    }

    /**
     * True only if the queue was empty at some instant during the call: an item whose push
     * returned before this call began and that no take has claimed makes it answer false. A claim
     * whose push has not stored yet counts as an item, so false can also mean only such a claim,
     * which a take may then find abandoned (and answer null or the retried push's item).
     */
    @Override
    public boolean isEmpty() {
        long h = headAcquire(); // acquire: the tail read stays after it
        return h >= admittedTail(); // volatile: the parking pair (overview)
    }

    @Override
    public QueueTraits traits() {
        return TRAITS;
    }

    /** For tests: the number of segments from the head hint to the end of the list. */
    int linkedSegments() {
        int n = 0;
        for (SegmentedMpmcSegment s = headSegmentAcquire(); s != null; s = s.nextAcquire()) {
            n++;
        }
        return n;
    }

    /** For tests, quiescent only: the slots from the head hint on that hold an item, live or stale. */
    int referencedSlots() {
        int n = 0;
        for (SegmentedMpmcSegment s = headSegmentAcquire(); s != null; s = s.nextAcquire()) {
            n += s.referencedSlots();
        }
        return n;
    }

    /**
     * Test hook: {@code afterClaim} is called by push between the claim of an index and its
     * slot's CAS; {@code beforeLink} by any walk (a push's or a take's) before it links a new
     * segment, where the allocation can throw.
     */
    interface ClaimHook {
        void afterClaim();

        default void beforeLink() {
        }

        ClaimHook NONE = NoHook.INSTANCE;

        /** An enum singleton rather than a lambda, so Lincheck's model checker sees a plain class. */
        enum NoHook implements ClaimHook {
            INSTANCE;

            @Override
            public void afterClaim() {
            }
        }
    }
}

/** One segment: a fixed array of slots, its position in the list, and the link to the next. */
final class SegmentedMpmcSegment {
    private static final VarHandle NEXT;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    /** What a taker that gave up on a claimed slot leaves in it; never an item. */
    private static final Object POISON = new Object();

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(SegmentedMpmcSegment.class, "next",
                    SegmentedMpmcSegment.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The segment's number: it holds the indices [id << shift, (id + 1) << shift). */
    final long id;
    private final Object[] slots;
    private SegmentedMpmcSegment next;

    SegmentedMpmcSegment(long id, int length) {
        this.id = id;
        this.slots = new Object[length];
    }

    int length() {
        return slots.length;
    }

    /**
     * The segment numbered {@code target} (not before this one), linking new segments as needed;
     * {@code hook} is told before each link.
     */
    SegmentedMpmcSegment walkTo(long target, SegmentedMpmcQueue.ClaimHook hook) {
        SegmentedMpmcSegment s = this;
        while (s.id < target) {
            SegmentedMpmcSegment n = s.nextAcquire();
            if (n == null) {
                hook.beforeLink();
                n = s.link();
            }
            s = n;
        }
        assert s.id == target : "walked from segment " + id + " past " + target + " (a hint ran ahead)";
        return s;
    }

    /** Links a new segment after this one, or returns the one another thread linked first. */
    SegmentedMpmcSegment link() {
        SegmentedMpmcSegment fresh = new SegmentedMpmcSegment(id + 1, slots.length);
        while (true) {
            if (weakCasNextRelease(fresh)) {
                return fresh;
            }
            SegmentedMpmcSegment n = nextAcquire();
            if (n != null) {
                return n;
            }
        }
    }

    SegmentedMpmcSegment nextAcquire() {
        return (SegmentedMpmcSegment) NEXT.getAcquire(this);
    }

    /** Release: publishes the new segment to walkers' nextAcquire. */
    private boolean weakCasNextRelease(SegmentedMpmcSegment value) {
        return NEXT.weakCompareAndSetRelease(this, (SegmentedMpmcSegment) null, value);
    }

    Object slotAcquire(int slot) {
        return SLOT.getAcquire(slots, slot);
    }

    /**
     * Stores {@code item} into the empty slot unless its taker poisoned it first (then false).
     * Release on success: publishes the item; pairs with slotAcquire and poisonAcquire. The
     * boolean CAS returns straight from the atomic instruction, so nothing after a successful
     * store can throw (the overview's push).
     */
    boolean casSlotRelease(int slot, Object item) {
        while (!SLOT.weakCompareAndSetRelease(slots, slot, (Object) null, item)) {
            if (SLOT.getOpaque(slots, slot) == POISON) { // opaque: tells POISON from a spurious failure only
                return false;
            }
        }
        return true;
    }

    /**
     * Marks the slot abandoned unless its item arrived first: null if it did so, else the item.
     * Acquire: on failure the witness is the item, whose fields must be visible (pairs with
     * casSlotRelease).
     */
    Object poisonAcquire(int slot) {
        return SLOT.compareAndExchangeAcquire(slots, slot, (Object) null, POISON);
    }

    void clearSlotPlain(int slot) {
        slots[slot] = null;
    }

    int referencedSlots() {
        int n = 0;
        for (Object o : slots) {
            if (o != null && o != POISON) {
                n++;
            }
        }
        return n;
    }
}

/**
 * Padding before tail: keeps tail off the cache line of whatever precedes the object. The int
 * fills the gap after the object header, where HotSpot would otherwise place a subclass's field.
 */
abstract class SegmentedMpmcPadBeforeTail {
    int p;
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The producers' fields: tail (fetch-and-add) and the hint to its segment. */
abstract class SegmentedMpmcTail extends SegmentedMpmcPadBeforeTail {
    private static final VarHandle TAIL;
    private static final VarHandle TAIL_SEGMENT;
    private static final VarHandle CLOSED_AT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TAIL = lookup.findVarHandle(SegmentedMpmcTail.class, "tail", long.class);
            TAIL_SEGMENT = lookup.findVarHandle(SegmentedMpmcTail.class, "tailSegment",
                    SegmentedMpmcSegment.class);
            CLOSED_AT = lookup.findVarHandle(SegmentedMpmcTail.class, "closedAt", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The bit of tail that close() sets (crossbeam's MARK_BIT): 2^62 pushes before it is reached. */
    static final long CLOSED = 1L << 62;

    private long tail;
    private SegmentedMpmcSegment tailSegment;
    /**
     * tail as close() found it: the admitted pushes are below it; -1 until then. Written once, by
     * a volatile field store in close() (no call between its OR and the store), read by acquire.
     */
    volatile long closedAt = -1;

    SegmentedMpmcTail(SegmentedMpmcSegment first) {
        this.tailSegment = first;
    }

    final long getAndIncrementTail() {
        return (long) TAIL.getAndAdd(this, 1L);
    }

    final long tailVolatile() {
        return (long) TAIL.getVolatile(this);
    }

    /** Sets CLOSED; volatile, and returns tail as it was. */
    final long getAndCloseTail() {
        return (long) TAIL.getAndBitwiseOr(this, CLOSED);
    }

    final long closedAtAcquire() {
        return (long) CLOSED_AT.getAcquire(this);
    }

    final SegmentedMpmcSegment tailSegmentAcquire() {
        return (SegmentedMpmcSegment) TAIL_SEGMENT.getAcquire(this);
    }

    /** Moves the hint forward to {@code segment}, never back; release: see the overview's hints. */
    final void advanceTailSegment(SegmentedMpmcSegment segment) {
        for (SegmentedMpmcSegment s = tailSegmentAcquire(); s.id < segment.id; s = tailSegmentAcquire()) {
            if (TAIL_SEGMENT.weakCompareAndSetRelease(this, s, segment)) {
                return;
            }
        }
    }
}

/** Padding between the producers' and the consumers' fields (128 bytes: two lines). */
abstract class SegmentedMpmcPadAfterTail extends SegmentedMpmcTail {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    SegmentedMpmcPadAfterTail(SegmentedMpmcSegment first) {
        super(first);
    }
}

/** The consumers' fields: head (CAS) and the hint to its segment. */
abstract class SegmentedMpmcHead extends SegmentedMpmcPadAfterTail {
    private static final VarHandle HEAD;
    private static final VarHandle HEAD_SEGMENT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(SegmentedMpmcHead.class, "head", long.class);
            HEAD_SEGMENT = lookup.findVarHandle(SegmentedMpmcHead.class, "headSegment",
                    SegmentedMpmcSegment.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long head;
    private SegmentedMpmcSegment headSegment;

    SegmentedMpmcHead(SegmentedMpmcSegment first) {
        super(first);
        this.headSegment = first;
    }

    final long headAcquire() {
        return (long) HEAD.getAcquire(this);
    }

    /** Volatile: a pool's taker reads the queues after it (see the overview's head). */
    final boolean weakCasHead(long expected, long next) {
        return HEAD.weakCompareAndSet(this, expected, next);
    }

    final SegmentedMpmcSegment headSegmentAcquire() {
        return (SegmentedMpmcSegment) HEAD_SEGMENT.getAcquire(this);
    }

    /** Moves the hint forward to {@code segment}, never back; release: see the overview's hints. */
    final void advanceHeadSegment(SegmentedMpmcSegment segment) {
        for (SegmentedMpmcSegment s = headSegmentAcquire(); s.id < segment.id; s = headSegmentAcquire()) {
            if (HEAD_SEGMENT.weakCompareAndSetRelease(this, s, segment)) {
                return;
            }
        }
    }
}

/** Padding after the consumers' fields. */
abstract class SegmentedMpmcPadAfterHead extends SegmentedMpmcHead {
    long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;

    SegmentedMpmcPadAfterHead(SegmentedMpmcSegment first) {
        super(first);
    }
}
