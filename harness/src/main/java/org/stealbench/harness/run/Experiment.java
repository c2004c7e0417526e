package org.stealbench.harness.run;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.stealbench.harness.bench.Contenders;
import org.stealbench.harness.bench.DequeContentionBenchmark;
import org.stealbench.harness.bench.DequeOpsBenchmark;
import org.stealbench.harness.bench.EnqueueDequeueBenchmark;
import org.stealbench.harness.bench.ForkJoinFibBenchmark;
import org.stealbench.harness.bench.IdleCostBenchmark;
import org.stealbench.harness.bench.LivenessScenariosBenchmark;
import org.stealbench.harness.bench.QueueDrainBenchmark;
import org.stealbench.harness.bench.RangePartitionerBenchmark;
import org.stealbench.harness.bench.RecursiveWorkBenchmark;
import org.stealbench.harness.bench.SchedulerWorkloadsBenchmark;
import org.stealbench.harness.bench.WakeupLatencyBenchmark;
import org.stealbench.harness.results.ExperimentId;

/**
 * The experiments a run can hold: one JMH benchmark class each, the file its results go to
 * ({@code jmh-<id>.json}), the parameter that names its contenders with the registry list of the
 * ids it accepts ({@link Contenders}), and its settings under the quick and full profiles. A
 * profile that does not narrow the contender parameter leaves it out and the run takes the
 * registry's list ({@link #planned}): the full profile and the one-experiment profiles, so a new
 * variant (one class, one registry line) reaches them with no benchmark's {@code @Param} touched.
 * The quick profile keeps a representative subset (one contender per design and the peers),
 * filtered out of the registry's list so a removed id simply drops out.
 */
public enum Experiment {

    /** Seed 003's queue/drain experiment, with allocation and GC counts. */
    QUEUE_DRAIN("queue-drain", "seed-003", QueueDrainBenchmark.class, "pool", Contenders::pools) {
        /** One warm-up shot: what keeps its thread ladder within the quick profile's budget. */
        @Override
        Settings quick() {
            return Settings.singleShot(1, 5, 0.25).forks(QUICK_ROUNDS).params(Map.of(
                    "pool", narrowed(QUICK_POOLS),
                    "separate", List.of("false"))).withGcProfiler();
        }

        @Override
        Settings full() {
            return Settings.singleShot(4, 10, 0.25).forks(FULL_ROUNDS).params(Map.of(
                    "separate", List.of("true", "false"))).withGcProfiler();
        }

        @Override
        public ThreadLadder ladder() {
            return ThreadLadder.SCALING;
        }
    },

    /** Which queue serves a work-stealing pool best as its global queue (queue/drain through it). */
    GLOBAL_QUEUE("global-queue", "global-queue", QueueDrainBenchmark.class, "global", Contenders::globalQueues) {
        @Override
        Settings quick() {
            return Settings.singleShot(1, 5, 0.25).forks(QUICK_ROUNDS).params(Map.of(
                    "pool", List.of("ws-chase-lev"),
                    "separate", List.of("false"),
                    "global", narrowed(QUICK_GLOBAL_QUEUES))).withGcProfiler();
        }

        @Override
        Settings full() {
            return Settings.singleShot(4, 10, 0.25).forks(FULL_ROUNDS).params(Map.of(
                    "pool", List.of("ws-chase-lev"),
                    "separate", List.of("true", "false"))).withGcProfiler();
        }
    },

    /** Seed 000's recursively queued work: per-worker deques against one global queue. */
    RECURSIVE_WORK("recursive-work", "seed-000", RecursiveWorkBenchmark.class, "pool", Contenders::pools) {
        @Override
        Settings quick() {
            return Settings.singleShot(2, 5, 0.1).forks(QUICK_ROUNDS).params(Map.of(
                    "pool", narrowed(QUICK_POOLS),
                    "work", List.of("100")));
        }

        @Override
        Settings full() {
            return Settings.singleShot(4, 10, 0.2).forks(FULL_ROUNDS).params(Map.of(
                    "fanout", List.of("2", "4"),
                    "work", List.of("0", "100", "1000")));
        }
    },

