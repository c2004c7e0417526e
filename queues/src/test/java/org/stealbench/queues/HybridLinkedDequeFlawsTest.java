package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.stealbench.queues.HybridPausers.finish;
import static org.stealbench.queues.HybridPausers.startOn;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.stealbench.queues.HybridLinkedDeque.Node;
import org.stealbench.queues.HybridPauser.Step;
import org.stealbench.queues.HybridPausers.Gate;

/**
 * Replays each flaw of seed 002's deque written out in {@link HybridLinkedDeque}'s overview, (a)
 * to (e), with one thread paused at the critical step. Each test asserts the flaw IS there: it
 * fails if the port were fixed. The queue holds A, B, C (list S -> A -> B -> C) unless stated.
 */
@Tag("quick")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
final class HybridLinkedDequeFlawsTest {

    private static HybridLinkedDeque<String> withABC(HybridPauser pauser) {
        HybridLinkedDeque<String> queue = new HybridLinkedDeque<>(pauser);
        queue.enqueue("A");
        queue.enqueue("B");
        queue.enqueue("C");
        return queue;
    }

    private static List<String> dequeue(HybridLinkedDeque<String> queue, int times) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            out.add(queue.dequeue());
        }
        return out;
    }

    /** (a) */
    @Test
    void dequeueLast_overtakenByDequeuesOfLastItems_returnsTakenItemAndSelfLinksHead() throws Exception {
        Gate gate = new Gate(Step.STEAL_FILLED, "thief");
        HybridLinkedDeque<String> queue = withABC(gate);
        FutureTask<String> thief = startOn("thief", queue::dequeueLast);
        gate.awaitReached();

        assertEquals(List.of("A", "B", "C"), dequeue(queue, 3));
        assertNull(queue.dequeue(), "the queue is empty before the thief resumes");
        gate.release();

        assertEquals("C", finish(thief), "DequeueLast succeeds and returns C, which Dequeue took");
        Node<String> head = queue.headNode();
        assertSame(head, head.next, "the sentinel (C's node) is linked to itself");
        assertEquals(List.of("C", "C", "C"), dequeue(queue, 3), "Dequeue returns C forever");
    }

    /** (b) */
    @Test
    void enqueue_betweenDequeueLastFinalCases_isLostAndMakesCycle() throws Exception {
        Gate gate = new Gate(Step.STEAL_TAIL_SWUNG, "thief");
        HybridLinkedDeque<String> queue = withABC(gate);
        FutureTask<String> thief = startOn("thief", queue::dequeueLast);
        gate.awaitReached();

        queue.enqueue("E");
        gate.release();

        assertEquals("C", finish(thief));
        Node<String> tail = queue.tailNode();
        assertEquals("E", tail.val);
        Node<String> swapNode = tail.prev;
        assertEquals("B", swapNode.val, "E was linked after the thief's copy of B");
        assertSame(swapNode, swapNode.next, "the last CAS linked that copy to itself: a cycle cuts E off");
        assertEquals(List.of("A", "B", "C", "C", "C"), dequeue(queue, 5),
                "Dequeue returns C (stolen already) forever and never E");
    }

    /** (c) */
    @Test
    void dequeue_whileEnqueuerPausedBeforeTailSwing_spinsUntilEnqueuerResumes() throws Exception {
        Gate gate = new Gate(Step.ENQUEUE_LINKED, "enqueuer");
        CountDownLatch spins = new CountDownLatch(1_000);
        HybridLinkedDeque<String> queue = new HybridLinkedDeque<>(step -> {
            gate.at(step);
            if (step == Step.DEQUEUE_TAIL_LAGS) {
                spins.countDown();
            }
        });
        FutureTask<Void> enqueuer = startOn("enqueuer", () -> {
            queue.enqueue("N");
            return null;
        });
        gate.awaitReached();

        FutureTask<String> dequeuer = startOn("dequeuer", queue::dequeue);
        HybridPausers.await(spins, "Dequeue should loop through its no-op tail CAS while the enqueuer is paused");
        assertFalse(dequeuer.isDone(), "Dequeue cannot return while the enqueuer is paused");
        gate.release();

        assertEquals("N", finish(dequeuer), "Dequeue returns once the enqueuer swings the tail");
        finish(enqueuer);
    }

    /** (d) */
    @Test
    void dequeueLast_fewerThanThreeItems_takesNothing() {
        HybridLinkedDeque<Integer> queue = new HybridLinkedDeque<>();
        queue.enqueue(1);
        assertNull(queue.dequeueLast(), "one item: the tail's prev is the sentinel");
        queue.enqueue(2);
        assertNull(queue.dequeueLast(), "two items: tail.prev.prev == head");
        assertEquals(2, queue.count());
        queue.enqueue(3);
        assertEquals(3, queue.dequeueLast(), "three items: the newest is taken");
        assertNull(queue.dequeueLast());
        assertEquals(1, queue.dequeue());
        assertEquals(2, queue.dequeue());
        assertNull(queue.dequeue());
    }

    /** (e) */
    @Test
    void dequeueLast_prevNulledByDequeues_throwsNullPointerException() throws Exception {
        Gate gate = new Gate(Step.STEAL_CHECKED, "thief");
        HybridLinkedDeque<String> queue = withABC(gate);
        FutureTask<String> thief = startOn("thief", queue::dequeueLast);
        gate.awaitReached();

        assertEquals(List.of("A", "B"), dequeue(queue, 2), "each Dequeue writes null into the new sentinel's prev");
        gate.release();

        ExecutionException e = assertThrows(ExecutionException.class, () -> finish(thief));
        assertInstanceOf(NullPointerException.class, e.getCause(), "tail.prev.next with tail.prev == null");
        assertEquals(List.of("C", "C", "C"), dequeue(queue, 3), "C was left linked to itself");
    }
}
