package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.stealbench.queues.QueueKind;

/**
 * shutdownNow() against an outside submission still in flight (Admission.SHARED_COUNTER) and an
 * outside tryRunOne(): the parked worker leaves on `stopping` without waiting for the in-flight
 * push (when its timed park returns, or at once on the unpark the test gives it), finds no helper inside, and terminates the
 * pool; the push then lands and an outside helper could then take and run the task before
 * shutdownNow's drain, after the pool reported terminated (14 of 20 rounds before tryRunOne
 * checked `stopping`). The submission is held between its admission and its push by holding the
 * locked global queue's monitor. The waits spin, then yield, so a loaded machine slows a round
 * down instead of starving the worker whose exit it waits for.
 */
@Timeout(120)
final class WorkStealingShutdownNowInFlightHelperTest {

    @Test
    void shutdownNow_inFlightSubmissionThenOutsideHelper_noTaskStartsAfterTermination() throws Exception {
        int rounds = 20;
        int startedAfterTermination = 0;
        StringBuilder log = new StringBuilder();
        for (int round = 0; round < rounds; round++) {
            String outcome = oneRound();
            log.append(outcome).append('\n');
            if (outcome.startsWith("started after termination")) {
                startedAfterTermination++;
            }
        }
        assertEquals(0, startedAfterTermination, log.toString());
    }

    private static String oneRound() throws Exception {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1)
                .globalQueue(QueueKind.byId("locked"))
                .admission(WorkStealingThreadPool.Admission.SHARED_COUNTER).build();
        CountDownLatch firstRan = new CountDownLatch(1);
        pool.execute(firstRan::countDown);
        TestPools.await(firstRan, "the first task");
        TestPools.awaitCondition(() -> pool.idleWorkers() == 1, "the worker to park");
        Field field = WorkStealingThreadPool.class.getDeclaredField("global");
        field.setAccessible(true);
        Object global = field.get(pool);

        AtomicReference<String> ran = new AtomicReference<>();
        Runnable task = () -> ran.set(pool.isTerminated() ? "terminated" : "live");
        AtomicReference<List<Runnable>> returned = new AtomicReference<>();
        Thread submitter = new Thread(() -> pool.execute(task), "in-flight submitter");
        Thread stopper = new Thread(() -> returned.set(pool.shutdownNow()), "shutdownNow");
        AtomicInteger attempts = new AtomicInteger();
        // Tries until it ran a task or shutdownNow returned.
        Thread helper = new Thread(() -> TestPools.spinUntil(() -> {
            attempts.incrementAndGet();
            return !stopper.isAlive() || pool.tryRunOne();
        }, "shutdownNow to return"), "outside helper");
        synchronized (global) {
            submitter.start();
            TestPools.awaitCondition(() -> submitter.getState() == Thread.State.BLOCKED,
                    "the submission to block on the global queue's monitor, admitted");
            stopper.start();
            TestPools.awaitCondition(() -> pool.stopping, "shutdownNow to set stopping");
            // A spurious wake-up, which any park may have: the worker then sees `stopping` now
            // instead of when its timed park returns (a second a round otherwise).
            for (WorkStealingWorker w : pool.workers) {
                LockSupport.unpark(w);
            }
            TestPools.spinUntil(pool::isTerminated, "the pool to terminate while the submission is in flight");
            helper.start();
            // Blocked on the monitor in its first take, or returning at once without one.
            TestPools.awaitCondition(() -> helper.getState() == Thread.State.BLOCKED
                    || attempts.get() >= 2 || !helper.isAlive(), "the helper to reach the global queue");
        }
        submitter.join();
        stopper.join();
        helper.join();
        TestPools.close(pool);
        if ("terminated".equals(ran.get())) {
            return "started after termination (isTerminated() true when it ran; shutdownNow returned "
                    + returned.get().size() + ")";
        }
        return "ran: " + ran.get() + ", returned " + returned.get().size();
    }
}
