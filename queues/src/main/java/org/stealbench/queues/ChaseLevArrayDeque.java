package org.stealbench.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import org.stealbench.queues.QueueTraits.Order;

/**
 * The Chase-Lev dynamic circular work-stealing deque (D. Chase, Y. Lev, "Dynamic Circular
 * Work-Stealing Deque", SPAA 2005) with the memory orderings of N. M. Le, A. Pop, A. Cohen,
 * F. Zappa Nardelli, "Correct and Efficient Work-Stealing for Weak Memory Models" (PPoPP 2013).
 *
 * <p>Owner-only: {@link #push} and {@link #pop} must be called by one owner thread at a time;
 * {@link #steal} by any thread. {@code pop} takes the newest item (LIFO), {@code steal} the oldest
 * (FIFO). Every pushed item is taken exactly once, and the deque is linearizable.
 *
 * <p>Progress: {@code push} and {@code pop} are wait-free (push allocates only when the array
 * doubles). {@code steal} is lock-free: where the paper's steal returns ABORT after losing a race
 * for an item, this one retries, so it returns null only when it saw the deque empty, never
 * spuriously; a thief can be made to retry only by another operation taking an item.
 *
 * <p>Capacity: the array starts at a power of two (32 by default; {@code new
 * ChaseLevArrayDeque<>(n)} rounds {@code n} up) and doubles when full, up to 2^30 slots.
 */
public final class ChaseLevArrayDeque<T> extends ChaseLevPadAfterBottom implements TaskQueue<T> {

    /*
     * Implementation overview
     *
     * Items live at indices [top, bottom) of a circular array, slot `index & (length - 1)`; the
     * indices are longs that never wrap. Only the owner writes bottom and the array reference;
     * top only grows, by CAS (thieves, and the owner when it takes the last item). push stores
     * the slot and publishes it by advancing bottom, doubling the array first when full. pop
     * first reads top with no fence: if that shows the deque empty, it is (top only grows, and
     * only pop lowers bottom); if it shows one item, pop takes it as a thief would, by a CAS on
     * top that leaves bottom alone (a stale top only makes the CAS fail, on a deque then empty).
     * Otherwise it lowers bottom to claim the newest item and reads top again: with more than one
     * item left no thief can reach it; for the last one it races the thieves with a CAS on top.
     * So an owner that pushes and pops one item at a time pays one CAS per pop and no fence,
     * where the paper's pop pays a fence and a CAS (the deque-ops benchmark at depth 0). steal reads
     * top, then bottom, then the slot, and claims it by CAS on top. Linearization points: a
     * successful CAS; pop's fence when it takes without a CAS; the load that saw the deque empty
     * (for pop, its first top read or the read after the fence).
     *
     * Memory ordering, as in Le et al. (C11 -> VarHandle; their relaxed is opaque or plain here):
     * - pop: bottom store opaque, then VarHandle.fullFence() (their seq_cst fence), then top
     *   opaque. With the fence in steal between its top and bottom loads this is a Dekker pair:
     *   either the thief sees the lowered bottom or the owner sees the advanced top. That is what
     *   lets the owner take without a CAS when it sees more than one item: a thief whose top has
     *   reached the owner's index must see the lowered bottom and stop. (Without the fence, x86
     *   lets the bottom store wait in the store buffer past the top load, and jcstress's
     *   ChaseLevPopAgainstTwoStealsTest sees an item taken twice. For the last item both sides
     *   end in the CAS, which decides alone.) The first top read, before any store, is opaque:
     *   it decides nothing alone (an empty answer holds for any value read, one item goes to
     *   the CAS), so it needs no ordering, only a fresh load each call.
     * - steal: top acquire, fullFence, bottom acquire (pairs with the release in push: the slot
     *   store is visible), array acquire (pairs with the release that published a grown array),
     *   slot plain, then CAS on top (volatile, their seq_cst CAS), the linearization point.
     * - push: top acquire (a slot is reused only after seeing top past it, and the acquire orders
     *   the reuse after the thief's read of the old item, which precedes its CAS), slot plain,
     *   bottom setRelease (their release fence + relaxed store).
     * - growth: the new array is filled, then published with setRelease; the owner reads its own
     *   array field plain.
     *
     * Clearing taken slots, so finished tasks do not stay reachable:
     * - The owner nulls the slot of an item it popped. No thief can take that index (with more
     *   than one item by the fence argument, for the last by the CAS), so a thief that reads the
     *   null fails its CAS; steal also never offers a null slot to the CAS.
     * - A thief cannot clear the slot it stole: once its CAS has moved top, the owner may reuse
     *   the slot for a new item, which a late null store would destroy, and a CAS on the slot
     *   would destroy a second push of the same reference. So stolen slots are cleared by the
     *   owner when a pop finds the deque empty: it reads top with acquire (every thief's slot
     *   read precedes its CAS, so it happens-before the clear) and nulls [cleared, top). A deque
     *   that never runs empty keeps at most one array's worth of stolen references, each until
     *   a push overwrites its slot.
     *
     * Field layout: top (thieves' CAS target) and bottom with the array (the owner's fields)
     * sit on separate cache lines, padded JCTools-style by the superclass chain below; no
     * @Contended, which needs a JVM flag.
     *
     * Deviations: steal retries instead of returning ABORT (so null means empty); slot clearing
     * as above; the indices are 64-bit so they cannot overflow.
     */

