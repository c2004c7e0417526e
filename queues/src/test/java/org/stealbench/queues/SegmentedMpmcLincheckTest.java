package org.stealbench.queues;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of {@link SegmentedMpmcQueue} beyond the registry-wide {@link QueueLincheckTest}:
 * a shape with one-slot segments (every push crosses a boundary) that also checks
 * {@code isEmpty} (a lost race must not read as empty) and the class's batch take, one with
 * {@code close} racing the pushes, and one whose takers poison every claimed slot they find empty.
 *
 * <p>The first two use takers that never give up on a claimed slot: their specifications (isEmpty,
 * a batch of min(2, size) items) hold only where no claim is abandoned (the queue's Javadoc). At the
 * default patience the model checker never reaches the poison either (counted once by
 * instrumenting the poison: it switches away from a waiting taker long before its patience runs
 * out), but a stress run could, if a producer sat descheduled through it. The third takes the
 * poison path on purpose, with the operations whose FIFO specification holds under it.
 */
@Tag("slow")
@Timeout(300)
final class SegmentedMpmcLincheckTest {

    /** One-slot segments; isEmpty and takeBatch beside push, pop and steal. */
    @Param(name = "item", gen = IntGen.class, conf = "1:9")
    public static final class OneSlotSegments {
        private final SegmentedMpmcQueue<Integer> queue =
                new SegmentedMpmcQueue<>(1, SegmentedMpmcQueue.ClaimHook.NONE, Integer.MAX_VALUE);

        @Operation
        public void push(@Param(name = "item") int item) {
            queue.push(item);
        }

        @Operation
        public Integer pop() {
            return queue.pop();
        }

        @Operation
        public Integer steal() {
            return queue.steal();
        }

        @Operation
        public boolean isEmpty() {
            return queue.isEmpty();
        }

        @Operation
        public List<Integer> takeTwo() {
            List<Integer> out = new ArrayList<>();
            queue.takeBatch(2, out::add);
            return out;
        }
    }

    /** FIFO pop and steal, isEmpty, and a batch of up to two oldest items. */
    public static final class FifoWithBatch extends SequentialDeques.Spec {
        public Integer pop() {
            return oldest();
        }

        public Integer steal() {
            return oldest();
        }

        public boolean isEmpty() {
            return items.isEmpty();
        }

        public List<Integer> takeTwo() {
            List<Integer> out = new ArrayList<>();
            while (out.size() < 2 && !items.isEmpty()) {
                out.add(oldest());
            }
            return out;
        }
    }

    /** One-slot segments with close: pushes race the close, takes the refused indices. */
    @Param(name = "item", gen = IntGen.class, conf = "1:9")
    public abstract static class ClosableOperations {
        private final SegmentedMpmcQueue<Integer> queue;

        ClosableOperations(int patience) {
            queue = new SegmentedMpmcQueue<>(1, SegmentedMpmcQueue.ClaimHook.NONE, patience);
        }

        @Operation
        public boolean push(@Param(name = "item") int item) {
            return queue.pushUnlessClosed(item);
        }

        @Operation
        public Integer pop() {
            return queue.pop();
        }

        @Operation
        public void close() {
            queue.close();
        }

        final SegmentedMpmcQueue<Integer> queue() {
            return queue;
        }
    }

    /** Takers that never give up on a claimed slot, with isEmpty and isClosed. */
    public static final class Closable extends ClosableOperations {
        public Closable() {
            super(Integer.MAX_VALUE);
        }

        @Operation
        public boolean isEmpty() {
            return queue().isEmpty();
        }

        @Operation
        public boolean isClosed() {
            return queue().isClosed();
        }
    }

    /**
     * Patience 0: a taker that finds a claimed slot empty poisons it at once, so the model checker
     * drives the recovery of abandoned claims (a push retried after its slot was poisoned, and
     * refused if the queue was closed meanwhile). isEmpty is left out: it counts a claim that is
     * later abandoned (the class's Javadoc), which no FIFO specification allows.
     */
    public static final class Impatient extends ClosableOperations {
        public Impatient() {
            super(0);
        }
    }

    /** A FIFO queue that refuses pushes once closed and keeps what it holds. */
    public static final class ClosableFifo {
        private final ArrayDeque<Integer> items = new ArrayDeque<>();
        private boolean closed;

        public boolean push(int item) {
            if (closed) {
                return false;
            }
            items.addLast(item);
            return true;
        }

        public Integer pop() {
            return items.pollFirst();
        }

        public boolean isEmpty() {
            return items.isEmpty();
        }

        public void close() {
            closed = true;
        }

        public boolean isClosed() {
            return closed;
        }
    }

    @Test
    void impatientTakers_modelChecking_linearizable() {
        LincheckSupport.check(Impatient.class, LincheckSupport.modelChecking(ClosableFifo.class)
                .invocationsPerIteration(500));
    }

    @Test
    void closable_modelChecking_linearizable() {
        LincheckSupport.check(Closable.class, LincheckSupport.modelChecking(ClosableFifo.class)
                .invocationsPerIteration(500));
    }

    @Test
    void closable_stress_linearizable() {
        LincheckSupport.check(Closable.class, LincheckSupport.stress(ClosableFifo.class));
    }

    /**
     * Half the shared invocations per scenario: with a segment link on every push the model
     * checker explores about twice the interleavings per invocation; the same scenarios run.
     */
    @Test
    void oneSlotSegmentsWithIsEmptyAndBatch_modelChecking_linearizable() {
        LincheckSupport.check(OneSlotSegments.class, LincheckSupport.modelChecking(FifoWithBatch.class)
                .invocationsPerIteration(500));
    }

    @Test
    void oneSlotSegmentsWithIsEmptyAndBatch_stress_linearizable() {
        LincheckSupport.check(OneSlotSegments.class, LincheckSupport.stress(FifoWithBatch.class));
    }
}
