package org.stealbench.pools.partition;

/**
 * An immutable half-open index range {@code [from, to)} with {@code from <= to}: what a thief
 * takes from a {@link WorkStealingRange}.
 *
 * <p>A value class with a record's accessors, equality and string form; not a {@code record},
 * because Lincheck 2.34's model checker fails on record fields reachable from a tested object.
 */
public final class IndexRange {

    private final int from;
    private final int to;

    /** @throws IllegalArgumentException if {@code from > to} */
    public IndexRange(int from, int to) {
        RangeChecks.checkRange(from, to);
        this.from = from;
        this.to = to;
    }

    public int from() {
        return from;
    }

    public int to() {
        return to;
    }

    /** The number of indices; a long because {@code [Integer.MIN_VALUE, Integer.MAX_VALUE)} holds 2^32 - 1. */
    public long size() {
        return (long) to - from;
    }

    public boolean isEmpty() {
        return from == to;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IndexRange && ((IndexRange) o).from == from && ((IndexRange) o).to == to;
    }

    @Override
    public int hashCode() {
        return 31 * from + to;
    }

    @Override
    public String toString() {
        return "[" + from + ", " + to + ")";
    }
}
