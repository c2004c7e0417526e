package org.stealbench.pools.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ParallelFor} with every partitioner on a plain fixed thread pool, a ForkJoinPool and a
 * direct (caller-runs) executor: every index of the range runs exactly once for uniform and
 * badly skewed work, with 1 to 8 partitions over ranges smaller than the partition count, empty,
 * not starting at 0, negative and at both ends of int; stealing relieves a blocked owner; a
 * throwing body, a refusing executor and an interrupt surface without hanging; a nested call on a
 * saturated pool completes.
 */
@Tag("quick")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
final class ParallelForTest {

    /** Long enough for any wait in these tests when nothing is wrong, so hitting it is a failure. */
    private static final long BOUND_SECONDS = 20;

    private static ExecutorService fixed;
    private static ForkJoinPool forkJoin;
    private static Map<String, Executor> executors;

    @BeforeAll
    static void startPools() {
        fixed = Executors.newFixedThreadPool(2);
        forkJoin = new ForkJoinPool(2);
        executors = Map.of("fixed-2", fixed, "fjp-2", forkJoin, "direct", Runnable::run);
    }

    @AfterAll
    static void stopPools() throws InterruptedException {
        fixed.shutdown();
        forkJoin.shutdown();
        assertTrue(fixed.awaitTermination(BOUND_SECONDS, TimeUnit.SECONDS));
        assertTrue(forkJoin.awaitTermination(BOUND_SECONDS, TimeUnit.SECONDS));
    }

    static Stream<Arguments> partitionersAndExecutors() {
        return Coverage.partitioners().flatMap(p -> Stream.of("fixed-2", "fjp-2", "direct").map(e -> Arguments.of(p, e)));
    }

