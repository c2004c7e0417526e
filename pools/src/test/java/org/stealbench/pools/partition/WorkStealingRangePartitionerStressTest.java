package org.stealbench.pools.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The work-stealing partitioner's termination under real concurrency, without ParallelFor's
 * latch in between: many small loops, each partition drained by its own task on a 4-thread pool
 * (more partitions than threads in some loops, so some start late and find the work done), with
 * a few slow indices at random. Every index must be visited once, and a partition whose iterator
 * ends must already see every index of the loop processed (the remaining count, not a quiet
 * moment, decides termination).
 */
@Tag("slow")
final class WorkStealingRangePartitionerStressTest {

    private static final int LOOPS = 3_000;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void partitionsDrainedConcurrently_manyLoops_everyIndexOnceAndNoPartitionEndsEarly() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            SplittableRandom random = new SplittableRandom(1);
            RangePartitioner partitioner = new WorkStealingRangePartitioner();
            for (int loop = 0; loop < LOOPS; loop++) {
                int size = random.nextInt(200);
                int from = random.nextInt(-100, 100);
                int partitions = 1 + random.nextInt(6);
                long slowMask = random.nextLong() & random.nextLong();
                PartitionedRange split = partitioner.split(from, from + size, partitions);
                Coverage coverage = new Coverage(from, from + size);
                AtomicLong processed = new AtomicLong();
                List<Future<Long>> ends = new ArrayList<>();
                for (int p = 0; p < partitions; p++) {
                    PrimitiveIterator.OfInt partition = split.partition(p);
                    ends.add(pool.submit(() -> {
                        partition.forEachRemaining((int i) -> {
                            if ((slowMask >>> (i & 63) & 1) != 0) {
                                for (int spin = 0; spin < 200; spin++) {
                                    Thread.onSpinWait();
                                }
                            }
                            coverage.visit(i);
                            processed.incrementAndGet();
                        });
                        return processed.get();
                    }));
                }
                String context = "loop " + loop + ": [" + from + ", " + (from + size) + ") in " + partitions;
                for (Future<Long> end : ends) {
                    assertEquals(size, (long) end.get(60, TimeUnit.SECONDS),
                            context + ": a partition ended before every index was processed");
                }
                coverage.assertEachVisitedOnce(context);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