    /** Seed 004's fork/join fib. */
    FORK_JOIN_FIB("fork-join-fib", "seed-004", ForkJoinFibBenchmark.class, "pool", Contenders::forkJoinPools) {
        @Override
        Settings quick() {
            // threshold 0 only (every task forked), this pool against ForkJoinPool: the budget that
            // threshold 10 and ws-duffy took buys the cold-start experiments and the thread ladder
            return Settings.singleShot(2, 5, 0.05).forks(QUICK_ROUNDS).params(Map.of(
                    "pool", narrowed(QUICK_IDLE_POOLS),
                    "n", List.of("25"),
                    "threshold", List.of("0")));
        }

        @Override
        public ThreadLadder ladder() {
            return ThreadLadder.SCALING;
        }

        /**
         * 15 warm-up shots of fib(32), as many forks as about 40 shots of fib(30), which is what
         * the work-stealing pool needs on JDK 17 before C2 stops recompiling the inlined fork/join
         * recursion; ForkJoinPool settles sooner. ws-chase-lev against jdk-fjp, fib(30), 2 workers,
         * 8 measured shots, pre-touched heap, 10 rounds with all six arms interleaved (2026-11-25):
         * 1.16x [0.92, 1.46] after 4 warm-up shots, 1.13x [0.95, 1.34] after 15, 1.01x [0.94, 1.09]
         * after 40 (per-fork medians 1.09x, 1.03x, 0.98x).
         */
        @Override
        Settings full() {
            return Settings.singleShot(15, 8, 1.0).forks(FULL_ROUNDS).params(Map.of(
                    "n", List.of("32"),
                    "threshold", List.of("0", "5", "10", "15")));
        }
    },

    /**
     * The work-stealing pool's options ({@link Contenders#tunings()}), each against the defaults,
     * under queue/drain: 1,000,000 outside submissions, so the global queue, admission and
     * wake-ups carry the cost.
     */
    POOL_OPTIONS_DRAIN("pool-options-drain", "pool-options-drain", QueueDrainBenchmark.class, "tuning",
            Contenders::tunings) {
        /** Left out: the quick profile's global-queue experiment compares the injector with the lock. */
        @Override
        Settings quick() {
            return null;
        }

        @Override
        Settings full() {
            return Settings.singleShot(4, 10, 0.25).forks(FULL_ROUNDS).params(Map.of(
                    "pool", List.of("ws-chase-lev"),
                    "separate", List.of("false")));
        }
    },

    /** The work-stealing pool's options, each against the defaults, under fork/join fib (threshold 0). */
    POOL_OPTIONS_FIB("pool-options-fib", "pool-options-fib", ForkJoinFibBenchmark.class, "tuning",
            Contenders::tunings) {
        /** Left out: it would not fit the quick profile's budget. */
        @Override
        Settings quick() {
            return null;
        }

        @Override
        Settings full() {
            // 40 shots of fib(30): the warm-up fork-join-fib's comment explains
            return Settings.singleShot(40, 8, 0.3).forks(FULL_ROUNDS).params(Map.of(
                    "pool", List.of("ws-chase-lev"),
                    "n", List.of("30"),
                    "threshold", List.of("0")));
        }
    },

    /** Seed 001's range partitioner on uneven work. */
    RANGE_PARTITIONER("range-partitioner", "seed-001", RangePartitionerBenchmark.class, "partitioner",
            () -> Contenders.PARTITIONERS) {
        @Override
        Settings quick() {
            return Settings.timed(1, 0.2, 3, 0.2).forks(QUICK_ROUNDS).params(Map.of(
                    "workload", List.of("random", "worst")));
        }

        @Override
        Settings full() {
            return Settings.timed(3, 1, 5, 1).forks(FULL_ROUNDS).params(Map.of(
                    "workload", defaults(RangePartitionerBenchmark.class, "workload"),
                    "work", List.of("0", "100")));
        }
    },

