package org.stealbench.queues.jcstress;

import org.openjdk.jcstress.infra.results.III_Result;
import org.stealbench.queues.TaskQueue;

/**
 * The shared shape of the last-item tests: a deque holding one item, the owner's pop against a
 * thief's steal, then an arbiter that checks the deque is empty and still works. Results are
 * (owner took it, thief took it, arbiter's consistency code: 0 when consistent).
 */
final class LastItemOutcomes {

    static final Integer ITEM = 42;
    static final Integer PROBE = 43;

    private LastItemOutcomes() {
    }

    static void pop(TaskQueue<Integer> deque, III_Result r) {
        r.r1 = took(deque.pop());
    }

    static void steal(TaskQueue<Integer> deque, III_Result r) {
        r.r2 = took(deque.steal());
    }

    static void check(TaskQueue<Integer> deque, III_Result r) {
        r.r3 = consistencyCode(deque);
    }

    /** 0 if the deque is empty, answers empty and takes new items back in order; else a code. */
    static int consistencyCode(TaskQueue<Integer> deque) {
        int code = 0;
        if (deque.size() != 0) {
            code |= 1;
        }
        if (deque.pop() != null || deque.steal() != null) {
            code |= 2;
        }
        deque.push(PROBE);
        deque.push(PROBE + 1);
        if (!PROBE.equals(deque.steal()) || !Integer.valueOf(PROBE + 1).equals(deque.pop()) || deque.size() != 0) {
            code |= 4;
        }
        return code;
    }

    private static int took(Integer item) {
        if (item == null) {
            return 0;
        }
        return ITEM.equals(item) ? 1 : 9; // 9: an item that was never pushed
    }
}
