package org.stealbench.pools.partition;

/** Argument checks and the balanced static split shared by the partitioners. */
final class RangeChecks {

    private RangeChecks() {
    }

    static void checkRange(int from, int to) {
        if (from > to) {
            throw new IllegalArgumentException("from must be <= to, got from=" + from + ", to=" + to);
        }
    }

    static void checkSplit(int from, int to, int partitions) {
        checkRange(from, to);
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be at least 1, got " + partitions);
        }
    }

    /**
     * The start of chunk {@code i} of {@code [from, to)} split into {@code partitions} contiguous
     * chunks whose sizes differ by at most one (chunk {@code partitions} starts at {@code to}).
     * The product {@code size * i} is below 2^32 * 2^31 = 2^63, so it cannot overflow.
     */
    static int chunkStart(int from, int to, int partitions, int i) {
        long size = (long) to - from;
        return (int) (from + size * i / partitions);
    }
}
