package org.stealbench.harness.run;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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
import org.stealbench.pools.WorkStealingThreadPool;

/**
 * The experiment registry: every fact about an experiment, once, for the run engine, the report
 * and the docs. Each entry is one JMH benchmark class with its id (the file its results go to,
 * {@code jmh-<id>.json}), the profile that runs it alone, the parameter that names its contenders
 * with the registry list of the ids it accepts ({@link Contenders}), what it measures (the line of
 * docs/running.md's table, {@link #markdownTable()}), its settings under the quick and full
 * profiles, its thread ladder, and what the report's section says about it (title, introduction,
 * the contender ratios are taken against).
 *
 * <p>A profile that does not narrow the contender parameter leaves it out and the run takes the
 * registry's list ({@link #planned}): the full profile and the one-experiment profiles, so a new
 * variant (one class, one registry line) reaches them with no benchmark's {@code @Param} touched.
 * The quick profile keeps a representative subset (one contender per design and the peers),
 * filtered out of the registry's list so a removed id simply drops out.
 */
public enum Experiment {

    QUEUE_DRAIN(define("queue-drain", QueueDrainBenchmark.class, "pool", Contenders::pools)
            .profile("seed-003")
            .measures("seed 003: queue 1,000,000 items from outside, drain")
            // one warm-up shot: what keeps its thread ladder within the quick profile's budget
            .quick(Settings.singleShot(1, 5, 0.25).param("pool", Choices.QUICK_POOLS).param("separate", "false")
                    .withGcProfiler())
            .full(Settings.singleShot(4, 10, 0.25).param("separate", "true", "false").withGcProfiler())
            .ladder(ThreadLadder.SCALING)
            .title("Seed 003: queue/drain (one outside thread queues 1,000,000 items)")),

    GLOBAL_QUEUE(define("global-queue", QueueDrainBenchmark.class, "global", Contenders::globalQueues)
            .measures("the work-stealing pool's global queue kinds under queue/drain")
            .quick(Settings.singleShot(1, 5, 0.25).param("pool", "ws-chase-lev").param("separate", "false")
                    .param("global", Choices.QUICK_GLOBAL_QUEUES).withGcProfiler())
            .full(Settings.singleShot(4, 10, 0.25).param("pool", "ws-chase-lev").param("separate", "true", "false")
                    .withGcProfiler())
            .section("Global queue kinds under queue/drain", "Seed 003's queue/drain through one work-stealing pool "
                    + "with each eligible kind as its global queue, where every outside submission goes: the global "
                    + "queue is the whole cost of this workload. Milliseconds per invocation of 1,000,000 items.",
                    "locked")),

    RECURSIVE_WORK(define("recursive-work", RecursiveWorkBenchmark.class, "pool", Contenders::pools)
            .profile("seed-000")
            .measures("seed 000: recursively queued work")
            .quick(Settings.singleShot(2, 5, 0.1).param("pool", Choices.QUICK_POOLS).param("work", "100"))
            .full(Settings.singleShot(4, 10, 0.2).param("fanout", "2", "4").param("work", "0", "100", "1000"))
            .section("Seed 000: recursively queued work", "One root task whose nodes each do 'work' units of CPU "
                    + "work and queue 'fanout' children from the worker they run on, down to 'depth': per-worker "
                    + "deques (ws-*, jdk-fjp) against one global queue (simple-lock, jdk-tpe). Milliseconds per tree.",
                    "simple-lock")),

