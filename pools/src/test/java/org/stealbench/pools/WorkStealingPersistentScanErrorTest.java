package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.stealbench.pools.PauseHook.PausePoint;

/**
 * A worker whose own scan throws every time (an Error that does not go away, such as an
 * OutOfMemoryError while the heap stays full; here the pause hook where a scan found nothing):
 * runWorker reports the Error and goes on as a worker that found nothing, so it parks, and
 * shutdown() terminates the pool instead of leaving the worker to loop through the handler.
 */
@Timeout(120)
final class WorkStealingPersistentScanErrorTest {

    @Test
    void workerScanThrowsEveryTime_shutdown_terminates() throws InterruptedException {
        AtomicBoolean failing = new AtomicBoolean();
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).pauseHook(point -> {
            if (point == PausePoint.NOTHING_FOUND && failing.get()) {
                throw new OutOfMemoryError("test: every scan of the worker fails");
            }
        }).build();
        AtomicInteger reports = new AtomicInteger();
        CountDownLatch firstReport = new CountDownLatch(1);
        pool.setUncaughtExceptionHandler((thread, failure) -> {
            reports.incrementAndGet();
            firstReport.countDown();
        });
        try {
            CountDownLatch release = TestPools.occupyWorker(pool);
            failing.set(true);
            release.countDown(); // the worker's next scans find nothing and throw
            TestPools.await(firstReport, "the scan's Error reported");
            pool.shutdown();
            boolean terminated = pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
            assertTrue(terminated, "shut down with no task queued, the pool terminates; the handler got the scan's Error "
                    + reports.get() + " times meanwhile");
        } finally {
            failing.set(false);
            TestPools.close(pool);
        }
    }
}
