/**
 * Range partitioners and a parallel for over an index range {@code [from, to)} (seed 001).
 *
 * <p>A {@link org.stealbench.pools.partition.RangePartitioner} splits a range into a number of
 * partitions for one loop; each partition is a {@link java.util.PrimitiveIterator.OfInt} that one
 * thread drains. Three policies share the interface: equal static chunks
 * ({@link org.stealbench.pools.partition.StaticRangePartitioner}), chunks handed out on demand
 * from a shared counter ({@link org.stealbench.pools.partition.DynamicChunkRangePartitioner}), and
 * seed 001's static split balanced by stealing the upper quarter of other partitions' ranges
 * ({@link org.stealbench.pools.partition.WorkStealingRangePartitioner}, built on
 * {@link org.stealbench.pools.partition.WorkStealingRange}).
 * {@link org.stealbench.pools.partition.ParallelFor} runs a body over a range on any
 * {@link java.util.concurrent.Executor} with any partitioner.
 *
 * <p>Conventions: indices are {@code int}s anywhere in the int range, negative ones included;
 * sizes and counts are {@code long} so the full range {@code [Integer.MIN_VALUE,
 * Integer.MAX_VALUE)} never overflows. An empty range is legal everywhere and runs nothing;
 * {@code from > to}, a partition count below 1 and a chunk size below 1 are refused with an
 * {@link java.lang.IllegalArgumentException} naming the argument. VarHandle constants are
 * UPPERCASE and accessors name their mode ({@code stateOpaque()}, {@code casState(e, n)}).
 */
package org.stealbench.pools.partition;
