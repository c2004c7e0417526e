package org.stealbench.pools;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import org.stealbench.queues.QueueKind;

/**
 * The registry of pools: one entry per contender, with the stable id used in benchmark
 * parameters, reports and command lines. Tests, benchmarks and reports enumerate
 * {@link #values()}; no other list of pools exists.
 *
 * <p>Ids: {@code simple-lock} and {@code simple-lock-flow} ({@link SimpleLockThreadPool}, context
 * flow off and on; seed 003); {@code ws-<queue id>} ({@link WorkStealingThreadPool} on that worker
 * deque with its other options at their defaults; seeds 000, 004), one for every {@link QueueKind}
 * that {@link WorkStealingThreadPool#canBackWorkers can back a worker}, generated from that enum so
 * a new deque gives a new pool; {@code jdk-tpe} ({@link Executors#newFixedThreadPool}) and
 * {@code jdk-fjp} ({@code new ForkJoinPool(threads)}, never the common pool) as the JDK's peers,
 * used as they are.
 *
 * <p>A small final class rather than an enum because the {@code ws-*} entries are generated.
 * Instances are immutable and compared by identity; {@link #create(int)} may be called from any
 * thread.
 */
public final class PoolKind {

    private static final List<PoolKind> VALUES = List.copyOf(register());

    private final String id;
    private final IntFunction<ExecutorService> factory;
    private final boolean ours;
    private final boolean forkJoin;
    private final QueueKind workerDeque;
    private final QueueKind globalQueue;

    private PoolKind(String id, IntFunction<ExecutorService> factory, boolean ours, boolean forkJoin,
                     QueueKind workerDeque, QueueKind globalQueue) {
        this.id = id;
        this.factory = factory;
        this.ours = ours;
        this.forkJoin = forkJoin;
        this.workerDeque = workerDeque;
        this.globalQueue = globalQueue;
    }

    private static List<PoolKind> register() {
        List<PoolKind> kinds = new ArrayList<>();
        kinds.add(new PoolKind("simple-lock", threads -> new SimpleLockThreadPool(threads, false), true, false,
                null, QueueKind.LOCKED));
        kinds.add(new PoolKind("simple-lock-flow", threads -> new SimpleLockThreadPool(threads, true), true, false,
                null, QueueKind.LOCKED));
        for (QueueKind queue : QueueKind.values()) {
            if (WorkStealingThreadPool.canBackWorkers(queue)) {
                kinds.add(new PoolKind("ws-" + queue.id(),
                        threads -> WorkStealingThreadPool.builder().threads(threads).workerDeque(queue).build(),
                        true, true, queue, WorkStealingPoolBuilder.DEFAULT_GLOBAL_QUEUE));
            }
        }
        kinds.add(new PoolKind("jdk-tpe", Executors::newFixedThreadPool, false, false, null, null));
        kinds.add(new PoolKind("jdk-fjp", ForkJoinPool::new, false, true, null, null));
        return kinds;
    }

    /** The stable id, e.g. {@code ws-chase-lev}. */
    public String id() {
        return id;
    }

    /**
     * A new pool with {@code threads} threads and its defaults. Our pools are {@link StealbenchPool}s
     * and so {@link AutoCloseable}; close a JDK pool with {@link #shutdownAndAwait}.
     *
     * @throws IllegalArgumentException if {@code threads} is less than 1
     */
    public ExecutorService create(int threads) {
        StealbenchPool.checkThreads(threads);
        return factory.apply(threads);
    }

    /**
     * A new pool with {@code threads} threads, tuned by {@code tuning}, a spec of
     * {@link WorkStealingPoolBuilder#tuning} ({@code default} gives {@link #create(int)}).
     * The spec is checked for every kind but applies to the {@code ws-*} kinds only; the others
     * ignore a valid one, so a benchmark can cross its pools with its tunings in one run. The id
     * stays that of the kind; benchmarks pass the spec as its own parameter.
     *
     * @throws IllegalArgumentException if {@code threads} is less than 1 or the spec is not
     *                                  understood
     */
    public ExecutorService create(int threads, String tuning) {
        StealbenchPool.checkThreads(threads);
        WorkStealingPoolBuilder tuned = WorkStealingThreadPool.builder().tuning(tuning);
        if (!isTunable() || tuning.equals(WorkStealingPoolBuilder.DEFAULT_TUNING)) {
            return create(threads);
        }
        return tuned.threads(threads).workerDeque(workerDeque).build();
    }

    /** Whether {@link #create(int, String)} applies a tuning other than {@code default}. */
    public boolean isTunable() {
        return workerDeque != null;
    }

    /** Whether the pool is one of ours ({@link StealbenchPool}) rather than a JDK peer. */
    public boolean isStealbenchPool() {
        return ours;
    }

    /** Whether {@link ForkJoin#of} accepts the pools this kind creates. */
    public boolean supportsForkJoin() {
        return forkJoin;
    }

    /**
     * The registry's queue behind each worker of this pool: present for the {@code ws-*} kinds,
     * empty for pools without per-worker deques of ours (the lock pools, the JDK's pools).
     */
    public Optional<QueueKind> workerDeque() {
        return Optional.ofNullable(workerDeque);
    }

    /**
     * The registry's queue that takes this pool's outside submissions: {@code locked} for the lock
     * pools, the builder's default for the {@code ws-*} kinds, empty for the JDK's pools.
     */
    public Optional<QueueKind> globalQueue() {
        return Optional.ofNullable(globalQueue);
    }

    /** Every pool kind, in a stable order: lock-based, work-stealing by queue kind, JDK peers. */
    public static List<PoolKind> values() {
        return VALUES;
    }

    /**
     * The kind with the given id.
     *
     * @throws IllegalArgumentException naming the valid ids if none matches
     */
    public static PoolKind byId(String id) {
        return VALUES.stream().filter(kind -> kind.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown pool id '" + id + "'; valid ids: "
                        + VALUES.stream().map(PoolKind::id).collect(Collectors.joining(", "))));
    }

    /**
     * Shuts {@code pool} down and waits up to {@code timeout} for it to terminate: the close of a
     * JDK pool, which on release 17 is not {@link AutoCloseable}. If the wait times out or is
     * interrupted, the pool is stopped with {@code shutdownNow} (and the interrupt restored).
     *
     * A zero or negative timeout does not wait, as java.util.concurrent's timeouts do.
     *
     * @return whether the pool terminated within the timeout
     */
    public static boolean shutdownAndAwait(ExecutorService pool, Duration timeout) {
        Objects.requireNonNull(pool, "pool");
        long nanos = TimeUnit.NANOSECONDS.convert(Objects.requireNonNull(timeout, "timeout"));
        pool.shutdown();
        try {
            if (pool.awaitTermination(nanos, TimeUnit.NANOSECONDS)) {
                return true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        pool.shutdownNow();
        return false;
    }

    @Override
    public String toString() {
        return id;
    }
}