    FORK_JOIN_FIB(define("fork-join-fib", ForkJoinFibBenchmark.class, "pool", Contenders::forkJoinPools,
            "fork/join pools")
            .profile("seed-004")
            .measures("seed 004: fork/join fib")
            // shots and rounds: docs/findings.md, quick's fork/join answer against a long run and its rounds
            .quick(Settings.singleShot(150, 50, 0.004).forks(8).param("pool", Choices.QUICK_IDLE_POOLS)
                    .param("n", "25").param("threshold", "0"))
            // the warm-up the work-stealing pool needs on JDK 17 (docs/findings.md has the figures)
            .full(Settings.singleShot(15, 8, 1.0).param("n", "32").param("threshold", "0", "5", "10", "15"))
            .ladder(ThreadLadder.SCALING)
            .section("Seed 004: fork/join fib", "fib(n) by recursive fork/join on every pool with a fork/join API: "
                    + "each call above the threshold forks fib(n-1), computes fib(n-2) and joins (threshold 0 forks "
                    + "all the way down, as the seed's fib(32)). The result is checked on every invocation. "
                    + "Milliseconds per fib(n).", "jdk-fjp")),

    /** Left out of the quick profile: its global-queue experiment compares the injector with the lock. */
    POOL_OPTIONS_DRAIN(define("pool-options-drain", QueueDrainBenchmark.class, "tuning",
            () -> WorkStealingThreadPool.COMPARED_TUNINGS)
            .measures("`ws-chase-lev` with each of `WorkStealingThreadPool.COMPARED_TUNINGS` against its defaults, "
                    + "under queue/drain")
            .full(Settings.singleShot(4, 10, 0.25).param("pool", "ws-chase-lev").param("separate", "false"))
            .section("Work-stealing pool options under queue/drain", "ws-chase-lev with each tuning of "
                    + "WorkStealingThreadPool (one builder option, or a combination, written as its tuning spec) "
                    + "against its defaults: 1,000,000 outside submissions, so the global queue, the admission check "
                    + "and the wake-ups carry the cost. Milliseconds per invocation.", "default")),

    /** Left out of the quick profile: it would not fit the budget. */
    POOL_OPTIONS_FIB(define("pool-options-fib", ForkJoinFibBenchmark.class, "tuning",
            () -> WorkStealingThreadPool.COMPARED_TUNINGS)
            .measures("the same tunings under fork/join fib, threshold 0")
            // 40 shots of fib(30): the warm-up FORK_JOIN_FIB's comment explains
            .full(Settings.singleShot(40, 8, 0.3).param("pool", "ws-chase-lev").param("n", "30")
                    .param("threshold", "0"))
            .section("Work-stealing pool options under fork/join fib", "ws-chase-lev with each tuning of "
                    + "WorkStealingThreadPool against its defaults on fib(n) with threshold 0: workers' own forks, "
                    + "steals and helping joins carry the cost. Milliseconds per fib(n).", "default")),

    /** Left out of the quick profile: it would not fit the budget. */
    POOL_OPTIONS_SCHEDULER(define("pool-options-scheduler", SchedulerWorkloadsBenchmark.class, "tuning",
            () -> WorkStealingThreadPool.COMPARED_TUNINGS)
            .measures("the same tunings under the runtime-scheduler workloads")
            .full(Choices.SCHEDULER_SHOTS.param("pool", "ws-chase-lev")
                    .param("workload", SchedulerWorkloadsBenchmark.WORKLOADS))
            .section("Work-stealing pool options under the runtime-scheduler workloads", "ws-chase-lev with each "
                    + "tuning of WorkStealingThreadPool against its defaults on the runtime-scheduler workloads: "
                    + "submissions from outside and from workers, hand-offs between tasks and wake-ups of idle "
                    + "workers carry the cost. Milliseconds per invocation.", "default")),

    RANGE_PARTITIONER(define("range-partitioner", RangePartitionerBenchmark.class, "partitioner",
            () -> Contenders.PARTITIONERS)
            .profile("seed-001")
            .measures("seed 001: partitioners on uneven work")
            .quick(Settings.timed(1, 0.2, 3, 0.2).param("workload", "random", "worst"))
            .full(Settings.timed(3, 1, 5, 1).param("workload", defaults(RangePartitionerBenchmark.class, "workload"))
                    .param("work", "0", "100"))
            .section("Seed 001: range partitioners on uneven work", "A parallel for over [0, size) whose work per "
                    + "index is uniform, random, increasing or the worst case (all of it in the first static chunk), "
                    + "split by each partitioner; the JDK's parallel stream is the peer. Every workload has the same "
                    + "total work. Milliseconds per loop.", "static")),

