package org.stealbench.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.stealbench.queues.QueueTraits.Order;

/**
 * Seed 000's {@code WorkStealingQueue} (Joe Duffy, "Building a custom thread pool, part 2", 2008):
 * an array deque whose owner pushes and pops without a lock except near empty or when it grows,
 * while thieves steal under a lock.
 *
 * <p>Owner-only: {@link #push} and {@link #pop} must be called by one owner thread at a time;
 * {@link #steal} and {@link #trySteal} by any thread. {@code pop} takes the newest item (LIFO),
 * {@code steal} the oldest (FIFO). Every pushed item is taken exactly once.
 *
 * <p>Progress and failures: {@code push} takes the lock only when the array looks full, and
 * {@code pop} only when the deque looks empty or it races a thief for the last item; otherwise
 * both are wait-free. {@code steal} blocks on the lock. None of {@code pop} and {@code steal}
 * fails spuriously: each returns null only when the deque was empty at some instant during the
 * call (the deque is linearizable). {@link #trySteal(long, TimeUnit)}, Duffy's {@code TrySteal},
 * gives up and returns null when the lock is not free within the timeout, even if items are present.
 *
 * <p>Capacity: the array starts at a power of two (32 by default, the seed's
 * {@code INITIAL_SIZE}; {@code new DuffyArrayDeque<>(n)} rounds {@code n} up, at least 2) and
 * holds one item less than its length before it doubles, as in the seed. Past 2^30 slots
 * {@code push} throws {@link IllegalStateException}.
 */
public final class DuffyArrayDeque<T> implements TaskQueue<T> {

    /*
     * Implementation overview
     *
     * The seed's algorithm. `tail` is the owner's end, `head` the thieves'; items live at indices
     * [head, tail), slot `index & mask`. push stores the slot and advances tail while the array
     * keeps one free slot (tail - head < mask); otherwise it takes the lock and doubles the array,
     * keeping head and tail (the seed resets them: deviation (d)). pop decrements tail, then
     * reads head: if head <= tail it owns slot tail, else it lost the last item to a thief and
     * decides under the lock. A thief, holding the lock, bumps head to claim slot head, then reads
     * tail: if the claim passed tail it undoes the bump. Only the owner writes tail and the array;
     * only lock holders write head; array and mask change only under the lock (growth), so
     * thieves read them as plain fields, ordered by the lock.
     *
     * Memory ordering: a translation of the .NET memory model. In the seed head and tail are
     * .NET volatile fields, whose reads are acquire and writes release (ECMA-335 I.12.6.7), and
     * the two writes that claim an item are Interlocked.Exchange, a full fence. The claim is a
     * Dekker pair: the owner writes tail then reads head, a thief writes head then reads tail,
     * and at least one of them must see the other's write, else both take the last item.
     * Acquire/release cannot give that store->load order; here both writes are setVolatile and
     * both following reads getVolatile: the JLS puts all volatile accesses in one total
     * synchronization order consistent with program order, so whichever write comes first in it
     * is seen by the other side's later read. (HotSpot emits a locked instruction after a
     * volatile store on x86, the cost of the seed's XCHG; getAndSet would be equivalent.)
     * Elsewhere the weakest mode that the pairing needs:
     * - push: slot store plain, then tail setRelease, read by the thief's getVolatile: the thief
     *   that sees the new tail sees the item (the seed's volatile write).
     * - push reads head with getAcquire: it reuses a slot only after seeing a head past it, and
     *   the acquire orders that reuse after the clearing store of the thief that took the slot
     *   (see below).
     * - pop's first emptiness check reads head opaque: a stale (low) value only sends it down the
     *   fenced path, a high one (a thief's tentative bump) down the locked path.
     * - Under the lock (growth, pop's slow path, steal's own head read) plain accesses suffice:
     *   every other writer of those fields wrote them under the same lock.
     * - A failed steal restores head with setRelease: a later push may read that value to reuse
     *   a slot, so it must carry the happens-before of the earlier thieves' clears.
     *
     * Deviations from the seed (each covered by a test that fails on the seed's logic):
     * (a) Indices are ints compared by differences (tail - head > 0), never by <, so they may
     *     wrap past Integer.MAX_VALUE: the seed's `head >= tail` answers "empty" forever once
     *     tail wraps negative while head has not, stranding every item. Masking is unaffected
     *     (2^32 is a multiple of the array length).
     * (b) Taken slots are cleared, so the deque does not keep finished tasks reachable. The owner
     *     clears a slot it won (no thief reads a slot it did not win: a thief reads only after
     *     its claim succeeded). A thief clears the slot it won under the lock. The owner reuses
     *     slot h only at index h + length, which push's fast path allows only once it has read
     *     head >= h + 2 (the free slot): a value written by a later lock holder, so the thief's
     *     read and clear happen-before the reuse through the lock and the release/acquire on
     *     head (push's slow path holds the lock itself).
     * (c) pop decides "empty" only under the lock. A failing steal bumps head past tail for a
     *     moment before undoing it; the seed's pop, reading that head, answered empty while an
     *     item was there and the concurrent steal answered empty too (not linearizable; Lincheck
     *     finds it: push(6); pop() = null against steal() = null). When pop sees head >= tail it
     *     now takes the lock, where no bump is in flight, and re-reads head: an empty deque costs
     *     pop an uncontended lock, the non-empty fast path is unchanged. A thief's empty answer
     *     needs no such care: it fails only when tail <= head, and a concurrent pop lowers tail
     *     only on its way to taking that last item.
     * (d) Growth keeps head and tail and copies the item at index i to slot i & newMask. The seed
     *     resets them to 0 and count: two writes that size(), called from any thread, can see
     *     half done; one that read the old head and then the new tail answered 0, or less than
     *     the count, for a full deque. Without the reset head and tail move only by the
     *     operations, and size() reads head before tail: concurrent operations can leave its
     *     answer stale, but not 0 for a deque that held items throughout the call.
     */

