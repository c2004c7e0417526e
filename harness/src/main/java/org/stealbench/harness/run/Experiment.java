package org.stealbench.harness.run;

import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Param;
import org.stealbench.harness.bench.Contenders;
import org.stealbench.harness.bench.DequeContentionBenchmark;
import org.stealbench.harness.bench.DequeOpsBenchmark;
import org.stealbench.harness.bench.EnqueueDequeueBenchmark;
import org.stealbench.harness.bench.ForkJoinFibBenchmark;
import org.stealbench.harness.bench.QueueDrainBenchmark;
import org.stealbench.harness.bench.RangePartitionerBenchmark;
import org.stealbench.harness.bench.RecursiveWorkBenchmark;

/**
 * The experiments a run can hold: one JMH benchmark class each, the file its results go to
 * ({@code jmh-<id>.json}), and its settings under the quick and full profiles. Contender lists
 * come from the registries through {@link Contenders}, never from a second hand-kept list.
 */
public enum Experiment {

    /** Seed 003's queue/drain experiment, with allocation and GC counts. */
    QUEUE_DRAIN("queue-drain", "seed-003", QueueDrainBenchmark.class, 1, true) {
        @Override
        Settings quick() {
            return new Settings(1, 3, 0, 10, 0, 0.25, Map.of(
                    "pool", Contenders.pools(),
                    "separate", List.of("true", "false"))).withGcProfiler();
        }

        @Override
        Settings full() {
            return new Settings(3, 5, 0, 20, 0, 0.25, Map.of(
                    "pool", Contenders.pools(),
                    "separate", List.of("true", "false"))).withGcProfiler();
        }
    },

    /** Which queue serves a work-stealing pool best as its global queue (queue/drain through it). */
    GLOBAL_QUEUE("global-queue", "global-queue", QueueDrainBenchmark.class, 1, true) {
        @Override
        Settings quick() {
            return new Settings(1, 3, 0, 10, 0, 0.25, Map.of(
                    "pool", List.of("ws-chase-lev"),
                    "separate", List.of("false"),
                    "global", Contenders.globalQueues())).withGcProfiler();
        }

        @Override
        Settings full() {
            return new Settings(3, 5, 0, 20, 0, 0.25, Map.of(
                    "pool", List.of("ws-chase-lev"),
                    "separate", List.of("true", "false"),
                    "global", Contenders.globalQueues())).withGcProfiler();
        }
    },

    /** Seed 000's recursively queued work: per-worker deques against one global queue. */
    RECURSIVE_WORK("recursive-work", "seed-000", RecursiveWorkBenchmark.class, 1, true) {
        @Override
        Settings quick() {
            return new Settings(1, 3, 0, 10, 0, 0.1, Map.of(
                    "pool", Contenders.pools(),
                    "work", List.of("0", "100")));
        }

        @Override
        Settings full() {
            return new Settings(3, 5, 0, 20, 0, 0.2, Map.of(
                    "pool", Contenders.pools(),
                    "fanout", List.of("2", "4"),
                    "work", List.of("0", "100", "1000")));
        }
    },

    /** Seed 004's fork/join fib. */
    FORK_JOIN_FIB("fork-join-fib", "seed-004", ForkJoinFibBenchmark.class, 1, true) {
        @Override
        Settings quick() {
            return new Settings(1, 3, 0, 10, 0, 0.05, Map.of(
                    "pool", Contenders.forkJoinPools(),
                    "n", List.of("25"),
                    "threshold", List.of("0", "10")));
        }

        @Override
        Settings full() {
            return new Settings(2, 5, 0, 15, 0, 1.0, Map.of(
                    "pool", Contenders.forkJoinPools(),
                    "n", List.of("32"),
                    "threshold", List.of("0", "5", "10", "15")));
        }
    },