    ENQUEUE_DEQUEUE(define("enqueue-dequeue", EnqueueDequeueBenchmark.class, "queue", Contenders::enqueueDequeue)
            .profile("seed-002")
            .measures("seed 002: enqueuer/dequeuer thread ratios")
            .quick(Settings.singleShot(1, 5, 0.15).param("queue", Choices.QUICK_QUEUES)
                    .param("shape", "10x10", "100x10").param("items", "1000"))
            .full(Settings.singleShot(2, 5, 0.8).param("shape", defaults(EnqueueDequeueBenchmark.class, "shape"))
                    .param("items", "1000", "10000"))
            .title("Seed 002: enqueue/dequeue thread ratios")),

    DEQUE_OPS(define("deque-ops", DequeOpsBenchmark.class, "queue", () -> Contenders.dequeOps(true))
            .measures("uncontended owner operations against two floors: `ArrayDeque` (`array-deque`) and "
                    + "`ArrayDeque` with one full fence per pop or steal (`array-deque-fenced`, the least a deque "
                    + "whose owner pops beside thieves pays)")
            .quick(Choices.QUICK_DEQUE)
            .full(Settings.timed(3, 1, 5, 1).param("depth", "0", "64"))
            .section("Deque operation costs (uncontended)", "One thread: an owner push+pop pair and a push+steal "
                    + "pair on each deque, with 'depth' items below the working slot, against java.util.ArrayDeque "
                    + "with no synchronization (array-deque, the floor) and the same with one full fence per pop or "
                    + "steal (array-deque-fenced, the floor of any deque whose owner may pop while a thief steals: "
                    + "such a pop must order a store before a load). Nanoseconds per pair.", "array-deque")),

    DEQUE_CONTENTION(define("deque-contention", DequeContentionBenchmark.class, "queue",
            () -> Contenders.dequeOps(false))
            .measures("the owner against 1 to 3 thieves")
            .quick(Choices.QUICK_DEQUE)
            .full(Settings.timed(3, 1, 4, 1).param("depth", "0", "64"))
            .section("Deque operation costs (owner against thieves)", "The owner's push+pop pair while 1, 2 or 3 "
                    + "thieves steal from the same deque: the owner's time per pair (nanoseconds). On 2 cores, 2 and "
                    + "3 thieves oversubscribe the CPU.", null)),

    WAKEUP_LATENCY(define("wakeup-latency", WakeupLatencyBenchmark.class, "pool", Contenders::pools)
            .measures("submit-to-first-instruction latency of an idle pool (every worker parked, checked), from "
                    + "outside and from a worker to an idle sibling: p50, p90, p99, p99.9 per invocation of "
                    + "`samples` samples, as counters (`outsideP50Us` ... `siblingP999Us`)")
            .quick(Settings.singleShot(1, 2, 0.1).param("pool", Choices.QUICK_IDLE_POOLS).param("samples", "200"))
            .full(Settings.singleShot(3, 10, 0.6).param("samples", "1000"))
            // the sibling path needs an idle worker besides the sender's
            .minThreads(2)
            .title("Wake-up latency of an idle pool")),

    IDLE_COST(define("idle-cost", IdleCostBenchmark.class, "pool", Contenders::pools)
            .measures("the workers' own CPU time (ThreadMXBean) over `idleMs` after a burst (`idleCores`, "
                    + "`idleCpuUs`) and between the bursts of a bursty load (`gapCores`, `idleShare`, "
                    + "`cpuPerTaskUs`, `gapMs`)")
            .quick(Settings.singleShot(1, 2, 0.15).param("pool", Choices.QUICK_IDLE_POOLS).param("idleMs", "50")
                    .param("bursts", "8"))
            .full(Settings.singleShot(3, 10, 0.45).param("idleMs", "200").param("bursts", "20"))
            .title("Idle cost: CPU burnt while there is nothing to do")),

