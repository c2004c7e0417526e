package org.stealbench.pools.partition;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.PrimitiveIterator;

/**
 * Static partitioning balanced by work stealing (seed 001's
 * {@code WorkStealingIndexRangePartitioner}): {@code [from, to)} is cut into {@code partitions}
 * contiguous chunks whose sizes differ by at most one; each partition takes its own chunk's
 * indices one at a time from the low end, and once its chunk is drained it steals the upper
 * quarter of what remains in another partition's range, keeps the first stolen index and offers
 * the rest to thieves in turn.
 *
 * <p>Contract, beyond {@link PartitionedRange}'s:
 * <ul>
 *   <li>A partition's {@code hasNext()} returns false only when every index of the whole range
 *       has been processed (taken and followed by the next {@code hasNext()} call of the
 *       partition that took it), when the loop was cancelled, or when the draining thread is
 *       interrupted while it looks for work to steal. In the first case the effects of every
 *       index's processing happen-before that {@code false}. An interrupted partition holds no
 *       indices when it stops (its interrupt status stays set); the other partitions finish
 *       the loop without it, and asking it again resumes helping.</li>
 *   <li>A partition that looks for work spins (with {@link Thread#onSpinWait()}, then
 *       {@link Thread#yield()}) until it steals something or the loop ends, as the seed's does:
 *       it waits only for partitions that are processing indices, so it ends as soon as their
 *       bodies return. Partitions whose drain has not started yet never hold anything up: their
 *       whole chunk can be stolen.</li>
 *   <li>Lock-free: an index is handed out with one wait-free atomic add, a steal with a CAS
 *       that fails only when another partition made progress.</li>
 * </ul>
 */
public final class WorkStealingRangePartitioner implements RangePartitioner {

    /*
     * Implementation overview
     *
     * Each partition (a Slot) owns a WorkStealingRange, initially its static chunk, and counts
     * the indices it took since it last reported. The loop (Split) holds `remaining`, the number
     * of indices not yet reported as processed, initially the range's size (seed 001's
     * PartitionList.m_remainingCount).
     *
     * hasNext() of a slot: take the next index of its own range. When the range is drained,
     * report the taken count (remaining -= taken); every index taken has been processed by then,
     * since the caller asks hasNext() again only after processing the last one. Then steal:
     * visit the other slots starting after this one, and before each attempt stop if remaining
     * is 0 (termination) or the loop is cancelled; stealQuarter() on the victim's current range.
     * On success keep the stolen range's first index (taken = 1) and, if more is left, publish
     * the rest as this slot's new range for others to steal. After a full round of failures,
     * spin and try again; stop if the thread is interrupted.
     *
     * Termination: remaining counts exactly the indices not yet processed-and-reported, because
     * every index is taken exactly once (WorkStealingRange) and reported exactly once by the
     * slot that took it. It reaches 0 only when all indices are processed, so no slot stops
     * early. It does reach 0 as long as one slot keeps draining: an index not yet taken is in
     * some slot's published range (a slot that has not started yet counts: its chunk is
     * published at construction) or in the hands of a thief that publishes it next, and a
     * draining slot takes from its own range or steals until nothing is left. A slot stopped by an
     * interrupt has reported everything it took, so it holds nobody up. (After cancellation
     * nothing needs to reach 0.)
     *
     * Memory ordering:
     * - Slot.range: written only by its owner, with a release store after constructing the new
     *   WorkStealingRange; thieves read it with an acquire load, so they see the new range's
     *   initial state. The owner reads its own field plainly.
     * - Split.remaining: getAndAddRelease when reporting, getAcquire when checking for 0: a slot
     *   that sees 0 sees every body's effects that happened before their reports (the contract's
     *   happens-before).
     * - The initial ranges and counts reach the draining threads through the final `slots` array
     *   and whatever hands the partitions to them.
     *
     * Deviations from seed 001, with reasons:
     * - The seed's split uses max(1, size / P) per chunk and drops the remainder: [0, 10) in 3
     *   partitions leaves index 9 in no partition, so remaining never reaches 0 and every
     *   partition spins forever. Ours gives sizes differing by at most one covering the range.
     * - The seed throws on an empty range; ours gives empty partitions (remaining starts at 0).
     * - Thieves start from the slot after their own rather than from slot 0, so they spread
     *   over the victims instead of all hitting the first one.
     * - The seed spins without a pause; ours pauses (onSpinWait, then yield) so spinning slots
     *   leave the CPU to the slots doing work when there are more threads than cores, and stops
     *   on interrupt so a waiting caller can be interrupted. Cancellation is added so a failing
     *   body (whose slot never reports) cannot leave the others spinning forever.
     */

