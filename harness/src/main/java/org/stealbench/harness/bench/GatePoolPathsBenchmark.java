package org.stealbench.harness.bench;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
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
import org.stealbench.pools.ForkJoin;
import org.stealbench.pools.Joinable;
import org.stealbench.pools.PoolKind;

/**
 * The regression gate's pool rows, one per path of a work-stealing pool on one worker, each with a
 * slowdown that can be planted: {@link #fork} runs a fork/join tree of {@code workPercent} percent of
 * {@value #BASE_TASKS} leaves (a worker's fork path: push onto its own deque, pop or steal, a join
 * that helps), {@link #submit} hands {@code workPercent} percent of {@value #BASE_TASKS} tasks to
 * the pool from an outside thread and waits until all ran (queue/drain's outside-submission path).
 * At {@code workPercent = 100} a method is a gate row; at 105, 110 or 125 its side B of a
 * calibration job ({@code scripts/gate-calibrate run --paths fork,submit}) does 1.05x, 1.10x or
 * 1.25x the same pool operations, a real slowdown of the pool's own code: more leaves of the
 * same size, more tasks of the same size, never a busy loop.
 *
 * <p>Why not the experiments' fib(27) and queue/drain of 250,000 tasks: an invocation a tenth as
 * long gives a gate fork ten times the batches, and one worker takes the cross-core scheduling
 * noise out of the row (docs/gate.md, "Calibration status"). Every wait is bounded. It measures the
 * gate, not a pool, and is in no profile.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar GatePoolPathsBenchmark -p workPercent=100,110}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 20)
@Measurement(iterations = 40)
@Fork(1)
@State(Scope.Thread)
public class GatePoolPathsBenchmark {

    /** Leaves of the fork tree, and tasks submitted, at {@code workPercent = 100}. */
    public static final int BASE_TASKS = 20_000;

    static final long WAIT_SECONDS = 120;

    @Param({"100", "105", "110", "125"})
    public int workPercent;

    @Param({"ws-chase-lev"})
    public String pool;

    @Param({"1"})
    public int threads;

    private ExecutorService executor;
    private ForkJoin forkJoin;
    private int tasks;

    @Setup(Level.Trial)
    public void start() {
        Contenders.require(pool, Contenders.forkJoinPools(), "GatePoolPathsBenchmark");
        tasks = tasks(workPercent);
        executor = PoolKind.byId(pool).create(threads);
        forkJoin = ForkJoin.of(executor);
    }

    /** Leaves or tasks per invocation for a work percentage; refuses one that is not positive. */
    static int tasks(int workPercent) {
        if (workPercent <= 0) {
            throw new IllegalArgumentException("workPercent must be positive, was " + workPercent);
        }
        return BASE_TASKS * workPercent / 100;
    }

    /** A fork/join tree of {@link #tasks} leaves run in the pool: {@code tasks - 1} forks from its workers. */
    @Benchmark
    public long fork() throws Exception {
        int leaves = tasks;
        long counted = executor.submit(() -> leaves(forkJoin, leaves)).get(WAIT_SECONDS, TimeUnit.SECONDS);
        if (counted != leaves) {
            throw new IllegalStateException(pool + ": the fork tree counted " + counted + " leaves of " + leaves);
        }
        return counted;
    }

    /**
     * The leaves of a tree over {@code count} leaves, counted: each inner node forks the upper half and
     * computes the lower half itself, then joins, so {@code count - 1} forks in all.
     */
    static long leaves(ForkJoin pool, int count) {
        if (count == 1) {
            return 1;
        }
        int lower = count / 2;
        Joinable<Long> upper = pool.fork(() -> leaves(pool, count - lower));
        long counted = leaves(pool, lower);
        return counted + upper.join();
    }

    /** {@link #tasks} tasks submitted from this (outside) thread; returns when all have run. */
    @Benchmark
    public long submit() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(tasks);
        submitAll(executor, tasks, done);
        if (!done.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(pool + ": " + done.getCount() + " of " + tasks + " submitted tasks never ran"
                    + " within " + WAIT_SECONDS + " s (a lost wake-up or a hang)");
        }
        return done.getCount();
    }

    /** Hands {@code count} tasks to {@code executor}, each counting {@code done} down once. */
    static void submitAll(Executor executor, int count, CountDownLatch done) {
        Runnable task = done::countDown;
        for (int i = 0; i < count; i++) {
            executor.execute(task);
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        Contenders.closePool(executor, pool);
    }
}
