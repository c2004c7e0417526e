package org.stealbench.pools.partition;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Exactly-once stress of {@link WorkStealingRange}: in every round one owner takes one index at a
 * time while thieves, spinning on the round, steal quarters until the range answers empty; every
 * index of the round's range must be taken exactly once (never by both, never by neither). Tiny
 * ranges make the owner and the thieves collide on the last index: once a thief has announced
 * that it saw the round, the owner lets the arrived thieves go and both sides wait a random number
 * of spin pauses before taking, so sometimes the owner and sometimes a thief gets there first.
 * Bounds move around the int range (negative, zero, at the top and the bottom) to exercise the
 * packing of both bounds into one word.
 */
@Tag("slow")
final class WorkStealingRangeStressTest {

    @ParameterizedTest(name = "size={0} thieves={1} rounds={2}")
    @CsvSource({
        "1, 1, 100000",
        "2, 1, 100000",
        "3, 1, 100000",
        "1, 3, 20000",
        "2, 3, 20000",
        "3, 3, 20000",
        "1000, 3, 2000",
        "100000, 1, 50",
    })
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void ownerTakesOneAtATime_whileThievesStealQuarters_everyIndexTakenOnce(int size, int thieves, int rounds)
            throws InterruptedException {
        Rounds shared = new Rounds();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < thieves; t++) {
            long seed = t;
            Thread thread = new Thread(() -> steal(shared, new SplittableRandom(seed)), "thief-" + t);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        SplittableRandom random = new SplittableRandom(size * 31L + thieves);
        int[] bases = {0, -size / 2 - 1, Integer.MIN_VALUE, Integer.MAX_VALUE - size, 1_000_000};
        int ownerGotLast = 0;
        int thiefGotLast = 0;
        try {
            for (int round = 0; round < rounds; round++) {
                int from = bases[random.nextInt(bases.length)];
                Round r = new Round(from, size);
                shared.current = r;
                awaitFirstThief(shared, r);
                r.go = true;
                for (int spin = random.nextInt(32); spin > 0; spin--) {
                    Thread.onSpinWait();
                }
                long taken = 0;
                for (long i = r.range.next(); i != WorkStealingRange.NONE; i = r.range.next()) {
                    r.record(i);
                    taken++;
                }
                awaitThieves(shared, r, thieves);
                r.verify(round);
                if (size == 1) {
                    if (taken == 1) {
                        ownerGotLast++;
                    } else {
                        thiefGotLast++;
                    }
                }
            }
        } finally {
            shared.stop = true;
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            }
        }
        if (size == 1) {
            // Not a timing assertion: over thousands of rounds with a random head start for the
            // thieves, both outcomes of the race for the single index must have happened, or
            // the rounds did not exercise the contended path.
            assertTrue(ownerGotLast > 0 && thiefGotLast > 0,
                    "owner took the only index " + ownerGotLast + " times, a thief " + thiefGotLast + " times");
        }
    }

    private static void steal(Rounds shared, SplittableRandom random) {
        Round seen = null;
        int idle = 0;
        try {
            while (!shared.stop) {
                Round r = shared.current;
                if (r == null || r == seen) {
                    if (++idle < 64) {
                        Thread.onSpinWait();
                    } else {
                        Thread.yield();
                    }
                    continue;
                }
                idle = 0;
                r.thievesArrived.incrementAndGet();
                while (!r.go && !shared.stop) {
                    Thread.onSpinWait();
                }
                for (int spin = random.nextInt(32); spin > 0; spin--) {
                    Thread.onSpinWait();
                }
                for (IndexRange stolen = r.range.stealQuarter(); stolen != null; stolen = r.range.stealQuarter()) {
                    if (stolen.isEmpty()) {
                        throw new AssertionError("empty steal " + stolen);
                    }
                    for (long i = stolen.from(); i < stolen.to(); i++) {
                        r.record(i);
                    }
                }
                seen = r;
                r.thievesDone.incrementAndGet();
            }
        } catch (Throwable t) {
            shared.failure.compareAndSet(null, t);
        }
    }

    private static void awaitFirstThief(Rounds shared, Round r) {
        awaitCount(shared, r.thievesArrived, 1);
    }

    private static void awaitThieves(Rounds shared, Round r, int thieves) {
        awaitCount(shared, r.thievesDone, thieves);
    }

    private static void awaitCount(Rounds shared, AtomicInteger count, int target) {
        int idle = 0;
        while (count.get() < target) {
            if (shared.failure.get() != null) {
                throw new AssertionError("a thief failed", shared.failure.get());
            }
            if (Thread.currentThread().isInterrupted()) {
                fail("interrupted while waiting for the thieves (timed out?)");
            }
            if (++idle < 64) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    private static final class Rounds {
        volatile Round current;
        volatile boolean stop;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
    }

    private static final class Round {
        final int from;
        final WorkStealingRange range;
        final AtomicIntegerArray counts;
        final AtomicInteger thievesArrived = new AtomicInteger();
        final AtomicInteger thievesDone = new AtomicInteger();
        volatile boolean go;

        Round(int from, int size) {
            this.from = from;
            this.range = new WorkStealingRange(from, from + size);
            this.counts = new AtomicIntegerArray(size);
        }

        void record(long index) {
            long offset = index - from;
            if (offset < 0 || offset >= counts.length()) {
                throw new AssertionError("index " + index + " outside [" + from + ", " + (from + counts.length()) + ")");
            }
            counts.incrementAndGet((int) offset);
        }

        void verify(int round) {
            List<Long> lost = new ArrayList<>();
            List<Long> twice = new ArrayList<>();
            for (int i = 0; i < counts.length(); i++) {
                int c = counts.get(i);
                if (c == 0 && lost.size() < 10) {
                    lost.add((long) from + i);
                } else if (c > 1 && twice.size() < 10) {
                    twice.add((long) from + i);
                }
            }
            if (!lost.isEmpty() || !twice.isEmpty()) {
                fail("round " + round + " [" + from + ", " + (from + counts.length()) + "): lost " + lost
                        + ", taken more than once " + twice);
            }
        }
    }
}
