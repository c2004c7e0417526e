package org.stealbench.pools.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The single-threaded contract of {@link WorkStealingRange}: order, quarters, extremes, empty. */
@Tag("quick")
final class WorkStealingRangeTest {

    @Test
    void next_nonEmptyRange_returnsIndicesInOrderThenNone() {
        WorkStealingRange range = new WorkStealingRange(-2, 2);
        assertEquals(List.of(-2L, -1L, 0L, 1L), drainByOwner(range));
        assertEquals(WorkStealingRange.NONE, range.next());
        assertEquals(0, range.size());
    }

    @Test
    void stealQuarter_repeatedly_takesUpperQuarterRoundedUpOfWhatRemains() {
        WorkStealingRange range = new WorkStealingRange(0, 10);
        List<IndexRange> stolen = new ArrayList<>();
        for (IndexRange r = range.stealQuarter(); r != null; r = range.stealQuarter()) {
            stolen.add(r);
        }
        // 10 -> 3, 7 -> 2, 5 -> 2, 3 -> 1, 2 -> 1, 1 -> 1 (the last index too)
        assertEquals(List.of(new IndexRange(7, 10), new IndexRange(5, 7), new IndexRange(3, 5),
                new IndexRange(2, 3), new IndexRange(1, 2), new IndexRange(0, 1)), stolen);
        assertEquals(WorkStealingRange.NONE, range.next());
    }

    @Test
    void ownerAndThief_interleaved_splitTheRangeWithoutOverlap() {
        WorkStealingRange range = new WorkStealingRange(100, 109);
        assertEquals(100L, range.next());
        assertEquals(new IndexRange(107, 109), range.stealQuarter()); // 8 remain: 2
        assertEquals(101L, range.next());
        assertEquals(new IndexRange(105, 107), range.stealQuarter()); // 5 remain: 2
        assertEquals(List.of(102L, 103L, 104L), drainByOwner(range));
        assertNull(range.stealQuarter());
    }

    @Test
    void lastIndex_takenByOwner_thiefGetsNull() {
        WorkStealingRange range = new WorkStealingRange(5, 6);
        assertEquals(5L, range.next());
        assertNull(range.stealQuarter());
        assertEquals(WorkStealingRange.NONE, range.next());
    }

    @Test
    void lastIndex_takenByThief_ownerGetsNone() {
        WorkStealingRange range = new WorkStealingRange(5, 6);
        assertEquals(new IndexRange(5, 6), range.stealQuarter());
        assertEquals(WorkStealingRange.NONE, range.next());
        assertEquals(WorkStealingRange.NONE, range.next());
        assertNull(range.stealQuarter());
        assertTrue(range.isEmpty());
    }

    @Test
    void emptyRange_givesNothing() {
        WorkStealingRange range = new WorkStealingRange(Integer.MIN_VALUE, Integer.MIN_VALUE);
        assertEquals(WorkStealingRange.NONE, range.next());
        assertNull(range.stealQuarter());
        assertEquals(0, range.size());
    }

    @Test
    void fullIntRange_quarterComputedWithoutOverflow() {
        WorkStealingRange range = new WorkStealingRange(Integer.MIN_VALUE, Integer.MAX_VALUE);
        assertEquals((1L << 32) - 1, range.size());
        assertEquals((long) Integer.MIN_VALUE, range.next());
        // 2^32 - 2 remain; a quarter rounded up is 2^30.
        assertEquals(new IndexRange(Integer.MAX_VALUE - (1 << 30), Integer.MAX_VALUE), range.stealQuarter());
    }

    @Test
    void next_atTopOfIntRange_neverWrapsAround() {
        WorkStealingRange range = new WorkStealingRange(Integer.MAX_VALUE - 2, Integer.MAX_VALUE);
        assertEquals(List.of((long) Integer.MAX_VALUE - 2, (long) Integer.MAX_VALUE - 1), drainByOwner(range));
        for (int i = 0; i < 3; i++) {
            assertEquals(WorkStealingRange.NONE, range.next());
            assertNull(range.stealQuarter());
        }
        assertEquals(0, range.size());
    }

    @Test
    void next_afterThiefEmptiedTheRange_staysEmpty() {
        WorkStealingRange range = new WorkStealingRange(Integer.MAX_VALUE - 1, Integer.MAX_VALUE);
        assertEquals(new IndexRange(Integer.MAX_VALUE - 1, Integer.MAX_VALUE), range.stealQuarter());
        for (int i = 0; i < 3; i++) {
            assertEquals(WorkStealingRange.NONE, range.next());
        }
        assertEquals(0, range.size());
    }

    @Test
    void constructor_fromAboveTo_refusedNamingTheArguments() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WorkStealingRange(3, 2));
        assertTrue(e.getMessage().contains("from"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new IndexRange(1, 0));
    }

    private static List<Long> drainByOwner(WorkStealingRange range) {
        List<Long> out = new ArrayList<>();
        for (long i = range.next(); i != WorkStealingRange.NONE; i = range.next()) {
            out.add(i);
        }
        return out;
    }
}
