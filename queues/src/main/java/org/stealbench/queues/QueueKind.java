package org.stealbench.queues;

import java.util.Arrays;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The registry of queue variants: one constant per variant, with the stable id used in benchmark
 * parameters, reports and command lines. Tests, benchmarks and reports enumerate this enum; no
 * other list of variants exists, so a new variant is one class plus one line here.
 */
public enum QueueKind {
    /** Seed 003's global queue: FIFO under one monitor, with a blocking take. */
    LOCKED("locked", LockedFifoQueue.TRAITS, LockedFifoQueue::new, LockedFifoQueue::new),
    /** Seed 000's work-stealing queue: owner end lock-free, steals and growth under a lock. */
    DUFFY("duffy", DuffyArrayDeque.TRAITS, DuffyArrayDeque::new, DuffyArrayDeque::new),
    /** Chase-Lev with the orderings of Le et al. (PPoPP 2013): lock-free, the performance anchor. */
    CHASE_LEV("chase-lev", ChaseLevArrayDeque.TRAITS, ChaseLevArrayDeque::new, ChaseLevArrayDeque::new),
    /** Seed 004's blocking_deque: both ends under one lock, blocking pops and close. */
    BLOCKING("blocking", BlockingArrayDeque.TRAITS, BlockingArrayDeque::new, BlockingArrayDeque::new),
    /** {@link java.util.concurrent.ConcurrentLinkedDeque} as a peer. */
    JDK_CLD("jdk-cld", JdkDequeAdapter.TRAITS, JdkDequeAdapter::concurrentLinked,
            capacity -> JdkDequeAdapter.concurrentLinked()),
    /** {@link java.util.concurrent.LinkedBlockingDeque} (unbounded) as a peer. */
    JDK_LBD("jdk-lbd", JdkDequeAdapter.TRAITS, JdkDequeAdapter::linkedBlocking,
            capacity -> JdkDequeAdapter.linkedBlocking()),
    /** Seed 002's CAS-linked hybrid deque, ported faithfully: not linearizable (see knownFlaw). */
    HYBRID("hybrid", HybridLinkedDeque.TRAITS, HybridLinkedDeque::new, HybridLinkedDeque::new),
    /** Seed 002's hybrid deque corrected: lock-free, linearizable, pop FIFO, steal LIFO. */
    HYBRID_FIXED("hybrid-fixed", FixedHybridLinkedDeque.TRAITS, FixedHybridLinkedDeque::new,
            FixedHybridLinkedDeque::new),
    /** FIFO for any thread on linked array segments (FAA push, CAS take): a pool's injector. */
    SEGMENTED_MPMC("segmented-mpmc", SegmentedMpmcQueue.TRAITS, SegmentedMpmcQueue::new,
            SegmentedMpmcQueue::new);

    private final String id;
    private final QueueTraits traits;
    private final Supplier<TaskQueue<?>> withDefaultCapacity;
    private final IntFunction<TaskQueue<?>> withCapacity;

    QueueKind(String id, QueueTraits traits, Supplier<TaskQueue<?>> withDefaultCapacity,
              IntFunction<TaskQueue<?>> withCapacity) {
        this.id = id;
        this.traits = traits;
        this.withDefaultCapacity = withDefaultCapacity;
        this.withCapacity = withCapacity;
    }

    /** The stable id, e.g. {@code chase-lev}. */
    public String id() {
        return id;
    }

    /** What this variant allows and guarantees; equal to {@code create().traits()}. */
    public QueueTraits traits() {
        return traits;
    }

    /** A new, empty queue with the variant's default capacity. */
    @SuppressWarnings("unchecked")
    public <T> TaskQueue<T> create() {
        return (TaskQueue<T>) withDefaultCapacity.get();
    }

    /**
     * A new, empty queue sized for {@code initialCapacity} items before it first grows. Linked
     * variants have no capacity and only check the argument; no variant is bounded by it.
     *
     * @throws IllegalArgumentException if {@code initialCapacity} is less than 1
     */
    @SuppressWarnings("unchecked")
    public <T> TaskQueue<T> create(int initialCapacity) {
        return (TaskQueue<T>) withCapacity.apply(Capacities.checkInitialCapacity(initialCapacity));
    }

    /**
     * The kind with the given id.
     *
     * @throws IllegalArgumentException naming the valid ids if none matches
     */
    public static QueueKind byId(String id) {
        return Arrays.stream(values()).filter(kind -> kind.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown queue id '" + id + "'; valid ids: "
                        + Arrays.stream(values()).map(QueueKind::id).collect(Collectors.joining(", "))));
    }

    @Override
    public String toString() {
        return id;
    }
}