    /** Seed 002's enqueue/dequeue thread-ratio experiment. */
    ENQUEUE_DEQUEUE("enqueue-dequeue", "seed-002", EnqueueDequeueBenchmark.class, "queue", Contenders::enqueueDequeue) {
        @Override
        Settings quick() {
            return Settings.singleShot(1, 5, 0.15).forks(QUICK_ROUNDS).params(Map.of(
                    "queue", narrowed(QUICK_QUEUES),
                    "shape", List.of("10x10", "100x10"),
                    "items", List.of("1000")));
        }

        @Override
        Settings full() {
            return Settings.singleShot(2, 5, 0.8).forks(FULL_ROUNDS).params(Map.of(
                    "shape", defaults(EnqueueDequeueBenchmark.class, "shape"),
                    "items", List.of("1000", "10000")));
        }
    },

    /** Uncontended owner operations against the ArrayDeque floor. */
    DEQUE_OPS("deque-ops", "deque-ops", DequeOpsBenchmark.class, "queue", () -> Contenders.dequeOps(true)) {
        @Override
        Settings quick() {
            return Settings.timed(1, 0.2, 3, 0.2).forks(QUICK_ROUNDS).params(Map.of(
                    "queue", narrowed(QUICK_QUEUES),
                    "depth", List.of("0")));
        }

        @Override
        Settings full() {
            return Settings.timed(3, 1, 5, 1).forks(FULL_ROUNDS).params(Map.of(
                    "depth", List.of("0", "64")));
        }
    },

    /** The owner against one to three thieves. */
    DEQUE_CONTENTION("deque-contention", "deque-contention", DequeContentionBenchmark.class, "queue",
            () -> Contenders.dequeOps(false)) {
        @Override
        Settings quick() {
            return Settings.timed(1, 0.2, 3, 0.2).forks(QUICK_ROUNDS).params(Map.of(
                    "queue", narrowed(QUICK_QUEUES),
                    "depth", List.of("0")));
        }

        @Override
        Settings full() {
            return Settings.timed(3, 1, 4, 1).forks(FULL_ROUNDS).params(Map.of(
                    "depth", List.of("0", "64")));
        }
    },

    /** Submit-to-start latency percentiles of an idle pool, from outside and from a worker to a sibling. */
    WAKEUP_LATENCY("wakeup-latency", "wakeup-latency", WakeupLatencyBenchmark.class, "pool", Contenders::pools) {
        @Override
        Settings quick() {
            return Settings.singleShot(1, 2, 0.1).forks(QUICK_ROUNDS).params(Map.of(
                    "pool", narrowed(QUICK_IDLE_POOLS),
                    "samples", List.of("200")));
        }

        @Override
        Settings full() {
            return Settings.singleShot(3, 10, 0.6).forks(FULL_ROUNDS).params(Map.of(
                    "samples", List.of("1000")));
        }

        /** The sibling path needs an idle worker besides the sender's. */
        @Override
        public int minThreads() {
            return 2;
        }
    },

    /** The workers' CPU while idle after a burst and between the bursts of a bursty load. */
    IDLE_COST("idle-cost", "idle-cost", IdleCostBenchmark.class, "pool", Contenders::pools) {
        @Override
        Settings quick() {
            return Settings.singleShot(1, 2, 0.15).forks(QUICK_ROUNDS).params(Map.of(
                    "pool", narrowed(QUICK_IDLE_POOLS),
                    "idleMs", List.of("50"),
                    "bursts", List.of("8")));
        }

        @Override
        Settings full() {
            return Settings.singleShot(3, 10, 0.45).forks(FULL_ROUNDS).params(Map.of(
                    "idleMs", List.of("200"),
                    "bursts", List.of("20")));
        }
    },

