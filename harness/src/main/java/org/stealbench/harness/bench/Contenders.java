package org.stealbench.harness.bench;

import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;
import org.stealbench.pools.PoolKind;
import org.stealbench.pools.WorkStealingThreadPool;
import org.stealbench.queues.JdkDequeAdapter;
import org.stealbench.queues.QueueKind;
import org.stealbench.queues.QueueTraits;
import org.stealbench.queues.TaskQueue;

/**
 * Turns the contender ids of the benchmarks' {@code queue} parameters into queues: the
 * {@link QueueKind} registry ids, plus the peers outside it ({@code array-deque}, the
 * unsynchronized floor; {@code jctools-mpmc}). Which registry kinds an experiment admits is a
 * predicate over their traits, so the eligible ids are computed from the registry, never listed
 * by hand; a unit test checks each benchmark's {@code @Param} defaults against them.
 */
public final class Contenders {

    /** {@link ArrayDeque} with no synchronization: the physical floor of an owner operation. */
    public static final String ARRAY_DEQUE = "array-deque";
    /**
     * {@link #ARRAY_DEQUE} with one full fence before each pop and steal: the floor of a deque whose
     * owner pop is safe against a concurrent steal, since such a pop must order a store before a
     * load (Attiya et al., "Laws of Order", POPL 2011) and one fence is the least that does.
     */
    public static final String ARRAY_DEQUE_FENCED = "array-deque-fenced";
    /** JCTools' unbounded MPMC queue, the outside peer of the enqueue/dequeue experiment. */
    public static final String JCTOOLS_MPMC = "jctools-mpmc";
    /** No queue at all: threads that do no queue work, to subtract thread start and join. */
    public static final String NONE = "none";
    /** The floors: references that bound what is possible, measured beside the contenders but no choice. */
    public static final List<String> FLOORS = List.of(ARRAY_DEQUE, ARRAY_DEQUE_FENCED, NONE);

    /** The JDK's parallel stream, the partitioner experiment's peer. */
    public static final String JDK_PARALLEL_STREAM = "jdk-parallel-stream";

    /** The range partitioner experiment's contenders: seed 001's partitioners and the JDK peer. */
    public static final List<String> PARTITIONERS =
            List.of("static", "dynamic-chunk", "work-stealing", JDK_PARALLEL_STREAM);

    /** Kinds that can carry owner and thieves in one run: every exactly-once kind. */
    public static final Predicate<QueueTraits> DEQUE = QueueTraits::exactlyOnce;

    /**
     * Kinds whose push and pop any thread may call. The faithful {@code hybrid} is admitted: its
     * Enqueue and Dequeue alone are linearizable, and only its steal is broken.
     */
    public static final Predicate<QueueTraits> ANY_THREAD = t -> !t.ownerOnly();

    /** The floor's traits: one thread only; push and pop at the front, steal at the back. */
    private static final QueueTraits FLOOR_TRAITS = new QueueTraits(true, QueueTraits.Order.LIFO,
            QueueTraits.Order.FIFO, false, true, "");

    private Contenders() {
    }

    static final Duration POOL_CLOSE_TIMEOUT = Duration.ofSeconds(120);

    /**
     * A benchmark's pool teardown: shuts {@code executor} down and waits (bounded) for it to
     * terminate, so a pool that hangs fails its own benchmark, named by {@code id}, not the run.
     */
    public static void closePool(ExecutorService executor, String id) {
        if (!PoolKind.shutdownAndAwait(executor, POOL_CLOSE_TIMEOUT)) {
            throw new IllegalStateException(id + ": pool did not terminate within " + POOL_CLOSE_TIMEOUT.toSeconds() + " s");
        }
    }

    /** The registry ids whose traits satisfy {@code eligible}, in registry order. */
    public static List<String> queueIds(Predicate<QueueTraits> eligible) {
        return Stream.of(QueueKind.values()).filter(k -> eligible.test(k.traits())).map(QueueKind::id).toList();
    }

