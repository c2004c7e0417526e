package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The blocking surface (take, timed poll, close) of every kind whose traits say {@code blocking},
 * which Lincheck cannot check: blocked takers wake on push and on close, and close loses nothing.
 * Waits are bounded, so a lost wake-up fails the test instead of hanging it.
 */
@Tag("quick")
@Timeout(60)
final class BlockingQueueTest {

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() throws InterruptedException {
        threads.shutdownNow();
        assertTrue(threads.awaitTermination(10, TimeUnit.SECONDS), "test threads stopped");
    }

    static BlockingTaskQueue<Integer> blocking(QueueKind kind) {
        assumeTrue(kind.traits().blocking(), kind + " has no blocking surface");
        TaskQueue<Integer> queue = kind.create();
        return assertInstanceOf(BlockingTaskQueue.class, queue);
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void take_emptyQueue_wakesOnPush(QueueKind kind) throws Exception {
        BlockingTaskQueue<Integer> queue = blocking(kind);
        Future<Integer> taker = threads.submit(queue::take);
        awaitWaiting(taker);
        queue.push(7);
        assertEquals(7, taker.get(10, TimeUnit.SECONDS));
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void take_manyBlockedTakers_eachWokenByOnePush(QueueKind kind) throws Exception {
        BlockingTaskQueue<Integer> queue = blocking(kind);
        List<Future<Integer>> takers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            takers.add(threads.submit(queue::take));
        }
        for (Future<Integer> taker : takers) {
            awaitWaiting(taker);
        }
        for (int i = 0; i < 4; i++) {
            queue.push(i);
        }
        List<Integer> got = new ArrayList<>();
        for (Future<Integer> taker : takers) {
            got.add(taker.get(10, TimeUnit.SECONDS));
        }
        got.sort(null);
        assertEquals(List.of(0, 1, 2, 3), got);
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void take_emptyQueue_wakesOnCloseWithNull(QueueKind kind) throws Exception {
        BlockingTaskQueue<Integer> queue = blocking(kind);
        Future<Integer> taker = threads.submit(queue::take);
        Future<Integer> timedTaker = threads.submit(() -> queue.poll(1, TimeUnit.HOURS));
        awaitWaiting(taker);
        awaitWaiting(timedTaker);
        queue.close();
        assertNull(taker.get(10, TimeUnit.SECONDS));
        assertNull(timedTaker.get(10, TimeUnit.SECONDS));
        assertTrue(queue.isClosed());
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void close_withQueuedItems_takersDrainThenGetNull(QueueKind kind) throws Exception {
        BlockingTaskQueue<Integer> queue = blocking(kind);
        queue.push(1);
        queue.push(2);
        queue.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> queue.push(3));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        List<Integer> got = new ArrayList<>(List.of(queue.take(), queue.take()));
        got.sort(null);
        assertEquals(List.of(1, 2), got);
        assertNull(queue.take());
        assertNull(queue.pop());
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void poll_timeoutOnEmptyOpenQueue_returnsNull(QueueKind kind) throws Exception {
        BlockingTaskQueue<Integer> queue = blocking(kind);
        assertNull(queue.poll(0, TimeUnit.MILLISECONDS));
        assertNull(queue.poll(5, TimeUnit.MILLISECONDS));
        assertFalse(queue.isClosed());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> queue.poll(-1, TimeUnit.SECONDS));
        assertTrue(e.getMessage().contains("timeout"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    @Tag("slow")
    void close_racingPushersAndTakers_everyAcceptedItemTakenOnce(QueueKind kind) throws Exception {
        for (int round = 0; round < 20; round++) {
            BlockingTaskQueue<Integer> queue = blocking(kind);
            int perPusher = 20_000;
            AtomicIntegerArray accepted = new AtomicIntegerArray(2 * perPusher);
            AtomicIntegerArray taken = new AtomicIntegerArray(2 * perPusher);
            List<Future<?>> all = new ArrayList<>();
            for (int p = 0; p < 2; p++) {
                int base = p * perPusher;
                all.add(threads.submit(() -> {
                    for (int i = base; i < base + perPusher; i++) {
                        try {
                            queue.push(i);
                            accepted.set(i, 1);
                        } catch (IllegalStateException closed) {
                            return;
                        }
                    }
                }));
            }
            for (int t = 0; t < 2; t++) {
                all.add(threads.submit(() -> {
                    for (Integer item = queue.take(); item != null; item = queue.take()) {
                        taken.incrementAndGet(item);
                    }
                    return null;
                }));
            }
            int closeAfter = round * 1_000;
            CompletableFuture.runAsync(() -> {
                // Spins, then yields: on a loaded machine the pushers it waits for need the CPU.
                for (int spins = 0; queue.size() < closeAfter && !all.get(0).isDone(); spins++) {
                    if (spins < 100) {
                        Thread.onSpinWait();
                    } else {
                        Thread.yield();
                    }
                }
                queue.close();
            }, threads).get(30, TimeUnit.SECONDS);
            for (Future<?> f : all) {
                f.get(30, TimeUnit.SECONDS);
            }
            for (int i = 0; i < accepted.length(); i++) {
                assertEquals(accepted.get(i), taken.get(i), "item " + i + " accepted vs taken, round " + round);
            }
        }
    }

    @Test
    void blockingDeque_popBack_wakesOnPushAndTakesOldest() throws Exception {
        BlockingArrayDeque<Integer> deque = new BlockingArrayDeque<>();
        Future<Integer> taker = threads.submit((Callable<Integer>) deque::popBack);
        awaitWaiting(taker);
        deque.pushBack(1);
        assertEquals(1, taker.get(10, TimeUnit.SECONDS));
        deque.pushFront(2);
        deque.pushFront(3);
        deque.pushBack(4);
        assertEquals(4, deque.popBack(1, TimeUnit.SECONDS));
        assertEquals(3, deque.popFront());
        assertEquals(2, deque.tryPopBack());
        assertNull(deque.tryPopFront());
    }

    /** Waits (bounded) until the task's thread is blocked, so the wake-up path is what is tested. */
    private static void awaitWaiting(Future<?> task) throws InterruptedException {
        // The task cannot tell us it is inside wait(); give it time to get there, then require
        // that it has not finished early.
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
        while (System.nanoTime() < deadline) {
            assertFalse(task.isDone(), "taker returned before anything was pushed or closed");
            Thread.sleep(5);
        }
    }
}