    static Stream<Arguments> partitionersOnPools() {
        return Coverage.partitioners().flatMap(p -> Stream.of("fixed-2", "fjp-2").map(e -> Arguments.of(p, e)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("partitionersAndExecutors")
    void run_uniformWork_everyIndexOnce(RangePartitioner partitioner, String executor) throws InterruptedException {
        for (int[] range : Coverage.RANGES) {
            for (int partitions = 1; partitions <= 8; partitions++) {
                Coverage coverage = new Coverage(range[0], range[1]);
                ParallelFor.run(executors.get(executor), partitioner, partitions, range[0], range[1], coverage::visit);
                coverage.assertEachVisitedOnce(context(partitioner, executor, range, partitions));
            }
        }
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("partitionersAndExecutors")
    void run_allHeavyWorkInFirstStaticChunk_everyIndexOnce(RangePartitioner partitioner, String executor)
            throws InterruptedException {
        for (int[] range : Coverage.RANGES) {
            for (int partitions = 1; partitions <= 8; partitions++) {
                Coverage coverage = new Coverage(range[0], range[1]);
                int heavyEnd = RangeChecks.chunkStart(range[0], range[1], partitions, 1);
                IntConsumer body = i -> {
                    if (i < heavyEnd) {
                        Work.heavy(i);
                    }
                    coverage.visit(i);
                };
                ParallelFor.run(executors.get(executor), partitioner, partitions, range[0], range[1], body);
                coverage.assertEachVisitedOnce(context(partitioner, executor, range, partitions));
            }
        }
    }

    /** The partitioners that leave no index stuck behind a blocked body (static chunks do, by design). */
    static Stream<Arguments> balancingPartitionersOnPools() {
        return Stream.of(new WorkStealingRangePartitioner(), new DynamicChunkRangePartitioner(1))
                .flatMap(p -> Stream.of("fixed-2", "fjp-2").map(e -> Arguments.of(p, e)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("balancingPartitionersOnPools")
    void run_bodyBlockedOnTheFirstIndex_theOtherPartitionFinishesTheRest(RangePartitioner partitioner, String executor)
            throws InterruptedException {
        // With the work-stealing partitioner the first index opens partition 0's chunk, so the
        // other partition must steal the rest of that chunk, down to its last index, while the
        // thread that took the first index waits for exactly that.
        int from = -10;
        int to = 990;
        CountDownLatch rest = new CountDownLatch(to - from - 1);
        Coverage coverage = new Coverage(from, to);
        ParallelFor.run(executors.get(executor), partitioner, 2, from, to, i -> {
            if (i == from) {
                Work.await(rest, "the other partition to take every other index, stolen ones included");
            } else {
                rest.countDown();
            }
            coverage.visit(i);
        });
        coverage.assertEachVisitedOnce(partitioner + " on " + executor);
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("partitionersAndExecutors")
    void run_bodyThrows_surfacesAsCompletionExceptionAndPoolStaysUsable(RangePartitioner partitioner, String executor)
            throws InterruptedException {
        IllegalStateException boom = new IllegalStateException("boom");
        CompletionException e = assertThrows(CompletionException.class, () ->
                ParallelFor.run(executors.get(executor), partitioner, 4, 0, 1000, i -> {
                    if (i == 617) {
                        throw boom;
                    }
                }));
        assertSame(boom, e.getCause());
        assertTrue(e.getMessage().contains("617"), e.getMessage());
        Coverage coverage = new Coverage(0, 100);
        ParallelFor.run(executors.get(executor), partitioner, 4, 0, 100, coverage::visit);
        coverage.assertEachVisitedOnce("the loop after a failed one");
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("partitionersOnPools")
    void run_everyPartitionThrows_firstIsTheCauseOthersSuppressed(RangePartitioner partitioner, String executor) {
        CompletionException e = assertThrows(CompletionException.class, () ->
                ParallelFor.run(executors.get(executor), partitioner, 3, 0, 300, i -> {
                    throw new ArithmeticException("at " + i);
                }));
        assertInstanceOf(ArithmeticException.class, e.getCause());
        for (Throwable suppressed : e.getSuppressed()) {
            assertInstanceOf(ArithmeticException.class, suppressed.getCause());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.stealbench.pools.partition.Coverage#partitioners")
    void run_callerInterruptedWhileAPoolBodyRuns_throwsInterruptedAndCancels(RangePartitioner partitioner)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            CountDownLatch poolBodyStarted = new CountDownLatch(1);
            CountDownLatch releasePoolBody = new CountDownLatch(1);
            AtomicInteger poolBodies = new AtomicInteger();
            AtomicReference<Throwable> outcome = new AtomicReference<>();
            Thread caller = new Thread(() -> {
                Thread self = Thread.currentThread();
                try {
                    ParallelFor.run(pool, partitioner, 2, 0, 1000, i -> {
                        if (Thread.currentThread() != self) {
                            if (poolBodies.getAndIncrement() == 0) {
                                poolBodyStarted.countDown();
                                Work.await(releasePoolBody, "the test to release the pool's body");
                            }
                        } else if (i == 0) {
                            Work.awaitKeepingInterrupt(poolBodyStarted, "the pool to start a body");
                        }
                    });
                    outcome.set(new AssertionError("returned normally"));
                } catch (Throwable t) {
                    outcome.set(t);
                }
            }, "parallel-for-caller");
            caller.start();
            assertTrue(poolBodyStarted.await(BOUND_SECONDS, TimeUnit.SECONDS), "the pool started a body");
            caller.interrupt();
            caller.join(TimeUnit.SECONDS.toMillis(BOUND_SECONDS));
            assertTrue(!caller.isAlive(), "the caller returned after the interrupt");
            assertInstanceOf(InterruptedException.class, outcome.get());
            releasePoolBody.countDown();
            Future<?> after = pool.submit(() -> { });
            after.get(BOUND_SECONDS, TimeUnit.SECONDS);
            assertEquals(1, poolBodies.get(), "the cancelled loop started no index on the pool after the blocked one");
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.stealbench.pools.partition.Coverage#partitioners")
    void run_nestedInTheOnlyThreadOfAPool_completesOnTheCallingThread(RangePartitioner partitioner) throws Exception {
        ExecutorService single = Executors.newSingleThreadExecutor();
        try {
            Coverage coverage = new Coverage(0, 500);
            Future<?> outer = single.submit(() -> {
                ParallelFor.run(single, partitioner, 4, 0, 500, coverage::visit);
                return null;
            });
            outer.get(BOUND_SECONDS, TimeUnit.SECONDS);
            coverage.assertEachVisitedOnce(partitioner + " nested");
        } finally {
            single.shutdownNow();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.stealbench.pools.partition.Coverage#partitioners")
    void run_shutDownExecutor_rethrowsRejectionAndRunsNothing(RangePartitioner partitioner) throws InterruptedException {
        ExecutorService dead = Executors.newFixedThreadPool(1);
        dead.shutdown();
        AtomicInteger bodies = new AtomicInteger();
        assertThrows(RejectedExecutionException.class,
                () -> ParallelFor.run(dead, partitioner, 3, 0, 100, i -> bodies.incrementAndGet()));
        assertEquals(0, bodies.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.stealbench.pools.partition.Coverage#partitioners")
    void run_executorRefusesItsSecondTask_rethrowsAfterTheFirstEnds(RangePartitioner partitioner) throws Exception {
        List<Thread> started = new ArrayList<>();
        Executor oneThenRefuse = task -> {
            if (!started.isEmpty()) {
                throw new RejectedExecutionException("full");
            }
            Thread thread = new Thread(task, "only-task");
            started.add(thread);
            thread.start();
        };
        assertThrows(RejectedExecutionException.class, () -> ParallelFor.run(oneThenRefuse, partitioner, 4, 0, 100_000, i -> { }));
        started.get(0).join(TimeUnit.SECONDS.toMillis(BOUND_SECONDS));
        assertTrue(!started.get(0).isAlive());
    }

    @Test
    void run_emptyRange_runsAndSubmitsNothing() throws InterruptedException {
        Executor refuseAll = task -> fail("nothing may be submitted for an empty range");
        for (RangePartitioner partitioner : Coverage.partitioners().toList()) {
            ParallelFor.run(refuseAll, partitioner, 4, 5, 5, i -> fail("body ran on an empty range"));
            ParallelFor.run(refuseAll, partitioner, 1, Integer.MIN_VALUE, Integer.MIN_VALUE, i -> fail("body ran"));
        }
    }

    @Test
    void run_badArguments_refusedNamingTheArgument() {
        RangePartitioner p = new WorkStealingRangePartitioner();
        IntConsumer body = i -> { };
        assertMessageContains("from", assertThrows(IllegalArgumentException.class, () -> ParallelFor.run(fixed, p, 2, 1, 0, body)));
        assertMessageContains("partitions", assertThrows(IllegalArgumentException.class, () -> ParallelFor.run(fixed, p, 0, 0, 10, body)));
        assertMessageContains("partitions", assertThrows(IllegalArgumentException.class, () -> ParallelFor.run(fixed, p, 0, 5, 5, body)));
        assertMessageContains("executor", assertThrows(NullPointerException.class, () -> ParallelFor.run(null, p, 2, 0, 10, body)));
        assertMessageContains("partitioner", assertThrows(NullPointerException.class, () -> ParallelFor.run(fixed, null, 2, 0, 10, body)));
        assertMessageContains("body", assertThrows(NullPointerException.class, () -> ParallelFor.run(fixed, p, 2, 0, 10, null)));
    }

    @Test
    void run_partitionerThatLosesAnIndex_isCaught() {
        RangePartitioner losesLast = (from, to, partitions) -> {
            PartitionedRange all = new StaticRangePartitioner().split(from, to - 1, partitions);
            return new PartitionedRange() {
                @Override
                public int partitionCount() {
                    return all.partitionCount();
                }

                @Override
                public PrimitiveIterator.OfInt partition(int index) {
                    return all.partition(index);
                }
            };
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ParallelFor.run(fixed, losesLast, 3, 0, 100, i -> { }));
        assertTrue(e.getMessage().contains("99 indices of the 100"), e.getMessage());
    }

    private static void assertMessageContains(String word, Exception e) {
        assertTrue(e.getMessage().contains(word), e.getMessage());
    }

    private static String context(RangePartitioner partitioner, String executor, int[] range, int partitions) {
        return partitioner + " on " + executor + " over [" + range[0] + ", " + range[1] + ") in " + partitions;
    }

    /** Work for the bodies: a few microseconds of arithmetic, and bounded waits. */
    private static final class Work {
        static volatile long sink;

        static void heavy(int seed) {
            long x = seed;
            for (int k = 0; k < 2_000; k++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            sink = x;
        }

        /** Waits like {@link #await} but lets an interrupt through to the caller's code after the wait. */
        static void awaitKeepingInterrupt(CountDownLatch latch, String what) {
            boolean interrupted = Thread.interrupted();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
            try {
                while (true) {
                    try {
                        if (!latch.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                            throw new AssertionError("timed out waiting for " + what);
                        }
                        return;
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        static void await(CountDownLatch latch, String what) {
            try {
                if (!latch.await(BOUND_SECONDS, TimeUnit.SECONDS)) {
                    throw new AssertionError("timed out waiting for " + what);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }
}
