package org.stealbench.harness.bench;

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
import org.openjdk.jmh.infra.Blackhole;
import org.stealbench.pools.PoolKind;

/**
 * Seed 000's case for per-thread deques: work that recursively queues more work. One root task is
 * submitted from outside; every node does {@code work} units of CPU work
 * ({@link Blackhole#consumeCPU}) and, above the leaves, submits {@code fanout} children with
 * {@code execute} from the worker it runs on, down to {@code depth}; the invocation ends when the
 * last of the (fanout^(depth+1) - 1) / (fanout - 1) nodes has run.
 *
 * <p>Why: the seed claims that a per-worker deque makes recursively queued work far cheaper than
 * one global locked queue, because a worker's own submissions skip the global lock. Work-stealing
 * pools push a worker's submissions onto its own deque; {@code simple-lock} and {@code jdk-tpe}
 * send every node through their single queue; {@code jdk-fjp} is the JDK's work-stealing peer.
 * {@code work = 0} against {@code work > 0} is the control that the per-node work is real (its
 * cost must grow with {@code work}).
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar RecursiveWorkBenchmark -p pool=simple-lock,ws-chase-lev}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 20)
@Fork(1)
@State(Scope.Thread)
public class RecursiveWorkBenchmark {

    @Param({"simple-lock", "simple-lock-flow", "ws-locked", "ws-duffy", "ws-chase-lev", "ws-blocking", "ws-jdk-cld", "ws-jdk-lbd", "ws-hybrid-fixed", "ws-segmented-mpmc", "jdk-tpe", "jdk-fjp"})
    public String pool;

    @Param({"2"})
    public int threads;

    @Param({"4"})
    public int fanout;

    @Param({"8"})
    public int depth;

    /** Blackhole.consumeCPU tokens per node. */
    @Param({"0", "100"})
    public int work;

    static final long WAIT_SECONDS = 120;

    private ExecutorService executor;
    private long nodes;

    @Setup(Level.Trial)
    public void start() throws InterruptedException {
        Contenders.require(pool, Contenders.pools(), "RecursiveWorkBenchmark");
        if (fanout < 2 || depth < 0) {
            throw new IllegalArgumentException("fanout must be at least 2 and depth at least 0, got fanout="
                    + fanout + ", depth=" + depth);
        }
        executor = PoolKind.byId(pool).create(threads);
        long n = 1;
        long level = 1;
        for (int d = 0; d < depth; d++) {
            level *= fanout;
            n += level;
        }
        nodes = n;
        if (nodes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("fanout^depth too large: " + nodes + " nodes");
        }
        tree();
    }

    @Benchmark
    public long tree() throws InterruptedException {
        CountDownLatch done = new CountDownLatch((int) nodes);
        executor.execute(new Node(done, depth));
        if (!done.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(pool + ": " + done.getCount() + " of " + nodes
                    + " nodes never ran within " + WAIT_SECONDS + " s (a lost wake-up or a hang)");
        }
        return nodes;
    }

    /** One node: its work, then its children from the worker it runs on. */
    private final class Node implements Runnable {
        private final CountDownLatch done;
        private final int level;

        Node(CountDownLatch done, int level) {
            this.done = done;
            this.level = level;
        }

        @Override
        public void run() {
            Blackhole.consumeCPU(work);
            if (level > 0) {
                for (int i = 0; i < fanout; i++) {
                    executor.execute(new Node(done, level - 1));
                }
            }
            done.countDown();
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        Contenders.closePool(executor, pool);
    }
}
