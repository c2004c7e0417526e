package org.stealbench.queues;

import org.jetbrains.kotlinx.lincheck.Options;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;

/**
 * The Lincheck test shapes: one class per calling discipline, and for each a concrete class that
 * tests the registry kind {@link #check(QueueKind, Options)} is running ({@link QueueLincheckTest}
 * runs them over every {@link QueueKind}). Lincheck instantiates the class afresh for every
 * scenario, through its no-argument constructor, so the kind cannot be a constructor argument.
 * A test of a queue outside the registry (a mutant) extends a shape and overrides {@code newQueue}.
 */
final class QueueLincheckTests {

    /** The kind under check: set around one Lincheck run, which creates its instances itself. */
    private static volatile QueueKind current;

    private QueueLincheckTests() {
    }

    /** The Lincheck test class for a kind: its calling discipline, testing that kind. */
    static Class<?> testClassFor(QueueKind kind) {
        return kind.traits().ownerOnly() ? RegistryOwnerAndThieves.class : RegistryAnyThread.class;
    }

    /**
     * Runs Lincheck on {@code kind}'s queue with its calling discipline; throws (a
     * LincheckAssertionError) with the failing interleaving if it finds one. Synchronized: one
     * kind at a time, since the kind reaches Lincheck's instances through a static field.
     */
    static synchronized void check(QueueKind kind, Options<?, ?> options) {
        current = kind;
        try {
            LincheckSupport.check(testClassFor(kind), options);
        } finally {
            current = null;
        }
    }

    private static QueueKind current() {
        QueueKind kind = current;
        if (kind == null) {
            throw new IllegalStateException("no kind under check: run through QueueLincheckTests.check");
        }
        return kind;
    }

    /** The owner-only kind under {@link #check}. */
    public static final class RegistryOwnerAndThieves extends OwnerAndThieves {
        @Override
        protected QueueKind kind() {
            return current();
        }
    }

    /** The any-thread kind under {@link #check}. */
    public static final class RegistryAnyThread extends AnyThread {
        @Override
        protected QueueKind kind() {
            return current();
        }
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
