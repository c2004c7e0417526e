package org.stealbench.harness.bench;

import java.util.List;
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

/**
 * Wake-up latency: how long a task waits before its first instruction runs when it arrives at an
 * idle pool, every worker parked (checked through the workers' thread states before each sample,
 * see {@link PoolThreads}).
 *
 * <p>Why: a burst benchmark rewards a pool that spins while idle or batches submissions, and hides
 * what a server pays on every quiet-then-busy transition: a request that finds the pool asleep
 * waits for an unpark, a context switch and the worker's search for work. Two paths:
 * <ul>
 * <li><b>outside</b>: the benchmark thread submits one task ({@code execute}) to the idle pool;
 * latency = the task's first {@code System.nanoTime()} minus the one taken just before
 * {@code execute}.</li>
 * <li><b>sibling</b>: a task running on worker W waits until every other worker is parked, then
 * {@code execute}s a task from inside (onto W's own deque for the work-stealing pools and
 * ForkJoinPool, onto the shared queue for the others) and keeps W busy (spinning) until that task
 * starts, so it must start on an idle sibling; latency as above. Measures the pool's wake-on-push
 * path, which fork/join relies on.</li>
 * </ul>
 * Each invocation takes {@code samples} samples of each path, alternating, and reports per path
 * the nearest-rank p50, p90, p99 and p99.9 of that batch in microseconds as counters
 * ({@code outsideP50Us}, ..., {@code siblingP999Us}; p99.9 needs 1,000 samples to be more than the
 * maximum). The primary score is the invocation's wall time, polls for idleness included: it is no
 * latency, read the counters. Both nanoTime readings are taken on different threads; Linux's
 * monotonic clock is shared by all cores. Every wait is bounded.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar WakeupLatencyBenchmark -p pool=jdk-tpe,ws-chase-lev}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(1)
@State(Scope.Thread)
public class WakeupLatencyBenchmark {

    @Param({"simple-lock", "simple-lock-flow", "ws-locked", "ws-duffy", "ws-chase-lev", "ws-blocking", "ws-jdk-cld", "ws-jdk-lbd", "ws-hybrid-fixed", "ws-segmented-mpmc", "jdk-tpe", "jdk-fjp"})
    public String pool;

    /** Workers; at least 2 (the sibling path needs an idle worker besides the sender's). */
    @Param({"2"})
    public int threads;

    /** Samples of each path per invocation. */
    @Param({"1000"})
    public int samples;

    static final long WAIT_SECONDS = 10;

    private ExecutorService executor;
    private List<Thread> workers;
    private LatencySamples outside;
    private LatencySamples sibling;

    /** Per-invocation percentiles in microseconds (the JSON's raw data: one value per invocation). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Percentiles {
        public double outsideP50Us;
        public double outsideP90Us;
        public double outsideP99Us;
        public double outsideP999Us;
        public double siblingP50Us;
        public double siblingP90Us;
        public double siblingP99Us;
        public double siblingP999Us;
    }

    /** One sample's shared state: written by the pool's threads, read by the benchmark thread after {@code done}. */
    private static final class Probe {
        /** Set by the task being timed; read after {@code done} (the latch orders it) or while spinning (volatile). */
        volatile long startedAt;
        volatile long sentAt;
        volatile String failure;
        final CountDownLatch done = new CountDownLatch(1);
    }

    @Setup(Level.Trial)
    public void start() throws InterruptedException {
        Contenders.require(pool, Contenders.pools(), "WakeupLatencyBenchmark");
        if (threads < 2) {
            throw new IllegalArgumentException("WakeupLatencyBenchmark needs threads >= 2 (an idle sibling), got "
                    + threads);
        }
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be at least 1, got " + samples);
        }
        executor = PoolKind.byId(pool).create(threads);
        workers = PoolThreads.discover(executor, threads, WAIT_SECONDS);
        outside = new LatencySamples(samples);
        sibling = new LatencySamples(samples);
    }

    @Benchmark
    public int wakeup(Percentiles p) throws InterruptedException {
        outside.clear();
        sibling.clear();
        for (int i = 0; i < samples; i++) {
            outside.add(fromOutside());
            sibling.add(fromSibling());
        }
        p.outsideP50Us = outside.percentileMicros(0.50);
        p.outsideP90Us = outside.percentileMicros(0.90);
        p.outsideP99Us = outside.percentileMicros(0.99);
        p.outsideP999Us = outside.percentileMicros(0.999);
        p.siblingP50Us = sibling.percentileMicros(0.50);
        p.siblingP90Us = sibling.percentileMicros(0.90);
        p.siblingP99Us = sibling.percentileMicros(0.99);
        p.siblingP999Us = sibling.percentileMicros(0.999);
        return outside.count() + sibling.count();
    }

    /** One outside sample: every worker idle, then execute and time to the task's first instruction. */
    private long fromOutside() throws InterruptedException {
        PoolThreads.awaitIdle(workers, null, WAIT_SECONDS, pool);
        Probe probe = new Probe();
        long sent = System.nanoTime();
        executor.execute(() -> {
            probe.startedAt = System.nanoTime();
            probe.done.countDown();
        });
        await(probe, "outside");
        return probe.startedAt - sent;
    }

    /** One sibling sample: a task on W waits for the others to park, executes one, spins until it starts. */
    private long fromSibling() throws InterruptedException {
        PoolThreads.awaitIdle(workers, null, WAIT_SECONDS, pool);
        Probe probe = new Probe();
        executor.execute(() -> sendToSibling(probe));
        await(probe, "sibling");
        return probe.startedAt - probe.sentAt;
    }

    private void sendToSibling(Probe probe) {
        Thread self = Thread.currentThread();
        try {
            PoolThreads.awaitIdle(workers, self, WAIT_SECONDS, pool);
            Probe started = new Probe();
            probe.sentAt = System.nanoTime();
            executor.execute(() -> {
                started.startedAt = System.nanoTime();
                started.done.countDown();
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (started.done.getCount() != 0) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("the task sent from a worker did not start on an idle sibling within "
                            + WAIT_SECONDS + " s (no wake-up on push?)");
                }
                Thread.onSpinWait();
            }
            probe.startedAt = started.startedAt;
        } catch (RuntimeException e) {
            probe.failure = e.getMessage();
        } finally {
            probe.done.countDown();
        }
    }

    private void await(Probe probe, String path) throws InterruptedException {
        if (!probe.done.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(pool + ": " + path + " task did not run within " + WAIT_SECONDS
                    + " s (a lost wake-up or a hang)");
        }
        if (probe.failure != null) {
            throw new IllegalStateException(pool + ": " + path + ": " + probe.failure);
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        Contenders.closePool(executor, pool);
    }
}