    SCHEDULER_WORKLOADS(define("scheduler-workloads", SchedulerWorkloadsBenchmark.class, "pool", Contenders::pools)
            .measures("Tokio's runtime workloads, one `workload` per fork: `spawn-idle`, `spawn-busy`, "
                    + "`spawn-inside`, `chain` (depth 1,000), `ping-pong`, `yield`")
            .quick(Choices.SCHEDULER_SHOTS.param("pool", Choices.QUICK_IDLE_POOLS)
                    .param("workload", "spawn-idle", "chain"))
            .full(Choices.SCHEDULER_SHOTS.param("workload", SchedulerWorkloadsBenchmark.WORKLOADS))
            .section("Runtime-scheduler workloads (after Tokio's runtime benchmarks)", "Tiny tasks whose only cost "
                    + "is being scheduled, in the patterns async servers produce: spawn-idle (submit 'tasks' tasks "
                    + "from outside into an idle pool), spawn-busy (the same while every worker is held busy), "
                    + "spawn-inside (one task submits them from a worker), chain (each task submits the next, "
                    + "'depth' long), ping-pong (16 pairs of tasks submitting each other) and yield (16 tasks each "
                    + "resubmitting itself). Milliseconds per invocation; lower is better.", "jdk-fjp")),

    /** Left out of the quick profile: the liveness tests pin the behaviour in every build; this is its price. */
    LIVENESS_SCENARIOS(define("liveness-scenarios", LivenessScenariosBenchmark.class, "pool",
            Contenders::forkJoinPools, "fork/join pools")
            .measures("issue 9's five liveness scenarios against the clock, one `scenario` per fork: how long each "
                    + "takes when the tasks that may run in parallel do `workMs` (20) of busy work; "
                    + "`interrupted-join` also counts the joiner's CPU while it waits (`joinCpuMs`); "
                    + "`-p tuning=steal-before-global` gives `outside-behind-forks` the bug report's search order")
            .full(Settings.singleShot(3, 10, 0.03))
            .section("Liveness scenarios against the clock", "The five scenarios a work-stealing pool's signalling "
                    + "and helping join must survive (a fork waited for by a latch, an outside task behind waiting "
                    + "forks, a join on an interrupted worker, a join beside an outside task that waits for the "
                    + "joiner, an outside fork joining the joiner), each built so the tasks that may run in parallel "
                    + "do 'workMs' of busy work. A pool that handles a scenario takes about one work unit; one with "
                    + "the bug takes far longer or fails its bounded wait. interrupted-join's counter joinCpuMs is "
                    + "the CPU the joiner burnt while waiting. Milliseconds per scenario.", "jdk-fjp")),

    OVERSUBSCRIBED_DRAIN(define("oversubscribed-drain", QueueDrainBenchmark.class, "pool", Contenders::pools)
            .measures("queue/drain with twice and four times as many `threads` as cores (quick: twice)")
            .quick(Settings.singleShot(1, 2, 0.25).param("pool", Choices.QUICK_IDLE_POOLS).param("separate", "false"))
            .full(Settings.singleShot(3, 10, 0.25).param("separate", "false"))
            .ladder(ThreadLadder.OVERSUBSCRIBED)
            .section("Queue/drain by pool threads", "Seed 003's queue/drain (separate = false) with the pool's "
                    + "thread count varied.", "jdk-tpe")),

    COLD_START_FIB(define("cold-start-fib", ForkJoinFibBenchmark.class, "pool", Contenders::forkJoinPools,
            "fork/join pools")
            .measures("from a cold start: a fresh JVM's first shots of fork/join fib(25), threshold 0 (quick "
                    + Choices.QUICK_COLD_SHOTS + ", full " + Choices.FULL_COLD_SHOTS + "), every shot kept")
            .coldStart()
            .quick(coldStartShots(Choices.QUICK_COLD_SHOTS).param("pool", Choices.QUICK_IDLE_POOLS).param("n", "25")
                    .param("threshold", "0"))
            .full(coldStartShots(Choices.FULL_COLD_SHOTS).param("n", "25").param("threshold", "0"))),

