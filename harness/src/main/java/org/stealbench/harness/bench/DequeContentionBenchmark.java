package org.stealbench.harness.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
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
 * The owner's push+pop pair while 1, 2 or 3 thieves steal from the same deque ({@code @Group}
 * benchmarks {@code thieves1..3}: role {@code owner} one thread, role {@code thief} n threads).
 *
 * <p>Why: thieves collide with the owner at the near-empty end, where every algorithm here takes
 * its slow path (Duffy's lock, Chase-Lev's CAS on the last item); the owner's time against
 * {@link DequeOpsBenchmark}'s uncontended pair is the price of being stolen from. The owner's
 * push and pop leave the deque as it was unless a thief got the item, so the deque stays near
 * empty (the {@code depth} items are stolen within the first microseconds). Thieves count
 * successful and empty steals ({@code stolen}, {@code empty}). On a 2-core machine, two or three
 * thieves oversubscribe the CPU; the report says so.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar DequeContentionBenchmark -p queue=chase-lev,duffy}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class DequeContentionBenchmark {

    /** Owner and thieves share one deque; the unsynchronized floor cannot take part. */
    @State(Scope.Group)
    public static class Shared {
        @Param({"locked", "duffy", "chase-lev", "blocking", "jdk-cld", "jdk-lbd", "hybrid-fixed", "segmented-mpmc"})
        public String queue;

        @Param({"0", "64"})
        public int depth;

        TaskQueue<Integer> deque;

        @Setup(Level.Trial)
        public void setUp() {
            deque = DequeOpsBenchmark.prepared(
                    Contenders.require(queue, Contenders.dequeOps(false), "DequeContentionBenchmark"), depth);
        }
    }

    /** Steal outcomes per thief thread, summed over each iteration. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class StealCounts {
        public long stolen;
        public long empty;
    }

    @Benchmark
    @Group("thieves1")
    @GroupThreads(1)
    public Integer owner1(Shared s) {
        s.deque.push(DequeOpsBenchmark.ITEM);
        return s.deque.pop();
    }

    @Benchmark
    @Group("thieves1")
    @GroupThreads(1)
    public Integer thief1(Shared s, StealCounts counts) {
        return steal(s, counts);
    }

    @Benchmark
    @Group("thieves2")
    @GroupThreads(1)
    public Integer owner2(Shared s) {
        s.deque.push(DequeOpsBenchmark.ITEM);
        return s.deque.pop();
    }

    @Benchmark
    @Group("thieves2")
    @GroupThreads(2)
    public Integer thief2(Shared s, StealCounts counts) {
        return steal(s, counts);
    }

    @Benchmark
    @Group("thieves3")
    @GroupThreads(1)
    public Integer owner3(Shared s) {
        s.deque.push(DequeOpsBenchmark.ITEM);
        return s.deque.pop();
    }

    @Benchmark
    @Group("thieves3")
    @GroupThreads(3)
    public Integer thief3(Shared s, StealCounts counts) {
        return steal(s, counts);
    }

    private static Integer steal(Shared s, StealCounts counts) {
        Integer item = s.deque.steal();
        if (item == null) {
            counts.empty++;
        } else {
            counts.stolen++;
        }
        return item;
    }
}
