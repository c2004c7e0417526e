package org.stealbench.queues;

import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * An array deque guarded by this object's monitor, with blocking removal that notifies only when
 * some taker waits: the shared core of {@link LockedFifoQueue} (seed 003) and
 * {@link BlockingArrayDeque} (seed 004), which differ only in the ends they expose.
 */
abstract class MonitorArrayDeque<T> implements BlockingTaskQueue<T> {

    /*
     * Implementation overview
     *
     * Every field is guarded by this object's monitor, so the monitor's happens-before edges
     * order all accesses and no field needs a stronger mode. `waiters` counts takers inside
     * wait() (seed 003's m_threadsWaiting): an insert notifies one of them only when it is
     * non-zero, so an uncontended queue never pays for notify. No wake-up is lost: a taker
     * increments `waiters` and re-checks emptiness while holding the monitor, and an inserter
     * reads `waiters` under the same monitor after adding its item, so either the taker sees the
     * item or the inserter sees the taker. notify() wakes one taker per item; a taker woken by
     * a notify that then times out or is interrupted cannot swallow it (JLS 17.2.4 passes the
     * notification on), and every taker re-checks the deque after waking. close() notifies all.
     */

    private final ArrayDeque<T> items;
    private int waiters;
    private boolean closed;

    MonitorArrayDeque(int initialCapacity) {
        items = new ArrayDeque<>(Capacities.checkInitialCapacity(initialCapacity));
    }

    /** Inserts at the front (the pop end) or the back. */
    final synchronized void insert(T item, boolean front) {
        Objects.requireNonNull(item, "item");
        if (closed) {
            throw new IllegalStateException("queue is closed");
        }
        if (front) {
            items.addFirst(item);
        } else {
            items.addLast(item);
        }
        if (waiters > 0) {
            notify();
        }
    }

    /** Removes from the front or the back without waiting; null when empty. */
    final synchronized T remove(boolean front) {
        return front ? items.pollFirst() : items.pollLast();
    }

    /**
     * Removes from the front or the back, waiting while the deque is empty and open, for at most
     * {@code nanos} unless {@code nanos} is negative (no limit).
     */
    final synchronized T removeWaiting(boolean front, long nanos) throws InterruptedException {
        long deadline = nanos < 0 ? 0 : System.nanoTime() + nanos;
        while (items.isEmpty()) {
            if (closed) {
                return null;
            }
            long left = nanos < 0 ? 0 : deadline - System.nanoTime();
            if (nanos >= 0 && left <= 0) {
                return null;
            }
            waiters++;
            try {
                if (nanos < 0) {
                    wait();
                } else {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                }
            } finally {
                waiters--;
            }
        }
        return front ? items.pollFirst() : items.pollLast();
    }

    static long checkTimeout(long timeout, TimeUnit unit) {
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout must not be negative, got " + timeout);
        }
        return Objects.requireNonNull(unit, "unit").toNanos(timeout);
    }

    @Override
    public final T take() throws InterruptedException {
        return removeWaiting(true, -1);
    }

    @Override
    public final T poll(long timeout, TimeUnit unit) throws InterruptedException {
        return removeWaiting(true, checkTimeout(timeout, unit));
    }

    @Override
    public final synchronized int size() {
        return items.size();
    }

    @Override
    public final synchronized boolean isEmpty() {
        return items.isEmpty();
    }

    @Override
    public final synchronized void close() {
        closed = true;
        notifyAll();
    }

    @Override
    public final synchronized boolean isClosed() {
        return closed;
    }
}
