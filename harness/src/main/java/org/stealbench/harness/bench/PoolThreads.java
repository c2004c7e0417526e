package org.stealbench.harness.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Finds a pool's worker threads and waits until they are idle, for the benchmarks that measure an
 * idle pool (wake-up latency, idle CPU, spawning into an idle pool). Works on every pool of the
 * registry, the JDK's included, without a ThreadFactory: {@link #discover} occupies every worker
 * with a task that holds it until all have arrived, and records the threads that ran them.
 *
 * <p>Idle means every worker is parked or waiting ({@link Thread.State#WAITING} or
 * {@link Thread.State#TIMED_WAITING}), or has exited ({@link Thread.State#TERMINATED}: a JDK pool
 * may retire an idle worker). A worker that spins, yields or is blocked on a monitor is
 * {@code RUNNABLE} or {@code BLOCKED}, so it is not idle.
 */
final class PoolThreads {

    private PoolThreads() {
    }

    /**
     * The pool's {@code threads} workers: each of {@code threads} tasks records its thread and holds
     * it until all have started, so no worker runs two of them. Fails, naming the pool, if fewer
     * started a task within {@code seconds}.
     */
    static List<Thread> discover(ExecutorService pool, int threads, long seconds) throws InterruptedException {
        Set<Thread> seen = ConcurrentHashMap.newKeySet();
        CountDownLatch arrived = new CountDownLatch(threads);
        CountDownLatch release = new CountDownLatch(1);
        for (int i = 0; i < threads; i++) {
            pool.execute(() -> {
                seen.add(Thread.currentThread());
                arrived.countDown();
                try {
                    release.await(seconds, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        boolean all = arrived.await(seconds, TimeUnit.SECONDS);
        release.countDown();
        if (!all || seen.size() != threads) {
            throw new IllegalStateException(pool + ": only " + seen.size() + " of " + threads
                    + " workers started a task within " + seconds + " s");
        }
        return List.copyOf(seen);
    }

    /** Whether a thread in this state uses no CPU while it stays there. */
    static boolean idle(Thread.State state) {
        return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING
                || state == Thread.State.TERMINATED;
    }

    /**
     * Waits until every thread of {@code threads} except {@code except} (null for none) is idle,
     * polling their states: first spinning briefly, then sleeping 20 microseconds between polls so
     * the poller does not take the core a worker needs to reach its park. Fails, naming the threads
     * still busy and their states, if they are not all idle within {@code seconds}.
     */
    static void awaitIdle(List<Thread> threads, Thread except, long seconds, String pool) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (int polls = 0; ; polls++) {
            if (allIdle(threads, except)) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(pool + ": workers not idle (parked) within " + seconds + " s: "
                        + busy(threads, except));
            }
            if (polls < 100) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(20_000);
            }
        }
    }

    static boolean allIdle(List<Thread> threads, Thread except) {
        return threads.stream().allMatch(t -> t == except || idle(t.getState()));
    }

    private static List<String> busy(List<Thread> threads, Thread except) {
        List<String> out = new ArrayList<>();
        for (Thread t : threads) {
            Thread.State s = t.getState();
            if (t != except && !idle(s)) {
                out.add(t.getName() + " " + s);
            }
        }
        return out;
    }
}
