package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.stealbench.queues.QueueTraits.Order;

/** The single-threaded contract every registered variant keeps, run over the whole registry. */
@Tag("quick")
final class QueueContractTest {

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void popAndSteal_emptyQueue_returnNull(QueueKind kind) {
        TaskQueue<Integer> queue = kind.create();
        assertNull(queue.pop());
        assertNull(queue.steal());
        assertTrue(queue.isEmpty());
        assertEquals(0, queue.size());
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void pop_afterPushes_takesItemsInPopOrder(QueueKind kind) {
        TaskQueue<Integer> queue = kind.create();
        pushRange(queue, 0, 10);
        assertEquals(expected(kind.traits().popOrder(), 0, 10), drain(queue, TaskQueue::pop));
        assertNull(queue.pop());
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void steal_afterPushes_takesItemsInStealOrder(QueueKind kind) {
        TaskQueue<Integer> queue = kind.create();
        pushRange(queue, 0, 10);
        List<Integer> stolen = drain(queue, TaskQueue::steal);
        List<Integer> all = expected(kind.traits().stealOrder(), 0, 10);
        assertEquals(all.subList(0, stolen.size()), stolen, "steals follow the steal order");
        if (kind.traits().exactlyOnce()) {
            assertEquals(all, stolen, "steal alone drains the queue");
        }
        List<Integer> rest = drain(queue, TaskQueue::pop);
        assertEquals(10, stolen.size() + rest.size(), "every item is taken once: " + stolen + rest);
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void push_pastInitialCapacity_keepsEveryItemInOrder(QueueKind kind) {
        TaskQueue<Integer> queue = kind.create(2);
        pushRange(queue, 0, 1000);
        assertEquals(1000, queue.size());
        assertEquals(expected(kind.traits().popOrder(), 0, 1000), drain(queue, TaskQueue::pop));
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void growth_whileItemsWereStolen_keepsEveryItemInOrder(QueueKind kind) {
        TaskQueue<Integer> queue = kind.create(4);
        List<Integer> taken = new ArrayList<>();
        int next = 0;
        for (int round = 0; round < 50; round++) {
            for (int i = 0; i < 7; i++) {
                queue.push(next++);
            }
            Integer stolen = queue.steal();
            if (stolen != null) {
                taken.add(stolen);
            }
        }
        taken.addAll(drain(queue, TaskQueue::pop));
        assertEquals(next, taken.size());
        assertEquals(next, taken.stream().distinct().count(), "no item taken twice");
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void size_afterPushesAndPops_countsItems(QueueKind kind) {
        TaskQueue<Integer> queue = kind.create(2);
        pushRange(queue, 0, 5);
        assertEquals(5, queue.size());
        assertFalse(queue.isEmpty());
        queue.pop();
        queue.pop();
        assertEquals(3, queue.size());
        drain(queue, TaskQueue::pop);
        assertEquals(0, queue.size());
        assertTrue(queue.isEmpty());
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void push_nullItem_throwsNullPointerException(QueueKind kind) {
        TaskQueue<Integer> queue = kind.create();
        assertThrows(NullPointerException.class, () -> queue.push(null));
        assertTrue(queue.isEmpty());
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void create_capacityBelowOne_throwsIllegalArgumentException(QueueKind kind) {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> kind.create(0));
        assertTrue(zero.getMessage().contains("initialCapacity"), zero.getMessage());
        assertThrows(IllegalArgumentException.class, () -> kind.create(-1));
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void traits_ofInstance_matchRegistry(QueueKind kind) {
        assertEquals(kind.traits(), kind.create().traits());
        assertEquals(kind.traits(), kind.create(3).traits());
    }

    @ParameterizedTest
    @EnumSource(QueueKind.class)
    void byId_ofEachId_returnsKind(QueueKind kind) {
        assertSame(kind, QueueKind.byId(kind.id()));
    }

    @Test
    void byId_unknownId_listsValidIds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QueueKind.byId("nope"));
        for (QueueKind kind : QueueKind.values()) {
            assertTrue(e.getMessage().contains(kind.id()), e.getMessage());
        }
        assertTrue(e.getMessage().contains("'nope'"), e.getMessage());
    }

    @Test
    void traits_exactlyOnceWithFlaw_refused() {
        assertThrows(IllegalArgumentException.class,
                () -> new QueueTraits(true, Order.LIFO, Order.FIFO, false, true, "loses items"));
        assertThrows(IllegalArgumentException.class,
                () -> new QueueTraits(true, Order.LIFO, Order.FIFO, false, false, ""));
    }

    static void pushRange(TaskQueue<Integer> queue, int from, int to) {
        for (int i = from; i < to; i++) {
            queue.push(i);
        }
    }

    static List<Integer> drain(TaskQueue<Integer> queue, Function<TaskQueue<Integer>, Integer> take) {
        List<Integer> out = new ArrayList<>();
        for (Integer item = take.apply(queue); item != null; item = take.apply(queue)) {
            out.add(item);
        }
        return out;
    }

    static List<Integer> expected(Order order, int from, int to) {
        List<Integer> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add(order == Order.FIFO ? i : to - 1 - (i - from));
        }
        return out;
    }
}
