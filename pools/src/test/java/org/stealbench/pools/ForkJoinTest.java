package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stealbench.queues.QueueKind;
import org.stealbench.queues.QueueTraits.Order;

/** Fork/join on every work-stealing pool and on jdk-fjp, through the one ForkJoin API. */
final class ForkJoinTest {

    static Stream<Arguments> forkJoinKindsByThreads() {
        return TestPools.forkJoinKinds().flatMap(kind -> Stream.of(1, 2, 4).map(t -> Arguments.of(kind, t)));
    }

    static Stream<Arguments> workStealingKindsByThreads() {
        return TestPools.workStealingKinds().flatMap(kind -> Stream.of(1, 2, 4).map(t -> Arguments.of(kind, t)));
    }

    static Stream<PoolKind> forkJoinKinds() {
        return TestPools.forkJoinKinds();
    }

    @Tag("slow")
    @Timeout(120)
    @ParameterizedTest
    @MethodSource("forkJoinKindsByThreads")
    void fib25_byForkJoin_is75025(PoolKind kind, int threads) {
        ExecutorService pool = kind.create(threads);
        try {
            assertEquals(75025, Fibonacci.forkJoin(ForkJoin.of(pool), 25, 1));
        } finally {
            TestPools.close(pool);
        }
    }

    @Tag("slow")
    @Timeout(120)
    @ParameterizedTest
    @MethodSource("workStealingKindsByThreads")
    void fib20_seedStyleWithHelpUntil_is6765(PoolKind kind, int threads) {
        WorkStealingThreadPool pool = (WorkStealingThreadPool) kind.create(threads);
        try {
            assertEquals(6765, Fibonacci.seedStyle(pool, 20));
        } finally {
            pool.close();
        }
    }

