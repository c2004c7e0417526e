package org.stealbench.pools.partition;

/**
 * A policy that splits an index range {@code [from, to)} into partitions for one loop: the
 * common interface of {@link StaticRangePartitioner}, {@link DynamicChunkRangePartitioner} and
 * {@link WorkStealingRangePartitioner} (seed 001's {@code Partitioner<int>.GetPartitions}).
 *
 * <p>Implementations are stateless and thread-safe: every call returns a fresh
 * {@link PartitionedRange} for one loop, whose partitions together yield every index of the
 * range exactly once when all of them are drained.
 */
public interface RangePartitioner {

    /**
     * Splits {@code [from, to)} into {@code partitions} partitions. An empty range
     * ({@code from == to}) gives partitions that yield nothing.
     *
     * @throws IllegalArgumentException if {@code from > to} or {@code partitions < 1}
     */
    PartitionedRange split(int from, int to, int partitions);
}
