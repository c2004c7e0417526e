package org.stealbench.queues;

import org.stealbench.queues.QueueTraits.Order;

/**
 * Seed 003's global work queue ({@code SimpleLockThreadPool}'s {@code m_queue}): one FIFO queue
 * under one monitor, usable by any thread.
 *
 * <p>{@code push} appends; {@code pop} and {@code steal} both take the oldest item, so there is
 * no separate thieves' end. {@link #take()} waits while the queue is empty, and a push notifies
 * only when some taker is waiting (the seed's {@code m_threadsWaiting} hint). Blocking: every
 * operation holds the monitor; {@code pop} and {@code steal} return null only when the queue is
 * empty.
 *
 * <p>Deviation from the seed: the seed's pool exits its threads through a shutdown flag checked
 * under the queue's monitor; here the queue itself can be {@link #close() closed}, after which
 * takers drain what is left and then return null, so a pool can shut down without abandoning
 * queued work.
 */
public final class LockedFifoQueue<T> extends MonitorArrayDeque<T> {

    static final QueueTraits TRAITS = QueueTraits.correct(false, Order.FIFO, Order.FIFO, true);

    /** The initial capacity of .NET's {@code Queue<T>} growth path, which the seed used. */
    static final int DEFAULT_CAPACITY = 32;

    public LockedFifoQueue() {
        this(DEFAULT_CAPACITY);
    }

    /** @throws IllegalArgumentException if {@code initialCapacity} is less than 1 */
    public LockedFifoQueue(int initialCapacity) {
        super(initialCapacity);
    }

    @Override
    public void push(T item) {
        insert(item, false);
    }

    @Override
    public T pop() {
        return remove(true);
    }

    @Override
    public T steal() {
        return remove(true);
    }

    @Override
    public QueueTraits traits() {
        return TRAITS;
    }
}
