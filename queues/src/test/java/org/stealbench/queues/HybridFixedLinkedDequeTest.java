package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stealbench.queues.HybridPausers.finish;
import static org.stealbench.queues.HybridPausers.startOn;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.stealbench.queues.HybridPauser.Step;
import org.stealbench.queues.HybridPausers.Gate;

/**
 * {@link FixedHybridLinkedDeque}: the interleavings that break seed 002's deque (flaws (a) to (e)
 * in {@link HybridLinkedDeque}) replayed against the fixed deque with one thread paused at the
 * corresponding step, each with the correct outcome; node reclamation; and a differential test
 * against a sequential model.
 */
@Tag("quick")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
final class HybridFixedLinkedDequeTest {

    private static FixedHybridLinkedDeque<String> with(HybridPauser pauser, String... items) {
        FixedHybridLinkedDeque<String> deque = new FixedHybridLinkedDeque<>(pauser);
        for (String item : items) {
            deque.push(item);
        }
        return deque;
    }

    private static List<String> popAll(FixedHybridLinkedDeque<String> deque) {
        List<String> out = new ArrayList<>();
        for (String item = deque.pop(); item != null; item = deque.pop()) {
            out.add(item);
        }
        return out;
    }

    /** Flaw (a): a steal overtaken by pops of the last items. */
    @Test
    void steal_overtakenByPopsOfEveryItem_returnsNull() throws Exception {
        Gate gate = new Gate(Step.STEAL_FOUND, "thief");
        FixedHybridLinkedDeque<String> deque = with(gate, "A", "B", "C");
        FutureTask<String> thief = startOn("thief", deque::steal);
        gate.awaitReached();

        assertEquals(List.of("A", "B", "C"), popAll(deque));
        gate.release();

        assertNull(finish(thief), "C was popped while the thief held it; nothing is left");
        assertNull(deque.pop());
        assertTrue(deque.isEmpty());
        deque.push("D");
        assertEquals("D", deque.steal(), "the deque still works");
    }

    /** Flaw (e), in the two-item form Lincheck found in the seed: steal with one pop. */
    @Test
    void steal_overtakenByPopOfOlderItem_takesNewest() throws Exception {
        Gate gate = new Gate(Step.STEAL_FOUND, "thief");
        FixedHybridLinkedDeque<String> deque = with(gate, "A", "B");
        FutureTask<String> thief = startOn("thief", deque::steal);
        gate.awaitReached();

        assertEquals("A", deque.pop());
        gate.release();

        assertEquals("B", finish(thief));
        assertNull(deque.pop());
        assertEquals(0, deque.size());
    }

    /** Flaw (b): a push between the steal's take and its last link update. */
    @Test
    void push_betweenStealTakeAndUnlink_isKept() throws Exception {
        Gate gate = new Gate(Step.STEAL_TAKEN, "thief");
        FixedHybridLinkedDeque<String> deque = with(gate, "A", "B", "C");
        FutureTask<String> thief = startOn("thief", deque::steal);
        gate.awaitReached();

        deque.push("E");
        gate.release();

        assertEquals("C", finish(thief));
        assertEquals(3, deque.size());
        assertEquals(List.of("A", "B", "E"), popAll(deque));
    }

    /** A push during the steal's walk: the re-check starts the steal over from the new last node. */
    @Test
    void steal_pushDuringWalk_startsOverAndTakesNewest() throws Exception {
        Gate gate = new Gate(Step.STEAL_FOUND, "thief");
        FixedHybridLinkedDeque<String> deque = with(gate, "A", "B", "C");
        FutureTask<String> thief = startOn("thief", deque::steal);
        gate.awaitReached();

        deque.push("E");
        gate.release();

        assertEquals("E", finish(thief));
        assertEquals(List.of("A", "B", "C"), popAll(deque));
    }

    /** Flaw (c): a pusher paused between linking and swinging the tail blocks nobody. */
    @Test
    void popAndSteal_pusherPausedBeforeTailSwing_takeWithoutWaiting() throws Exception {
        Gate gate = new Gate(Step.ENQUEUE_LINKED, "pusher");
        FixedHybridLinkedDeque<String> deque = with(gate);
        FutureTask<Void> pusher = startOn("pusher", () -> {
            deque.push("N");
            return null;
        });
        gate.awaitReached();

        assertEquals("N", deque.pop(), "pop does not read the tail");
        deque.push("M");
        assertEquals("M", deque.steal(), "push and steal follow next past the lagging tail");
        gate.release();
        finish(pusher);

        assertTrue(deque.isEmpty());
        deque.push("P");
        deque.push("Q");
        assertEquals("Q", deque.steal(), "the pusher's late tail CAS did not move the tail back");
        assertEquals("P", deque.pop());
    }

