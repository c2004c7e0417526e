package org.stealbench.queues;

import java.util.concurrent.TimeUnit;

/**
 * A {@link TaskQueue} that any thread may use and that also offers a blocking take and
 * {@code close}, so idle consumers can wait for work instead of spinning.
 *
 * <p>After {@link #close()}, {@code push} throws {@link IllegalStateException}; items already
 * queued stay takeable, and blocked takers wake and return {@code null} once the queue is drained.
 */
public interface BlockingTaskQueue<T> extends TaskQueue<T> {

    /**
     * Removes and returns the owner's next item ({@code pop}'s end), waiting while the queue is
     * empty and open.
     *
     * @return the item, or {@code null} once the queue is closed and empty
     * @throws InterruptedException if interrupted while waiting
     */
    T take() throws InterruptedException;

    /**
     * As {@link #take()}, but gives up after the timeout.
     *
     * @return the item, or {@code null} if the queue is closed and empty or the time ran out
     * @throws IllegalArgumentException if {@code timeout} is negative
     * @throws InterruptedException     if interrupted while waiting
     */
    T poll(long timeout, TimeUnit unit) throws InterruptedException;

    /** Refuses further pushes and wakes every blocked taker; idempotent. */
    void close();

    boolean isClosed();
}
