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
 * take, and a take that claims the slot of a push paused between its claim and its store.
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
    void create_defaultCapacity_segmentsOf1024_theNextLinkedBeforeItIsNeeded() {
        SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>();
        assertEquals(2, queue.linkedSegments(), "the queue starts with the second segment linked ahead");
        QueueContractTest.pushRange(queue, 0, SegmentedMpmcQueue.DEFAULT_SEGMENT_LENGTH);
        assertEquals(2, queue.linkedSegments(), "pushes inside the first segment link nothing");
        queue.push(-1); // the first item of the second segment: stored, then the third linked ahead
        assertEquals(3, queue.linkedSegments());
        queue.push(-2);
        assertEquals(3, queue.linkedSegments());
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
        SegmentedMpmcQueue<String> queue = new SegmentedMpmcQueue<>(2, hook);
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
        SegmentedMpmcQueue<String> queue = new SegmentedMpmcQueue<>(2, hook);
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
     * A push whose link ahead fails (here a StackOverflowError thrown where the push links the
     * next segment, as a deep submitter or a full heap would) throws with its item queued (as
     * ThreadPoolExecutor's execute can); every item is taken in order and the queue goes on
     * working. With the link ahead between the claim and the store the take below never returns;
     * with it before the claim the thrown pushes' items are missing. (The walk's own link after a
     * failed link ahead is not covered: the class overview.)
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void push_segmentAllocationFails_leavesNoClaimEmptyAndTheQueueGoesOn(int segmentLength) throws Exception {
        FailLinks failing = new FailLinks();
        SegmentedMpmcQueue<Integer> queue = new SegmentedMpmcQueue<>(segmentLength, failing);
        List<Integer> pushed = new ArrayList<>();
        int thrown = 0;
        for (int i = 0; i < 10 * segmentLength; i++) {
            failing.failNext = i % 3 == 0; // fails whichever pushes of these link a segment ahead
            try {
                queue.push(i);
            } catch (StackOverflowError expected) {
                thrown++;
            }
            pushed.add(i);
        }
        assertTrue(thrown > 0, "some push had to link a segment");
        assertEquals(pushed.size(), queue.size());
        FutureTask<List<Integer>> drain = start("drain", () -> {
            List<Integer> taken = new ArrayList<>();
            for (Integer item; (item = queue.pop()) != null; ) {
                taken.add(item);
            }
            return taken;
        });
        assertEquals(pushed, drain.get(TIMEOUT_SECONDS, TimeUnit.SECONDS), "every item, in order");
        failing.failNext = false;
        queue.push(-1);
        assertEquals(-1, queue.pop());
    }

    /** Throws a StackOverflowError from the next segment link while {@code failNext} is set. */
    private static final class FailLinks implements SegmentedMpmcQueue.ClaimHook {
        volatile boolean failNext;

        @Override
        public void afterClaim() {
        }

        @Override
        public void beforeLink() {
            if (failNext) {
                throw new StackOverflowError("test: no stack left to link a segment");
            }
        }
    }

    /** Pauses the named thread at its first claim until released. */
    private static final class PauseFirstClaim implements SegmentedMpmcQueue.ClaimHook {
        final String threadName;
        final CountDownLatch reached = new CountDownLatch(1);
        final CountDownLatch released = new CountDownLatch(1);

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
