package org.stealbench.queues;

import java.util.Deque;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.LinkedBlockingDeque;
import org.stealbench.queues.QueueTraits.Order;

/**
 * A JDK concurrent deque seen as a {@link TaskQueue}, so the JDK's own structures run in the same
 * tests and benchmarks as ours: {@code push} is {@code offerFirst}, {@code pop} is
 * {@code pollFirst} (LIFO) and {@code steal} is {@code pollLast} (FIFO). Any thread may call any
 * operation. {@link ConcurrentLinkedDeque} is lock-free; {@link LinkedBlockingDeque} holds one
 * lock. Its {@code size()} is O(n) for {@code ConcurrentLinkedDeque}.
 */
public final class JdkDequeAdapter<T> implements TaskQueue<T> {

    static final QueueTraits TRAITS = QueueTraits.correct(false, Order.LIFO, Order.FIFO, false);

    private final Deque<T> deque;
    private final QueueTraits traits;

    private JdkDequeAdapter(Deque<T> deque, QueueTraits traits) {
        this.deque = deque;
        this.traits = traits;
    }

    /**
     * Over any deque, with the traits the caller vouches for (e.g. an unsynchronized
     * {@link java.util.ArrayDeque} as a one-thread floor, whose traits say {@code ownerOnly}).
     */
    public static <T> JdkDequeAdapter<T> over(Deque<T> deque, QueueTraits traits) {
        return new JdkDequeAdapter<>(Objects.requireNonNull(deque, "deque"), Objects.requireNonNull(traits, "traits"));
    }

    /** Over a new {@link ConcurrentLinkedDeque}. */
    public static <T> JdkDequeAdapter<T> concurrentLinked() {
        return new JdkDequeAdapter<>(new ConcurrentLinkedDeque<>(), TRAITS);
    }

    /** Over a new unbounded {@link LinkedBlockingDeque}. */
    public static <T> JdkDequeAdapter<T> linkedBlocking() {
        return new JdkDequeAdapter<>(new LinkedBlockingDeque<>(), TRAITS);
    }

    @Override
    public void push(T item) {
        deque.offerFirst(Objects.requireNonNull(item, "item"));
    }

    @Override
    public T pop() {
        return deque.pollFirst();
    }

    @Override
    public T steal() {
        return deque.pollLast();
    }

    @Override
    public int size() {
        return deque.size();
    }

    @Override
    public boolean isEmpty() {
        return deque.isEmpty();
    }

    @Override
    public QueueTraits traits() {
        return traits;
    }
}