    /** Flaw (d): a steal takes the last one or two items too. */
    @Test
    void steal_oneOrTwoItems_takesNewest() {
        FixedHybridLinkedDeque<Integer> deque = new FixedHybridLinkedDeque<>();
        deque.push(1);
        assertEquals(1, deque.steal());
        deque.push(2);
        deque.push(3);
        assertEquals(3, deque.steal());
        assertEquals(2, deque.steal());
        assertNull(deque.steal());
    }

    @Test
    void pushAndSteal_manyRounds_keepsListShort() {
        FixedHybridLinkedDeque<Integer> deque = new FixedHybridLinkedDeque<>();
        for (int i = 0; i < 10_000; i++) {
            deque.push(i);
            assertEquals(i, deque.steal());
        }
        assertTrue(deque.linkedNodes() <= 3, "linked nodes: " + deque.linkedNodes());
        assertTrue(deque.prevChainNodes() <= 3, "prev chain: " + deque.prevChainNodes());
    }

    @Test
    void pushAndSteal_oldestNeverPopped_keepsListShort() {
        FixedHybridLinkedDeque<Integer> deque = new FixedHybridLinkedDeque<>();
        deque.push(-1);
        for (int i = 0; i < 10_000; i++) {
            deque.push(i);
            assertEquals(i, deque.steal());
        }
        assertTrue(deque.linkedNodes() <= 4, "linked nodes: " + deque.linkedNodes());
        assertTrue(deque.prevChainNodes() <= 4, "prev chain: " + deque.prevChainNodes());
        assertEquals(-1, deque.pop());
    }

    @Test
    void pushAndPop_manyRounds_keepsListShort() {
        FixedHybridLinkedDeque<Integer> deque = new FixedHybridLinkedDeque<>();
        deque.push(-1);
        for (int i = 0; i < 10_000; i++) {
            deque.push(i);
            assertEquals(i - 1, deque.pop());
        }
        assertTrue(deque.linkedNodes() <= 3, "linked nodes: " + deque.linkedNodes());
        assertTrue(deque.prevChainNodes() <= 3, "prev chain: " + deque.prevChainNodes());
    }

    @Test
    void stealDrain_thenSteal_leavesNoDeadRun() {
        FixedHybridLinkedDeque<Integer> deque = new FixedHybridLinkedDeque<>();
        for (int i = 0; i < 1_000; i++) {
            deque.push(i);
        }
        for (int i = 999; i >= 0; i--) {
            assertEquals(i, deque.steal());
            assertTrue(deque.linkedNodes() <= i + 3, "dead run kept after stealing " + i);
        }
        assertNull(deque.steal());
        assertTrue(deque.linkedNodes() <= 2, "linked nodes: " + deque.linkedNodes());
        assertTrue(deque.prevChainNodes() <= 2, "prev chain: " + deque.prevChainNodes());
    }

    @Test
    void randomOperations_singleThread_matchSequentialModelAndStayCompact() {
        FixedHybridLinkedDeque<Integer> deque = new FixedHybridLinkedDeque<>();
        ArrayDeque<Integer> model = new ArrayDeque<>();
        SplittableRandom random = new SplittableRandom(7);
        int next = 0;
        for (int op = 0; op < 200_000; op++) {
            int choice = random.nextInt(model.size() > 12 ? 2 : 4);
            if (choice == 0) {
                assertEquals(model.pollFirst(), deque.pop(), "pop at op " + op);
            } else if (choice == 1) {
                assertEquals(model.pollLast(), deque.steal(), "steal at op " + op);
            } else {
                deque.push(next);
                model.addLast(next++);
            }
            if (op % 1_000 == 0) {
                assertEquals(model.size(), deque.size());
                assertTrue(deque.linkedNodes() <= 2 * model.size() + 3,
                        "linked nodes " + deque.linkedNodes() + " for " + model.size() + " items at op " + op);
            }
        }
    }
}