    @Tag("quick")
    @Test
    void fibonacci_sequentialAndArguments() {
        assertEquals(0, Fibonacci.sequential(0));
        assertEquals(1, Fibonacci.sequential(1));
        assertEquals(75025, Fibonacci.sequential(25));
        assertThrows(IllegalArgumentException.class, () -> Fibonacci.sequential(-1));
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.create(1)) {
            assertThrows(IllegalArgumentException.class, () -> Fibonacci.forkJoin(pool, 10, -1));
            assertEquals(55, Fibonacci.forkJoin(pool, 10, 0), "threshold 0 forks all the way down");
            assertEquals(55, Fibonacci.forkJoin(pool, 10, 4), "a sequential threshold changes nothing");
        }
    }

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("forkJoinKinds")
    void join_taskThrew_rethrowsItWrappedInCompletionException(PoolKind kind) {
        ExecutorService pool = kind.create(2);
        try {
            ForkJoin fj = ForkJoin.of(pool);
            IOException failure = new IOException("expected by the test");
            CompletionException outside = assertThrows(CompletionException.class,
                    () -> fj.fork(() -> {
                        throw failure;
                    }).join());
            assertSame(failure, outside.getCause(), "joined from outside");
            CompletionException nested = assertThrows(CompletionException.class, () -> fj.invoke(() -> {
                Joinable<Integer> inner = fj.fork(() -> {
                    throw failure;
                });
                return inner.join();
            }));
            assertSame(failure, nested.getCause(), "joined on a worker, then propagated through a second join");
            assertEquals(42, fj.invoke(() -> 42), "the pool still works");
        } finally {
            TestPools.close(pool);
        }
    }

    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("forkJoinKinds")
    void join_fromOutsideThread_blocksUntilTheTaskIsDone(PoolKind kind) throws Exception {
        ExecutorService pool = kind.create(2);
        try {
            ForkJoin fj = ForkJoin.of(pool);
            CountDownLatch gate = new CountDownLatch(1);
            Joinable<String> forked = fj.fork(() -> {
                TestPools.awaitUninterruptibly(gate);
                return "done";
            });
            Thread opener = new Thread(() -> {
                try {
                    Thread.sleep(30);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                gate.countDown();
            });
            opener.start();
            assertEquals("done", forked.join());
            assertTrue(forked.isDone());
            opener.join();
        } finally {
            TestPools.close(pool);
        }
    }

    @Tag("quick")
    @Test
    void forkJoinOf_otherExecutor_isRefused() {
        ExecutorService tpe = PoolKind.byId("jdk-tpe").create(1);
        try {
            assertThrows(IllegalArgumentException.class, () -> ForkJoin.of(tpe));
        } finally {
            TestPools.close(tpe);
        }
    }

    /**
     * A wide fan-out on a deque whose pop is FIFO: a join that helped by popping would run the
     * oldest task, an unrelated sibling that joins in turn, nesting thousands deep. Joins on
     * such a deque pop nothing (they run the awaited task inline or help its thief), so the
     * nesting stays within the bound.
     */
    @Tag("quick")
    @Timeout(60)
    @Test
    void join_fifoPopDequeWideFanOut_nestingStaysWithinTheBound() {
        QueueKind fifoPop = QueueKind.LOCKED;
        assertEquals(Order.FIFO, fifoPop.traits().popOrder());
        AtomicInteger maxDepth = new AtomicInteger();
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).workerDeque(fifoPop).build()) {
            long sum = pool.invoke(() -> {
                List<Joinable<Long>> children = new ArrayList<>();
                for (int i = 0; i < 20_000; i++) {
                    long value = i;
                    children.add(pool.fork(() -> {
                        Joinable<Long> a = pool.fork(() -> value);
                        Joinable<Long> b = pool.fork(() -> {
                            maxDepth.accumulateAndGet(pool.currentHelpDepth(), Math::max);
                            return value;
                        });
                        return a.join() + b.join();
                    }));
                }
                long total = 0;
                for (Joinable<Long> child : children) {
                    total += child.join();
                }
                return total;
            });
            assertEquals(2L * (20_000L * 19_999L / 2), sum);
        }
        assertTrue(maxDepth.get() <= WorkStealingThreadPool.MAX_HELP_DEPTH + 2,
                "help depth " + maxDepth.get() + " exceeded the bound");
    }

    @Tag("quick")
    @Timeout(60)
    @Test
    void fork_onWorker_goesToItsOwnDequeAndFromOutsideToTheGlobalQueue() {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.create(1)) {
            String placement = pool.invoke(() -> {
                Joinable<Integer> child = pool.fork(() -> 1);
                String where = pool.currentDequeSize() + "/" + pool.globalQueueSize();
                child.join();
                return where;
            });
            assertEquals("1/0", placement);
            CountDownLatch gate = TestPools.occupyWorker(pool);
            Joinable<Integer> outside = pool.fork(() -> 2);
            assertEquals(1, pool.globalQueueSize());
            gate.countDown();
            assertEquals(2, outside.join());
        }
    }

    @Tag("quick")
    @Timeout(60)
    @Test
    void tryRunOneAndHelpUntil_fromOutside_runPendingWorkOnTheCaller() {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.create(1)) {
            assertFalse(pool.tryRunOne(), "nothing to run");
            assertTrue(pool.helpUntil(() -> true));
            CountDownLatch gate = TestPools.occupyWorker(pool);
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            pool.execute(() -> ranOn.set(Thread.currentThread()));
            assertTrue(pool.tryRunOne());
            assertSame(Thread.currentThread(), ranOn.get());
            AtomicInteger count = new AtomicInteger();
            for (int i = 0; i < 5; i++) {
                pool.execute(count::incrementAndGet);
            }
            assertTrue(pool.helpUntil(() -> count.get() == 5));
            assertFalse(pool.helpUntil(() -> count.get() == 6), "nothing left to run and the condition is false");
            assertThrows(NullPointerException.class, () -> pool.helpUntil(null));
            gate.countDown();
        }
    }

    @Tag("quick")
    @Timeout(60)
    @Test
    void fork_fromOutsideAfterShutdown_isRejected() {
        WorkStealingThreadPool pool = WorkStealingThreadPool.create(1);
        pool.shutdown();
        assertThrows(RejectedExecutionException.class, () -> pool.fork(() -> 1));
        assertThrows(NullPointerException.class, () -> pool.fork(null));
        pool.close();
    }

    @Tag("quick")
    @Timeout(60)
    @Test
    void shutdownNow_withQueuedFork_returnsAndCancelsIt() {
        WorkStealingThreadPool pool = WorkStealingThreadPool.create(1);
        CountDownLatch gate = TestPools.occupyWorker(pool);
        Joinable<Integer> queued = pool.fork(() -> 1);
        List<Runnable> neverRun = pool.shutdownNow();
        gate.countDown();
        assertEquals(List.of(queued), neverRun);
        assertTrue(queued.isDone());
        assertThrows(CancellationException.class, queued::join);
        neverRun.get(0).run();
        assertThrows(CancellationException.class, queued::join, "running a cancelled task does nothing");
        pool.close();
    }

    /** An outside joiner blocked on a fork nobody took yet (WAITING set while NEW) wakes on its cancel. */
    @Tag("quick")
    @Timeout(60)
    @Test
    void shutdownNow_wakesAnOutsideJoinerOfTheQueuedFork() throws Exception {
        WorkStealingThreadPool pool = WorkStealingThreadPool.create(1);
        CountDownLatch gate = TestPools.occupyWorker(pool);
        Joinable<Integer> queued = pool.fork(() -> 1);
        AtomicReference<Throwable> joined = new AtomicReference<>();
        Thread joiner = new Thread(() -> {
            try {
                queued.join();
            } catch (Throwable t) {
                joined.set(t);
            }
        });
        joiner.start();
        TestPools.spinUntil(() -> joiner.getState() == Thread.State.WAITING, "the joiner's wait on the task");
        assertEquals(List.of(queued), pool.shutdownNow());
        joiner.join();
        assertInstanceOf(CancellationException.class, joined.get());
        gate.countDown();
        pool.close();
    }

    @Tag("quick")
    @Timeout(60)
    @Test
    void join_onWorkerWhileTheTaskRunsElsewhere_waitsAndGetsTheResult() {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.create(2)) {
            CountDownLatch stolen = new CountDownLatch(1);
            String result = pool.invoke(() -> {
                Joinable<String> child = pool.fork(() -> {
                    stolen.countDown();
                    Thread.sleep(20);
                    return "child";
                });
                Joinable<String> sibling = pool.fork(() -> "sibling");
                // the sibling fork makes the deque hold two tasks, which wakes the other worker
                TestPools.awaitUninterruptibly(stolen);
                return sibling.join() + "+" + child.join();
            });
            assertEquals("sibling+child", result);
        }
    }

    /**
     * The completion's store of status and read of {@code waiting} against an outside joiner's
     * store of {@code waiting} and read of status (ForkTask's overview): a lost wake-up leaves a
     * join blocked for ever, so the timeout catches it. The task's short, varying spin moves its
     * completion across the joiner's announce; two outside joiners per task make the second one
     * find the flag already set.
     */
    @Tag("slow")
    @Timeout(120)
    @Test
    void join_fromOutsideRacingWithTheCompletion_alwaysWakes() throws Exception {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.create(2)) {
            int rounds = 20_000;
            AtomicReference<Joinable<Integer>> shared = new AtomicReference<>();
            AtomicInteger secondJoins = new AtomicInteger();
            Thread second = new Thread(() -> {
                for (int i = 0; i < rounds; i++) {
                    TestPools.spinUntil(() -> shared.get() != null, "the next task to join");
                    shared.getAndSet(null).join();
                    secondJoins.incrementAndGet();
                }
            });
            second.start();
            for (int i = 0; i < rounds; i++) {
                int value = i;
                Joinable<Integer> forked = pool.fork(() -> {
                    for (int spin = value % 64; spin > 0; spin--) {
                        Thread.onSpinWait();
                    }
                    return value;
                });
                shared.set(forked);
                assertEquals(value, forked.join());
                // the second joiner has taken this task before the next
                TestPools.spinUntil(() -> shared.get() == null, "the second joiner to take the task");
            }
            second.join(TestPools.HANG.toMillis());
            assertEquals(rounds, secondJoins.get());
        }
    }

    /**
     * A claim racing with a waiter's announcement (an outside join of a task a worker is just
     * taking). The claim must succeed, since no one else claimed; a claim that failed there
     * dropped the task (a worker took it from its queue and never ran it, and its joiner waited
     * forever). That happens when the waiter's flag is a bit of status set by CAS between the
     * claimer's read and its CAS; the flag is its own field, and this test keeps any
     * status-sharing design honest. Each round starts both threads together on a fresh task; the
     * window is a few nanoseconds, so the rounds are many, and the handoffs yield once a spin
     * fails (TestPools.spinUntil), so the rounds stay fast on a loaded machine.
     */
    @Tag("slow")
    @Timeout(120)
    @Test
    void tryClaim_racingWithAWaiterSettingItsFlag_claimsTheNewTask() throws Exception {
        int rounds = 300_000;
        AtomicReference<ForkTask<Integer>> current = new AtomicReference<>();
        AtomicInteger round = new AtomicInteger();
        AtomicInteger waiterReady = new AtomicInteger(-1);
        Thread waiter = new Thread(() -> {
            for (int i = 0; i < rounds; i++) {
                waiterReady.set(i);
                int next = i + 1;
                TestPools.spinUntil(() -> round.get() == next, "the next round");
                // Announces a waiter under the monitor; the pending interrupt ends the wait at once.
                Thread.currentThread().interrupt();
                current.get().awaitDoneClearingInterrupt(Long.MAX_VALUE, null);
            }
        });
        waiter.start();
        int failed = 0;
        for (int i = 0; i < rounds; i++) {
            ForkTask<Integer> task = new ForkTask<>(null, () -> 1, null);
            current.set(task);
            int ready = i;
            TestPools.spinUntil(() -> waiterReady.get() == ready, "the waiter");
            round.set(i + 1);
            if (!task.tryClaim()) {
                failed++;
            }
        }
        waiter.join();
        assertEquals(0, failed, "claims of a NEW task lost to a waiter's flag");
    }

    /**
     * Owner pops against inline claims and steals, under every tuning: the invoking worker forks
     * children and joins them oldest first, so its joins pop the newer ones, while a task on the
     * other worker joins the same children newest first, claiming inline those still in the first
     * worker's deque (and stealing, where the tuning lets it). Every
     * child must run exactly once and every join see its value: a claim that is not exclusive runs
     * a child twice (its second run finds no body and fails the join); a take that drops a child
     * no one claimed loses it (its join then hangs, caught by the timeout).
     */
    @Tag("slow")
    @Timeout(300)
    @ParameterizedTest
    @MethodSource("org.stealbench.pools.WorkStealingThreadPoolTest#tunings")
    void joinsFromBothWorkers_everyTuning_runEveryChildExactlyOnce(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        int rounds = 600;
        int children = 32;
        try (WorkStealingThreadPool pool = tuning.apply(WorkStealingThreadPool.builder().threads(2)).build()) {
            for (int round = 0; round < rounds; round++) {
                AtomicIntegerArray runs = new AtomicIntegerArray(children);
                AtomicReference<List<Joinable<Integer>>> published = new AtomicReference<>();
                AtomicReference<Throwable> otherJoinerFailure = new AtomicReference<>();
                CountDownLatch otherJoinerDone = new CountDownLatch(1);
                pool.execute(() -> {
                    try {
                        // The invoking worker publishes right after its forks.
                        TestPools.spinUntil(() -> published.get() != null, "the invoking worker's forks");
                        List<Joinable<Integer>> forked = published.get();
                        for (int i = children - 1; i >= 0; i--) {
                            assertEquals(i, forked.get(i).join());
                        }
                    } catch (Throwable t) {
                        otherJoinerFailure.set(t);
                    } finally {
                        otherJoinerDone.countDown();
                    }
                });
                pool.invoke(() -> {
                    List<Joinable<Integer>> forked = new ArrayList<>();
                    for (int i = 0; i < children; i++) {
                        int index = i;
                        forked.add(pool.fork(() -> {
                            runs.incrementAndGet(index);
                            return index;
                        }));
                    }
                    published.set(forked);
                    for (int i = 0; i < children; i++) {
                        assertEquals(i, forked.get(i).join());
                    }
                    return null;
                });
                TestPools.awaitUninterruptibly(otherJoinerDone);
                assertNull(otherJoinerFailure.get(), "round " + round + ": the other worker's joins");
                for (int i = 0; i < children; i++) {
                    assertEquals(1, runs.get(i), "round " + round + ": runs of child " + i);
                }
            }
        }
    }

    @Tag("quick")
    @Test
    void forkJoinOf_returnsThePoolItselfOrAnAdapter() {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.create(1)) {
            assertSame(pool, ForkJoin.of(pool));
        }
        ExecutorService fjp = PoolKind.byId("jdk-fjp").create(1);
        try {
            assertInstanceOf(ForkJoinPoolAdapter.class, ForkJoin.of(fjp));
        } finally {
            TestPools.close(fjp);
        }
    }
}
