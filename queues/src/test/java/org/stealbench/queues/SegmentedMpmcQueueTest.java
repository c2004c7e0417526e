package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SegmentedMpmcQueue} beyond the registry-wide contract: segment boundaries, the batch
 * take, a take that claims the slot of a push paused between its claim and its store, and the
 * recovery of a claim whose push threw or stalled there (the poison).
 */
@Tag("quick")
@Timeout(60)
final class SegmentedMpmcQueueTest {

    static final long TIMEOUT_SECONDS = 20;

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void pushAndTake_acrossSegmentBoundaries_fifoAndSegmentsReleased(int segmentLength) {
        SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>(segmentLength);
        List<Integer> taken = new ArrayList<>();
        int next = 0;
        for (int round = 0; round < 40; round++) {
            for (int i = 0; i < 5; i++) {
                queue.push(next++);
            }
            for (int i = 0; i < 3; i++) {
                taken.add((round & 1) == 0 ? queue.pop() : queue.steal());
            }
        }
        assertEquals(next - taken.size(), queue.size());
        taken.addAll(QueueContractTest.drain(queue, TaskQueue::pop));
        assertEquals(QueueContractTest.expected(QueueTraits.Order.FIFO, 0, next), taken);
        assertTrue(queue.isEmpty());
        assertEquals(0, queue.referencedSlots(), "taken slots are cleared");
        assertTrue(queue.linkedSegments() <= 2, "segments behind the head are unlinked: " + queue.linkedSegments());
    }

