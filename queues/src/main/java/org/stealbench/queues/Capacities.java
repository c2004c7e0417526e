package org.stealbench.queues;

/** Argument checks and sizing shared by the array-backed variants. */
final class Capacities {

    private Capacities() {
    }

    static int checkInitialCapacity(int initialCapacity) {
        if (initialCapacity < 1) {
            throw new IllegalArgumentException("initialCapacity must be at least 1, got " + initialCapacity);
        }
        return initialCapacity;
    }

    /** The smallest power of two that is at least {@code initialCapacity} and at least {@code min}. */
    static int powerOfTwoAtLeast(int initialCapacity, int min) {
        checkInitialCapacity(initialCapacity);
        if (initialCapacity > 1 << 30) {
            throw new IllegalArgumentException("initialCapacity must be at most 2^30, got " + initialCapacity);
        }
        int n = Math.max(initialCapacity, min);
        return n == 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }
}
