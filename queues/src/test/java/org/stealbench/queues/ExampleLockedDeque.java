package org.stealbench.queues;

import java.util.ArrayDeque;
import java.util.Objects;
import org.stealbench.queues.QueueTraits.Order;

/**
 * A throw-away variant, the one class a newcomer writes: {@link ArrayDeque} under this object's
 * monitor, any thread, pop LIFO (the back), steal FIFO (the front). It is never registered in
 * {@link QueueKind}; {@code AddVariantTest} (here and in the harness) compiles a copy of the
 * registry with one line for it, to show that the line alone reaches every test, pool and
 * benchmark list the checklist in {@code package-info.java} promises.
 */
public final class ExampleLockedDeque<T> implements TaskQueue<T> {

    public static final QueueTraits TRAITS = QueueTraits.correct(false, Order.LIFO, Order.FIFO, false);

    private final ArrayDeque<T> items;

    public ExampleLockedDeque() {
        this(16);
    }

    /** @throws IllegalArgumentException if {@code initialCapacity} is less than 1 */
    public ExampleLockedDeque(int initialCapacity) {
        if (initialCapacity < 1) {
            throw new IllegalArgumentException("initialCapacity must be at least 1, got " + initialCapacity);
        }
        items = new ArrayDeque<>(initialCapacity);
    }

    @Override
    public synchronized void push(T item) {
        items.addLast(Objects.requireNonNull(item, "item"));
    }

    @Override
    public synchronized T pop() {
        return items.pollLast();
    }

    @Override
    public synchronized T steal() {
        return items.pollFirst();
    }

    @Override
    public synchronized int size() {
        return items.size();
    }

    @Override
    public synchronized boolean isEmpty() {
        return items.isEmpty();
    }

    @Override
    public QueueTraits traits() {
        return TRAITS;
    }
}
