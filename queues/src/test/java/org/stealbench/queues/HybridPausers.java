package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Test-side tools for {@link HybridPauser}: a gate that pauses one named thread at one step, and
 * operations run on named threads. Every wait is bounded by {@link #TIMEOUT_SECONDS}.
 */
final class HybridPausers {

    static final long TIMEOUT_SECONDS = 20;

    private HybridPausers() {
    }

    /** Pauses the thread named {@code threadName} the first time it reaches {@code step}. */
    static final class Gate implements HybridPauser {
        private final Step step;
        private final String threadName;
        private final CountDownLatch reached = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        Gate(Step step, String threadName) {
            this.step = step;
            this.threadName = threadName;
        }

        @Override
        public void at(Step s) {
            if (s == step && Thread.currentThread().getName().equals(threadName) && reached.getCount() > 0) {
                reached.countDown();
                await(released, threadName + " was never released from " + step);
            }
        }

        /** Waits until the paused thread has reached the step. */
        void awaitReached() {
            await(reached, threadName + " did not reach " + step);
        }

        void release() {
            released.countDown();
        }
    }

    static void await(CountDownLatch latch, String timeoutMessage) {
        try {
            assertTrue(latch.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), timeoutMessage);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted: " + timeoutMessage, e);
        }
    }

    /** Starts {@code body} on a new daemon thread named {@code name}. */
    static <V> FutureTask<V> startOn(String name, Callable<V> body) {
        FutureTask<V> task = new FutureTask<>(body);
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
        return task;
    }

    /** The task's result, waiting a bounded time. */
    static <V> V finish(FutureTask<V> task) throws ExecutionException, InterruptedException {
        try {
            return task.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("the operation did not finish within " + TIMEOUT_SECONDS + " s", e);
        }
    }
}
