package org.stealbench.pools.partition;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A contiguous range of indices that one owner thread takes one index at a time from the low
 * end, while any number of thieves take the upper quarter of what remains (seed 001's
 * {@code WorkStealingRange}).
 *
 * <p>Contract:
 * <ul>
 *   <li>{@link #next()} may be called by one owner thread only (at a time, with a happens-before
 *       edge between successive owners). It returns the indices in increasing order, or
 *       {@link #NONE} once the range is empty. Wait-free: one read and one atomic add.</li>
 *   <li>{@link #stealQuarter()} may be called by any thread. It takes the upper
 *       {@code ceil(r / 4)} indices of the {@code r} that remain, so it takes the last index when
 *       one remains, and returns {@code null} only when the range is empty. It never fails
 *       spuriously; it retries when the owner or another thief changed the range between its
 *       read and its update, so it is lock-free (a retry means another operation succeeded).</li>
 *   <li>Every index of {@code [from, to)} goes to exactly one {@code next()} or one
 *       {@code stealQuarter()}: never to both, never to neither once both sides have drained the
 *       range. In particular the last index, which the owner and thieves contend for, goes to
 *       exactly one of them. Every operation is linearizable.</li>
 *   <li>Once empty the range stays empty. Indices may be any ints, negative ones and the
 *       extremes included; an empty range ({@code from == to}) is legal.</li>
 * </ul>
 * A range carries no data besides its indices and orders no other memory: whoever hands the
 * taken indices' results to another thread must publish them itself.
 */
public final class WorkStealingRange {

    /*
     * Implementation overview
     *
     * State: one long, `state`, packing the remaining range [low, high): low in the upper 32 bits,
     * high in the lower 32 bits (both as two's-complement ints). The range is empty exactly when
     * low >= high. Only the owner changes low (upwards), only thieves change high (downwards).
     *
     * next() (owner): reads the state; if empty returns NONE without touching it. Otherwise it
     * adds 1 to low with one getAndAdd(1 << 32) and looks at the value before the add: if
     * low < high there, it took `low`; if a thief emptied the range between the read and the add,
     * it took nothing and low now exceeds high by one. That overshoot is bounded: the owner adds
     * only after reading low < high, and it is the only writer of low, so the add starts from
     * that same low and leaves low + 1 <= (the high it read) <= Integer.MAX_VALUE; after an add
     * that found the range empty, the owner's next read comes after that add (read-write
     * coherence), sees low > high, and adds nothing (high never grows). So the add never carries
     * out of the upper half and low never wraps.
     *
     * stealQuarter() (thief): reads [low, high); if empty returns null; else computes
     * k = ceil((high - low) / 4) (in long arithmetic) and CASes the state to [low, high - k); on
     * success it took [high - k, high). On failure (the owner added, or another thief stole) it
     * re-reads and retries.
     *
     * Linearization: every successful operation is one atomic read-modify-write of the single
     * word `state` (next: the getAndAdd; stealQuarter: the successful CAS), and an empty answer
     * linearizes at the read that saw low >= high (or, for next, the getAndAdd that saw it). Each
     * RMW replaces [low, high) with a range that is the old one minus exactly the indices it
     * returns, so no index is handed out twice or dropped. The last index: when one index
     * remains, the owner's getAndAdd and a thief's CAS are RMWs on the same word; whichever comes
     * first in the word's modification order takes it, and the other sees an empty range (the
     * thief's CAS fails against the changed word and its re-read sees low >= high; the owner's
     * getAndAdd returns a value with low >= high). ABA cannot hurt a thief: the word is the whole
     * state, so if its CAS finds the value it read, the range is exactly the one it computed from.
     *
     * Memory ordering: no other memory hangs off the state, so every access needs atomicity
     * only. Reads are opaque (they cannot tear and are coherent); the owner's add uses
     * getAndAddAcquire and the thief's CAS weakCompareAndSetPlain (in a retry loop, so spurious
     * failure is harmless), the weakest RMW modes VarHandle offers. The constructor's plain write
     * of `state` reaches other threads through whatever publishes this object (the partitioner
     * uses a release store paired with an acquire load).
     *
     * Deviations from seed 001, with reasons:
     * - The seed keeps the owner's low in a volatile int and a separate steal range object
     *   [mid, high) that thieves swap by CAS; the owner reserves low with an interlocked exchange
     *   and then re-reads the steal range, CASing it when it contains the reserved index, and now
     *   and then CASes it back to a quarter of what remains. Its safety rests on object identity
     *   (no ABA) and on that periodic shrink (a thief that read a stale low must be made to fail).
     *   Packing [low, high) in one word makes every operation one RMW on one word, linearizable
     *   by construction, without allocating a tuple per steal, at the same owner cost: one
     *   locked instruction per index (the seed's exchange, our add).
     * - The seed's thief takes the steal range as it was last set (a quarter of what remained
     *   when it was set); ours takes a quarter of what remains at the moment of the steal.
     * - The seed's (low + 3 * high) / 4 overflows for large indices; we compute in long, so any
     *   int bounds work, including [Integer.MIN_VALUE, Integer.MAX_VALUE).
     * - The seed returns a failed steal when it loses a race, which its caller cannot tell from
     *   an empty range; ours retries, so null means empty.
     */

    /** What {@link #next()} returns when the range is empty; outside the int range. */
    public static final long NONE = Long.MIN_VALUE;

    private static final long ONE_LOW = 1L << 32;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(WorkStealingRange.class, "state", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long state;

    /**
     * A range holding {@code [from, to)}.
     *
     * @throws IllegalArgumentException if {@code from > to}
     */
    public WorkStealingRange(int from, int to) {
        RangeChecks.checkRange(from, to);
        state = pack(from, to);
    }

    /**
     * Owner only: takes the lowest remaining index.
     *
     * @return the index, or {@link #NONE} when the range is empty
     */
    public long next() {
        long s = stateOpaque();
        if (low(s) >= high(s)) {
            return NONE;
        }
        long before = getAndIncrementLowAcquire();
        int low = low(before);
        return low < high(before) ? low : NONE;
    }

    /**
     * Any thread: takes the upper quarter (rounded up) of the remaining indices.
     *
     * @return the indices taken, never empty, or {@code null} when the range is empty
     */
    public IndexRange stealQuarter() {
        while (true) {
            long s = stateOpaque();
            int low = low(s);
            int high = high(s);
            long remaining = (long) high - low;
            if (remaining <= 0) {
                return null;
            }
            int newHigh = (int) (high - (remaining + 3) / 4);
            if (weakCasStatePlain(s, pack(low, newHigh))) {
                return new IndexRange(newHigh, high);
            }
        }
    }

    /** The number of indices that remain at some moment during the call; 0 once empty. */
    public long size() {
        long s = stateOpaque();
        return Math.max(0, (long) high(s) - low(s));
    }

    /** True when no index remained at some moment during the call; stays true from then on. */
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public String toString() {
        long s = stateOpaque();
        return "WorkStealingRange[" + low(s) + ", " + high(s) + ")";
    }

    private static long pack(int low, int high) {
        return (long) low << 32 | (high & 0xFFFF_FFFFL);
    }

    private static int low(long state) {
        return (int) (state >> 32);
    }

    private static int high(long state) {
        return (int) state;
    }

    /** Opaque: atomic and coherent; no other memory depends on the state. */
    private long stateOpaque() {
        return (long) STATE.getOpaque(this);
    }

    /** The owner's take; only atomicity is needed, acquire is the weakest getAndAdd mode there is. */
    private long getAndIncrementLowAcquire() {
        return (long) STATE.getAndAddAcquire(this, ONE_LOW);
    }

    /** A thief's take; plain and weak: atomicity is all it needs, and its caller retries. */
    private boolean weakCasStatePlain(long expected, long next) {
        return STATE.weakCompareAndSetPlain(this, expected, next);
    }
}