    COLD_START_SCHEDULER(define("cold-start-scheduler", SchedulerWorkloadsBenchmark.class, "pool",
            Contenders::pools)
            .measures("from a cold start: a fresh JVM's first shots of `spawn-idle` (full: and `chain`), every "
                    + "shot kept")
            .coldStart()
            .quick(coldStartShots(Choices.QUICK_COLD_SHOTS).param("pool", Choices.QUICK_IDLE_POOLS)
                    .param("workload", "spawn-idle"))
            .full(coldStartShots(Choices.FULL_COLD_SHOTS).param("workload", "spawn-idle", "chain"))),

    OVERSUBSCRIBED_FIB(define("oversubscribed-fib", ForkJoinFibBenchmark.class, "pool", Contenders::forkJoinPools,
            "fork/join pools")
            .measures("fork/join fib with twice and four times as many `threads` as cores (quick: twice)")
            .quick(Settings.singleShot(150, 50, 0.004).param("pool", Choices.QUICK_IDLE_POOLS).param("n", "25")
                    .param("threshold", "0"))
            // 15 shots of fib(32), as FORK_JOIN_FIB (whose comment explains the warm-up)
            .full(Settings.singleShot(15, 8, 1.0).param("n", "32").param("threshold", "0", "10"))
            .ladder(ThreadLadder.OVERSUBSCRIBED)
            .section("Fork/join fib by pool threads", "Seed 004's fork/join fib with the pool's thread count varied.",
                    "jdk-fjp"));

    /** The benchmarks' parameter that sets the pool's (or the contending) thread count. */
    public static final String THREADS = "threads";

    /** Rounds of the quick profile: the fewest that give a paired interval with some width. */
    static final int QUICK_ROUNDS = 3;
    static final int FULL_ROUNDS = 5;

    /**
     * Choices the entries share: the quick profile's subsets of the contender registries and the
     * cold starts' shot counts. A holder class: an enum constant's arguments cannot read the enum's
     * own static fields.
     */
    private static final class Choices {

        /** Shots a cold-start fork measures (its first, from a fresh JVM) under the quick and the full profile. */
        static final int QUICK_COLD_SHOTS = 20;
        static final int FULL_COLD_SHOTS = 80;
        /**
         * Both scheduler experiments in every profile: the benchmark class's own shots and forks; a
         * shot with its set-up takes up to about 2 ms (docs/findings.md, the scheduler experiments
         * warm up 1,500 shots).
         */
        static final Settings SCHEDULER_SHOTS = Settings.singleShot(SchedulerWorkloadsBenchmark.WARMUP_SHOTS,
                SchedulerWorkloadsBenchmark.MEASURED_SHOTS, 0.002).forks(SchedulerWorkloadsBenchmark.FORKS);

        /** One pool per design (lock, Duffy's and Chase-Lev deques) and the JDK peers. */
        static final List<String> QUICK_POOLS = List.of("simple-lock", "ws-duffy", "ws-chase-lev", "jdk-tpe", "jdk-fjp");
        /** Idle pools, scheduler workloads, oversubscription, fork/join, cold start: ours against ForkJoinPool. */
        static final List<String> QUICK_IDLE_POOLS = List.of("ws-chase-lev", "jdk-fjp");
        /** The pool's default injector against seed 003's lock. */
        static final List<String> QUICK_GLOBAL_QUEUES = List.of("locked", "segmented-mpmc");
        /** The floor, the lock, the two deques, the JDK and JCTools peers. */
        static final List<String> QUICK_QUEUES =
                List.of(Contenders.ARRAY_DEQUE, "locked", "duffy", "chase-lev", "jdk-cld", Contenders.JCTOOLS_MPMC);
        /** Both deque-cost experiments: the queues above, nothing below the working slot. */
        static final Settings QUICK_DEQUE =
                Settings.timed(1, 0.2, 3, 0.2).param("queue", QUICK_QUEUES).param("depth", "0");
    }

