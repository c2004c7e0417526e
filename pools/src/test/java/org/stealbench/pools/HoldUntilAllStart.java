package org.stealbench.pools;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Tasks in the manner of the harness's PoolThreads.discover: each records its thread and holds it
 * until {@link #releaseAll()} (or {@link TestPools#HANG}), so no worker runs two of them and the
 * last can only start on a worker no other holds.
 */
final class HoldUntilAllStart {
    final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    final CountDownLatch started;
    private final CountDownLatch release = new CountDownLatch(1);

    HoldUntilAllStart(int count) {
        started = new CountDownLatch(count);
    }

    void run() {
        threads.add(Thread.currentThread());
        started.countDown();
        try {
            release.await(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void releaseAll() {
        release.countDown();
    }
}
