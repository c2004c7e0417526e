package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Duffy's deque beyond the registry-wide contract: its deviations from seed 000 and TrySteal. */
@Tag("quick")
final class DuffyArrayDequeTest {

    /**
     * Deviation (a). Random pushes, pops and steals against a model, with both indices starting
     * just below Integer.MAX_VALUE, so they wrap in the first rounds, with and without growth.
     * The seed's `head >= tail` answers empty once tail wraps negative, and the model disagrees.
     */
    @ParameterizedTest
    @ValueSource(ints = {Integer.MAX_VALUE - 1, Integer.MAX_VALUE - 40, -3})
    void mixedOperations_indicesWrapPastMaxInt_matchModel(int startIndex) {
        for (int capacity : new int[] {2, 64}) {
            DuffyArrayDeque<Integer> deque = new DuffyArrayDeque<>(capacity, startIndex);
            ArrayDeque<Integer> model = new ArrayDeque<>();
            SplittableRandom random = new SplittableRandom(startIndex ^ capacity);
            int next = 0;
            for (int op = 0; op < 2_000; op++) {
                int r = random.nextInt(10);
                if (r < 5) {
                    deque.push(next);
                    model.addLast(next++);
                } else if (r < 8) {
                    assertEquals(model.pollLast(), deque.pop(), "pop at op " + op);
                } else {
                    assertEquals(model.pollFirst(), deque.steal(), "steal at op " + op);
                }
                assertEquals(model.size(), deque.size(), "size at op " + op);
            }
        }
    }

    /**
     * Deviation (a), pop, steal and growth while the live indices straddle the wrap (head near
     * Integer.MAX_VALUE, tail past it). The seed's `head >= tail` answers empty to both.
     */
    @Test
    void popStealAndGrowth_whileIndicesStraddleWrap_keepEveryItemInOrder() {
        DuffyArrayDeque<Integer> deque = new DuffyArrayDeque<>(4, Integer.MAX_VALUE - 1);
        QueueContractTest.pushRange(deque, 0, 3); // head = MAX_VALUE - 1, tail = MIN_VALUE + 1
        assertEquals(2, deque.pop());
        deque.push(2);
        assertEquals(0, deque.steal());
        QueueContractTest.pushRange(deque, 3, 10); // grows with head = MAX_VALUE, tail = MIN_VALUE + 2
        assertEquals(9, deque.size());
        assertEquals(1, deque.steal());
        assertEquals(List.of(9, 8, 7, 6, 5, 4, 3, 2), QueueContractTest.drain(deque, TaskQueue::pop));
    }

