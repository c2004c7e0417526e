package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** TaskContext on one thread, and flowing (or not) through every pool that offers flow. */
@Tag("quick")
final class TaskContextTest {

    private static final TaskContext.Key<String> USER = new TaskContext.Key<>("user");
    private static final TaskContext.Key<Integer> TENANT = new TaskContext.Key<>("tenant");

    /** Single-thread pools with flow on, so consecutive tasks share one worker. */
    static Stream<Supplier<ExecutorService>> flowingPools() {
        return Stream.of(
                named("simple-lock-flow", () -> new SimpleLockThreadPool(1, true)),
                named("ws flowContext(true)", () -> WorkStealingThreadPool.builder().threads(1).flowContext(true).build()));
    }

    static Stream<Supplier<ExecutorService>> nonFlowingPools() {
        return Stream.of(
                named("simple-lock", () -> new SimpleLockThreadPool(1, false)),
                named("ws default", () -> WorkStealingThreadPool.builder().threads(1).build()));
    }

    private static Supplier<ExecutorService> named(String name, Supplier<ExecutorService> factory) {
        return new Supplier<>() {
            @Override
            public ExecutorService get() {
                return factory.get();
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    @Test
    void with_insideAndAfterBody_bindsThenRestores() {
        assertNull(USER.get());
        TaskContext.with(USER, "ada", () -> {
            assertEquals("ada", USER.get());
            TaskContext.with(TENANT, 7, () -> {
                assertEquals("ada", USER.get());
                assertEquals(7, TENANT.get());
                TaskContext.with(USER, null, () -> assertNull(USER.get()));
                assertEquals("ada", USER.get());
            });
            assertNull(TENANT.get());
            assertEquals("grace", TaskContext.with(USER, "grace", USER::get));
            assertEquals("ada", USER.get());
        });
        assertNull(USER.get());
        assertTrue(TaskContext.current().isEmpty());
    }

    @Test
    void with_bodyThrows_stillRestores() {
        assertThrows(IllegalStateException.class, () -> TaskContext.with(USER, "ada", () -> {
            throw new IllegalStateException("expected by the test");
        }));
        assertNull(USER.get());
    }

    @Test
    void bind_isImmutableSnapshot() {
        TaskContext empty = TaskContext.current();
        TaskContext one = empty.bind(USER, "ada");
        TaskContext two = one.bind(TENANT, 3).bind(USER, "grace");
        assertNull(empty.get(USER));
        assertEquals("ada", one.get(USER));
        assertNull(one.get(TENANT));
        assertEquals("grace", two.get(USER));
        assertEquals(3, two.get(TENANT));
        assertSame(one, one.bind(TENANT, null), "unbinding an absent key changes nothing");
        assertTrue(one.bind(USER, null).isEmpty());
    }

    @Timeout(30)
    @ParameterizedTest
    @MethodSource("flowingPools")
    void flowOn_valueFlowsToTheTaskAndNeverLeaksIntoTheNext(Supplier<ExecutorService> factory) {
        ExecutorService pool = factory.get();
        List<Object> seen = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(4);
        if (pool instanceof StealbenchPool ours) {
            ours.setUncaughtExceptionHandler((t, e) -> { });
        }
        try {
            TaskContext.with(USER, "ada", () -> pool.execute(() -> {
                seen.add(USER.get());
                done.countDown();
            }));
            pool.execute(() -> {
                seen.add(String.valueOf(USER.get()));
                done.countDown();
            });
            TaskContext.with(USER, "grace", () -> pool.execute(() -> {
                seen.add(USER.get());
                done.countDown();
                throw new IllegalStateException("expected by the test: context must be restored anyway");
            }));
            pool.execute(() -> {
                seen.add(String.valueOf(USER.get()));
                done.countDown();
            });
            TestPools.await(done, "four tasks");
        } finally {
            TestPools.close(pool);
        }
        assertEquals(List.of("ada", "null", "grace", "null"), seen);
        assertNull(USER.get(), "the submitter's own context is untouched");
    }

    @Timeout(30)
    @ParameterizedTest
    @MethodSource("nonFlowingPools")
    void flowOff_valueDoesNotFlow(Supplier<ExecutorService> factory) {
        ExecutorService pool = factory.get();
        List<Object> seen = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        try {
            TaskContext.with(USER, "ada", () -> pool.execute(() -> {
                seen.add(String.valueOf(USER.get()));
                done.countDown();
            }));
            TestPools.await(done, "the task");
        } finally {
            TestPools.close(pool);
        }
        assertEquals(List.of("null"), seen);
    }

    @Timeout(30)
    @Test
    void flowOn_forkedTasksSeeTheirForkersContext() {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).flowContext(true).build()) {
            String seen = TaskContext.with(USER, "ada", () -> pool.invoke(() -> {
                Joinable<String> inner = TaskContext.with(USER, "grace", () -> pool.fork(USER::get));
                return USER.get() + "/" + inner.join() + "/" + USER.get();
            }));
            assertEquals("ada/grace/ada", seen);
        }
    }

    @Timeout(30)
    @Test
    void shutdownNow_flowingPool_returnsTheTasksAsSubmitted() {
        SimpleLockThreadPool pool = new SimpleLockThreadPool(1, true);
        CountDownLatch gate = TestPools.occupyWorker(pool);
        Runnable queued = () -> { };
        TaskContext.with(USER, "ada", () -> pool.execute(queued));
        List<Runnable> neverRun = pool.shutdownNow();
        gate.countDown();
        assertEquals(1, neverRun.size());
        assertSame(queued, neverRun.get(0));
        pool.close();
    }
}
