package org.stealbench.harness.bench;

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
import org.openjdk.jmh.annotations.Warmup;
import org.stealbench.queues.TaskQueue;

/**
 * The regression gate's calibration subject: a batch of owner push+pop pairs on one deque whose
 * size is {@code workPercent} percent of {@value #BASE_PAIRS} pairs: above 100, the same code on
 * more work, a slowdown injected on purpose, so {@code scripts/gate-calibrate} can measure which
 * slowdown the paired gate reliably catches on this machine (side A at 100, side B above). It
 * measures the gate, not a queue, and is in no profile.
 *
 * <p>The deque is {@code chase-lev}, the gate's own first row, so the injected slowdown lands on
 * the same code (a full fence per pop, no allocation at depth 0) with its cost linear in the pairs.
 * The batch is a hand loop on purpose: its trip count is the injected slowdown.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar GateCalibrationBenchmark -p workPercent=100,150}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 4, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Fork(5)
@State(Scope.Benchmark)
public class GateCalibrationBenchmark {

    /** Push+pop pairs per operation at {@code workPercent = 100}. */
    public static final int BASE_PAIRS = 40;

    @Param({"100", "105", "110", "125", "150"})
    public int workPercent;

    @Param({"chase-lev"})
    public String queue;

    TaskQueue<Integer> deque;
    int pairs;

    @Setup(Level.Trial)
    public void setUp() {
        pairs = pairs(workPercent);
        deque = DequeOpsBenchmark.prepared(
                Contenders.require(queue, Contenders.dequeOps(true), "GateCalibrationBenchmark"), 0);
    }

    /** Pairs per operation for a work percentage; refuses one that is not positive. */
    static int pairs(int workPercent) {
        if (workPercent <= 0) {
            throw new IllegalArgumentException("workPercent must be positive, was " + workPercent);
        }
        return BASE_PAIRS * workPercent / 100;
    }

    /** {@link #pairs} owner push+pop pairs; the sum keeps the pops alive. */
    @Benchmark
    public int pushPopBatch() {
        int sum = 0;
        for (int i = 0; i < pairs; i++) {
            deque.push(DequeOpsBenchmark.ITEM);
            sum += deque.pop();
        }
        return sum;
    }
}