    /** Deviation (b): neither pop nor steal leaves a reference to the item it took. */
    @Test
    void popAndSteal_takenItems_slotsCleared() {
        DuffyArrayDeque<Object> deque = new DuffyArrayDeque<>(4);
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            items.add(new Object());
            deque.push(items.get(i)); // grows twice
        }
        assertSame(items.get(9), deque.pop());
        assertSame(items.get(8), deque.pop());
        assertSame(items.get(0), deque.steal());
        assertSame(items.get(1), deque.steal());
        assertSame(items.get(2), deque.steal());
        assertEquals(5, deque.referencedSlots(), "only the five items still queued are referenced");
        while (deque.pop() != null) {
            // drain
        }
        assertEquals(0, deque.referencedSlots());
    }

    /** Deviation (b) on the lost-race path: a steal of the last item clears it too. */
    @Test
    void steal_lastItem_slotCleared() {
        DuffyArrayDeque<Object> deque = new DuffyArrayDeque<>();
        deque.push(new Object());
        deque.steal();
        assertEquals(0, deque.referencedSlots());
        assertNull(deque.pop());
    }

    @Test
    void trySteal_freeLock_takesOldest() throws InterruptedException {
        DuffyArrayDeque<Integer> deque = new DuffyArrayDeque<>();
        deque.push(1);
        deque.push(2);
        assertEquals(1, deque.trySteal(0, TimeUnit.MILLISECONDS));
        assertEquals(2, deque.trySteal(1, TimeUnit.SECONDS));
        assertNull(deque.trySteal(0, TimeUnit.MILLISECONDS));
    }

    @Test
    @Timeout(30)
    void trySteal_lockHeldElsewhere_givesUpAndLeavesItem() throws InterruptedException {
        DuffyArrayDeque<Integer> deque = new DuffyArrayDeque<>();
        deque.push(7);
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            deque.foreignLock().lock();
            try {
                held.countDown();
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                deque.foreignLock().unlock();
            }
        });
        holder.start();
        held.await();
        assertNull(deque.trySteal(0, TimeUnit.MILLISECONDS));
        assertNull(deque.trySteal(5, TimeUnit.MILLISECONDS));
        assertEquals(1, deque.size(), "a timed-out steal takes nothing");
        release.countDown();
        holder.join();
        assertEquals(7, deque.trySteal(10, TimeUnit.SECONDS));
    }

    @Test
    void trySteal_negativeTimeout_throwsIllegalArgumentException() {
        DuffyArrayDeque<Integer> deque = new DuffyArrayDeque<>();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> deque.trySteal(-1, TimeUnit.MILLISECONDS));
        assertTrue(e.getMessage().contains("timeout"), e.getMessage());
        assertThrows(NullPointerException.class, () -> deque.trySteal(1, null));
    }

    @Test
    void trySteal_interrupted_throwsInterruptedException() {
        DuffyArrayDeque<Integer> deque = new DuffyArrayDeque<>();
        deque.push(1);
        Thread.currentThread().interrupt();
        try {
            assertThrows(InterruptedException.class, () -> deque.trySteal(1, TimeUnit.SECONDS));
        } finally {
            Thread.interrupted();
        }
        assertEquals(1, deque.size());
    }

    @Test
    void create_capacityRoundsUpToPowerOfTwo_holdsOneLessBeforeGrowing() {
        DuffyArrayDeque<Integer> deque = new DuffyArrayDeque<>(3);
        QueueContractTest.pushRange(deque, 0, 3); // array of 4 holds 3, the seed's free slot
        assertEquals(4, deque.capacity());
        deque.push(3);
        assertEquals(8, deque.capacity());
        assertEquals(32, new DuffyArrayDeque<Integer>().capacity(), "the seed's INITIAL_SIZE");
    }

    /**
     * Deviation (d), issue 9's size race, made deterministic: the probe grows the deque between
     * size()'s read of head and its read of tail. Head and tail first cycle to 10, so the seed's
     * reset (head = 0, tail = count) seen half done answered 4 - 10, clamped to 0, for a deque
     * holding 3 items before and 4 after the push.
     */
    @Test
    void size_growthBetweenItsTwoReads_answersTheCountNotZero() {
        boolean[] pushed = {false};
        AtomicReference<DuffyArrayDeque<Integer>> holder = new AtomicReference<>();
        DuffyArrayDeque<Integer> deque = new DuffyArrayDeque<>(4, 0, () -> {
            if (!pushed[0]) {
                pushed[0] = true;
                holder.get().push(99); // the fourth item: 4 slots hold 3, so this grows the array
            }
        });
        holder.set(deque);
        for (int i = 0; i < 10; i++) {
            deque.push(i);
            assertEquals(i, deque.steal());
        }
        QueueContractTest.pushRange(deque, 0, 3);
        assertEquals(4, deque.capacity());
        int size = deque.size();
        assertTrue(pushed[0], "the probe ran inside size()");
        assertEquals(8, deque.capacity(), "the probe's push grew the array");
        assertTrue(size == 3 || size == 4, "size() during growth answered " + size + " for 3, then 4 items");
        assertEquals(4, deque.size());
        assertEquals(0, deque.steal());
        assertEquals(99, deque.pop());
    }
}
