package org.stealbench.harness.bench;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
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
import org.stealbench.pools.Fibonacci;
import org.stealbench.pools.ForkJoin;
import org.stealbench.pools.PoolKind;

/**
 * Seed 004's fork/join experiment: fib(n) by recursive fork/join, each call above the sequential
 * {@code threshold} forking fib(n-1), computing fib(n-2) itself and joining, on every pool with a
 * fork/join API: the work-stealing pools ({@code ws-*}, whose join helps instead of blocking) and
 * {@code jdk-fjp} (ForkJoinPool's RecursiveTask).
 *
 * <p>Why: a task per call with almost no work makes the pool's fork, join and steal costs the
 * whole measurement; {@code threshold = 0} forks all the way down as the seed does (seed 004 uses
 * fib(32)), larger thresholds show how quickly the overhead amortizes. The result is checked
 * against the sequential value on every invocation; the wait for it is bounded, so a pool that
 * hangs fails this benchmark with a message.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar ForkJoinFibBenchmark -p n=32 -p threshold=0}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 15)
@Fork(1)
@State(Scope.Thread)
public class ForkJoinFibBenchmark {

    @Param({"ws-locked", "ws-duffy", "ws-chase-lev", "ws-blocking", "ws-jdk-cld", "ws-jdk-lbd", "ws-hybrid-fixed", "ws-segmented-mpmc", "jdk-fjp"})
    public String pool;

    @Param({"2"})
    public int threads;

    /** A {@code ws-*} pool's tuning, as in {@link QueueDrainBenchmark#tuning}; jdk-fjp ignores it. */
    @Param({"default"})
    public String tuning;

    @Param({"32"})
    public int n;

    /** Calls with n at or below this compute sequentially; 0 forks all the way down. */
    @Param({"0", "10"})
    public int threshold;

    static final long WAIT_SECONDS = 120;

    private ExecutorService executor;
    private ForkJoin forkJoin;
    private long expected;

    @Setup(Level.Trial)
    public void start() {
        Contenders.require(pool, Contenders.forkJoinPools(), "ForkJoinFibBenchmark");
        executor = PoolKind.byId(pool).create(threads, tuning);
        forkJoin = ForkJoin.of(executor);
        expected = Fibonacci.sequential(n);
    }

    @Benchmark
    public long fib() throws Exception {
        Future<Long> root = executor.submit(() -> Fibonacci.forkJoin(forkJoin, n, threshold));
        long result = root.get(WAIT_SECONDS, TimeUnit.SECONDS);
        if (result != expected) {
            throw new IllegalStateException(pool + ": fib(" + n + ") = " + result + ", expected " + expected);
        }
        return result;
    }

    @TearDown(Level.Trial)
    public void stop() {
        Contenders.closePool(executor, pool);
    }
}