    /** Tokio's runtime workloads: spawning from outside (idle, busy) and inside, chains, ping-pong, yields. */
    SCHEDULER_WORKLOADS("scheduler-workloads", "scheduler-workloads", SchedulerWorkloadsBenchmark.class, "pool",
            Contenders::pools) {
        @Override
        Settings quick() {
            return Settings.singleShot(2, 3, 0.03).forks(QUICK_ROUNDS).params(Map.of(
                    "pool", narrowed(QUICK_IDLE_POOLS),
                    "workload", List.of("spawn-idle", "chain")));
        }

        @Override
        Settings full() {
            return Settings.singleShot(5, 20, 0.05).forks(FULL_ROUNDS).params(Map.of(
                    "workload", SchedulerWorkloadsBenchmark.WORKLOADS));
        }
    },

    /** Issue 9's liveness scenarios against the clock: each should take about one work unit. */
    LIVENESS_SCENARIOS("liveness-scenarios", "liveness-scenarios", LivenessScenariosBenchmark.class, "pool",
            Contenders::forkJoinPools) {
        /** Left out: the liveness tests pin the behaviour in every build; this is its price in time. */
        @Override
        Settings quick() {
            return null;
        }

        @Override
        Settings full() {
            return Settings.singleShot(3, 10, 0.03).forks(FULL_ROUNDS);
        }
    },

    /** Queue/drain with more threads than cores: how each design degrades when the OS time-slices workers. */
    OVERSUBSCRIBED_DRAIN("oversubscribed-drain", "oversubscribed-drain", QueueDrainBenchmark.class, "pool",
            Contenders::pools) {
        @Override
        Settings quick() {
            return Settings.singleShot(1, 2, 0.25).forks(QUICK_ROUNDS).params(Map.of(
                    "pool", narrowed(QUICK_IDLE_POOLS),
                    "separate", List.of("false")));
        }

        @Override
        Settings full() {
            return Settings.singleShot(3, 10, 0.25).forks(FULL_ROUNDS).params(Map.of(
                    "separate", List.of("false")));
        }

        @Override
        public ThreadLadder ladder() {
            return ThreadLadder.OVERSUBSCRIBED;
        }
    },

    /**
     * From a cold start: how long a fresh JVM takes to finish its first shots of fork/join fib
     * (threshold 0, every task forked). Every shot counts; the steady-state rule only tells how many
     * shots each fork took to settle.
     */
    COLD_START_FIB("cold-start-fib", "cold-start-fib", ForkJoinFibBenchmark.class, "pool", Contenders::forkJoinPools) {
        @Override
        Settings quick() {
            return coldStartShots(QUICK_COLD_SHOTS, QUICK_ROUNDS).params(Map.of(
                    "pool", narrowed(QUICK_IDLE_POOLS),
                    "n", List.of("25"),
                    "threshold", List.of("0")));
        }

        @Override
        Settings full() {
            return coldStartShots(FULL_COLD_SHOTS, FULL_ROUNDS).params(Map.of(
                    "n", List.of("25"),
                    "threshold", List.of("0")));
        }
    },

    /** From a cold start: a fresh JVM's first shots of a scheduler workload (tasks spawned from outside an idle pool). */
    COLD_START_SCHEDULER("cold-start-scheduler", "cold-start-scheduler", SchedulerWorkloadsBenchmark.class, "pool",
            Contenders::pools) {
        @Override
        Settings quick() {
            return coldStartShots(QUICK_COLD_SHOTS, QUICK_ROUNDS).params(Map.of(
                    "pool", narrowed(QUICK_IDLE_POOLS),
                    "workload", List.of("spawn-idle")));
        }

        @Override
        Settings full() {
            return coldStartShots(FULL_COLD_SHOTS, FULL_ROUNDS).params(Map.of(
                    "workload", List.of("spawn-idle", "chain")));
        }
    },

