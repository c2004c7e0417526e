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
 * form of crossbeam's {@code SegQueue} and JCTools' {@code MpmcUnboundedXaddArrayQueue}.
 *
 * <p>Any thread may call every operation. {@code pop} and {@code steal} are the same operation:
 * both take the oldest item (FIFO). Every pushed item is taken exactly once, and the queue is
 * linearizable, {@link #isEmpty()} included.
 *
 * <p>Progress: {@code push} never waits for anyone: one fetch-and-add, then (once per segment)
 * a walk that may allocate and link the next segment. A take returns null only when it saw the
 * queue empty, never because it lost a race to another taker (it retries). A take is lock-free
 * against other takers, but a taker that has claimed the slot of a push whose fetch-and-add is
 * done and whose store is not waits (spinning, then yielding) until that store: a producer
 * descheduled inside those few instructions delays that one taker, as in crossbeam's and
 * JCTools' queues. Consumers never delay producers.
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
     * reused, so a slot goes null -> item (its producer) -> null (its consumer) exactly once and
     * there is no ABA. tail counts claimed push indices, head claimed take indices; head <= tail
     * always, because a taker advances head from h only after reading tail > h, and tail only grows.
     *
     * push: read the tail segment hint, fetch-and-add tail (claims index i), walk from the hint
     * to segment i >>> shift, store the item in the slot; a push that crossed into a new segment
     * then advances the hint and links the segment after it (link ahead). Once a push has claimed
     * an index, a taker of that index waits for its store, so a push that throws between its claim
     * and its store holds that taker forever. The segment's allocation comes after the store (an
     * error there reaches the caller with the item queued), and the queue starts with two segments
     * linked, so the walk after a claim allocates only if a link ahead failed, or a crossing push
     * was descheduled between its claim and its link ahead while a whole segment's worth of later
     * pushes were claimed (the walk then links missing segments; a loser of the link CAS drops its
     * segment and follows the winner's). This does not make a push safe against a
     * StackOverflowError: the calls between claim and store (the test hook, the walk, the
     * accessors while interpreted) can overflow too, and then the index is lost for good (issue
     * 30, bug 5, open). Linking ahead before the claim costs
     * every push a read of the hint segment's next (docs/findings.md, the injector's link ahead)
     * and does not close that hole either.
     * take (pop, steal): read the head segment hint, read head h, read tail t; h >= t: empty,
     * return null. Otherwise CAS head h -> h + 1 (a failed CAS is a lost race: retry, never
     * "empty"); walk to the segment of h, wait until the slot is non-null (its producer has
     * claimed the index and may not have stored yet), null the slot, return the item.
     *
     * Linearization points: push at its fetch-and-add (from then on the item counts as in the
     * queue: isEmpty() answers false and a take claims it in index order, waiting for the
     * store if it must); a take at its successful CAS on head; an empty take at its read of tail.
     * takeBatch's single CAS takes k items at one point, as k takes in a row would.
     *
     * Hints: tailSegment and headSegment point at a segment no later than the one the next
     * claimed index falls into, so a walk only goes forward. For the tail: a producer reads the
     * hint (acquire) before its fetch-and-add; the hint was moved to segment k (release) by a
     * producer after its own fetch-and-add returned an index in k, so that fetch-and-add
     * happens-before ours and ours returns a larger index. The head hint alike, with the taker's
     * CAS. Hints move forward only (CAS while the current id is smaller). Segments behind both
     * hints are unreachable and collected; taken slots are nulled, so a finished task is not kept
     * alive by a segment still in use.
     *
     * Memory ordering (each access's mode is in its accessor's name):
     * - slot: the producer's setSlotRelease publishes the item (and the task's fields); it pairs
     *   with slotAcquire in the taker. The taker's clear is plain: nobody reads the slot again.
     * - tail: getAndAdd is volatile (sequentially consistent), and the emptiness checks read tail
     *   with getVolatile. Those two are the store-load pair of a pool's parking protocol: a
     *   submitter pushes, then reads whether a worker is idle; a worker publishes that it is
     *   idle, then re-checks isEmpty() before parking. Under release/acquire both loads could
     *   miss the other side's store (the reordering jcstress shows on x86 in
     *   StoreLoadReorderingSanityTest), the submission would wake nobody and the worker would park.
     *   The work-stealing pool leans on the push's side only: its worker fences before isEmpty(),
     *   its submitter does not fence after the fetch-and-add. The pools module's
     *   WorkStealingParkingTest.OutsideSubmit drives that pair on the real pool, but on x86 the
     *   fetch-and-add is a locked instruction in every mode, so it cannot fail there; a weakened
     *   mode shows only on ARM or POWER.
     * - head: read with acquire, which keeps the later tail read and segment walk after it; the
     *   CAS only needs atomicity (the index it claims is all it decides; the slot carries its own
     *   release/acquire), so it is weakCasHeadPlain in a loop that re-reads, where a spurious
     *   failure is one more lost race.
     * - hints: read acquire, moved with a release CAS (the argument above); next: read acquire,
     *   linked with a release CAS, which publishes the new segment (its fields are final too).
     *
     * Field layout: the producers' fields (tail, its hint) and the consumers' (head, its hint)
     * sit on separate cache lines, padded JCTools-style by the superclass chain below (128
     * bytes each side, for adjacent-line prefetch); no @Contended, which needs a JVM flag.
     *
     * Closing (a pool's shutdown inside the injector's own protocol). close() sets the CLOSED bit
     * of tail with one atomic OR, which returns the tail it found: the pushes whose fetch-and-add
     * came before it hold the indices below it and were admitted; every later fetch-and-add returns
     * an index with CLOSED set and its push is refused without touching a slot or a segment. The
     * closer then publishes that bound in closedAt (release; acquire in the readers). Takers,
     * size() and isEmpty() read tail as before and, when it carries CLOSED, use closedAt instead,
     * spinning for the few instructions between the OR and that store if they come in between;
     * so no taker claims a refused index, and every admitted item is taken exactly once (a take
     * still waits for an admitted push's store). Linearization point of close: its OR; of a
     * refused push: its fetch-and-add. The refused pushes go on raising tail's lower bits, which
     * nobody reads after the close.
     */

    static final QueueTraits TRAITS = QueueTraits.correct(false, Order.FIFO, Order.FIFO, false);

    /** 1024 slots: 4 KiB of references with compressed oops, one segment link per 1024 pushes. */
    static final int DEFAULT_SEGMENT_LENGTH = 1024;

    /** Spins on an unwritten slot before the waiting taker starts yielding. */
    private static final int SPINS_BEFORE_YIELD = 128;

    private final int shift;
    private final int mask;
    private final ClaimHook hook;

    public SegmentedMpmcQueue() {
        this(DEFAULT_SEGMENT_LENGTH);
    }

    /**
     * @param initialCapacity the slots per segment, rounded up to a power of two
     * @throws IllegalArgumentException if {@code initialCapacity} is less than 1 or above 2^30
     */
    public SegmentedMpmcQueue(int initialCapacity) {
        this(initialCapacity, ClaimHook.NONE);
    }

    /** For tests: {@code hook} runs in push between the claim of an index and the slot's store. */
    SegmentedMpmcQueue(int initialCapacity, ClaimHook hook) {
        super(new SegmentedMpmcSegment(0, Capacities.powerOfTwoAtLeast(initialCapacity, 1)));
        int length = headSegmentAcquire().length();
        this.shift = Integer.numberOfTrailingZeros(length);
        this.mask = length - 1;
        this.hook = Objects.requireNonNull(hook, "hook");
        headSegmentAcquire().link(); // the first link ahead (overview: push)
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
     *
     * @return true if pushed; false if refused because the queue was closed first
     */
    public boolean pushUnlessClosed(T item) {
        Objects.requireNonNull(item, "item");
        SegmentedMpmcSegment segment = tailSegmentAcquire(); // acquire: before the FAA (overview, hints)
        long i = getAndIncrementTail(); // linearization point; volatile: the parking pair (overview)
        if ((i & CLOSED) != 0) {
            return false; // refused: takers stop at closedAt, below this index
        }
        hook.afterClaim();
        long id = i >>> shift;
        SegmentedMpmcSegment target = segment.id == id ? segment : segment.walkTo(id);
        target.setSlotRelease((int) i & mask, item); // release: publishes the item; pairs with slotAcquire
        if (target != segment) {
            advanceTailSegment(target);
            linkAhead(target); // after the store: an error here leaves no claimed slot empty
        }
        return true;
    }

    /** Links the segment after {@code segment} unless one is linked (overview: link ahead). */
    private void linkAhead(SegmentedMpmcSegment segment) {
        if (segment.nextAcquire() == null) {
            hook.beforeLink();
            segment.link();
        }
    }

    /**
     * Refuses every later push (push throws, pushUnlessClosed returns false); the items pushed
     * before stay to be taken. Idempotent; any thread may call it.
     */
    public void close() {
        long t = getAndCloseTail(); // linearization point (volatile OR)
        if ((t & CLOSED) == 0) {
            setClosedAtRelease(t); // release: pairs with closedAtAcquire in admittedTail
        }
    }

    /** Whether {@link #close()} has been called. */
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
            if (weakCasHeadPlain(h, h + 1)) { // linearization point of a take
                return claimed(segmentOf(segment, h), h);
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
        SegmentedMpmcSegment segment = hint.walkTo(id);
        advanceHeadSegment(segment);
        return segment;
    }

    /** The item at claimed index {@code i} of {@code segment}, waiting for its store if need be. */
    @SuppressWarnings("unchecked")
    private T claimed(SegmentedMpmcSegment segment, long i) {
        int slot = (int) i & mask;
        Object item = segment.slotAcquire(slot); // acquire: pairs with setSlotRelease in push
        if (item == null) {
            item = awaitStore(segment, slot);
        }
        segment.clearSlotPlain(slot);
        return (T) item;
    }

    /** Waits for the store of a producer that has claimed the slot's index but not stored yet. */
    private static Object awaitStore(SegmentedMpmcSegment segment, int slot) {
        for (int spins = 0; ; spins++) {
            if (spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
            Object item = segment.slotAcquire(slot); // acquire: pairs with setSlotRelease in push
            if (item != null) {
                return item;
            }
        }
    }

    /**
     * Takes up to {@code max} of the oldest items with one CAS on head and hands them to
     * {@code sink} in FIFO order; for moving a batch from the injector into a worker's deque.
     * Linearizable as that many takes in a row with nothing between them. Every claimed item is
     * handed over before the sink's first RuntimeException propagates (the sink sees the rest of
     * the batch anyway, and only the first is rethrown), so a failing sink loses no item.
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
            if (weakCasHeadPlain(h, h + n)) { // linearization point of the batch
                RuntimeException failure = null;
                for (long i = h; i < h + n; i++) {
                    segment = segmentOf(segment, i);
                    T item = claimed(segment, i);
                    try {
                        sink.accept(item);
                    } catch (RuntimeException e) {
                        if (failure == null) {
                            failure = e;
                        }
                    }
                }
                if (failure != null) {
                    throw failure;
                }
                return n;
            }
        }
    }

    /** Claimed pushes minus claimed takes: exact when no other thread is acting on the queue. */
    @Override
    public int size() {
        long h = headAcquire(); // acquire: the tail read stays after it, so the count is not negative
        long n = admittedTail() - h;
        return (int) Math.max(0, Math.min(n, Integer.MAX_VALUE));
    }

    /**
     * True only if the queue was empty at some instant during the call: an item whose push
     * returned before this call began and that no take has claimed makes it answer false. An
     * item whose push has claimed its index and not yet stored counts as present.
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

    /** For tests, quiescent only: the non-null slots from the head hint on, live or stale. */
    int referencedSlots() {
        int n = 0;
        for (SegmentedMpmcSegment s = headSegmentAcquire(); s != null; s = s.nextAcquire()) {
            n += s.referencedSlots();
        }
        return n;
    }

    /**
     * Test hook: {@code afterClaim} is called by push between the claim of an index and the store
     * into its slot; {@code beforeLink} before a push links a segment ahead, after its store.
     */
    interface ClaimHook {
        void afterClaim();

        /** Called before a push links a segment ahead; a test may throw here to fail that allocation. */
        default void beforeLink() {
        }

        /** The production hook: does nothing. */
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

    /** The segment numbered {@code target} (not before this one), linking new segments as needed. */
    SegmentedMpmcSegment walkTo(long target) {
        SegmentedMpmcSegment s = this;
        while (s.id < target) {
            SegmentedMpmcSegment n = s.nextAcquire();
            s = n != null ? n : s.link();
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

    void setSlotRelease(int slot, Object item) {
        SLOT.setRelease(slots, slot, item);
    }

    void clearSlotPlain(int slot) {
        slots[slot] = null;
    }

    int referencedSlots() {
        int n = 0;
        for (Object o : slots) {
            if (o != null) {
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
    /** tail as close() found it: the admitted pushes are below it; -1 until then. Written once. */
    private long closedAt = -1;

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

    final void setClosedAtRelease(long value) {
        CLOSED_AT.setRelease(this, value);
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

    /** Atomicity only: the claimed index is all this CAS decides (see the overview). */
    final boolean weakCasHeadPlain(long expected, long next) {
        return HEAD.weakCompareAndSetPlain(this, expected, next);
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