    /**
     * One experiment's facts, as its registry entry spells them. Left unset: {@code profile} is the
     * id, {@code quick} leaves the experiment out of the quick profile, {@code ladder} follows the
     * benchmarks' {@link #THREADS} parameter, {@code title} gives it no section of its own and
     * {@code intro} and {@code reference} no text or ratios in it.
     */
    private static final class Definition {

        private final String id;
        private final Class<?> benchmark;
        private final String contender;
        private final Supplier<List<String>> registry;
        private final String contenderNote;
        private String profile;
        private String measures;
        private Settings quick;
        private Settings full;
        private ThreadLadder ladder;
        private int minThreads = 1;
        private boolean coldStart;
        private String title;
        private String intro;
        private String reference;

        private Definition(String id, Class<?> benchmark, String contender, Supplier<List<String>> registry,
                           String contenderNote) {
            this.id = id;
            this.benchmark = benchmark;
            this.contender = contender;
            this.registry = registry;
            this.contenderNote = contenderNote;
        }

        Definition profile(String name) {
            this.profile = name;
            return this;
        }

        Definition measures(String text) {
            this.measures = text;
            return this;
        }

        Definition quick(Settings settings) {
            this.quick = settings;
            return this;
        }

        Definition full(Settings settings) {
            this.full = settings;
            return this;
        }

        Definition ladder(ThreadLadder use) {
            this.ladder = use;
            return this;
        }

        Definition minThreads(int n) {
            this.minThreads = n;
            return this;
        }

        Definition coldStart() {
            this.coldStart = true;
            return this;
        }

        Definition title(String text) {
            this.title = text;
            return this;
        }

        Definition section(String heading, String introduction, String referenceContender) {
            this.title = heading;
            this.intro = introduction;
            this.reference = referenceContender;
            return this;
        }
    }

    private final Definition d;

    Experiment(Definition d) {
        this.d = d;
    }

    /** An entry whose contenders are the ids of {@code registry}, which the benchmark's {@code contender} takes. */
    private static Definition define(String id, Class<?> benchmark, String contender, Supplier<List<String>> registry) {
        return define(id, benchmark, contender, registry, null);
    }

    /** The same, with a note on which of the registry's ids they are (e.g. "fork/join pools"), for the docs. */
    private static Definition define(String id, Class<?> benchmark, String contender, Supplier<List<String>> registry,
                                     String contenderNote) {
        return new Definition(id, benchmark, contender, registry, contenderNote);
    }

    /**
     * Settings of the quick profile as a run plans them ({@link #planned}), at least {@link #QUICK_ROUNDS}
     * rounds; null for an experiment the quick profile leaves out.
     */
    Settings quick() {
        return d.quick == null ? null : planned(d.quick.forks(Math.max(QUICK_ROUNDS, d.quick.forks())));
    }

    /** Settings of the full profile as a run plans them, at least {@link #FULL_ROUNDS} rounds. */
    Settings full() {
        return planned(d.full.forks(Math.max(FULL_ROUNDS, d.full.forks())));
    }

    /**
     * {@code settings} as a run plans them: the contender parameter first, taking
     * {@link #registryContenders()}, or those of them the settings name where they narrow it.
     */
    Settings planned(Settings settings) {
        List<String> chosen = settings.params().get(d.contender);
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put(d.contender, chosen == null ? registryContenders()
                : registryContenders().stream().filter(chosen::contains).toList());
        settings.params().forEach(params::putIfAbsent);
        return settings.params(params);
    }

    public String id() {
        return d.id;
    }

