package org.stealbench.queues;

import java.util.concurrent.TimeUnit;
import org.stealbench.queues.QueueTraits.Order;

/**
 * Seed 004's {@code blocking_deque}: a deque under one lock with pushes and pops at both ends,
 * try- and blocking pops, {@code size}, {@code isEmpty} and {@code close}, usable by any thread.
 *
 * <p>As a {@link TaskQueue}: the owner's end is the front (seed 004's workers pop the front and
 * its {@code submit_front} pushes there), so {@code push} is {@link #pushFront}, {@code pop} is
 * {@link #tryPopFront} (LIFO) and {@code steal} is {@link #tryPopBack} (FIFO, the oldest task, as
 * the seed's text says thieves should take). After {@link #close()}, pushes throw
 * {@link IllegalStateException}; blocked pops wake and return null once the deque is drained.
 * Blocking: every operation holds this object's monitor.
 *
 * <p>Deviation from the seed: C++'s mutex and condition variable become the Java monitor, and the
 * seed's {@code queue_op_status} results become null for "empty" or "closed and empty".
 */
public final class BlockingArrayDeque<T> extends MonitorArrayDeque<T> {

    static final QueueTraits TRAITS = QueueTraits.correct(false, Order.LIFO, Order.FIFO, true);

    static final int DEFAULT_CAPACITY = 16;

    public BlockingArrayDeque() {
        this(DEFAULT_CAPACITY);
    }

    /** @throws IllegalArgumentException if {@code initialCapacity} is less than 1 */
    public BlockingArrayDeque(int initialCapacity) {
        super(initialCapacity);
    }

    /** Adds at the front (the owner's end). @throws IllegalStateException if closed */
    public void pushFront(T item) {
        insert(item, true);
    }

    /** Adds at the back (the thieves' end). @throws IllegalStateException if closed */
    public void pushBack(T item) {
        insert(item, false);
    }

    /** Removes the front item, or returns null at once if there is none. */
    public T tryPopFront() {
        return remove(true);
    }

    /** Removes the back item, or returns null at once if there is none. */
    public T tryPopBack() {
        return remove(false);
    }

    /** Removes the front item, waiting while empty and open; null once closed and drained. */
    public T popFront() throws InterruptedException {
        return removeWaiting(true, -1);
    }

    /** Removes the back item, waiting while empty and open; null once closed and drained. */
    public T popBack() throws InterruptedException {
        return removeWaiting(false, -1);
    }

    /** As {@link #popBack()}, giving up with null after the timeout. */
    public T popBack(long timeout, TimeUnit unit) throws InterruptedException {
        return removeWaiting(false, checkTimeout(timeout, unit));
    }

    @Override
    public void push(T item) {
        pushFront(item);
    }

    @Override
    public T pop() {
        return tryPopFront();
    }

    @Override
    public T steal() {
        return tryPopBack();
    }

    @Override
    public QueueTraits traits() {
        return TRAITS;
    }
}
