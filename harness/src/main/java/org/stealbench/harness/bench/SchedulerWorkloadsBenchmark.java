package org.stealbench.harness.bench;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.stealbench.pools.PoolKind;

/**
 * The runtime-scheduler workloads, after the set Tokio benchmarks its runtime with, on every pool
 * of the registry: tiny tasks whose only cost is being scheduled, in the patterns async servers
 * produce. One invocation runs one {@code workload} to the end; time in milliseconds. Every
 * workload but {@code chain} runs about {@code tasks} tasks; every invocation except
 * {@code spawn-busy}'s starts from an idle pool (all workers parked, checked through their thread
 * states before the timed part); every wait is bounded.
 *
 * <p><b>spawn-idle</b>: the benchmark thread submits {@code tasks} tasks into an idle pool and
 * waits for them. A request arriving at a quiet server: the submitter pays the wake-ups, and a
 * pool that wakes a worker per submission (or none) shows it here.
 *
 * <p><b>spawn-busy</b>: the same, but every worker is held by a task that keeps yielding until the
 * submissions are done, so no worker is idle to wake. A loaded server: the submission path
 * without wake-ups, and the queue's cost when tasks pile up before anyone takes them.
 *
 * <p><b>spawn-inside</b>: one task submits {@code tasks} tasks from a worker. Fan-out from inside
 * a handler: work-stealing pools push onto the worker's own deque and the others must steal it;
 * global-queue pools send everything through the shared queue.
 *
 * <p><b>chain</b>: each task submits the next, {@code depth} (1,000) long, one at a time. A
 * sequence of continuations (callbacks, futures): pure hand-off latency with no parallelism to
 * hide it; a pool that keeps the next task on the same warm worker wins.
 *
 * <p><b>ping-pong</b>: {@value #PAIRS} pairs of tasks; in each pair the two tasks submit each
 * other in turn (the same two task objects, as two actors answering each other's messages) until
 * {@code tasks} messages have passed in all. Actors and channels: many short hand-offs at once,
 * contending for the queues, unlike chain's single strand.
 *
 * <p><b>yield</b>: {@value #YIELDERS} tasks each resubmit themselves until {@code tasks} runs in
 * all (a cooperative yield). Long computations that yield to stay fair: the cost of a round trip
 * through the scheduler, and whether a pool runs a resubmitted task at once or behind others.
 *
 * <p>The shots and forks below are the suite's own (both scheduler experiments take them from
 * here), so a plain run measures what a profile does, only its forks one after another instead
 * of in interleaved rounds.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar SchedulerWorkloadsBenchmark -p pool=ws-chase-lev,jdk-fjp
 * -p workload=chain}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = SchedulerWorkloadsBenchmark.WARMUP_SHOTS)
@Measurement(iterations = SchedulerWorkloadsBenchmark.MEASURED_SHOTS)
@Fork(SchedulerWorkloadsBenchmark.FORKS)
@State(Scope.Thread)
public class SchedulerWorkloadsBenchmark {

    /**
     * Shots a fork runs before those it measures (the steady-state rule may discard up to these);
     * why these and {@link #FORKS}: docs/findings.md, the scheduler workloads' spread and their
     * warm-up of 2026-11-29.
     */
    public static final int WARMUP_SHOTS = 1500;
    /** Shots a fork measures: a steady segment's length. */
    public static final int MEASURED_SHOTS = 60;
    public static final int FORKS = 8;

    /** The workloads, in the order of the class comment. */
    public static final List<String> WORKLOADS =
            List.of("spawn-idle", "spawn-busy", "spawn-inside", "chain", "ping-pong", "yield");

    static final int PAIRS = 16;
    static final int YIELDERS = 16;
    static final long WAIT_SECONDS = 60;

    @Param({"simple-lock", "simple-lock-flow", "ws-locked", "ws-duffy", "ws-chase-lev", "ws-blocking", "ws-jdk-cld", "ws-jdk-lbd", "ws-hybrid-fixed", "ws-segmented-mpmc", "jdk-tpe", "jdk-fjp"})
    public String pool;

    @Param({"spawn-idle", "spawn-busy", "spawn-inside", "chain", "ping-pong", "yield"})
    public String workload;

    @Param({"2"})
    public int threads;

    /** A {@code ws-*} pool's tuning, as in {@link QueueDrainBenchmark#tuning}; other pools ignore it. */
    @Param({"default"})
    public String tuning;

    /** Tasks per invocation (every workload but chain). */
    @Param({"10000"})
    public int tasks;

    /** Length of the chain workload's chain. */
    @Param({"1000"})
    public int depth;

    private ExecutorService executor;
    private List<Thread> workers;
    /** Holds the busy workers of spawn-busy: set in the invocation's setup, cleared when the spawning is done. */
    private volatile boolean holding;
    private CountDownLatch busyStarted;
    private CountDownLatch busyLeft;

    @Setup(Level.Trial)
    public void start() throws InterruptedException {
        Contenders.require(pool, Contenders.pools(), "SchedulerWorkloadsBenchmark");
        if (!WORKLOADS.contains(workload)) {
            throw new IllegalArgumentException("workload '" + workload + "' is not one of " + String.join(", ", WORKLOADS));
        }
        if (tasks < Math.max(2 * PAIRS, YIELDERS) || depth < 1) {
            throw new IllegalArgumentException("tasks must be at least " + Math.max(2 * PAIRS, YIELDERS)
                    + " and depth at least 1; got tasks=" + tasks + ", depth=" + depth);
        }
        executor = PoolKind.byId(pool).create(threads, tuning);
        workers = PoolThreads.discover(executor, threads, WAIT_SECONDS);
    }

    @Setup(Level.Invocation)
    public void prepare() throws InterruptedException {
        PoolThreads.awaitIdle(workers, null, WAIT_SECONDS, pool);
        if (workload.equals("spawn-busy")) {
            holding = true;
            busyStarted = new CountDownLatch(threads);
            busyLeft = new CountDownLatch(threads);
            for (int i = 0; i < threads; i++) {
                executor.execute(this::holdWorker);
            }
            await(busyStarted, "holding every worker");
        }
    }

    /** Keeps a worker busy, yielding the core, until the spawning is done (bounded). */
    private void holdWorker() {
        busyStarted.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (holding && System.nanoTime() - deadline < 0) {
            Thread.yield();
        }
        busyLeft.countDown();
    }

    @Benchmark
    public long run() throws InterruptedException {
        CountDownLatch done = switch (workload) {
            case "spawn-idle", "spawn-busy" -> spawnFromOutside();
            case "spawn-inside" -> spawnInside();
            case "chain" -> chain();
            case "ping-pong" -> pingPong();
            case "yield" -> yieldMany();
            default -> throw new IllegalStateException(workload);
        };
        return await(done, workload);
    }

    /** Submits the tasks from the benchmark thread; spawn-busy then lets its held workers go. */
    private CountDownLatch spawnFromOutside() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(tasks);
        Runnable task = done::countDown;
        for (int i = 0; i < tasks; i++) {
            executor.execute(task);
        }
        if (workload.equals("spawn-busy")) {
            holding = false;
            await(busyLeft, "spawn-busy's holders");
        }
        return done;
    }

    private CountDownLatch spawnInside() {
        CountDownLatch done = new CountDownLatch(tasks);
        Runnable task = done::countDown;
        executor.execute(() -> {
            for (int i = 0; i < tasks; i++) {
                executor.execute(task);
            }
        });
        return done;
    }

    private CountDownLatch chain() {
        CountDownLatch done = new CountDownLatch(1);
        executor.execute(new Link(depth, done));
        return done;
    }

    /** A chain's task: submits the rest of the chain, or ends it. */
    private final class Link implements Runnable {
        private final int left;
        private final CountDownLatch done;

        Link(int left, CountDownLatch done) {
            this.left = left;
            this.done = done;
        }

        @Override
        public void run() {
            if (left <= 1) {
                done.countDown();
            } else {
                executor.execute(new Link(left - 1, done));
            }
        }
    }

    private CountDownLatch pingPong() {
        CountDownLatch done = new CountDownLatch(PAIRS);
        int messages = tasks / PAIRS;
        for (int p = 0; p < PAIRS; p++) {
            Player ping = new Player(messages, done);
            ping.partner = new Player(ping);
            executor.execute(ping);
        }
        return done;
    }

    /** One side of a ping-pong pair: running sends the ball back (submits the partner) until the messages are spent. */
    private final class Player implements Runnable {
        /** The pair's rally: messages left, shared by both players (one runs at a time). */
        private final int[] left;
        private final CountDownLatch done;
        private Player partner;

        Player(int messages, CountDownLatch done) {
            this.left = new int[] {messages};
            this.done = done;
        }

        Player(Player partner) {
            this.left = partner.left;
            this.done = partner.done;
            this.partner = partner;
        }

        @Override
        public void run() {
            // Only one player of a pair runs at a time and the pool's queue hand-off orders one
            // run before the next, so the plain shared counter is safe.
            if (--left[0] <= 0) {
                done.countDown();
            } else {
                executor.execute(partner);
            }
        }
    }

    private CountDownLatch yieldMany() {
        CountDownLatch done = new CountDownLatch(YIELDERS);
        int runs = tasks / YIELDERS;
        for (int y = 0; y < YIELDERS; y++) {
            executor.execute(new Yielder(runs, done));
        }
        return done;
    }

    /** A task that resubmits itself (the same object) until it has run {@code runs} times. */
    private final class Yielder implements Runnable {
        private int left;
        private final CountDownLatch done;

        Yielder(int runs, CountDownLatch done) {
            this.left = runs;
            this.done = done;
        }

        @Override
        public void run() {
            // One run at a time: the resubmission happens-before the next run (the pool's queue
            // hand-off), so the plain field is safe.
            if (--left <= 0) {
                done.countDown();
            } else {
                executor.execute(this);
            }
        }
    }

    private long await(CountDownLatch latch, String what) throws InterruptedException {
        if (!latch.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(pool + ": " + what + " did not finish within " + WAIT_SECONDS + " s; "
                    + latch.getCount() + " left (a lost wake-up, starvation or a hang)");
        }
        return latch.getCount();
    }

    @TearDown(Level.Trial)
    public void stop() {
        holding = false;
        Contenders.closePool(executor, pool);
    }
}
