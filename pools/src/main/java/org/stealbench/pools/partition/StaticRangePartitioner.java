package org.stealbench.pools.partition;

import java.util.Objects;
import java.util.PrimitiveIterator;

/**
 * Static partitioning: {@code [from, to)} is cut up front into {@code partitions} contiguous
 * chunks whose sizes differ by at most one, and partition {@code i} yields chunk {@code i} in
 * increasing order, with no hand-off between partitions. The baseline of seed 001: cheapest
 * per index, as slow as its unluckiest chunk when the work is uneven.
 *
 * <p>Stateless and thread-safe; each partition is independent of the others, so draining one
 * never waits for another. Partitions beyond the range's size are empty.
 */
public final class StaticRangePartitioner implements RangePartitioner {

    /*
     * Implementation overview
     *
     * Chunk i is [chunkStart(i), chunkStart(i + 1)) with chunkStart(i) = from + size * i / P,
     * computed in long (RangeChecks). The cursors share nothing but the cancellation flag, so
     * the only memory ordering is that of the flag (PartitionedRange) and of whatever hands the
     * partitions to their threads.
     */

    @Override
    public PartitionedRange split(int from, int to, int partitions) {
        RangeChecks.checkRange(from, to);
        RangeChecks.checkPartitions(partitions);
        return new Split(from, to, partitions);
    }

    @Override
    public String toString() {
        return "static";
    }

    private static final class Split extends PartitionedRange {
        private final ChunkCursor[] cursors;

        Split(int from, int to, int partitions) {
            cursors = new ChunkCursor[partitions];
            for (int i = 0; i < partitions; i++) {
                cursors[i] = new ChunkCursor(this, RangeChecks.chunkStart(from, to, partitions, i),
                        RangeChecks.chunkStart(from, to, partitions, i + 1)) {
                    @Override
                    boolean refill() {
                        return false;
                    }
                };
            }
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
