package org.stealbench.pools.partition;

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
        RangeChecks.checkSplit(from, to, partitions);
        ChunkCursor.ChunkedSplit split = new ChunkCursor.ChunkedSplit(partitions);
        for (int i = 0; i < partitions; i++) {
            split.cursors[i] = new ChunkCursor(split, RangeChecks.chunkStart(from, to, partitions, i),
                    RangeChecks.chunkStart(from, to, partitions, i + 1));
        }
        return split;
    }

    @Override
    public String toString() {
        return "static";
    }
}
