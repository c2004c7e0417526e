package org.stealbench.queues;

/**
 * A task queue with an owner's end and a thieves' end: the one interface every stealbench queue
 * and deque implements, so tests, pools and benchmarks treat the variants alike.
 *
 * <p>Who may call what is given by {@link #traits()}: when {@link QueueTraits#ownerOnly()} is
 * true, {@link #push} and {@link #pop} must be called by a single owner thread at a time (the
 * thread that owns the deque in a work-stealing pool) and {@link #steal} by any thread; otherwise
 * every operation may be called by any thread. The order in which {@code pop} and {@code steal}
 * take items is {@link QueueTraits#popOrder()} and {@link QueueTraits#stealOrder()}.
 *
 * <p>None of these methods blocks. An empty queue answers {@code null} from {@code pop} and
 * {@code steal}; whether a variant may answer {@code null} spuriously while an item is present is
 * written in its class documentation. {@link #size()} and {@link #isEmpty()} are snapshots that
 * may be stale by the time the caller reads them when other threads are active.
 *
 * @param <T> the item type; {@code null} items are refused with a {@link NullPointerException}
 */
public interface TaskQueue<T> {

    /**
     * Adds an item at the owner's end.
     *
     * @throws NullPointerException if {@code item} is null
     */
    void push(T item);

    /** Removes and returns the owner's next item, or {@code null} if there is none. */
    T pop();

    /** Removes and returns an item from the thieves' end, or {@code null} if there is none. */
    T steal();

    /** The number of items, exact when no other thread is acting on the queue. */
    int size();

    /** Whether the queue holds no item, exact when no other thread is acting on the queue. */
    boolean isEmpty();

    /** What this variant allows and guarantees. */
    QueueTraits traits();
}
