package org.stealbench.harness.bench;

import java.util.concurrent.Callable;
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
import org.stealbench.pools.ForkJoin;
import org.stealbench.pools.PoolKind;

/**
 * The regression gate's steal-path row, beside {@link GatePoolPathsBenchmark}'s fork and
 * outside-submission rows: one worker forks {@code workPercent} percent of
 * {@value GatePoolPathsBenchmark#BASE_TASKS} tasks onto its own deque and then waits without
 * helping, so the other worker steals every one of them (each fork wakes it if it sleeps). At 105,
 * 110 or 125 side B of a calibration job steals that many more tasks of the same size, a real
 * slowdown of the steal path. Two workers, always: one cannot steal from itself. Every wait is
 * bounded. It measures the gate, not a pool, and is in no profile.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar GatePoolStealBenchmark -p workPercent=100,110}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 20)
@Measurement(iterations = 40)
@Fork(1)
@State(Scope.Thread)
public class GatePoolStealBenchmark {

    @Param({"100", "105", "110", "125"})
    public int workPercent;

    @Param({"ws-chase-lev"})
    public String pool;

    private ExecutorService executor;
    private ForkJoin forkJoin;
    private int tasks;

    @Setup(Level.Trial)
    public void start() {
        Contenders.require(pool, Contenders.forkJoinPools(), "GatePoolStealBenchmark");
        tasks = GatePoolPathsBenchmark.tasks(workPercent);
        executor = PoolKind.byId(pool).create(2);
        forkJoin = ForkJoin.of(executor);
    }

    /** {@link #tasks} tasks forked by one worker and all stolen by the other. */
    @Benchmark
    public long steal() throws Exception {
        int count = tasks;
        return executor.submit(() -> forkAndWait(forkJoin, count)).get(GatePoolPathsBenchmark.WAIT_SECONDS,
                TimeUnit.SECONDS);
    }

    /**
     * Forks {@code count} tasks from the calling worker, then waits for them without running any,
     * so another worker must steal each; returns {@code count}.
     */
    static long forkAndWait(ForkJoin pool, int count) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(count);
        Callable<Void> task = () -> {
            done.countDown();
            return null;
        };
        for (int i = 0; i < count; i++) {
            pool.fork(task);
        }
        if (!done.await(GatePoolPathsBenchmark.WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(done.getCount() + " of " + count + " forked tasks were never stolen within "
                    + GatePoolPathsBenchmark.WAIT_SECONDS + " s (a lost wake-up or a hang)");
        }
        return count;
    }

    @TearDown(Level.Trial)
    public void stop() {
        Contenders.closePool(executor, pool);
    }
}
