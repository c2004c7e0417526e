package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Exactly-once stress over every variant whose traits promise it: every pushed item is taken by
 * exactly one pop or steal, none lost, none taken twice, none invented. Items are the integers
 * 0..n-1 and each take increments that item's counter; at the end every counter must be 1.
 */
@Tag("slow")
final class ExactlyOnceStressTest {

    /** How the owner shapes the deque: burst sizes, and how much it pops back after each burst. */
    enum Shape {
        /** Push one, pop one: owner and thieves collide on a single item. */
        ONE_ITEM(1, 1),
        /** Small random bursts, popped back in part: collisions near empty. */
        SMALL(8, 8),
        /** Long bursts from a tiny initial capacity, popped back little: the growth path. */
        GROW(4096, 64);

        final int maxBurst;
        final int maxPopBack;

        Shape(int maxBurst, int maxPopBack) {
            this.maxBurst = maxBurst;
            this.maxPopBack = maxPopBack;
        }
    }

    static final int ITEMS = 400_000;

    static Stream<Arguments> ownerAndThieves() {
        List<Arguments> out = new ArrayList<>();
        for (QueueKind kind : QueueKind.values()) {
            out.add(Arguments.of(kind, Shape.ONE_ITEM, 1));
            out.add(Arguments.of(kind, Shape.SMALL, 3));
            out.add(Arguments.of(kind, Shape.GROW, 2));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} thieves={2}")
    @MethodSource("ownerAndThieves")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void ownerPushesAndPops_whileThievesSteal_everyItemTakenOnce(QueueKind kind, Shape shape, int thieves)
            throws Exception {
        assumeTrue(kind.traits().exactlyOnce(), kind + " is a faithful port with a known flaw");
        TaskQueue<Integer> queue = kind.create(2);
        AtomicIntegerArray taken = new AtomicIntegerArray(ITEMS);
        Run run = new Run();
        for (int t = 0; t < thieves; t++) {
            run.start("thief-" + t, () -> takeUntilDone(queue, taken, run, false));
        }
        run.start("owner", () -> {
            SplittableRandom random = new SplittableRandom(42);
            int next = 0;
            while (next < ITEMS) {
                int burst = Math.min(ITEMS - next, 1 + random.nextInt(shape.maxBurst));
                for (int i = 0; i < burst; i++) {
                    queue.push(next++);
                }
                int popBack = random.nextInt(shape.maxPopBack + 1);
                for (int i = 0; i < popBack; i++) {
                    record(taken, queue.pop());
                }
            }
            for (Integer item = queue.pop(); item != null; item = queue.pop()) {
                record(taken, item);
            }
        });
        run.finish(queue, taken);
    }

    static Stream<Arguments> producersAndConsumers() {
        List<Arguments> out = new ArrayList<>();
        for (QueueKind kind : QueueKind.values()) {
            out.add(Arguments.of(kind, 1, 3));
            out.add(Arguments.of(kind, 3, 1));
            out.add(Arguments.of(kind, 2, 2));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} producers={1} consumers={2}")
    @MethodSource("producersAndConsumers")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void anyThreadVariants_manyProducersAndConsumers_everyItemTakenOnce(QueueKind kind, int producers,
                                                                        int consumers) throws Exception {
        assumeTrue(kind.traits().exactlyOnce(), kind + " is a faithful port with a known flaw");
        assumeFalse(kind.traits().ownerOnly(), kind + " allows one owner only");
        TaskQueue<Integer> queue = kind.create(2);
        AtomicIntegerArray taken = new AtomicIntegerArray(ITEMS);
        Run run = new Run();
        for (int c = 0; c < consumers; c++) {
            run.start("consumer-" + c, () -> takeUntilDone(queue, taken, run, true));
        }
        int share = ITEMS / producers;
        for (int p = 0; p < producers; p++) {
            int from = p * share;
            int to = p == producers - 1 ? ITEMS : from + share;
            run.start("producer-" + p, () -> {
                for (int i = from; i < to; i++) {
                    queue.push(i);
                }
            });
        }
        run.finish(queue, taken);
    }

    /** Takes until the producing side is done and the queue answers empty. */
    private static void takeUntilDone(TaskQueue<Integer> queue, AtomicIntegerArray taken, Run run, boolean mixPop) {
        long n = 0;
        while (true) {
            boolean done = run.producersDone;
            Integer item = mixPop && (n++ & 1) == 0 ? queue.pop() : queue.steal();
            if (item != null) {
                record(taken, item);
            } else if (done) {
                return;
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private static void record(AtomicIntegerArray taken, Integer item) {
        if (item == null) {
            return;
        }
        int i = item;
        if (i < 0 || i >= taken.length()) {
            throw new AssertionError("invented item " + i);
        }
        taken.incrementAndGet(i);
    }

    /** The threads of one scenario; takers stop after every pusher has finished. */
    private static final class Run {
        final List<Thread> takers = new ArrayList<>();
        final List<Thread> pushers = new ArrayList<>();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        volatile boolean producersDone;

        void start(String name, Runnable body) {
            Thread thread = new Thread(() -> {
                try {
                    body.run();
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, name);
            (name.startsWith("thief") || name.startsWith("consumer") ? takers : pushers).add(thread);
            thread.start();
        }

        void finish(TaskQueue<Integer> queue, AtomicIntegerArray taken) throws InterruptedException {
            for (Thread t : pushers) {
                t.join();
            }
            producersDone = true;
            for (Thread t : takers) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("a worker thread failed", failure.get());
            }
            // Quiescent now: whatever is left (a spurious empty near the end) is drained here.
            for (Integer item = queue.pop(); item != null; item = queue.pop()) {
                record(taken, item);
            }
            assertEquals(0, queue.size(), "size after draining");
            List<Integer> lost = new ArrayList<>();
            List<Integer> duplicated = new ArrayList<>();
            for (int i = 0; i < taken.length(); i++) {
                int count = taken.get(i);
                if (count == 0 && lost.size() < 10) {
                    lost.add(i);
                } else if (count > 1 && duplicated.size() < 10) {
                    duplicated.add(i);
                }
            }
            if (!lost.isEmpty() || !duplicated.isEmpty()) {
                fail("lost (first 10): " + lost + ", taken twice or more (first 10): " + duplicated);
            }
        }
    }
}