    static final QueueTraits TRAITS = QueueTraits.correct(true, Order.LIFO, Order.FIFO, false);

    static final int DEFAULT_CAPACITY = 32;
    static final int MAX_CAPACITY = 1 << 30;

    public ChaseLevArrayDeque() {
        this(DEFAULT_CAPACITY);
    }

    /** @throws IllegalArgumentException if {@code initialCapacity} is less than 1 or above 2^30 */
    public ChaseLevArrayDeque(int initialCapacity) {
        super(new Object[Capacities.powerOfTwoAtLeast(initialCapacity, 1)]);
    }

    @Override
    public void push(T item) {
        Objects.requireNonNull(item, "item");
        long b = bottom;
        long t = topAcquire(); // acquire: reuse slots only after the thieves' reads of them
        Object[] a = array;
        if (b - t > a.length - 1) {
            a = grow(a, t, b);
        }
        a[(int) b & (a.length - 1)] = item;
        setBottomRelease(b + 1); // release: publishes the slot; pairs with bottomAcquire() in steal
    }

    private Object[] grow(Object[] old, long t, long b) {
        if (old.length >= MAX_CAPACITY) {
            throw new IllegalStateException("deque capacity exceeded: " + old.length + " slots");
        }
        Object[] a = new Object[old.length << 1];
        for (long i = t; i < b; i++) {
            a[(int) i & (a.length - 1)] = old[(int) i & (old.length - 1)];
        }
        setArrayRelease(a); // release: the copied slots before the reference; pairs with arrayAcquire()
        cleared = t;
        return a;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T pop() {
        long b = bottom - 1;
        Object[] a = array;
        long seen = topOpaque(); // opaque: decides nothing alone (the overview's pop)
        if (seen > b) {
            clearStolen(a); // empty, linearized at the read above: no fence
            return null;
        }
        if (seen == b) {
            return popLast(a, b); // one item: no fence, the CAS decides as for a thief
        }
        setBottomOpaque(b);
        VarHandle.fullFence(); // seq_cst: bottom store before top load; pairs with the fence in steal
        long t = topOpaque();
        if (t > b) {
            setBottomOpaque(b + 1); // empty: undo
            clearStolen(a);
            return null;
        }
        int slot = (int) b & (a.length - 1);
        Object item = a[slot];
        if (t < b) {
            a[slot] = null; // more than one item: no thief can reach b (linearized at the fence)
            return (T) item;
        }
        boolean won = casTop(t, t + 1); // the last item: race the thieves (seq_cst CAS)
        setBottomOpaque(b + 1); // top and bottom now both b + 1: empty
        if (won) {
            a[slot] = null;
        }
        clearStolen(a);
        return won ? (T) item : null;
    }

    /**
     * Takes the item at {@code t} when it looked like the only one, by the thieves' CAS on top:
     * bottom stays where it is, so the fence that orders a lowered bottom is not needed.
     */
    @SuppressWarnings("unchecked")
    private T popLast(Object[] a, long t) {
        int slot = (int) t & (a.length - 1);
        Object item = a[slot];
        if (casTop(t, t + 1)) { // seq_cst CAS: the linearization point, as in steal
            a[slot] = null; // ours now; a thief reading the slot after this fails its CAS
            if (cleared == t) {
                // Nothing stolen to clear below the slot just nulled: the owner's push+pop at
                // depth 0 skips clearStolen's call (docs/findings.md).
                cleared = t + 1;
            } else {
                clearStolen(a);
            }
            return (T) item;
        }
        clearStolen(a); // a thief took it: top is bottom, the deque is empty
        return null;
    }

    /** With the deque empty: nulls the slots of the items stolen since the last clear. */
    private void clearStolen(Object[] a) {
        long t = topAcquire(); // acquire: the thieves' slot reads precede their CAS on top
        if (t == cleared) {
            return;
        }
        for (long i = Math.max(cleared, t - a.length); i < t; i++) {
            a[(int) i & (a.length - 1)] = null;
        }
        cleared = t;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T steal() {
        while (true) {
            long t = topAcquire();
            VarHandle.fullFence(); // seq_cst: top load before bottom load; pairs with the fence in pop
            long b = bottomAcquire(); // acquire: pairs with the release in push, so the slot is visible
            if (t >= b) {
                return null;
            }
            Object[] a = arrayAcquire(); // acquire: pairs with the release in grow
            Object item = a[(int) t & (a.length - 1)];
            // A null slot was cleared after its item was taken: top has moved, retry.
            if (item != null && casTop(t, t + 1)) {
                return (T) item; // linearization point: the successful CAS
            }
        }
    }

    @Override
    public int size() {
        long t = topAcquire();
        long n = bottomAcquire() - t;
        return (int) Math.max(0, Math.min(n, Integer.MAX_VALUE));
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public QueueTraits traits() {
        return TRAITS;
    }

    /** For tests, owner thread or quiescent only: the number of non-null slots, live or stale. */
    int referencedSlots() {
        int n = 0;
        for (Object o : array) {
            if (o != null) {
                n++;
            }
        }
        return n;
    }
}

/**
 * Padding before top: keeps top off the cache line of whatever precedes the object. The int
 * fills the gap after the object header, where HotSpot would otherwise place a subclass's
 * reference field (the array), away from the owner's fields.
 */
abstract class ChaseLevPadBeforeTop {
    int p;
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** top: advanced by CAS by thieves and by the owner's last-item pop. */
abstract class ChaseLevTop extends ChaseLevPadBeforeTop {
    private static final VarHandle TOP;

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(ChaseLevTop.class, "top", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long top;

    final long topOpaque() {
        return (long) TOP.getOpaque(this);
    }

    final long topAcquire() {
        return (long) TOP.getAcquire(this);
    }

    final boolean casTop(long expected, long next) {
        return TOP.compareAndSet(this, expected, next);
    }
}

/** Padding between top and the owner's fields (128 bytes: two lines, for adjacent-line prefetch). */
abstract class ChaseLevPadAfterTop extends ChaseLevTop {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/** The owner's fields: bottom, the array, and the index below which stolen slots are cleared. */
abstract class ChaseLevBottom extends ChaseLevPadAfterTop {
    private static final VarHandle BOTTOM;
    private static final VarHandle ARRAY;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            BOTTOM = lookup.findVarHandle(ChaseLevBottom.class, "bottom", long.class);
            ARRAY = lookup.findVarHandle(ChaseLevBottom.class, "array", Object[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // bottom and array: written by the owner only, which reads them plain.
    long bottom;
    Object[] array;
    /** Owner-private: stolen slots below this index are cleared. */
    long cleared;

    ChaseLevBottom(Object[] array) {
        this.array = array;
    }

    final long bottomAcquire() {
        return (long) BOTTOM.getAcquire(this);
    }

    final void setBottomOpaque(long value) {
        BOTTOM.setOpaque(this, value);
    }

    final void setBottomRelease(long value) {
        BOTTOM.setRelease(this, value);
    }

    final Object[] arrayAcquire() {
        return (Object[]) ARRAY.getAcquire(this);
    }

    final void setArrayRelease(Object[] value) {
        ARRAY.setRelease(this, value);
    }
}

/** Padding after the owner's fields. */
abstract class ChaseLevPadAfterBottom extends ChaseLevBottom {
    long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;

    ChaseLevPadAfterBottom(Object[] array) {
        super(array);
    }
}