    /**
     * Whether the experiment measures a cold start: every measured shot of a fresh JVM counts, and
     * the steady-state rule only records how many shots each fork took to settle.
     */
    public boolean coldStart() {
        return d.coldStart;
    }

    /** A cold start's settings: no warm-up, {@code shots} measured shots (each about 10 ms, for the estimate). */
    private static Settings coldStartShots(int shots) {
        return Settings.singleShot(0, shots, 0.01);
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
        return d.profile == null ? d.id : d.profile;
    }

    /**
     * How its thread counts follow the machine: {@link ThreadLadder#ALL_CORES} when its benchmarks
     * declare {@link #THREADS}, unless the experiment says otherwise; null when they do not.
     */
    public ThreadLadder ladder() {
        if (d.ladder != null) {
            return d.ladder;
        }
        return benchmarks().stream().anyMatch(m -> m.params().containsKey(THREADS)) ? ThreadLadder.ALL_CORES : null;
    }

    public int minThreads() {
        return d.minThreads;
    }

    /** Its {@link #THREADS} values under the quick or full profile on {@code cores} cores; empty without a ladder. */
    public List<String> threads(boolean quick, int cores) {
        ThreadLadder ladder = ladder();
        return ladder == null ? List.of()
                : ladder.rungs(quick, cores, minThreads()).stream().map(String::valueOf).toList();
    }

    public ExperimentId experimentId() {
        return ExperimentId.of(d.id);
    }

    public Class<?> benchmarkClass() {
        return d.benchmark;
    }

    /**
     * The parameter that names the contenders ({@code pool}, {@code queue}, {@code partitioner},
     * {@code global}, {@code tuning}): forks that differ only in it form one shape and are interleaved in rounds.
     */
    public String contender() {
        return d.contender;
    }

    /**
     * Every registry id the benchmark accepts as its contender, in registry order: the list its own
     * {@code Contenders.require} check takes ({@code ContenderParamsTest} checks its {@code @Param} defaults).
     */
    public List<String> registryContenders() {
        return List.copyOf(d.registry.get());
    }

    /** Every contender id it takes: {@link #registryContenders()} and its declared {@code @Param} defaults. */
    public List<String> contenders() {
        Set<String> ids = new LinkedHashSet<>(registryContenders());
        benchmarks().forEach(m -> ids.addAll(m.params().getOrDefault(d.contender, List.of())));
        return List.copyOf(ids);
    }

    /** The title of its section (or part of one) in the report; null where the report gives it none of its own. */
    public String title() {
        return d.title;
    }

    /** What the report says it measures and why, above its table; null where its section writes its own. */
    public String intro() {
        return d.intro;
    }

    /** The contender the report takes ratios against, or null for none. */
    public String reference() {
        return d.reference;
    }

    /** The benchmarks of the class (its {@code @Benchmark} methods, a {@code @Group} counting once). */
    List<BenchmarkCatalog.Method> benchmarks() {
        return BenchmarkCatalog.of(d.benchmark);
    }

    /** Whether its benchmarks run in {@code Mode.SingleShotTime}, read from {@code @BenchmarkMode}. */
    public boolean singleShot() {
        return benchmarks().stream().anyMatch(m -> m.mode() == Mode.SingleShotTime);
    }

    /** docs/running.md's table of the experiments, one row each in registry order. */
    public static String markdownTable() {
        Stream<String> head = Stream.of("| id (profile) | benchmark class | contenders | what it measures |",
                "| --- | --- | --- | --- |");
        return Stream.concat(head, Stream.of(values()).map(Experiment::markdownRow))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    private String markdownRow() {
        String name = "`" + d.id + "`" + (d.profile == null ? "" : " (`" + d.profile + "`)");
        String contenders = "`" + d.contender + "`" + (d.contenderNote == null ? "" : " (" + d.contenderNote + ")");
        String measures = d.measures + (d.quick == null ? " (not in quick)" : "");
        return "| " + name + " | `" + d.benchmark.getSimpleName() + "` | " + contenders + " | " + measures + " |";
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