    /** Seed 001's range partitioner on uneven work. */
    RANGE_PARTITIONER("range-partitioner", "seed-001", RangePartitionerBenchmark.class, 1, false) {
        @Override
        Settings quick() {
            return new Settings(1, 2, 0.5, 5, 0.5, 0, Map.of(
                    "partitioner", Contenders.PARTITIONERS,
                    "workload", defaults(RangePartitionerBenchmark.class, "workload")));
        }

        @Override
        Settings full() {
            return new Settings(2, 5, 1, 10, 1, 0, Map.of(
                    "partitioner", Contenders.PARTITIONERS,
                    "workload", defaults(RangePartitionerBenchmark.class, "workload"),
                    "work", List.of("0", "100")));
        }
    },

    /** Seed 002's enqueue/dequeue thread-ratio experiment. */
    ENQUEUE_DEQUEUE("enqueue-dequeue", "seed-002", EnqueueDequeueBenchmark.class, 1, true) {
        @Override
        Settings quick() {
            return new Settings(1, 2, 0, 5, 0, 0.15, Map.of(
                    "queue", Contenders.enqueueDequeue(),
                    "shape", List.of("10x10", "40x40", "100x100", "10x100", "100x10"),
                    "items", List.of("1000")));
        }

        @Override
        Settings full() {
            return new Settings(1, 2, 0, 8, 0, 0.8, Map.of(
                    "queue", Contenders.enqueueDequeue(),
                    "shape", defaults(EnqueueDequeueBenchmark.class, "shape"),
                    "items", List.of("1000", "10000")));
        }
    },

    /** Uncontended owner operations against the ArrayDeque floor. */
    DEQUE_OPS("deque-ops", "deque-ops", DequeOpsBenchmark.class, 2, false) {
        @Override
        Settings quick() {
            return new Settings(1, 3, 0.5, 5, 0.5, 0, Map.of(
                    "queue", Contenders.dequeOps(true),
                    "depth", List.of("0", "64")));
        }

        @Override
        Settings full() {
            return new Settings(2, 5, 1, 10, 1, 0, Map.of(
                    "queue", Contenders.dequeOps(true),
                    "depth", List.of("0", "64")));
        }
    },

    /** The owner against one to three thieves. */
    DEQUE_CONTENTION("deque-contention", "deque-contention", DequeContentionBenchmark.class, 3, false) {
        @Override
        Settings quick() {
            return new Settings(1, 3, 0.5, 5, 0.5, 0, Map.of(
                    "queue", Contenders.dequeOps(false),
                    "depth", List.of("0")));
        }

        @Override
        Settings full() {
            return new Settings(2, 5, 1, 8, 1, 0, Map.of(
                    "queue", Contenders.dequeOps(false),
                    "depth", List.of("0", "64")));
        }
    };

    private final String id;
    private final String profile;
    private final Class<?> benchmark;
    private final int methods;
    private final boolean singleShot;

    Experiment(String id, String profile, Class<?> benchmark, int methods, boolean singleShot) {
        this.id = id;
        this.profile = profile;
        this.benchmark = benchmark;
        this.methods = methods;
        this.singleShot = singleShot;
    }

    /** Settings of the quick profile: a representative subset, one fork. */
    abstract Settings quick();

    /** Settings of the full profile: the seed's parameters, enough forks for stable errors. */
    abstract Settings full();

    public String id() {
        return id;
    }

    /** The name of the profile that runs this experiment alone, with full settings. */
    public String profile() {
        return profile;
    }

    /** The JMH include pattern: every benchmark method of the class. */
    public String include() {
        return benchmark.getName() + "\\.";
    }

    /** The result file name inside a run folder. */
    public String resultFile() {
        return "jmh-" + id + ".json";
    }

    public int methods() {
        return methods;
    }

    public boolean singleShot() {
        return singleShot;
    }

    /** The {@code @Param} default values of a benchmark (or state) class's public field. */
    static List<String> defaults(Class<?> type, String field) {
        try {
            return List.of(type.getField(field).getAnnotation(Param.class).value());
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(type.getName() + " has no @Param field " + field, e);
        }
    }
}