    /** Fork/join fib with more threads than cores. */
    OVERSUBSCRIBED_FIB("oversubscribed-fib", "oversubscribed-fib", ForkJoinFibBenchmark.class, "pool",
            Contenders::forkJoinPools) {
        @Override
        Settings quick() {
            return Settings.singleShot(1, 2, 0.05).forks(QUICK_ROUNDS).params(Map.of(
                    "pool", narrowed(QUICK_IDLE_POOLS),
                    "n", List.of("25"),
                    "threshold", List.of("0")));
        }

        @Override
        Settings full() {
            // 15 shots of fib(32), as fork-join-fib (whose comment explains the warm-up)
            return Settings.singleShot(15, 8, 1.0).forks(FULL_ROUNDS).params(Map.of(
                    "n", List.of("32"),
                    "threshold", List.of("0", "10")));
        }

        @Override
        public ThreadLadder ladder() {
            return ThreadLadder.OVERSUBSCRIBED;
        }
    };

    /** The benchmarks' parameter that sets the pool's (or the contending) thread count. */
    public static final String THREADS = "threads";
    /**
     * The quick profile's pools for the experiments added for issue 12 (idle pools, scheduler
     * workloads, oversubscription, fork/join, cold start): our default work-stealing design against
     * ForkJoinPool, the two that fit the quick profile's time budget.
     */
    private static final List<String> QUICK_IDLE_POOLS = List.of("ws-chase-lev", "jdk-fjp");

    /** The quick profile's global queues: the pool's default injector against seed 003's lock. */
    private static final List<String> QUICK_GLOBAL_QUEUES = List.of("locked", "segmented-mpmc");

    /** Shots a cold-start fork of the quick profile measures (its first, from a fresh JVM). */
    static final int QUICK_COLD_SHOTS = 20;
    /** Shots a cold-start fork of the full profile measures. */
    static final int FULL_COLD_SHOTS = 80;

    /** Rounds of the quick profile: the fewest that give a paired interval with some width. */
    static final int QUICK_ROUNDS = 3;
    /** Rounds of the full profile. */
    static final int FULL_ROUNDS = 5;
    /** The quick profile's pools: one per design (lock, Duffy's and Chase-Lev deques) and the JDK peers. */
    private static final List<String> QUICK_POOLS =
            List.of("simple-lock", "ws-duffy", "ws-chase-lev", "jdk-tpe", "jdk-fjp");
    /** The quick profile's queues: the floor, the lock, the two deques, the JDK and JCTools peers. */
    private static final List<String> QUICK_QUEUES =
            List.of(Contenders.ARRAY_DEQUE, "locked", "duffy", "chase-lev", "jdk-cld", Contenders.JCTOOLS_MPMC);

    private final String id;
    private final String profile;
    private final Class<?> benchmark;
    private final String contender;
    private final Supplier<List<String>> registry;

    Experiment(String id, String profile, Class<?> benchmark, String contender, Supplier<List<String>> registry) {
        this.id = id;
        this.profile = profile;
        this.benchmark = benchmark;
        this.contender = contender;
        this.registry = registry;
    }

    /**
     * Settings of the quick profile: a representative subset, {@link #QUICK_ROUNDS} rounds, short
     * iterations; null for an experiment the quick profile leaves out (the pool-options studies).
     * Use {@link #planned(Settings)} on them: a profile that does not narrow the
     * contender parameter leaves it out, and the registry supplies it.
     */
    abstract Settings quick();

    /** Settings of the full profile: the seed's parameters, {@link #FULL_ROUNDS} rounds; the registry's contenders. */
    abstract Settings full();

    /**
     * {@code settings} as a run plans them: where they do not narrow the contender parameter, it
     * takes {@link #registryContenders()}, so a variant added to a registry reaches the run (its
     * forks and {@code -p} values) without a benchmark's {@code @Param} defaults listing it.
     */
    Settings planned(Settings settings) {
        if (settings.params().containsKey(contender)) {
            return settings;
        }
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put(contender, registryContenders());
        params.putAll(settings.params());
        return settings.params(params);
    }

    public String id() {
        return id;
    }

