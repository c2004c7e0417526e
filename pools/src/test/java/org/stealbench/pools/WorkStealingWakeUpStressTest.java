package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 9's wake-up scenario in volume: many fresh 2- and 3-worker pools, each asked, in the
 * manner of the harness's PoolThreads.discover, to start one task per worker where every task
 * holds its worker until all have started. Bursts come right after the build (workers still
 * starting), right after the previous burst's tasks are released (workers between running,
 * searching and parking: where signals race), and from a worker that forks the rest onto its
 * own deque. Every wait is bounded by a limit a live pool meets at once; nothing is timed. Not
 * deterministic, and weak against narrow windows: it never caught issue 9's lost wake-up (two
 * pushes between a searcher's last scan and its decrement) in 4,400 pools on the old code, which
 * WorkStealingLivenessTest pins with a pause hook instead. A net for other interleavings.
 */
@Tag("slow")
final class WorkStealingWakeUpStressTest {

    /** Fresh pools per tuning. */
    private static final int POOLS = 400;
    /**
     * The most spin-waits before each burst, a random number each time, so bursts land at varying
     * points of the workers' start, search and park (a phase shift, not a synchronization).
     */
    private static final int MAX_JITTER_SPINS = 4_096;
    /** A bound on one burst that a live pool meets at once and a pool with a lost wake-up never meets. */
    private static final long MISS_SECONDS = 10;

    static Stream<Named<UnaryOperator<WorkStealingPoolBuilder>>> tunings() {
        return Stream.concat(WorkStealingThreadPoolTest.tunings(),
                Stream.of(Named.of("searching+steal-half", (UnaryOperator<WorkStealingPoolBuilder>) b -> b.tuning("searching+steal-half"))));
    }

    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    @ParameterizedTest
    @MethodSource("tunings")
    void freshPools_burstsOfOneHoldingTaskPerWorker_everyWorkerStartsOne(UnaryOperator<WorkStealingPoolBuilder> tuning)
            throws InterruptedException {
        for (int i = 0; i < POOLS; i++) {
            int threads = 2 + i % 2;
            try (WorkStealingThreadPool pool = tuning.apply(WorkStealingThreadPool.builder().threads(threads)).build()) {
                burst(pool, i, "fresh, from outside", false);
                burst(pool, i, "just released, from outside", false);
                burst(pool, i, "just released, forked by a worker", true);
            }
        }
    }

    private static void burst(WorkStealingThreadPool pool, int poolIndex, String what, boolean forked)
            throws InterruptedException {
        int threads = pool.threads();
        for (int spins = ThreadLocalRandom.current().nextInt(MAX_JITTER_SPINS); spins > 0; spins--) {
            Thread.onSpinWait();
        }
        HoldUntilAllStart tasks = new HoldUntilAllStart(threads);
        try {
            if (forked) {
                pool.execute(() -> {
                    for (int k = 1; k < threads; k++) {
                        pool.execute(tasks::run);
                    }
                    tasks.run();
                });
            } else {
                for (int k = 0; k < threads; k++) {
                    pool.execute(tasks::run);
                }
            }
            assertTrue(tasks.started.await(MISS_SECONDS, TimeUnit.SECONDS), () -> pool + ", pool " + poolIndex + ", burst "
                    + what + ": only " + tasks.threads.size() + " of " + threads + " workers started a task");
            assertEquals(threads, tasks.threads.size(), "a worker ran two holding tasks");
        } finally {
            tasks.releaseAll();
        }
    }
}