    private static final int SPINS_BEFORE_YIELD = 32;

    private static final VarHandle REMAINING;
    private static final VarHandle RANGE;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            REMAINING = lookup.findVarHandle(Split.class, "remaining", long.class);
            RANGE = lookup.findVarHandle(Slot.class, "range", WorkStealingRange.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public PartitionedRange split(int from, int to, int partitions) {
        RangeChecks.checkSplit(from, to, partitions);
        return new Split(from, to, partitions);
    }

    @Override
    public String toString() {
        return "work-stealing";
    }

    private static final class Split extends PartitionedRange {
        private final Slot[] slots;
        private long remaining;

        Split(int from, int to, int partitions) {
            remaining = (long) to - from;
            slots = new Slot[partitions];
            for (int i = 0; i < partitions; i++) {
                slots[i] = new Slot(this, i, new WorkStealingRange(RangeChecks.chunkStart(from, to, partitions, i),
                        RangeChecks.chunkStart(from, to, partitions, i + 1)));
            }
        }

        @Override
        public int partitionCount() {
            return slots.length;
        }

        @Override
        public PrimitiveIterator.OfInt partition(int index) {
            return slots[Objects.checkIndex(index, slots.length)];
        }

        /** Release: publishes the reporter's processing to whoever sees the new count (remainingAcquire). */
        void reportProcessedRelease(long count) {
            REMAINING.getAndAddRelease(this, -count);
        }

        /** Acquire: pairs with reportProcessedRelease, so a 0 comes with every body's effects. */
        long remainingAcquire() {
            return (long) REMAINING.getAcquire(this);
        }

        /**
         * Steals for slot {@code self}: the stolen indices, or null when the loop has ended, was
         * cancelled, or the current thread is interrupted.
         */
        IndexRange steal(int self) {
            int n = slots.length;
            for (int rounds = 0; ; rounds++) {
                for (int k = 1; k <= n; k++) {
                    if (remainingAcquire() <= 0 || isCancelled()) {
                        return null;
                    }
                    if (k == n) {
                        break;
                    }
                    int victim = k < n - self ? self + k : k - (n - self);
                    IndexRange stolen = slots[victim].rangeAcquire().stealQuarter();
                    if (stolen != null) {
                        return stolen;
                    }
                }
                if (Thread.currentThread().isInterrupted()) {
                    return null;
                }
                if (rounds < SPINS_BEFORE_YIELD) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
        }
    }

    /** One partition: drained by one thread at a time, its range stolen from by any. */
    private static final class Slot implements PrimitiveIterator.OfInt {
        private final Split split;
        private final int number;
        private WorkStealingRange range;
        /** Owner only: indices taken since the last report. */
        private long taken;
        private int current;
        private boolean hasCurrent;

        Slot(Split split, int number, WorkStealingRange range) {
            this.split = split;
            this.number = number;
            this.range = range;
        }

        /** Acquire: pairs with the owner's setRangeRelease, so a thief sees the new range's state. */
        WorkStealingRange rangeAcquire() {
            return (WorkStealingRange) RANGE.getAcquire(this);
        }

        /** Release: publishes the freshly constructed range to thieves (rangeAcquire). */
        private void setRangeRelease(WorkStealingRange next) {
            RANGE.setRelease(this, next);
        }

        @Override
        public boolean hasNext() {
            if (hasCurrent) {
                return true;
            }
            if (split.isCancelled()) {
                return false;
            }
            // Plain: only this slot's owner writes `range`.
            long index = range.next();
            if (index != WorkStealingRange.NONE) {
                taken++;
                current = (int) index;
                hasCurrent = true;
                return true;
            }
            if (taken > 0) {
                split.reportProcessedRelease(taken);
                taken = 0;
            }
            IndexRange stolen = split.steal(number);
            if (stolen == null) {
                return false;
            }
            taken = 1;
            current = stolen.from();
            hasCurrent = true;
            if (stolen.size() > 1) {
                setRangeRelease(new WorkStealingRange(stolen.from() + 1, stolen.to()));
            }
            return true;
        }

        @Override
        public int nextInt() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            hasCurrent = false;
            return current;
        }
    }
}
