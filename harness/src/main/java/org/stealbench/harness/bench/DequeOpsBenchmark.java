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
 * Uncontended per-operation cost of each deque: an owner push+pop pair and a push+steal pair, one
 * thread, against {@code java.util.ArrayDeque} with no synchronization at all ({@code array-deque}),
 * the physical floor of an owner operation, and the same with one full fence per pop or steal
 * ({@code array-deque-fenced}), the floor of any deque whose owner may pop while a thief steals.
 *
 * <p>Why: the owner's push/pop is the hot path of a work-stealing pool; its cost over the floor is
 * what the deque's synchronization costs when nobody steals. {@code depth} items sit below the
 * working slot: {@code depth = 0} is the always-near-empty case, where several algorithms take a
 * slow path, {@code depth = 64} the roomy one. Items are one preallocated object, so no allocation
 * is timed; the growth path is warmed in setup. The contended case is
 * {@link DequeContentionBenchmark} (the floor cannot take part there, and JMH parameters are
 * shared by name across a class, hence two classes).
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar DequeOpsBenchmark -p queue=chase-lev,array-deque}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class DequeOpsBenchmark {

    /** An item that is never null and never allocated per operation. */
    static final Integer ITEM = 42;

    /** Single-threaded owner operations; admits the unsynchronized floor. */
    @State(Scope.Benchmark)
    public static class Owner {
        @Param({"array-deque", "array-deque-fenced", "locked", "duffy", "chase-lev", "blocking", "jdk-cld", "jdk-lbd", "hybrid-fixed", "segmented-mpmc"})
        public String queue;

        @Param({"0", "64"})
        public int depth;

        TaskQueue<Integer> deque;

        @Setup(Level.Trial)
        public void setUp() {
            deque = prepared(Contenders.require(queue, Contenders.dequeOps(true), "DequeOpsBenchmark"), depth);
        }
    }

    /** A deque whose growth path has run once, holding {@code depth} items. */
    static TaskQueue<Integer> prepared(String id, int depth) {
        TaskQueue<Integer> deque = Contenders.queue(id);
        for (int i = 0; i < 4096; i++) {
            deque.push(ITEM);
        }
        while (deque.pop() != null) {
            // drained: the array (where there is one) keeps its grown size
        }
        for (int i = 0; i < depth; i++) {
            deque.push(ITEM);
        }
        return deque;
    }

    /** Owner push then pop: the item comes straight back (LIFO) or the oldest one does (FIFO). */
    @Benchmark
    public Integer pushPop(Owner s) {
        s.deque.push(ITEM);
        return s.deque.pop();
    }

    /** Push then steal from the thieves' end, uncontended: the cost of a steal's synchronization. */
    @Benchmark
    public Integer pushSteal(Owner s) {
        s.deque.push(ITEM);
        return s.deque.steal();
    }
}
