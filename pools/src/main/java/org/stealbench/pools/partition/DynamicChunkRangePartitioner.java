package org.stealbench.pools.partition;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Dynamic partitioning: chunks of {@code chunkSize} consecutive indices (the last one shorter)
 * are handed out on demand from one shared counter, in increasing order, to whichever partition
 * asks next. The on-demand scheme seed 001 contrasts with static partitioning: it balances
 * uneven work at the cost of one atomic add per chunk on a shared, contended word.
 *
 * <p>Stateless and thread-safe; a partition never waits for another (taking a chunk is one
 * wait-free atomic add). Which partition gets which chunk depends on timing.
 */
public final class DynamicChunkRangePartitioner implements RangePartitioner {

    /*
     * Implementation overview
     *
     * The loop holds `nextChunk`, a long starting at `from`. A partition that has used up its
     * chunk takes [start, min(start + chunkSize, to)) with start = getAndAdd(nextChunk,
     * chunkSize); a start at or past `to` means the range is used up, and the partition
     * remembers that so it adds no more. The counter is a long, so it cannot overflow: it passes
     * `to` by at most partitions * chunkSize < 2^62.
     *
     * Memory ordering: the counter hands out disjoint chunks and guards no data, so it needs
     * atomicity only (getAndAddAcquire is the weakest getAndAdd mode).
     */

    private static final VarHandle NEXT_CHUNK;

    static {
        try {
            NEXT_CHUNK = MethodHandles.lookup().findVarHandle(Split.class, "nextChunk", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int chunkSize;

    /**
     * @param chunkSize the number of indices per chunk (the last chunk may be shorter)
     * @throws IllegalArgumentException if {@code chunkSize < 1}
     */
    public DynamicChunkRangePartitioner(int chunkSize) {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunkSize must be at least 1, got " + chunkSize);
        }
        this.chunkSize = chunkSize;
    }

    @Override
    public PartitionedRange split(int from, int to, int partitions) {
        RangeChecks.checkSplit(from, to, partitions);
        return new Split(from, to, partitions, chunkSize);
    }

    @Override
    public String toString() {
        return "dynamic-chunk(" + chunkSize + ")";
    }

    private static final class Split extends ChunkCursor.ChunkedSplit {
        private final int to;
        private final int chunkSize;
        private long nextChunk;

        Split(int from, int to, int partitions, int chunkSize) {
            super(partitions);
            this.to = to;
            this.chunkSize = chunkSize;
            this.nextChunk = from;
            for (int i = 0; i < partitions; i++) {
                cursors[i] = new ChunkCursor(this, from, from) {
                    private boolean exhausted;

                    @Override
                    boolean refill() {
                        if (exhausted) {
                            return false;
                        }
                        long start = getAndAddNextChunkAcquire();
                        if (start >= Split.this.to) {
                            exhausted = true;
                            return false;
                        }
                        next = start;
                        end = Math.min(start + Split.this.chunkSize, Split.this.to);
                        return true;
                    }
                };
            }
        }

        /** Atomicity only: the counter guards no data (see the overview). */
        private long getAndAddNextChunkAcquire() {
            return (long) NEXT_CHUNK.getAndAddAcquire(this, (long) chunkSize);
        }
    }
}
