package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/** Helpers shared by the pool tests: registry slices, bounded waits and closing any pool. */
final class TestPools {

    /** How long any single wait in a test may take before it counts as a hang. */
    static final Duration HANG = Duration.ofSeconds(20);

    /** Busy-wait rounds before {@link #spinUntil} starts yielding. */
    private static final int SPINS_BEFORE_YIELD = 100;

    private TestPools() {
    }

    static Stream<PoolKind> allKinds() {
        return PoolKind.values().stream();
    }

    static Stream<PoolKind> ourKinds() {
        return PoolKind.values().stream().filter(PoolKind::isStealbenchPool);
    }

    static Stream<PoolKind> forkJoinKinds() {
        return PoolKind.values().stream().filter(PoolKind::supportsForkJoin);
    }

    static Stream<PoolKind> workStealingKinds() {
        return PoolKind.values().stream().filter(k -> k.id().startsWith("ws-"));
    }

    /**
     * Whether a helping join on a two-worker pool of {@code tuning} steals from the thief of the
     * awaited task (it does only where the worker deque pops LIFO and thieves take the other end).
     */
    static boolean joinsStealFromThieves(String tuning) {
        WorkStealingThreadPool probe = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
        boolean steals = probe.ownPopHelps;
        close(probe);
        return steals;
    }

    /** Shuts {@code pool} down and fails unless it terminates within {@link #HANG}. */
    static void close(ExecutorService pool) {
        assertTrue(PoolKind.shutdownAndAwait(pool, HANG), () -> pool + " did not terminate");
    }

    /**
     * Runs a task on {@code pool} that holds its worker until the returned latch is opened, and
     * returns once it started: with one worker, whatever is submitted next stays queued.
     */
    static CountDownLatch occupyWorker(Executor pool) {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        pool.execute(() -> {
            started.countDown();
            awaitUninterruptibly(release);
        });
        await(started, "the task occupying the worker");
        return release;
    }

    static void await(CountDownLatch latch, String what) {
        try {
            assertTrue(latch.await(HANG.toMillis(), TimeUnit.MILLISECONDS),
                    () -> what + ": still " + latch.getCount() + " to go after " + HANG);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted while waiting for " + what);
        }
    }

    /** Polls {@code condition} until it holds, failing after {@link #HANG}. */
    static void awaitCondition(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + HANG.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("timed out waiting for " + what);
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted while waiting for " + what);
            }
        }
    }

    /**
     * Busy-waits until {@code condition} holds, failing after {@link #HANG}: for the handoffs of
     * race tests, whose races need both threads running at once. It spins first, so a handoff
     * between two running threads takes nanoseconds; then it yields each round, so on a loaded
     * machine (or one core) the waiter gives its CPU to the thread it waits for instead of
     * spinning out its time slice, when no race could happen anyway.
     */
    static void spinUntil(BooleanSupplier condition, String what) {
        long deadline = 0;
        for (int spins = 0; !condition.getAsBoolean(); spins++) {
            if (spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
                continue;
            }
            if (spins == SPINS_BEFORE_YIELD) {
                deadline = System.nanoTime() + HANG.toNanos();
            } else if (System.nanoTime() > deadline) {
                fail("timed out waiting for " + what);
            }
            Thread.yield();
        }
    }

    /** Awaits {@code latch} ignoring interrupts, for tasks that must not be stopped early. */
    static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        for (;;) {
            try {
                if (latch.await(HANG.toMillis(), TimeUnit.MILLISECONDS)) {
                    break;
                }
                throw new IllegalStateException("gate never opened");
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
