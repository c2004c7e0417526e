package org.stealbench.queues;

import java.util.ArrayDeque;

/**
 * Sequential specifications for Lincheck: what push, pop and steal return when run one at a time,
 * for each combination of pop and steal order in the registry. The operation names and parameter
 * types match the Lincheck test classes.
 */
final class SequentialDeques {

    private SequentialDeques() {
    }

    /** Items pushed at the front; subclasses choose which end pop and steal take. */
    abstract static class Spec {
        final ArrayDeque<Integer> items = new ArrayDeque<>();

        public void push(int item) {
            items.addFirst(item);
        }

        public Integer newest() {
            return items.pollFirst();
        }

        public Integer oldest() {
            return items.pollLast();
        }

        public int size() {
            return items.size();
        }
    }

    /** pop LIFO, steal FIFO: Chase-Lev, Duffy, the blocking deque, the JDK adapters. */
    public static final class PopLifoStealFifo extends Spec {
        public Integer pop() {
            return newest();
        }

        public Integer steal() {
            return oldest();
        }
    }

    /** pop FIFO, steal FIFO: the locked global queue. */
    public static final class PopFifoStealFifo extends Spec {
        public Integer pop() {
            return oldest();
        }

        public Integer steal() {
            return oldest();
        }
    }

    /** pop FIFO, steal LIFO: the hybrid deque (Dequeue takes the head, DequeueLast the tail). */
    public static final class PopFifoStealLifo extends Spec {
        public Integer pop() {
            return oldest();
        }

        public Integer steal() {
            return newest();
        }
    }

    /** The specification class for a kind's orders. */
    static Class<?> forKind(QueueKind kind) {
        QueueTraits t = kind.traits();
        if (t.popOrder() == QueueTraits.Order.LIFO && t.stealOrder() == QueueTraits.Order.FIFO) {
            return PopLifoStealFifo.class;
        }
        if (t.popOrder() == QueueTraits.Order.FIFO) {
            return t.stealOrder() == QueueTraits.Order.FIFO ? PopFifoStealFifo.class : PopFifoStealLifo.class;
        }
        throw new IllegalArgumentException("no specification for " + t);
    }
}
