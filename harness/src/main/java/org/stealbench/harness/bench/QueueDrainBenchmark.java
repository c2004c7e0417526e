package org.stealbench.harness.bench;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.stealbench.pools.WorkStealingPoolBuilder;

/**
 * Seed 003's queue/drain experiment: queue {@code items} (1,000,000) work items into a pool from
 * one outside thread and wait until all have run. With {@code separate = true} (the seed's
 * separateQueueFromDrain) every item first waits on a gate that opens only after all are queued,
 * so queuing and draining are measured apart; with {@code false} workers drain while the caller
 * queues.
 *
 * <p>Why: the seed's headline is that a plain lock-and-monitor pool without context flow costs
 * 0.27x of the platform pool, and flowing context costs several times more; this replicates its
 * tables on every pool of the registry, with {@code jdk-tpe} as the baseline the CLR ThreadPool
 * stood for. Each invocation reports the total (the primary score) and the seed's two phases as
 * counters {@code queueMs} (the submitting loop) and {@code drainMs} (from the last submission, or
 * the gate opening, until the last item ran); run with {@code -prof gc} for allocation per
 * invocation and GC counts (the seed's collection counts). Each item counts a latch down, as the
 * seed's CountdownEvent; pools are created once per trial and warmed with 100 items, as the seed
 * does; every wait is bounded. {@code global} swaps a work-stealing pool's global queue, through
 * which every task here passes (the {@code global-queue} experiment compares the eligible kinds);
 * other pools ignore it.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar QueueDrainBenchmark -p pool=jdk-tpe,ws-chase-lev -prof gc}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 20)
@Fork(1)
@State(Scope.Thread)
public class QueueDrainBenchmark {

    @Param({"simple-lock", "simple-lock-flow", "ws-locked", "ws-duffy", "ws-chase-lev", "ws-blocking", "ws-jdk-cld", "ws-jdk-lbd", "ws-hybrid-fixed", "ws-segmented-mpmc", "jdk-tpe", "jdk-fjp"})
    public String pool;

    /** The seed's separateQueueFromDrain. */
    @Param({"true", "false"})
    public boolean separate;

    @Param({"2"})
    public int threads;

    /**
     * The global queue of a {@code ws-*} pool, which every task of this experiment goes through:
     * {@code default} for the pool's default, or a queue id to compare kinds.
     */
    @Param({"default"})
    public String global;

    /**
     * A {@code ws-*} pool's tuning ({@link WorkStealingPoolBuilder#tuning}): {@code default},
     * or options joined by {@code +} such as {@code searching+steal-half}; other pools ignore it.
     */
    @Param({"default"})
    public String tuning;

    @Param({"1000000"})
    public int items;

    static final long WAIT_SECONDS = 120;

    private ExecutorService executor;
    private CountDownLatch done;
    private CountDownLatch gate;

    /** The seed's q and d for each invocation, in milliseconds (the JSON's raw data per iteration). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Phases {
        public double queueMs;
        public double drainMs;
    }

    @Setup(Level.Trial)
    public void start() throws InterruptedException {
        Contenders.require(pool, Contenders.pools(), "QueueDrainBenchmark");
        executor = create(pool, threads, global, tuning);
        CountDownLatch warm = new CountDownLatch(100);
        for (int i = 0; i < 100; i++) {
            executor.execute(warm::countDown);
        }
        await(warm, "warm-up");
    }

    /**
     * The pool with its tuning, and a non-default global queue where {@code global} names one:
     * the tuning item {@code global-<id>} added to the tuning, so the builder's tuning is the one
     * way to set it (a tuning that names a global queue too is refused as setting it twice). Like
     * the tuning, {@code global} is checked for every pool but applies to the {@code ws-*} pools
     * only, so one run can cross the pools with the global queues.
     */
    static ExecutorService create(String pool, int threads, String global, String tuning) {
        PoolKind kind = PoolKind.byId(pool);
        if (Contenders.DEFAULT.equals(global)) {
            return kind.create(threads, tuning);
        }
        Contenders.require(global, Contenders.globalQueues(), "QueueDrainBenchmark's global");
        String globalItem = "global-" + global;
        return kind.create(threads, Contenders.DEFAULT.equals(tuning) ? globalItem : tuning + "+" + globalItem);
    }

    @Setup(Level.Invocation)
    public void prepare() {
        done = new CountDownLatch(items);
        gate = new CountDownLatch(separate ? 1 : 0);
    }

    @Benchmark
    public long queueAndDrain(Phases phases) throws InterruptedException {
        CountDownLatch finished = done;
        CountDownLatch opened = gate;
        Runnable item = separate ? () -> {
            awaitGate(opened);
            finished.countDown();
        } : finished::countDown;
        long start = System.nanoTime();
        for (int i = 0; i < items; i++) {
            executor.execute(item);
        }
        long queued = System.nanoTime();
        opened.countDown();
        await(finished, "drain");
        long drained = System.nanoTime();
        phases.queueMs += (queued - start) / 1e6;
        phases.drainMs += (drained - queued) / 1e6;
        return finished.getCount();
    }

    private static void awaitGate(CountDownLatch gate) {
        try {
            if (!gate.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("gate never opened");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void await(CountDownLatch latch, String phase) throws InterruptedException {
        if (!latch.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(pool + ": " + phase + " did not finish within " + WAIT_SECONDS
                    + " s; " + latch.getCount() + " items never ran (a lost wake-up or a hang)");
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        Contenders.closePool(executor, pool);
    }
}
