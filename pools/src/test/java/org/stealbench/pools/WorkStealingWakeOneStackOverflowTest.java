package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real StackOverflowError inside the wake-up of an idle worker (issue 30): a second worker parks
 * between the sweeper's frames, and at every frame on the way up from the stack's end the sweeper
 * forks a task (its push signals) and calls tryRunOne (a batch move signals too), so the overflow
 * meets IdleWorkers.wakeOne at each of its calls (the searchers' add under SEARCHING, the unpark
 * after the lock). Pins that the woken worker still wakes and the pool terminates after shutdown:
 * a worker taken off the idle stack but never unparked would keep it from terminating, and under
 * SEARCHING a searcher count never given back would keep every later push from signalling.
 * WorkStealingStackOverflowSweepTest runs one worker, so its wake-ups never find an idle one.
 */
@Timeout(120)
final class WorkStealingWakeOneStackOverflowTest {

    private static final int SWEEPS = 40;

    @ParameterizedTest
    @ValueSource(strings = {WorkStealingPoolBuilder.DEFAULT_TUNING, "searching"})
    void wakeUpCutShortByStackOverflow_idleWorkerStillWakesAndPoolTerminates(String tuning)
            throws InterruptedException {
        sweepAndCheck(WorkStealingThreadPool.builder().threads(2).tuning(tuning).globalBatch(2).build());
    }

    private static void sweepAndCheck(WorkStealingThreadPool pool) throws InterruptedException {
        AtomicReference<Throwable> unexpected = new AtomicReference<>();
        pool.setUncaughtExceptionHandler((thread, failure) -> {
            if (!(failure instanceof StackOverflowError)) {
                unexpected.compareAndSet(null, failure);
            }
        });
        AtomicInteger ran = new AtomicInteger();
        Set<Thread> workers = ConcurrentHashMap.newKeySet();
        boolean sweptAll = true;
        boolean terminated;
        try {
            for (int sweep = 0; sweep < SWEEPS && sweptAll; sweep++) {
                CountDownLatch swept = new CountDownLatch(1);
                pool.execute(() -> {
                    new Sweeper(pool, ran, workers, unexpected).descend();
                    swept.countDown();
                });
                sweptAll = swept.await(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
            }
        } finally {
            pool.shutdown();
            terminated = pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
            if (terminated) {
                pool.shutdownNow(); // not otherwise: a leaked in-flight count makes it spin for good
            }
        }
        assertNull(unexpected.get(), "only StackOverflowErrors expected from the pool's steps");
        assertTrue(sweptAll, "every sweep ends");
        StringBuilder state = new StringBuilder();
        for (Thread t : workers) {
            WorkStealingWorker w = (WorkStealingWorker) t;
            state.append("; ").append(w.getName()).append(' ').append(w.getState()).append(" signaled ").append(w.signaled)
                    .append(" searching ").append(w.searching);
        }
        assertTrue(terminated, "the pool terminates after shutdown (" + ran.get() + " forked tasks ran; idle count "
                + pool.idle.count() + state + ")");
    }

    /** Recurses until the stack overflows, then forks and calls tryRunOne at every frame on the way up. */
    private static final class Sweeper {
        private final WorkStealingThreadPool pool;
        private final AtomicInteger ran;
        private final Set<Thread> workers;
        private final Callable<Integer> forked;
        private final AtomicReference<Throwable> unexpected;

        Sweeper(WorkStealingThreadPool pool, AtomicInteger ran, Set<Thread> workers,
                AtomicReference<Throwable> unexpected) {
            this.pool = pool;
            this.workers = workers;
            // linked here, not at the stack's end (a lambda's first linkage there throws InternalError)
            this.forked = () -> {
                workers.add(Thread.currentThread());
                return ran.incrementAndGet();
            };
            this.ran = ran;
            this.unexpected = unexpected;
        }

        void descend() {
            try {
                descend();
            } catch (StackOverflowError bottom) {
                // the deepest frame: from here up, every frame forks and calls tryRunOne
            }
            try {
                pool.fork(forked);
                pool.tryRunOne();
            } catch (StackOverflowError expected) {
                // the overflow this sweep is for
            } catch (Throwable other) {
                unexpected.compareAndSet(null, other);
            }
        }
    }
}