    /**
     * Whether the experiment measures a cold start: every measured shot of a fresh JVM counts, and
     * the steady-state rule only records how many shots each fork took to settle.
     */
    public boolean coldStart() {
        return this == COLD_START_FIB || this == COLD_START_SCHEDULER;
    }

    /** A cold start's settings: no warm-up, {@code shots} measured shots (each about 10 ms, for the estimate) per fork. */
    private static Settings coldStartShots(int shots, int rounds) {
        return Settings.singleShot(0, shots, 0.01).forks(rounds);
    }

    /**
     * How many measured iterations a fork's steady segment must hold: the profile's measured count;
     * for a cold start, a quarter of its shots (at least 2).
     */
    int minSteady(Settings settings) {
        return coldStart() ? Math.max(2, settings.measurementIterations() / 4) : settings.measurementIterations();
    }

    /** The name of the profile that runs this experiment alone, with full settings. */
    public String profile() {
        return profile;
    }

    /** The JMH include pattern: every benchmark method of the class. */
    public String include() {
        return benchmark.getName() + "\\.";
    }

    /**
     * How its thread counts follow the machine: {@link ThreadLadder#ALL_CORES} when its benchmarks
     * declare {@link #THREADS}, unless the experiment says otherwise; null when they do not.
     */
    public ThreadLadder ladder() {
        return benchmarks().stream().anyMatch(m -> m.params().containsKey(THREADS)) ? ThreadLadder.ALL_CORES : null;
    }

    /** The fewest threads its benchmarks accept. */
    public int minThreads() {
        return 1;
    }

    /** Its {@link #THREADS} values under the quick or full profile on {@code cores} cores; empty without a ladder. */
    public List<String> threads(boolean quick, int cores) {
        ThreadLadder ladder = ladder();
        return ladder == null ? List.of()
                : ladder.rungs(quick, cores, minThreads()).stream().map(String::valueOf).toList();
    }

    /** The experiment's id in the results' vocabulary. */
    public ExperimentId experimentId() {
        return ExperimentId.of(id);
    }

    /** The benchmark class. */
    public Class<?> benchmarkClass() {
        return benchmark;
    }

    /**
     * The parameter that names the contenders ({@code pool}, {@code queue}, {@code partitioner},
     * {@code global}, {@code tuning}): forks that differ only in it form one shape and are interleaved in rounds.
     */
    public String contender() {
        return contender;
    }

    /**
     * Every id of the registries that the benchmark accepts as its contender, in registry order:
     * the list its own {@code Contenders.require} check takes (the contenders of a profile that does
     * not narrow them; {@code ContenderParamsTest} checks the {@code @Param} defaults equal it).
     */
    public List<String> registryContenders() {
        return List.copyOf(registry.get());
    }

    /**
     * Every contender id the experiment takes: {@link #registryContenders()} and its benchmarks'
     * declared {@code @Param} defaults of the contender parameter.
     */
    public List<String> contenders() {
        Set<String> ids = new LinkedHashSet<>(registryContenders());
        benchmarks().forEach(m -> ids.addAll(m.params().getOrDefault(contender, List.of())));
        return List.copyOf(ids);
    }

    /** The benchmarks of the class (its {@code @Benchmark} methods, a {@code @Group} counting once). */
    List<BenchmarkCatalog.Method> benchmarks() {
        return BenchmarkCatalog.of(benchmark);
    }

    /** Number of benchmarks in the class, read from its annotations. */
    public int methods() {
        return benchmarks().size();
    }

    /** Whether its benchmarks run in {@code Mode.SingleShotTime}, read from {@code @BenchmarkMode}. */
    public boolean singleShot() {
        return benchmarks().stream().anyMatch(m -> m.mode() == Mode.SingleShotTime);
    }

    /** The ids of {@link #registryContenders()} that {@code chosen} names, in registry order. */
    List<String> narrowed(List<String> chosen) {
        return registryContenders().stream().filter(chosen::contains).toList();
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
