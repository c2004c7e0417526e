package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Chase-Lev beyond the registry-wide contract: slot clearing and growth. */
@Tag("quick")
final class ChaseLevArrayDequeTest {

    private static List<Object> pushObjects(ChaseLevArrayDeque<Object> deque, int n) {
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            items.add(new Object());
            deque.push(items.get(i));
        }
        return items;
    }

    @Test
    void pop_takenItems_slotsClearedAtOnce() {
        ChaseLevArrayDeque<Object> deque = new ChaseLevArrayDeque<>(8);
        List<Object> items = pushObjects(deque, 5);
        assertSame(items.get(4), deque.pop());
        assertSame(items.get(3), deque.pop());
        assertEquals(3, deque.referencedSlots());
    }

    @Test
    void steal_thenOwnerFindsEmpty_stolenSlotsCleared() {
        ChaseLevArrayDeque<Object> deque = new ChaseLevArrayDeque<>(8);
        List<Object> items = pushObjects(deque, 6);
        for (int i = 0; i < 6; i++) {
            assertSame(items.get(i), deque.steal());
        }
        assertEquals(6, deque.referencedSlots(), "thieves cannot clear; the owner does on empty");
        assertNull(deque.pop());
        assertEquals(0, deque.referencedSlots());
    }

    @Test
    void popLastItem_afterSteals_everySlotCleared() {
        ChaseLevArrayDeque<Object> deque = new ChaseLevArrayDeque<>(4);
        List<Object> items = pushObjects(deque, 4);
        deque.steal();
        deque.steal();
        assertSame(items.get(3), deque.pop());
        assertSame(items.get(2), deque.pop()); // the last item: the CAS path
        assertEquals(0, deque.referencedSlots());
    }

    @Test
    void growth_afterStealsAndWraps_keepsOrderAndClears() {
        ChaseLevArrayDeque<Object> deque = new ChaseLevArrayDeque<>(2);
        List<Object> items = pushObjects(deque, 3); // grows to 4
        assertSame(items.get(0), deque.steal());
        for (int i = 0; i < 9; i++) {
            items.add(new Object());
            deque.push(items.get(items.size() - 1)); // wraps in 4 slots, then grows to 8 and 16
        }
        assertSame(items.get(1), deque.steal());
        assertEquals(10, deque.size());
        for (int i = items.size() - 1; i >= 2; i--) {
            assertSame(items.get(i), deque.pop());
        }
        assertNull(deque.pop());
        assertEquals(0, deque.referencedSlots());
    }

    @Test
    void steal_emptyAfterOwnerTookAll_returnsNullAndStaysUsable() {
        ChaseLevArrayDeque<Integer> deque = new ChaseLevArrayDeque<>(1);
        deque.push(1);
        assertEquals(1, deque.pop());
        assertNull(deque.steal());
        assertNull(deque.pop());
        deque.push(2);
        assertEquals(2, deque.steal());
        assertEquals(0, deque.size());
    }
}
