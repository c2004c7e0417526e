package org.stealbench.harness.bench;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.stealbench.pools.ForkJoin;
import org.stealbench.pools.Joinable;

/**
 * A fork/join view of a real pool that counts the forks made through it and the forked tasks that
 * ran on another thread than the one that forked them (stolen), for tests that check a planted
 * slowdown really does more pool operations.
 */
final class CountingForkJoin implements ForkJoin {
    private final ForkJoin pool;
    final AtomicInteger forks = new AtomicInteger();
    final AtomicInteger stolen = new AtomicInteger();

    CountingForkJoin(ForkJoin pool) {
        this.pool = pool;
    }

    @Override
    public <T> Joinable<T> fork(Callable<T> task) {
        forks.incrementAndGet();
        Thread forker = Thread.currentThread();
        return pool.fork(() -> {
            if (Thread.currentThread() != forker) {
                stolen.incrementAndGet();
            }
            return task.call();
        });
    }
}
