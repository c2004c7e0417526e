package org.stealbench.queues;

import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;

/**
 * The Lincheck test shapes: one class per calling discipline. A concrete test per variant extends
 * one of them and names its kind; Lincheck instantiates it afresh for every scenario.
 */
final class QueueLincheckTests {

    private QueueLincheckTests() {
    }

    /** Owner-only deques: push and pop share one non-parallel group (one owner thread). */
    @Param(name = "item", gen = IntGen.class, conf = "1:9")
    public abstract static class OwnerAndThieves {
        private final TaskQueue<Integer> queue = newQueue();

        protected abstract QueueKind kind();

        /** The queue under test; a test-only mutant outside the registry overrides this. */
        protected TaskQueue<Integer> newQueue() {
            return kind().create(2);
        }

        @Operation(nonParallelGroup = "owner")
        public void push(@Param(name = "item") int item) {
            queue.push(item);
        }

        @Operation(nonParallelGroup = "owner")
        public Integer pop() {
            return queue.pop();
        }

        @Operation
        public Integer steal() {
            return queue.steal();
        }
    }

    /** Any-thread queues: every operation from any thread. */
    @Param(name = "item", gen = IntGen.class, conf = "1:9")
    public abstract static class AnyThread {
        private final TaskQueue<Integer> queue = kind().create(2);

        protected abstract QueueKind kind();

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
    }
}
