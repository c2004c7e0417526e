package org.stealbench.pools.partition;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.PrimitiveIterator;

/**
 * One loop's range split into partitions, as a {@link RangePartitioner} made it.
 *
 * <p>Contract: {@link #partition(int)} returns the same iterator for the same number each time.
 * Each partition's iterator is drained by one thread at a time (a happens-before edge between
 * successive threads, such as an executor hand-off); different partitions may be drained
 * concurrently. The range itself reaches every draining thread through such an edge too (no racy
 * publication): a policy's partitions may be set up after its constructor. When every partition has
 * been drained, every index of the range has been returned by exactly one {@code nextInt()}. A
 * partition may depend on others being drained too: a work-stealing partition ends only when every
 * index of the whole range has been processed, so every partition must be drained to the end (the
 * caller processes each returned index before asking for the next) or the loop {@link #cancel()
 * cancelled}.
 *
 * <p>{@link #cancel()} may be called by any thread: from then on every partition's
 * {@code hasNext()} soon returns false (at the latest after the current index), leaving the loop
 * incomplete. Iterators are not fail-fast and do not support {@code remove}.
 */
public abstract class PartitionedRange {

    /*
     * Implementation overview
     *
     * The base holds the cancellation flag every policy checks before handing out an index. It
     * is written once (false -> true) and guards no other data, so opaque accesses suffice: a
     * partition that reads a stale false hands out one more index, which is allowed, and
     * coherence makes the flag visible eventually.
     */

    private static final VarHandle CANCELLED;

    static {
        try {
            CANCELLED = MethodHandles.lookup().findVarHandle(PartitionedRange.class, "cancelled", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private boolean cancelled;

    /** The number of partitions, as requested from the partitioner. */
    public abstract int partitionCount();

    /**
     * The partition with the given number.
     *
     * @throws IndexOutOfBoundsException if {@code index} is not in {@code [0, partitionCount())}
     */
    public abstract PrimitiveIterator.OfInt partition(int index);

    /** Any thread: stops every partition soon; the loop stays incomplete. Idempotent. */
    public final void cancel() {
        // Opaque: a one-way flag guarding no other data (see the overview).
        CANCELLED.setOpaque(this, true);
    }

    /** True once {@link #cancel()} has been called (possibly a little later). */
    public final boolean isCancelled() {
        // Opaque: pairs with the opaque write in cancel(); a stale false costs one more index.
        return (boolean) CANCELLED.getOpaque(this);
    }
}
