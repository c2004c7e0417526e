package org.stealbench.harness.bench;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
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
import org.openjdk.jmh.infra.Blackhole;
import org.stealbench.pools.PoolKind;

/**
 * Idle cost: the CPU a pool's workers burn when there is little or nothing to do, read from each
 * worker's own thread CPU time ({@code ThreadMXBean}, nanoseconds; workers found by
 * {@link PoolThreads#discover}), so neither the benchmark thread nor the JVM's other threads count.
 *
 * <p>Why: a pool can win a throughput benchmark by spinning instead of parking, and a server that
 * is mostly idle pays for that spinning all day, in power and in cores taken from other processes.
 * Each invocation has two phases:
 * <ul>
 * <li><b>after a burst</b>: {@code burst} tasks of {@code work} consumeCPU tokens, then
 * {@code idleMs} of nothing; {@code idleCores} is the workers' CPU over that interval divided by
 * its wall time (1.0 = one core burnt the whole time) and {@code idleCpuUs} the CPU itself.</li>
 * <li><b>bursty load</b>: {@code bursts} bursts of {@code burst} tasks, one every {@code periodMs};
 * {@code cpuPerTaskUs} is all the workers' CPU over the phase per task run (useful work plus
 * scheduling plus idling), {@code gapCores} the fraction of a core burnt between bursts,
 * {@code idleShare} the share of the phase's CPU spent between bursts and {@code gapMs} the gaps'
 * total length (0 would mean the bursts never left a gap).</li>
 * </ul>
 * The primary score is the invocation's wall time, which the sleeps dominate: read the counters.
 * The benchmark thread sleeps between bursts (parkNanos to a deadline: that is the load's shape,
 * not a synchronisation); every wait for tasks is bounded. A worker a JDK pool retires while idle
 * stops counting (its CPU time is unknown once it has exited).
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar IdleCostBenchmark -p pool=jdk-fjp,ws-chase-lev}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(1)
@State(Scope.Thread)
public class IdleCostBenchmark {

    @Param({"simple-lock", "simple-lock-flow", "ws-locked", "ws-duffy", "ws-chase-lev", "ws-blocking", "ws-jdk-cld", "ws-jdk-lbd", "ws-hybrid-fixed", "ws-segmented-mpmc", "jdk-tpe", "jdk-fjp"})
    public String pool;

    @Param({"2"})
    public int threads;

    /** Tasks per burst. */
    @Param({"1000"})
    public int burst;

    /** Blackhole.consumeCPU tokens per task. */
    @Param({"100"})
    public int work;

    /** The quiet interval after a burst, in milliseconds. */
    @Param({"200"})
    public int idleMs;

    /** Bursts in the bursty phase. */
    @Param({"20"})
    public int bursts;

    /** Milliseconds from one burst's start to the next's. */
    @Param({"10"})
    public int periodMs;

    static final long WAIT_SECONDS = 60;

    private ExecutorService executor;
    private IdleCost meter;

    /** Per-invocation metrics (the JSON's raw data: one value per invocation). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Cost {
        public double idleCores;
        public double idleCpuUs;
        public double cpuPerTaskUs;
        public double gapCores;
        public double idleShare;
        public double gapMs;
    }

    @Setup(Level.Trial)
    public void start() throws InterruptedException {
        Contenders.require(pool, Contenders.pools(), "IdleCostBenchmark");
        if (burst < 1 || work < 0 || idleMs < 1 || bursts < 1 || periodMs < 1) {
            throw new IllegalArgumentException("IdleCostBenchmark needs burst, idleMs, bursts, periodMs >= 1 and work >= 0;"
                    + " got burst=" + burst + ", work=" + work + ", idleMs=" + idleMs + ", bursts=" + bursts
                    + ", periodMs=" + periodMs);
        }
        executor = PoolKind.byId(pool).create(threads);
        List<Thread> workers = PoolThreads.discover(executor, threads, WAIT_SECONDS);
        meter = IdleCost.ofJvm(workers);
    }

    @Benchmark
    public long idleCost(Cost cost) throws InterruptedException {
        runBurst();
        long t0 = System.nanoTime();
        long[] c0 = meter.sample();
        sleepUntil(t0 + TimeUnit.MILLISECONDS.toNanos(idleMs));
        long[] c1 = meter.sample();
        long t1 = System.nanoTime();
        long idle = IdleCost.spent(c0, c1);
        cost.idleCpuUs = idle / 1e3;
        cost.idleCores = IdleCost.cores(idle, t1 - t0);

        IdleCost.Ledger ledger = new IdleCost.Ledger();
        long period = TimeUnit.MILLISECONDS.toNanos(periodMs);
        long start = System.nanoTime();
        long[] before = meter.sample();
        for (int b = 0; b < bursts; b++) {
            runBurst();
            long[] after = meter.sample();
            long busyEnd = System.nanoTime();
            ledger.busy(IdleCost.spent(before, after), burst);
            sleepUntil(start + (b + 1) * period);
            before = meter.sample();
            ledger.gap(IdleCost.spent(after, before), System.nanoTime() - busyEnd);
        }
        cost.cpuPerTaskUs = ledger.cpuPerTaskMicros();
        cost.gapCores = ledger.gapCores();
        cost.idleShare = ledger.idleShare();
        cost.gapMs = ledger.gapMillis();
        return ledger.gapMillis() > 0 ? 1 : 0;
    }

    private void runBurst() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(burst);
        int tokens = work;
        Runnable task = () -> {
            Blackhole.consumeCPU(tokens);
            done.countDown();
        };
        for (int i = 0; i < burst; i++) {
            executor.execute(task);
        }
        if (!done.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(pool + ": a burst did not finish within " + WAIT_SECONDS + " s; "
                    + done.getCount() + " tasks never ran (a lost wake-up or a hang)");
        }
    }

    /** Sleeps until {@code deadline} (System.nanoTime), returning at once if it has passed. */
    static void sleepUntil(long deadline) {
        for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        Contenders.closePool(executor, pool);
    }
}