    static final QueueTraits TRAITS = QueueTraits.correct(true, Order.LIFO, Order.FIFO, false);

    /** The seed's INITIAL_SIZE. */
    static final int DEFAULT_CAPACITY = 32;
    static final int MAX_CAPACITY = 1 << 30;

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(DuffyArrayDeque.class, "head", int.class);
            TAIL = lookup.findVarHandle(DuffyArrayDeque.class, "tail", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ReentrantLock foreignLock = new ReentrantLock();
    private final Runnable sizeProbe;
    private Object[] array;
    private int mask;
    private int head;
    private int tail;

    public DuffyArrayDeque() {
        this(DEFAULT_CAPACITY);
    }

    /** @throws IllegalArgumentException if {@code initialCapacity} is less than 1 or above 2^30 */
    public DuffyArrayDeque(int initialCapacity) {
        this(initialCapacity, 0);
    }

    /** With both indices starting at {@code startIndex}, so tests can cross the int wrap. */
    DuffyArrayDeque(int initialCapacity, int startIndex) {
        this(initialCapacity, startIndex, null);
    }

    /**
     * For tests: {@code sizeProbe}, when not null, runs inside {@link #size()} between its read of
     * head and its read of tail, so a test can change the deque exactly there.
     */
    DuffyArrayDeque(int initialCapacity, int startIndex, Runnable sizeProbe) {
        this.sizeProbe = sizeProbe;
        array = new Object[Capacities.powerOfTwoAtLeast(initialCapacity, 2)];
        mask = array.length - 1;
        head = startIndex;
        tail = startIndex;
    }

    @Override
    public void push(T item) {
        Objects.requireNonNull(item, "item");
        int t = tail;
        if (t - headAcquire() < mask) {
            array[t & mask] = item;
            setTailRelease(t + 1); // release: publishes the slot; pairs with tailVolatile() in steal
            return;
        }
        foreignLock.lock();
        try {
            int h = headPlain();
            if (t - h >= mask) {
                grow(h, t);
            }
            array[t & mask] = item;
            setTailRelease(t + 1);
        } finally {
            foreignLock.unlock();
        }
    }

    /**
     * Under the lock: doubles the array, each live item keeping its index (deviation (d)). Thieves
     * read array and mask under the same lock; the owner is the caller.
     */
    private void grow(int h, int t) {
        if (array.length >= MAX_CAPACITY) {
            throw new IllegalStateException("deque capacity exceeded: " + array.length + " slots");
        }
        Object[] bigger = new Object[array.length << 1];
        int biggerMask = bigger.length - 1;
        for (int i = h; i != t; i++) {
            bigger[i & biggerMask] = array[i & mask];
        }
        array = bigger;
        mask = biggerMask;
    }

    @Override
    public T pop() {
        int t = tail;
        if (t - headOpaque() <= 0) {
            return popLockedWhenApparentlyEmpty();
        }
        t -= 1;
        setTailVolatile(t); // the seed's Interlocked.Exchange: store tail, then load head
        if (t - headVolatile() >= 0) {
            return take(t); // linearization point: the volatile store of tail
        }
        foreignLock.lock();
        try {
            if (t - headPlain() >= 0) {
                return take(t);
            }
            setTailOpaque(t + 1); // lost the last item to a thief: restore
            return null;
        } finally {
            foreignLock.unlock();
        }
    }

    /**
     * Deviation (c): the head just read may be a failing thief's tentative bump, so "empty" is
     * decided under the lock, where head is settled.
     */
    private T popLockedWhenApparentlyEmpty() {
        foreignLock.lock();
        try {
            int t = tail;
            if (t - headPlain() <= 0) {
                return null; // linearization point: empty while every thief is locked out
            }
            t -= 1;
            setTailOpaque(t); // no thief can race: they claim under the lock we hold
            return take(t);
        } finally {
            foreignLock.unlock();
        }
    }

    @Override
    public T steal() {
        foreignLock.lock();
        try {
            return stealLocked();
        } finally {
            foreignLock.unlock();
        }
    }

    /**
     * Duffy's {@code TrySteal}: steals as {@link #steal()} does if the lock is free within the
     * timeout ({@code Monitor.TryEnter}), and returns null if it is not, even when items are
     * present. A zero timeout only tries once.
     *
     * @throws IllegalArgumentException if {@code timeout} is negative
     * @throws InterruptedException     if interrupted while waiting for the lock
     */
    public T trySteal(long timeout, TimeUnit unit) throws InterruptedException {
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout must not be negative, got " + timeout);
        }
        Objects.requireNonNull(unit, "unit");
        if (!foreignLock.tryLock(timeout, unit)) {
            return null;
        }
        try {
            return stealLocked();
        } finally {
            foreignLock.unlock();
        }
    }