    @Test
    void takeBatch_acrossSegments_takesAtMostMaxInFifoOrder() {
        SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>(2);
        QueueContractTest.pushRange(queue, 0, 7);
        List<Integer> out = new ArrayList<>();
        assertEquals(5, queue.takeBatch(5, out::add));
        assertEquals(List.of(0, 1, 2, 3, 4), out);
        assertEquals(2, queue.takeBatch(5, out::add));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), out);
        assertEquals(0, queue.takeBatch(5, out::add));
        assertTrue(queue.isEmpty());
        assertEquals(0, queue.referencedSlots());
    }

    @Test
    void takeBatch_throwingSink_handsOverEveryClaimedItemThenRethrowsTheFirst() {
        SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>(2);
        QueueContractTest.pushRange(queue, 0, 4);
        List<Integer> seen = new ArrayList<>();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> queue.takeBatch(3, item -> {
            seen.add(item);
            throw new IllegalStateException("sink " + item);
        }));
        assertEquals("sink 0", e.getMessage());
        assertEquals(List.of(0, 1, 2), seen);
        assertEquals(3, queue.pop());
    }

    @Test
    void takeBatch_maxBelowOne_throwsNamingMax() {
        SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> queue.takeBatch(0, x -> { }));
        assertTrue(e.getMessage().contains("max"), e.getMessage());
    }

    /**
     * A push paused between its claim and its store: the item already counts (isEmpty false),
     * another producer is not held up, a taker that claims the paused index waits for the store
     * instead of answering empty or losing it, and another taker takes the later item meanwhile.
     */
    @Test
    void take_ofClaimedButUnstoredSlot_waitsForTheStoreWhileOthersProceed() throws Exception {
        PauseFirstClaim hook = new PauseFirstClaim("paused-producer");
        SegmentedMpmcQueue<String> queue = new SegmentedMpmcQueue<>(2, hook, Integer.MAX_VALUE);
        FutureTask<Void> paused = start("paused-producer", () -> {
            queue.push("first");
            return null;
        });
        await(hook.reached, "the producer did not reach its claim");

        assertFalse(queue.isEmpty(), "a claimed index counts as an item");
        assertEquals(1, queue.size());
        FutureTask<Void> other = start("other-producer", () -> {
            queue.push("second");
            return null;
        });
        other.get(TIMEOUT_SECONDS, TimeUnit.SECONDS); // not held up by the paused producer

        FutureTask<String> waiting = start("waiting-taker", queue::pop);
        awaitCondition(() -> queue.size() == 1, "the taker did not claim the first index");
        assertEquals("second", queue.steal(), "a later index is taken while the first waits");
        assertFalse(waiting.isDone(), "the taker answered before the item was stored");
        assertTrue(queue.isEmpty());

        hook.released.countDown();
        paused.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertSame("first", waiting.get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        assertNull(queue.pop());
        assertEquals(0, queue.referencedSlots());
    }

    /**
     * close() against a push paused between its claim and its store: the paused push was admitted
     * (its index is below the close), so a taker waits for it and gets it; pushes after the close
     * are refused without consuming an index a taker would wait on, and the queue then reads
     * empty for good.
     */
    @Test
    void close_admitsThePushesClaimedBeforeIt_refusesLaterOnes_takersNeverWaitOnARefusedIndex() throws Exception {
        PauseFirstClaim hook = new PauseFirstClaim("paused-producer");
        SegmentedMpmcQueue<String> queue = new SegmentedMpmcQueue<>(2, hook, Integer.MAX_VALUE);
        queue.push("stored");
        FutureTask<Boolean> paused = start("paused-producer", () -> queue.pushUnlessClosed("claimed"));
        await(hook.reached, "the producer did not reach its claim");

        queue.close();
        assertTrue(queue.isClosed());
        assertFalse(queue.pushUnlessClosed("refused"));
        assertThrows(IllegalStateException.class, () -> queue.push("refused too"));
        assertEquals(2, queue.size(), "the stored and the claimed item; no refused one");
        assertEquals("stored", queue.pop());

        FutureTask<String> waiting = start("waiting-taker", queue::pop);
        awaitCondition(() -> queue.size() == 0, "the taker did not claim the admitted index");
        assertFalse(waiting.isDone(), "the taker answered before the admitted item was stored");
        hook.released.countDown();
        assertTrue(paused.get(TIMEOUT_SECONDS, TimeUnit.SECONDS), "a push claimed before the close is admitted");
        assertSame("claimed", waiting.get(TIMEOUT_SECONDS, TimeUnit.SECONDS));

        assertNull(queue.pop(), "refused pushes leave nothing to take");
        assertEquals(0, queue.takeBatch(4, item -> fail("took " + item)));
        assertTrue(queue.isEmpty());
        queue.close(); // idempotent
        assertTrue(queue.isEmpty());
    }

    /** Producers race close(): every admitted item is taken exactly once, no refused one ever. */
    @Test
    void close_racingProducers_everyAdmittedItemTakenOnce() throws Exception {
        for (int round = 0; round < 50; round++) {
            SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>(4);
            int producers = 3;
            ConcurrentLinkedQueue<Integer> admitted = new ConcurrentLinkedQueue<>();
            CountDownLatch started = new CountDownLatch(producers);
            List<FutureTask<Void>> running = new ArrayList<>();
            for (int p = 0; p < producers; p++) {
                int producer = p;
                running.add(start("producer-" + p, () -> {
                    started.countDown();
                    // producer + producers * i: distinct across producers however many each pushes
                    for (int i = 0; ; i++) {
                        int item = producer + producers * i;
                        if (!queue.pushUnlessClosed(item)) {
                            return null;
                        }
                        admitted.add(item);
                    }
                }));
            }
            await(started, "producers did not start");
            Set<Integer> taken = new HashSet<>();
            for (int i = 0; i < 100; i++) {
                Integer item = queue.pop();
                if (item != null) {
                    assertTrue(taken.add(item), "taken twice: " + item);
                }
            }
            queue.close();
            for (FutureTask<Void> producer : running) {
                producer.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
            for (Integer item; (item = queue.pop()) != null; ) {
                assertTrue(taken.add(item), "taken twice: " + item);
            }
            assertEquals(new HashSet<>(admitted), taken, "every admitted item, and only those");
        }
    }

    /**
     * A push that throws between its claim and its store (here a StackOverflowError from the
     * claim hook, standing for the walk's allocation or any call that overflows there) has not
     * queued its item; the taker of its index gives up on it (patience 0) and takes the next, so
     * every item whose push returned is taken, in order, and the queue goes on working. Without
     * the poison the drain waits in awaitStore for good.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void push_throwsBetweenClaimAndStore_itemNotQueued_takersSkipTheIndex(int segmentLength) throws Exception {
        ThrowOnClaim failing = new ThrowOnClaim();
        SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>(segmentLength, failing, 0);
        List<Integer> pushed = new ArrayList<>();
        for (int i = 0; i < 10 * segmentLength; i++) {
            failing.failNext = i % 3 == 0;
            try {
                queue.push(i);
                pushed.add(i);
            } catch (StackOverflowError expected) {
                // claimed and never stored
            }
        }
        assertEquals(10 * segmentLength, queue.size(), "abandoned claims count until a take finds them");
        FutureTask<List<Integer>> drain = start("drain", () -> QueueContractTest.drain(queue, TaskQueue::pop));
        assertEquals(pushed, drain.get(TIMEOUT_SECONDS, TimeUnit.SECONDS), "every item whose push returned, in order");
        assertTrue(queue.isEmpty());
        failing.failNext = false;
        queue.push(-1);
        assertEquals(-1, queue.pop());
        assertEquals(0, queue.referencedSlots());
    }

    /**
     * A submitter pushes at every depth on the way up from a dive, so some pushes overflow the
     * stack wherever they are (before the claim, between claim and store, in the walk or the
     * accessors). Deterministic for a given JVM and stack size (no timing: the drain's timeout only
     * bounds a wedge). Every item whose push returned is taken exactly once, no item whose push
     * threw is taken, and the drain ends: an index whose push overflowed after its claim is
     * poisoned (patience 0) instead of holding the taker for good (issue 30, bug 5). Whether any
     * push overflows at all depends on the JIT (once push is compiled into the dive, only the dive's
     * own calls can), so the claim-to-store window itself is pinned by the hook tests above.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 1024})
    void push_stackOverflowAtEveryDepth_returnedItemsTakenOnce_thrownNever_drainEnds(int segmentLength)
            throws Exception {
        for (int trial = 0; trial < 5; trial++) {
            SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>(segmentLength, SegmentedMpmcQueue.ClaimHook.NONE, 0);
            Dive dive = new Dive(queue);
            Thread deep = new Thread(null, () -> dive.dive(0), "deep-submitter", 256 * 1024);
            deep.start();
            deep.join();
            FutureTask<List<Integer>> drain = start("drain", () -> QueueContractTest.drain(queue, TaskQueue::pop));
            List<Integer> taken = drain.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            Set<Integer> distinct = new HashSet<>(taken);
            assertEquals(taken.size(), distinct.size(), "trial " + trial + ": an item taken twice");
            Set<Integer> returned = new HashSet<>();
            for (int depth = 0; depth < dive.returned.length; depth++) {
                if (dive.returned[depth]) {
                    returned.add(depth);
                }
            }
            assertEquals(returned, distinct, "trial " + trial + ": taken = the items whose push returned");
        }
    }

    /** Pushes its depth at every depth on the way up from a stack overflow, recording which returned. */
    private static final class Dive {
        final SegmentedMpmcQueue<Integer> queue;
        /** Written with no call after a push returns, so an overflow cannot come between. */
        final boolean[] returned = new boolean[1 << 20];

        Dive(SegmentedMpmcQueue<Integer> queue) {
            this.queue = queue;
        }

        void dive(int depth) {
            if (depth + 1 < returned.length) {
                try {
                    dive(depth + 1);
                } catch (StackOverflowError ignored) {
                    // the bottom: push at each depth on the way up
                }
            }
            try {
                queue.push(depth);
                returned[depth] = true;
            } catch (StackOverflowError ignored) {
                // thrown before, between or after claim and store: the assertions tell
            }
        }
    }

    /**
     * The poison, deterministically: a producer held after its claim, a taker with patience 0
     * poisons that index and takes the next item instead; released, the producer finds its slot
     * poisoned, claims again and queues its item, which is then taken exactly once, after the
     * items that were ahead of it.
     */
    @Test
    void take_ofAbandonedClaim_poisonsIt_producerClaimsAgain_itemTakenOnce() throws Exception {
        PauseFirstClaim hook = new PauseFirstClaim("held-producer");
        SegmentedMpmcQueue<String> queue = new SegmentedMpmcQueue<>(2, hook, 0);
        queue.push("a");
        FutureTask<Boolean> held = start("held-producer", () -> queue.pushUnlessClosed("x"));
        await(hook.reached, "the producer did not reach its claim");
        queue.push("b");
        assertEquals(3, queue.size(), "the held claim counts until it is poisoned");

        assertEquals("a", queue.pop());
        assertEquals("b", queue.pop(), "the held index is poisoned and skipped");
        assertNull(queue.pop());
        assertTrue(queue.isEmpty());

        hook.released.countDown();
        assertTrue(held.get(TIMEOUT_SECONDS, TimeUnit.SECONDS), "the retried push is admitted");
        assertEquals(1, queue.size());
        queue.push("c");
        assertEquals("x", queue.pop());
        assertEquals("c", queue.pop());
        assertNull(queue.pop());
        assertEquals(0, queue.referencedSlots());
    }

    /** A batch that claims a poisoned index hands over fewer items; it answers 0 only when empty. */
    @Test
    void takeBatch_overAnAbandonedClaim_handsOverTheOthers_neverZeroUnlessEmpty() throws Exception {
        PauseFirstClaim hook = new PauseFirstClaim("held-producer");
        SegmentedMpmcQueue<String> queue = new SegmentedMpmcQueue<>(2, hook, 0);
        FutureTask<Boolean> held = start("held-producer", () -> queue.pushUnlessClosed("x"));
        await(hook.reached, "the producer did not reach its claim");
        queue.push("a");
        List<String> out = new ArrayList<>();
        assertEquals(1, queue.takeBatch(1, out::add), "the poisoned claim is no item: the batch claims again");
        assertEquals(List.of("a"), out);
        assertEquals(0, queue.takeBatch(4, out::add));

        hook.released.countDown();
        assertTrue(held.get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        assertEquals(1, queue.takeBatch(4, out::add));
        assertEquals(List.of("a", "x"), out);
    }

    /**
     * A close between the poison and the producer's retried claim: the retried push is refused
     * (it linearizes at that later claim, after the close) and leaves nothing queued.
     */
    @Test
    void pushUnlessClosed_poisonedThenClosed_retriedClaimRefused_nothingQueued() throws Exception {
        PauseFirstClaim hook = new PauseFirstClaim("held-producer");
        SegmentedMpmcQueue<String> queue = new SegmentedMpmcQueue<>(2, hook, 0);
        FutureTask<Boolean> held = start("held-producer", () -> queue.pushUnlessClosed("x"));
        await(hook.reached, "the producer did not reach its claim");
        assertNull(queue.pop(), "the held index is poisoned");
        queue.close();

        hook.released.countDown();
        assertFalse(held.get(TIMEOUT_SECONDS, TimeUnit.SECONDS), "the retried claim comes after the close");
        assertTrue(queue.isEmpty());
        assertNull(queue.pop());
        assertEquals(0, queue.referencedSlots());
    }

    /**
     * takeBatch's contract holds for an Error from the sink too (a StackOverflowError or
     * OutOfMemoryError in the pool's move): every claimed item is handed over before it propagates.
     */
    @Test
    void takeBatch_sinkThrowsError_handsOverEveryClaimedItemThenRethrowsIt() {
        SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>(2);
        QueueContractTest.pushRange(queue, 0, 4);
        List<Integer> handed = new ArrayList<>();
        StackOverflowError e = assertThrows(StackOverflowError.class, () -> queue.takeBatch(4, item -> {
            handed.add(item);
            if (item == 0) {
                throw new StackOverflowError("test: the sink overflowed at item 0");
            }
        }));
        assertEquals("test: the sink overflowed at item 0", e.getMessage());
        assertEquals(List.of(0, 1, 2, 3), handed);
        assertNull(queue.pop());
    }

    /**
     * A batch reaching into a segment no producer has linked yet (the producer of its first index
     * is held after its claim) links it before its claim: when that allocation throws, the batch
     * has claimed nothing, and every item is taken once afterwards. With the link after the
     * claim, the items behind the failed walk were claimed and never handed over: lost.
     */
    @Test
    void takeBatch_linkingTheNextSegmentThrows_claimsNothing_everyItemTakenOnceAfter() throws Exception {
        PauseFirstClaim hook = new PauseFirstClaim("held-producer");
        SegmentedMpmcQueue<String> queue = new SegmentedMpmcQueue<>(2, hook, Integer.MAX_VALUE);
        queue.push("a");
        queue.push("b");
        FutureTask<Boolean> held = start("held-producer", () -> queue.pushUnlessClosed("x")); // index 2: segment 1
        await(hook.reached, "the producer did not reach its claim");
        List<String> out = new ArrayList<>();
        hook.failLink = true;
        assertThrows(OutOfMemoryError.class, () -> queue.takeBatch(4, out::add));
        hook.failLink = false;
        hook.released.countDown();
        assertTrue(held.get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        while (queue.takeBatch(4, out::add) > 0) {
            // drains what the failed batch left
        }
        assertEquals(List.of("a", "b", "x"), out);
        assertTrue(queue.isEmpty());
    }

    @Test
    void create_negativePatience_throwsNamingPatience() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SegmentedMpmcQueue<Integer>(2, SegmentedMpmcQueue.ClaimHook.NONE, -1));
        assertTrue(e.getMessage().contains("patience"), e.getMessage());
    }

    /** Throws a StackOverflowError after the claim while {@code failNext} is set. */
    private static final class ThrowOnClaim implements SegmentedMpmcQueue.ClaimHook {
        volatile boolean failNext;

        @Override
        public void afterClaim() {
            if (failNext) {
                throw new StackOverflowError("test: no stack left between claim and store");
            }
        }
    }

    /** Pauses the named thread at its first claim until released; fails every link while failLink is set. */
    private static final class PauseFirstClaim implements SegmentedMpmcQueue.ClaimHook {
        final String threadName;
        final CountDownLatch reached = new CountDownLatch(1);
        final CountDownLatch released = new CountDownLatch(1);
        volatile boolean failLink;

        PauseFirstClaim(String threadName) {
            this.threadName = threadName;
        }

        @Override
        public void afterClaim() {
            if (Thread.currentThread().getName().equals(threadName) && reached.getCount() > 0) {
                reached.countDown();
                await(released, threadName + " was never released");
            }
        }

        @Override
        public void beforeLink() {
            if (failLink) {
                throw new OutOfMemoryError("test: no memory for the next segment");
            }
        }
    }

    private static <V> FutureTask<V> start(String name, java.util.concurrent.Callable<V> body) {
        FutureTask<V> task = new FutureTask<>(body);
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
        return task;
    }

    private static void await(CountDownLatch latch, String timeoutMessage) {
        try {
            assertTrue(latch.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), timeoutMessage);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted: " + timeoutMessage, e);
        }
    }

    /** Waits for a state another thread reaches without a hook to pause it at; bounded. */
    private static void awaitCondition(java.util.function.BooleanSupplier condition, String timeoutMessage) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(timeoutMessage);
            }
            Thread.yield();
        }
    }
}