    /** DequeOpsBenchmark's contenders: every deque, and the two single-thread floors if asked. */
    public static List<String> dequeOps(boolean withFloor) {
        return Stream.concat(withFloor ? Stream.of(ARRAY_DEQUE, ARRAY_DEQUE_FENCED) : Stream.empty(),
                queueIds(DEQUE).stream()).toList();
    }

    /** EnqueueDequeueBenchmark's contenders: any-thread queues, JCTools, and no queue. */
    public static List<String> enqueueDequeue() {
        return Stream.concat(queueIds(ANY_THREAD).stream(), Stream.of(JCTOOLS_MPMC, NONE)).toList();
    }

    /**
     * Checks that {@code id} is one of an experiment's contenders, so a {@code -p queue=...} given
     * to the wrong benchmark fails with a message instead of running an unsafe combination (the
     * unsynchronized floor under several threads).
     *
     * @throws IllegalArgumentException naming the id, the benchmark and its valid contenders
     */
    public static String require(String id, List<String> valid, String benchmark) {
        if (!valid.contains(id)) {
            throw new IllegalArgumentException("'" + id + "' is not a contender of " + benchmark
                    + "; valid: " + String.join(", ", valid));
        }
        return id;
    }

    /** A parameter value that keeps the contender's default. */
    public static final String DEFAULT = "default";

    /** Queue kinds a work-stealing pool accepts as its global queue. */
    public static List<String> globalQueues() {
        return Stream.of(QueueKind.values()).filter(WorkStealingThreadPool::canServeAsGlobalQueue).map(QueueKind::id)
                .toList();
    }

    public static List<String> pools() {
        return PoolKind.values().stream().map(PoolKind::id).toList();
    }

    /** Pools with a fork/join API: the work-stealing pools and ForkJoinPool. */
    public static List<String> forkJoinPools() {
        return PoolKind.values().stream().filter(PoolKind::supportsForkJoin).map(PoolKind::id).toList();
    }

    /** A new queue for a registry id or one of the peers outside the registry. */
    public static <T> TaskQueue<T> queue(String id) {
        return switch (id) {
            case ARRAY_DEQUE -> JdkDequeAdapter.over(new ArrayDeque<>(), FLOOR_TRAITS);
            case ARRAY_DEQUE_FENCED -> JdkDequeAdapter.over(new FencedArrayDeque<>(), FLOOR_TRAITS);
            case JCTOOLS_MPMC -> new JctoolsMpmc<>();
            default -> QueueKind.byId(id).create();
        };
    }

    /** {@link #ARRAY_DEQUE_FENCED}'s deque: the floor's, with a full fence before each pop and steal. */
    private static final class FencedArrayDeque<T> extends ArrayDeque<T> {
        private static final long serialVersionUID = 1L;

        @Override
        public T pollFirst() {
            VarHandle.fullFence(); // the store-load barrier a stealable deque's pop cannot avoid
            return super.pollFirst();
        }

        @Override
        public T pollLast() {
            VarHandle.fullFence(); // a steal's claim (a CAS in the real deques) is at least a fence
            return super.pollLast();
        }
    }

    /** JCTools' MPMC queue: FIFO from any thread; pop and steal both take the oldest item. */
    private static final class JctoolsMpmc<T> implements TaskQueue<T> {
        private static final QueueTraits TRAITS = new QueueTraits(false, QueueTraits.Order.FIFO,
                QueueTraits.Order.FIFO, false, true, "");
        private static final int CHUNK = 1024;
        private final MpmcUnboundedXaddArrayQueue<T> queue = new MpmcUnboundedXaddArrayQueue<>(CHUNK);

        @Override
        public void push(T item) {
            queue.offer(Objects.requireNonNull(item, "item"));
        }

        @Override
        public T pop() {
            return queue.poll();
        }

        @Override
        public T steal() {
            return queue.poll();
        }

        @Override
        public int size() {
            return queue.size();
        }

        @Override
        public boolean isEmpty() {
            return queue.isEmpty();
        }

        @Override
        public QueueTraits traits() {
            return TRAITS;
        }
    }
}
