package org.stealbench.pools.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The partitioners on one thread, drained directly: coverage, the exact split and steal order
 * where it is deterministic, cancellation, and argument checks. Concurrent draining is covered by
 * {@link ParallelForTest}.
 */
@Tag("quick")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
final class RangePartitionersTest {

    static List<RangePartitioner> partitioners() {
        return Coverage.partitioners().toList();
    }

    @ParameterizedTest
    @MethodSource("partitioners")
    void drainingEachPartitionInTurn_anyRangeAndPartitionCount_yieldsEveryIndexOnce(RangePartitioner partitioner) {
        for (int[] range : Coverage.RANGES) {
            for (int partitions = 1; partitions <= 8; partitions++) {
                PartitionedRange split = partitioner.split(range[0], range[1], partitions);
                assertEquals(partitions, split.partitionCount());
                Coverage coverage = new Coverage(range[0], range[1]);
                for (int p = 0; p < partitions; p++) {
                    split.partition(p).forEachRemaining((int i) -> coverage.visit(i));
                }
                coverage.assertEachVisitedOnce(partitioner + " [" + range[0] + ", " + range[1] + ") in " + partitions);
            }
        }
    }

    @Test
    void staticSplit_sizeNotAMultipleOfPartitions_coversTheRemainderInBalancedChunks() {
        // Seed 001's split (size / P per chunk) would leave index 9 in no partition.
        PartitionedRange split = new StaticRangePartitioner().split(0, 10, 3);
        assertEquals(List.of(0, 1, 2), drain(split.partition(0)));
        assertEquals(List.of(3, 4, 5), drain(split.partition(1)));
        assertEquals(List.of(6, 7, 8, 9), drain(split.partition(2)));
    }

    @Test
    void staticSplit_fewerIndicesThanPartitions_givesEmptyPartitions() {
        PartitionedRange split = new StaticRangePartitioner().split(-1, 1, 4);
        assertEquals(List.of(), drain(split.partition(0)));
        assertEquals(List.of(-1), drain(split.partition(1)));
        assertEquals(List.of(), drain(split.partition(2)));
        assertEquals(List.of(0), drain(split.partition(3)));
    }

    @Test
    void workStealing_onePartitionDrainedAlone_takesItsChunkThenStealsUpperQuartersOfTheOthers() {
        PartitionedRange split = new WorkStealingRangePartitioner().split(0, 8, 2);
        // Own chunk [0, 4); then from [4, 8): a quarter of 4 is [7, 8), of 3 is [6, 7), ...
        assertEquals(List.of(0, 1, 2, 3, 7, 6, 5, 4), drain(split.partition(0)));
        assertEquals(List.of(), drain(split.partition(1)));
    }

    @Test
    void workStealing_stolenRangeLongerThanOne_isDrainedInOrderFromItsFirstIndex() {
        PartitionedRange split = new WorkStealingRangePartitioner().split(0, 40, 2);
        List<Integer> order = drain(split.partition(0));
        // Own chunk [0, 20); a quarter of [20, 40) is [35, 40), kept and drained in order; then
        // a quarter of [20, 35) is [31, 35), and so on down.
        assertEquals(List.of(35, 36, 37, 38, 39, 31, 32, 33, 34), order.subList(20, 29));
        assertEquals(40, order.size());
    }

    @Test
    void dynamicChunks_drainedInTurn_handOutConsecutiveChunksInOrder() {
        PartitionedRange split = new DynamicChunkRangePartitioner(3).split(5, 13, 2);
        PrimitiveIterator.OfInt first = split.partition(0);
        PrimitiveIterator.OfInt second = split.partition(1);
        assertEquals(5, first.nextInt());
        assertEquals(8, second.nextInt());
        assertEquals(List.of(6, 7, 11, 12), drain(first));
        assertEquals(List.of(9, 10), drain(second));
    }

    @ParameterizedTest
    @MethodSource("partitioners")
    void cancel_stopsEveryPartitionButHandsOutAPromisedIndex(RangePartitioner partitioner) {
        PartitionedRange split = partitioner.split(0, 100, 3);
        PrimitiveIterator.OfInt first = split.partition(0);
        assertTrue(first.hasNext());
        assertFalse(split.isCancelled());
        split.cancel();
        assertTrue(split.isCancelled());
        first.nextInt();
        for (int p = 0; p < 3; p++) {
            assertFalse(split.partition(p).hasNext(), "partition " + p);
        }
        assertThrows(NoSuchElementException.class, first::nextInt);
    }

    @ParameterizedTest
    @MethodSource("partitioners")
    void partition_samePartitionNumber_returnsTheSameIterator(RangePartitioner partitioner) {
        PartitionedRange split = partitioner.split(0, 10, 2);
        assertSame(split.partition(1), split.partition(1));
        assertThrows(IndexOutOfBoundsException.class, () -> split.partition(2));
        assertThrows(IndexOutOfBoundsException.class, () -> split.partition(-1));
    }

    @ParameterizedTest
    @MethodSource("partitioners")
    void nextInt_drainedPartition_throwsNoSuchElement(RangePartitioner partitioner) {
        PartitionedRange split = partitioner.split(0, 2, 1);
        PrimitiveIterator.OfInt only = split.partition(0);
        assertEquals(List.of(0, 1), drain(only));
        assertThrows(NoSuchElementException.class, only::nextInt);
    }

    @ParameterizedTest
    @MethodSource("partitioners")
    void split_badArguments_refusedNamingTheArgument(RangePartitioner partitioner) {
        assertMessageContains("from", assertThrows(IllegalArgumentException.class, () -> partitioner.split(3, 2, 1)));
        assertMessageContains("partitions", assertThrows(IllegalArgumentException.class, () -> partitioner.split(0, 2, 0)));
        assertMessageContains("partitions", assertThrows(IllegalArgumentException.class, () -> partitioner.split(0, 2, -1)));
    }

    @Test
    void dynamicChunks_chunkSizeBelowOne_refusedNamingTheArgument() {
        assertMessageContains("chunkSize", assertThrows(IllegalArgumentException.class, () -> new DynamicChunkRangePartitioner(0)));
        assertMessageContains("chunkSize", assertThrows(IllegalArgumentException.class, () -> new DynamicChunkRangePartitioner(-3)));
    }

    private static void assertMessageContains(String word, Exception e) {
        assertTrue(e.getMessage().contains(word), e.getMessage());
    }

    private static List<Integer> drain(PrimitiveIterator.OfInt partition) {
        List<Integer> out = new ArrayList<>();
        partition.forEachRemaining((int i) -> out.add(i));
        return out;
    }
}
