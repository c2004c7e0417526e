package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The work-stealing pool's LIFO slot: one task, exchanged in by its owner, taken once by anyone. */
@Tag("quick")
final class LifoSlotTest {

    @Test
    void exchange_returnsTheDisplacedTask_eachTakeEmptiesTheSlot() {
        LifoSlot<String> slot = new LifoSlot<>();
        assertTrue(slot.isEmpty());
        assertNull(slot.exchange("a"));
        assertFalse(slot.isEmpty());
        assertEquals("a", slot.exchange("b"));
        assertEquals("b", slot.takeOwn());
        assertNull(slot.takeOwn());
        assertNull(slot.exchange("c"));
        assertEquals("c", slot.steal());
        assertNull(slot.steal());
        assertNull(slot.exchange("d"));
        assertEquals("d", slot.drain());
        assertNull(slot.drain());
        assertTrue(slot.isEmpty());
    }

    /** The owner exchanges tasks in and takes some back while thieves steal: every task leaves once. */
    @Timeout(60)
    @Test
    void ownerAndThieves_everyTaskTakenExactlyOnce() throws InterruptedException {
        int tasks = 200_000;
        LifoSlot<Integer> slot = new LifoSlot<>();
        AtomicIntegerArray taken = new AtomicIntegerArray(tasks);
        CountDownLatch start = new CountDownLatch(1);
        AtomicBoolean done = new AtomicBoolean();
        Thread[] thieves = new Thread[2];
        for (int t = 0; t < thieves.length; t++) {
            thieves[t] = new Thread(() -> {
                awaitQuietly(start);
                for (;;) {
                    Integer task = slot.steal();
                    if (task != null) {
                        taken.incrementAndGet(task);
                    } else if (done.get()) {
                        return;
                    }
                }
            });
            thieves[t].start();
        }
        start.countDown();
        for (int i = 0; i < tasks; i++) {
            Integer displaced = slot.exchange(i);
            if (displaced != null) {
                taken.incrementAndGet(displaced); // what the pool pushes onto its deque
            }
            if (i % 3 == 0) {
                Integer own = slot.takeOwn();
                if (own != null) {
                    taken.incrementAndGet(own);
                }
            }
        }
        done.set(true);
        for (Thread t : thieves) {
            t.join();
        }
        Integer left = slot.drain();
        if (left != null) {
            taken.incrementAndGet(left);
        }
        for (int i = 0; i < tasks; i++) {
            assertEquals(1, taken.get(i), "task " + i);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
