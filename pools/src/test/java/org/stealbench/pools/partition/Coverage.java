package org.stealbench.pools.partition;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.Stream;

/**
 * Counts how often each index of {@code [from, to)} was visited and fails unless every index was
 * visited exactly once; shared by the partitioner and parallel-for tests, with the partitioners
 * and ranges they run over.
 */
final class Coverage {

    /** Ranges the tests run over: empty, tiny, not starting at 0, negative, at both ends of int. */
    static final int[][] RANGES = {
        {0, 1000},
        {0, 1},
        {0, 3},
        {7, 7},
        {-500, 501},
        {13, 1013},
        {Integer.MIN_VALUE, Integer.MIN_VALUE + 64},
        {Integer.MAX_VALUE - 64, Integer.MAX_VALUE},
    };

    private final int from;
    private final AtomicIntegerArray counts;

    Coverage(int from, int to) {
        this.from = from;
        this.counts = new AtomicIntegerArray((int) ((long) to - from));
    }

    /** Every partitioner the tests cover, each a fresh instance. */
    static Stream<RangePartitioner> partitioners() {
        return Stream.of(new StaticRangePartitioner(), new DynamicChunkRangePartitioner(1),
                new DynamicChunkRangePartitioner(3), new DynamicChunkRangePartitioner(64),
                new WorkStealingRangePartitioner());
    }

    void visit(int index) {
        long offset = (long) index - from;
        if (offset < 0 || offset >= counts.length()) {
            throw new AssertionError("index " + index + " outside the range starting at " + from
                    + " of size " + counts.length());
        }
        counts.incrementAndGet((int) offset);
    }

    void assertEachVisitedOnce(String context) {
        List<Long> missed = new ArrayList<>();
        List<String> repeated = new ArrayList<>();
        for (int i = 0; i < counts.length(); i++) {
            int c = counts.get(i);
            if (c == 0 && missed.size() < 10) {
                missed.add((long) from + i);
            } else if (c > 1 && repeated.size() < 10) {
                repeated.add((from + i) + " x" + c);
            }
        }
        if (!missed.isEmpty() || !repeated.isEmpty()) {
            fail(context + ": never visited (first 10) " + missed + ", visited more than once " + repeated);
        }
    }
}