    private T stealLocked() {
        int h = headPlain();
        setHeadVolatile(h + 1); // the seed's Interlocked.Exchange: store head, then load tail
        if (tailVolatile() - h > 0) {
            return take(h); // linearization point: the volatile store of head
        }
        // Empty, or the owner took the last item: undo. Release: a push that reads this value
        // may reuse slots cleared by earlier lock holders; pairs with headAcquire() in push.
        setHeadRelease(h);
        return null;
    }

    @SuppressWarnings("unchecked")
    private T take(int index) {
        int slot = index & mask;
        T item = (T) array[slot];
        array[slot] = null;
        return item;
    }

    @Override
    public int size() {
        // head before tail: head only grows between the two reads (but for a failing thief's
        // undo of its own bump), so the difference errs high rather than low (deviation (d)).
        int h = headAcquire();
        Runnable probe = sizeProbe;
        if (probe != null) {
            probe.run();
        }
        return Math.max(0, tailAcquire() - h);
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public QueueTraits traits() {
        return TRAITS;
    }

    /** For tests, quiescent only: the number of non-null slots, live or stale. */
    int referencedSlots() {
        int n = 0;
        for (Object o : array) {
            if (o != null) {
                n++;
            }
        }
        return n;
    }

    /** For tests, quiescent only: the array's length. */
    int capacity() {
        return array.length;
    }

    /** For tests: the lock thieves take, so a test can hold it. */
    ReentrantLock foreignLock() {
        return foreignLock;
    }

    /** Plain: under the lock, where every other writer of head also wrote it. */
    private int headPlain() {
        return (int) HEAD.get(this);
    }

    private int headOpaque() {
        return (int) HEAD.getOpaque(this);
    }

    private int headAcquire() {
        return (int) HEAD.getAcquire(this);
    }

    private int headVolatile() {
        return (int) HEAD.getVolatile(this);
    }

    private void setHeadVolatile(int value) {
        HEAD.setVolatile(this, value);
    }

    private void setHeadRelease(int value) {
        HEAD.setRelease(this, value);
    }

    private int tailAcquire() {
        return (int) TAIL.getAcquire(this);
    }

    private int tailVolatile() {
        return (int) TAIL.getVolatile(this);
    }

    private void setTailRelease(int value) {
        TAIL.setRelease(this, value);
    }

    private void setTailOpaque(int value) {
        TAIL.setOpaque(this, value);
    }

    private void setTailVolatile(int value) {
        TAIL.setVolatile(this, value);
    }
}
