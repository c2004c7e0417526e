package org.stealbench.pools.partition;

import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.PrimitiveIterator;

/**
 * A partition that hands out the indices of its current chunk {@code [next, end)} in order and
 * asks {@link #refill()} for another chunk when it runs out: the iterator of the static and the
 * dynamic-chunk partitioners, whose ranges are {@link ChunkedSplit}s. Drained by one thread at a
 * time, as {@link PartitionedRange} says.
 */
class ChunkCursor implements PrimitiveIterator.OfInt {

    private final PartitionedRange loop;
    /** Bounds as longs, so a chunk ending at Integer.MAX_VALUE needs no special case. */
    long next;
    long end;
    /** True when hasNext() answered true and nextInt() has not yet handed out that index. */
    private boolean promised;

    ChunkCursor(PartitionedRange loop, long next, long end) {
        this.loop = loop;
        this.next = next;
        this.end = end;
    }

    /**
     * Sets {@code [next, end)} to a new non-empty chunk and returns true, or returns false when
     * none is left; a static chunk has none.
     */
    boolean refill() {
        return false;
    }

    @Override
    public final boolean hasNext() {
        if (!promised) {
            promised = !loop.isCancelled() && (next < end || refill());
        }
        return promised;
    }

    @Override
    public final int nextInt() {
        // An index that hasNext() promised is handed out even if the loop was cancelled since.
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        promised = false;
        return (int) next++;
    }

    /** A range whose partitions are chunk cursors, filled in by its partitioner. */
    static class ChunkedSplit extends PartitionedRange {
        final ChunkCursor[] cursors;

        ChunkedSplit(int partitions) {
            cursors = new ChunkCursor[partitions];
        }

        @Override
        public int partitionCount() {
            return cursors.length;
        }

        @Override
        public PrimitiveIterator.OfInt partition(int index) {
            return cursors[Objects.checkIndex(index, cursors.length)];
        }
    }
}
