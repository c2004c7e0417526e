package org.stealbench.harness.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
import org.stealbench.queues.QueueTraits;
import org.stealbench.queues.TaskQueue;

/**
 * Seed 002's enqueue/dequeue thread-ratio experiment: E enqueuer and D dequeuer threads, each
 * doing K operations on one queue prefilled with P items, timed from starting the threads until
 * all have been joined (the seed's stopwatch), for the seed's 25 shapes and K in {1000, 10000}.
 *
 * <p>Why: the seed claims its lock-free queue beats a locked queue between 40 and 100 threads;
 * this measures that claim on every queue whose push and pop any thread may call (the faithful
 * {@code hybrid} included: its Enqueue and Dequeue alone are linearizable), JCTools' MPMC queue as
 * the outside peer, and {@code none}, threads that do no queue operations, whose time is the
 * thread start/join overhead the report subtracts (at 1000 threads it is most of the total).
 *
 * <p>Protocol: enqueuers {@code push}; dequeuers take from the queue's FIFO end ({@code pop} where
 * pop is FIFO, else {@code steal}), as the seed's Dequeue takes the head. P = D*K, so a dequeuer
 * never finds the queue empty; if it does (a broken queue), the attempt counts as a {@code miss},
 * as the seed's Dequeue returned a default value. Correctness indicator, checked after every
 * invocation: the final size must equal P + E*K - (D*K - misses); a mismatch is counted in
 * {@code sizeMismatch} (reported per invocation in the JSON's raw data) and fails the benchmark
 * for every queue whose traits promise exactly-once. Thread objects and the prefill are built in
 * an untimed per-invocation setup; every join is bounded.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar EnqueueDequeueBenchmark -p shape=10x10,40x40 -p items=1000}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(1)
@State(Scope.Thread)
public class EnqueueDequeueBenchmark {

    @Param({"locked", "blocking", "jdk-cld", "jdk-lbd", "hybrid", "hybrid-fixed", "segmented-mpmc", "jctools-mpmc", "none"})
    public String queue;

    /** Enqueuers x dequeuers; the seed's 25 shapes. */
    @Param({"10x10", "20x20", "40x40", "80x80", "100x100", "200x200", "400x400", "800x800", "1000x1000",
            "10x20", "10x40", "10x80", "10x100", "10x200", "10x400", "10x800", "10x1000",
            "20x10", "40x10", "80x10", "100x10", "200x10", "400x10", "800x10", "1000x10"})
    public String shape;

    /** K: operations per thread. */
    @Param({"1000", "10000"})
    public int items;

    static final Integer ITEM = 7;
    static final long JOIN_TIMEOUT_MS = TimeUnit.MINUTES.toMillis(2);

    private int enqueuers;
    private int dequeuers;
    private long prefill;
    private TaskQueue<Integer> q;
    private List<Thread> threads;
    private final AtomicLong misses = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    /** Correctness indicator per invocation, summed per iteration in the JSON. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Indicator {
        /** 1 for each invocation whose final size differs from P + E*K - (D*K - misses). */
        public long sizeMismatch;
        /** Dequeue attempts that found the queue empty. */
        public long misses;
    }

    /** Parses {@code ExD}: the one parser of the shape, the report's too. */
    public static int[] parseShape(String shape) {
        String[] parts = shape.split("x");
        if (parts.length != 2) {
            throw new IllegalArgumentException("shape must be ENQUEUERSxDEQUEUERS, e.g. 10x100, got '" + shape + "'");
        }
        int e = Integer.parseInt(parts[0]);
        int d = Integer.parseInt(parts[1]);
        if (e < 1 || d < 1) {
            throw new IllegalArgumentException("shape needs at least one enqueuer and one dequeuer, got '" + shape + "'");
        }
        return new int[] {e, d};
    }

    @Setup(Level.Trial)
    public void parse() {
        Contenders.require(queue, Contenders.enqueueDequeue(), "EnqueueDequeueBenchmark");
        int[] ed = parseShape(shape);
        enqueuers = ed[0];
        dequeuers = ed[1];
        prefill = (long) dequeuers * items;
    }

    @Setup(Level.Invocation)
    public void prepare() {
        misses.set(0);
        failure.set(null);
        threads = new ArrayList<>(enqueuers + dequeuers);
        boolean none = Contenders.NONE.equals(queue);
        q = none ? null : Contenders.queue(queue);
        if (none) {
            for (int i = 0; i < enqueuers + dequeuers; i++) {
                threads.add(thread(() -> { }));
            }
            return;
        }
        for (long i = 0; i < prefill; i++) {
            q.push(ITEM);
        }
        TaskQueue<Integer> target = q;
        int k = items;
        boolean fifoPop = target.traits().popOrder() == QueueTraits.Order.FIFO;
        for (int i = 0; i < enqueuers; i++) {
            threads.add(thread(() -> {
                for (int n = 0; n < k; n++) {
                    target.push(ITEM);
                }
            }));
        }
        for (int i = 0; i < dequeuers; i++) {
            threads.add(thread(() -> {
                int missed = 0;
                for (int n = 0; n < k; n++) {
                    if ((fifoPop ? target.pop() : target.steal()) == null) {
                        missed++;
                    }
                }
                misses.addAndGet(missed);
            }));
        }
    }

    private Thread thread(Runnable body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        });
        t.setDaemon(true);
        return t;
    }

    @Benchmark
    public int run() throws InterruptedException {
        for (Thread t : threads) {
            t.start();
        }
        long deadline = System.currentTimeMillis() + JOIN_TIMEOUT_MS;
        for (Thread t : threads) {
            t.join(Math.max(1, deadline - System.currentTimeMillis()));
            if (t.isAlive()) {
                throw new IllegalStateException(queue + " " + shape + ": a thread did not finish within "
                        + JOIN_TIMEOUT_MS + " ms (a hang or livelock in the queue)");
            }
        }
        return threads.size();
    }

    @TearDown(Level.Invocation)
    public void check(Indicator indicator) {
        if (failure.get() != null) {
            throw new IllegalStateException(queue + " " + shape + ": a worker thread failed", failure.get());
        }
        if (q == null) {
            return;
        }
        long missed = misses.get();
        long expected = prefill + (long) enqueuers * items - ((long) dequeuers * items - missed);
        long actual = q.size();
        indicator.misses += missed;
        if (actual != expected) {
            indicator.sizeMismatch++;
            if (q.traits().exactlyOnce()) {
                throw new IllegalStateException(queue + " " + shape + " K=" + items + ": final size " + actual
                        + " != expected " + expected + " (P + E*K - dequeued)");
            }
        }
        q = null;
        threads = null;
    }
}
