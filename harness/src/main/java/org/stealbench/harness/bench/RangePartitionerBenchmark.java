package org.stealbench.harness.bench;

import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
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
import org.stealbench.pools.partition.DynamicChunkRangePartitioner;
import org.stealbench.pools.partition.ParallelFor;
import org.stealbench.pools.partition.RangePartitioner;
import org.stealbench.pools.partition.StaticRangePartitioner;
import org.stealbench.pools.partition.WorkStealingRangePartitioner;

/**
 * Seed 001's claim: a parallel for over [0, {@code size}) whose work per index is uniform, random,
 * increasing, or the worst case (all the heavy work in the first static chunk), split by each
 * partitioner, with the JDK's {@code IntStream.range(..).parallel()} as the peer.
 *
 * <p>Why: seed 001 claims its work-stealing range partitioner does as well as standard
 * partitioners on random work and far better on the worst-case distribution, where a static split
 * leaves one worker with everything. Every workload has the same total work ({@code work} tokens
 * of {@link Blackhole#consumeCPU} per index on average), so times compare across workloads, and
 * {@code work = 0} is the control that the work is real. The whole loop runs inside the pool (the
 * root is submitted to it), so {@code threads} pool threads do all the work, for every
 * contender alike; the parallel stream runs in a {@code new ForkJoinPool(threads)} (submitting a
 * stream's terminal operation to a ForkJoinPool runs it there), so it requires
 * {@code pool = jdk-fjp}. The dynamic-chunk partitioner hands out chunks of size / (16 *
 * partitions).
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar RangePartitionerBenchmark -p workload=worst}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class RangePartitionerBenchmark {

    /** Partitioners, and the JDK's parallel stream as the peer. */
    @Param({"static", "dynamic-chunk", "work-stealing", "jdk-parallel-stream"})
    public String partitioner;

    @Param({"uniform", "random", "increasing", "worst"})
    public String workload;

    /** The pool the loop runs in. */
    @Param({"jdk-fjp"})
    public String pool;

    @Param({"2"})
    public int threads;

    /** Partitions for our partitioners (the static chunks of the worst case). */
    @Param({"2"})
    public int partitions;

    @Param({"20000"})
    public int size;

    /** Average consumeCPU tokens per index. */
    @Param({"100"})
    public int work;

    static final long WAIT_SECONDS = 120;

    private ExecutorService executor;
    private RangePartitioner split;
    private int[] tokens;

    @Setup(Level.Trial)
    public void start() {
        Contenders.require(partitioner, Contenders.PARTITIONERS, "RangePartitionerBenchmark");
        Contenders.require(pool, Contenders.pools(), "RangePartitionerBenchmark");
        boolean stream = Contenders.JDK_PARALLEL_STREAM.equals(partitioner);
        if (stream && !"jdk-fjp".equals(pool)) {
            throw new IllegalArgumentException("jdk-parallel-stream runs in a ForkJoinPool only: use pool=jdk-fjp, got "
                    + pool);
        }
        if (size < 1 || partitions < 1 || work < 0) {
            throw new IllegalArgumentException("size and partitions must be at least 1 and work at least 0, got size="
                    + size + ", partitions=" + partitions + ", work=" + work);
        }
        tokens = tokens(workload, size, partitions, work);
        split = switch (partitioner) {
            case "static" -> new StaticRangePartitioner();
            case "dynamic-chunk" -> new DynamicChunkRangePartitioner(Math.max(1, size / (16 * partitions)));
            case "work-stealing" -> new WorkStealingRangePartitioner();
            default -> null;
        };
        executor = PoolKind.byId(pool).create(threads);
    }

    /** Work per index; every workload sums to size * work tokens (up to rounding). */
    static int[] tokens(String workload, int size, int partitions, int work) {
        int[] t = new int[size];
        SplittableRandom random = new SplittableRandom(1);
        int firstChunk = Math.max(1, size / partitions);
        for (int i = 0; i < size; i++) {
            t[i] = switch (workload) {
                case "uniform" -> work;
                case "random" -> random.nextInt(2 * work + 1);
                case "increasing" -> (int) (2L * work * i / size);
                case "worst" -> i < firstChunk ? (int) ((long) work * size / firstChunk) : 0;
                default -> throw new IllegalArgumentException(
                        "workload must be uniform, random, increasing or worst, got '" + workload + "'");
            };
        }
        return t;
    }

    @Benchmark
    public int parallelFor() throws Exception {
        int[] t = tokens;
        Future<?> root = split == null
                ? ((ForkJoinPool) executor).submit(() -> IntStream.range(0, size).parallel()
                        .forEach(i -> Blackhole.consumeCPU(t[i])))
                : executor.submit(() -> {
                    ParallelFor.run(executor, split, partitions, 0, size, i -> Blackhole.consumeCPU(t[i]));
                    return null;
                });
        root.get(WAIT_SECONDS, TimeUnit.SECONDS);
        return size;
    }

    @TearDown(Level.Trial)
    public void stop() {
        Contenders.closePool(executor, pool);
    }
}
