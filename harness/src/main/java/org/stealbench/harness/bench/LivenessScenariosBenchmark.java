package org.stealbench.harness.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
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
import org.stealbench.pools.ForkJoin;
import org.stealbench.pools.Joinable;
import org.stealbench.pools.PoolKind;

/**
 * The liveness scenarios of issue 9 as a race against the clock, on every pool with a fork/join
 * API: how long each takes from start to end, in milliseconds, where "work" is {@code workMs} of
 * busy spinning on one core. A pool that handles a scenario finishes in about one work unit (the
 * tasks that can run in parallel do); a pool with the bug finishes late, or not at all (every wait
 * is bounded, so a hang fails the benchmark after {@value #WAIT_SECONDS} s instead of stalling the
 * run). WorkStealingLivenessTest pins each scenario's behaviour with latches and pause hooks; this
 * benchmark shows what it costs in time, next to ForkJoinPool.
 *
 * <p><b>fork-then-latch</b> (bug 1, 2 workers): a task forks a work unit that counts down a latch,
 * does a work unit itself and waits on the latch, not by join. Only the fork's wake-up of the
 * idle worker runs the two units in parallel.
 *
 * <p><b>outside-behind-forks</b> (bug 2, 3 workers): a task forks a child; both wait by latch for
 * an outside task, submitted after the fork, that does a work unit. The third worker must start
 * it, so a pool that does finishes in about one unit plus the start latency (the unit keeps the
 * time from being a start latency alone, too noisy to compare pools). Run it with
 * {@code -p tuning=steal-before-global} for the search order of the bug report.
 *
 * <p><b>interrupted-join</b> (bug 3, 2 workers): a task with its interrupt set joins a stolen
 * child doing a work unit. Time is about one unit on every pool; the counter {@code joinCpuMs} is
 * the CPU the joiner burnt during that join (a join that spins on the interrupt burns the unit).
 *
 * <p><b>join-stolen-child</b> (bug 4, 2 workers): a task joins a stolen child doing a work unit
 * while an outside task, queued first, waits for the joiner's continuation. A join that ran the
 * outside task on top of its own frame would wait for itself.
 *
 * <p><b>fork-joins-joiner</b> (bug 5, 2 workers): T joins a stolen subtask doing a work unit; an
 * outside fork C, queued meanwhile, joins T. A join that helped by running C would deadlock.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar LivenessScenariosBenchmark -p pool=ws-chase-lev,jdk-fjp}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(1)
@State(Scope.Thread)
public class LivenessScenariosBenchmark {

    /** The scenarios, in the order of the class comment (the bugs 1 to 5). */
    public static final List<String> SCENARIOS = List.of(
            "fork-then-latch", "outside-behind-forks", "interrupted-join", "join-stolen-child", "fork-joins-joiner");

    static final long WAIT_SECONDS = 30;

    @Param({"ws-locked", "ws-duffy", "ws-chase-lev", "ws-blocking", "ws-jdk-cld", "ws-jdk-lbd", "ws-hybrid-fixed", "ws-segmented-mpmc", "jdk-fjp"})
    public String pool;

    @Param({"fork-then-latch", "outside-behind-forks", "interrupted-join", "join-stolen-child", "fork-joins-joiner"})
    public String scenario;

    /** A {@code ws-*} pool's tuning, as in {@link QueueDrainBenchmark#tuning}; jdk-fjp ignores it. */
    @Param({"default"})
    public String tuning;

    /** The busy work unit, in milliseconds. */
    @Param({"20"})
    public int workMs;

    private ExecutorService executor;
    private ForkJoin forkJoin;
    private long workNanos;

    /** The joiner's CPU during interrupted-join's join (the JSON's raw data: one value per invocation). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class JoinCost {
        public double joinCpuMs;
    }

    @Setup(Level.Trial)
    public void start() {
        Contenders.require(pool, Contenders.forkJoinPools(), "LivenessScenariosBenchmark");
        if (!SCENARIOS.contains(scenario)) {
            throw new IllegalArgumentException("scenario '" + scenario + "' is not one of " + String.join(", ", SCENARIOS));
        }
        if (workMs < 1) {
            throw new IllegalArgumentException("LivenessScenariosBenchmark needs workMs >= 1; got " + workMs);
        }
        workNanos = TimeUnit.MILLISECONDS.toNanos(workMs);
        executor = PoolKind.byId(pool).create(scenario.equals("outside-behind-forks") ? 3 : 2, tuning);
        forkJoin = ForkJoin.of(executor);
    }

    @Benchmark
    public long run(JoinCost cost) throws Exception {
        return switch (scenario) {
            case "fork-then-latch" -> forkThenLatch();
            case "outside-behind-forks" -> outsideBehindForks();
            case "interrupted-join" -> interruptedJoin(cost);
            case "join-stolen-child" -> joinStolenChild();
            default -> forkJoinsJoiner();
        };
    }

    private long forkThenLatch() throws Exception {
        return forkJoin.fork(() -> {
            CountDownLatch ran = new CountDownLatch(1);
            forkJoin.fork(() -> {
                busy();
                ran.countDown();
                return 0;
            });
            busy();
            await(ran, "the fork of a task waiting on a latch");
            return 1L;
        }).join(); // bounded: the task's own wait is
    }

    private long outsideBehindForks() throws Exception {
        CountDownLatch forked = new CountDownLatch(1);
        CountDownLatch outsideRan = new CountDownLatch(1);
        Joinable<Long> parent = forkJoin.fork(() -> {
            forkJoin.fork(() -> await(outsideRan, "the outside task, from a fork"));
            forked.countDown();
            await(outsideRan, "the outside task, from its forker");
            return 1L;
        });
        await(forked, "the parent's fork");
        executor.execute(() -> {
            busy();
            outsideRan.countDown();
        });
        return parent.join();
    }

    private long interruptedJoin(JoinCost cost) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Joinable<Long> parent = forkJoin.fork(() -> {
            CountDownLatch started = new CountDownLatch(1);
            Joinable<Integer> child = forkBusy(started);
            Joinable<Integer> sibling = forkJoin.fork(() -> 0);
            await(started, "the child's start on the other worker");
            sibling.join();
            Thread.currentThread().interrupt();
            long cpu = threads.getCurrentThreadCpuTime();
            child.join();
            cpu = threads.getCurrentThreadCpuTime() - cpu;
            Thread.interrupted(); // the scenario's interrupt, not the pool's: clear it before the task ends
            return cpu;
        });
        long cpu = parent.join();
        cost.joinCpuMs = cpu / 1e6;
        return cpu;
    }

    private long joinStolenChild() throws Exception {
        CountDownLatch childStarted = new CountDownLatch(1);
        CountDownLatch outsideQueued = new CountDownLatch(1);
        CountDownLatch continued = new CountDownLatch(1);
        CountDownLatch outsideDone = new CountDownLatch(1);
        Joinable<Long> parent = forkJoin.fork(() -> {
            Joinable<Integer> child = forkBusy(childStarted);
            Joinable<Integer> sibling = forkJoin.fork(() -> 0);
            await(childStarted, "the child's start on the other worker");
            await(outsideQueued, "the outside task's submission");
            long sum = sibling.join() + child.join();
            continued.countDown();
            return sum;
        });
        await(childStarted, "the child's start");
        executor.execute(() -> {
            if (wait(continued)) {
                outsideDone.countDown();
            }
        });
        outsideQueued.countDown();
        long result = parent.join();
        await(outsideDone, "the outside task waiting for the joiner's continuation");
        return result;
    }

    private long forkJoinsJoiner() throws Exception {
        CountDownLatch subtaskStarted = new CountDownLatch(1);
        CountDownLatch cQueued = new CountDownLatch(1);
        AtomicReference<Joinable<Long>> tHandle = new AtomicReference<>();
        Joinable<Long> t = forkJoin.fork(() -> {
            Joinable<Integer> subtask = forkBusy(subtaskStarted);
            Joinable<Integer> sibling = forkJoin.fork(() -> 0);
            await(subtaskStarted, "the subtask's start on the other worker");
            await(cQueued, "C's submission");
            return sibling.join() + subtask.join() + 1L;
        });
        tHandle.set(t);
        await(subtaskStarted, "the subtask's start");
        CountDownLatch cDone = new CountDownLatch(1);
        Joinable<Long> c = forkJoin.fork(() -> {
            long v = tHandle.get().join();
            cDone.countDown();
            return v;
        });
        cQueued.countDown();
        await(cDone, "C, which joins T");
        return c.join();
    }

    /** Forks a task that counts {@code started} down, then does one work unit; its value is 1. */
    private Joinable<Integer> forkBusy(CountDownLatch started) {
        return forkJoin.fork(() -> {
            started.countDown();
            busy();
            return 1;
        });
    }

    /** Spins for one work unit: the scenario's computation, on the calling thread's core. */
    private void busy() {
        long end = System.nanoTime() + workNanos;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    private static boolean wait(CountDownLatch latch) {
        try {
            return latch.await(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private boolean await(CountDownLatch latch, String what) {
        if (!wait(latch)) {
            throw new IllegalStateException(pool + ", " + scenario + ": " + what + " did not happen within "
                    + WAIT_SECONDS + " s (a lost wake-up, a wrong help or a deadlock)");
        }
        return true;
    }

    @TearDown(Level.Trial)
    public void stop() {
        Contenders.closePool(executor, pool);
    }
}
