package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.stealbench.pools.PauseHook.PausePoint;

/**
 * ForkTask's waiter protocol (its overview), the completer's half: a completer stores the final
 * status, then reads {@code waiting}; a joiner that must block writes {@code waiting}, then reads
 * the status. Here an outside joiner makes its whole registration while the worker completing the
 * task is held between its two steps ({@link PausePoint#STATUS_STORED}); the worker goes on once
 * the join has returned or the joiner waits on the task's monitor. A completer that read
 * {@code waiting} before storing the status would have missed the joiner, and an outside join
 * waits with no time limit, so the join would never return. (A worker's join waits 16 ms at a
 * time: there a lost wake-up costs time, which a test cannot tell from load.)
 */
final class ForkTaskCompletionWakeUpTest {

    @Test
    @Timeout(120)
    void join_registeringBetweenCompletersStatusStoreAndWaitingRead_returns() throws InterruptedException {
        CountDownLatch completerHeld = new CountDownLatch(1);
        CountDownLatch joinerStarted = new CountDownLatch(1);
        CountDownLatch joined = new CountDownLatch(1);
        AtomicReference<ForkTask<?>> task = new AtomicReference<>();
        AtomicReference<Thread> joiner = new AtomicReference<>();
        AtomicBoolean held = new AtomicBoolean();
        PauseHook hook = point -> {
            if (point == PausePoint.STATUS_STORED && held.compareAndSet(false, true)) {
                completerHeld.countDown();
                TestPools.awaitUninterruptibly(joinerStarted);
                TestPools.spinUntil(() -> joined.getCount() == 0 || waitsOnMonitor(joiner.get(), task.get()),
                        "the joiner's return or its wait on the task");
            }
        };
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).pauseHook(hook).build()) {
            task.set(assertInstanceOf(ForkTask.class, pool.fork(() -> 42)));
            TestPools.await(completerHeld, "the worker completing the task");
            AtomicReference<Object> result = new AtomicReference<>();
            Thread t = new Thread(() -> {
                result.set(task.get().join());
                joined.countDown();
            }, "outside joiner");
            t.setDaemon(true);
            joiner.set(t);
            t.start();
            joinerStarted.countDown();
            try {
                TestPools.await(joined, "the join of a task completed while its joiner registered (a lost wake-up)");
            } finally {
                task.get().wakeWaiters(); // frees a joiner left blocked by a failure, so the pool can close
            }
            assertEquals(42, result.get());
        }
    }

    /** Whether {@code thread} is blocked in {@code wait()} on {@code monitor}. */
    private static boolean waitsOnMonitor(Thread thread, Object monitor) {
        ThreadInfo info = ManagementFactory.getThreadMXBean().getThreadInfo(thread.getId());
        if (info == null || info.getThreadState() != Thread.State.WAITING) {
            return false;
        }
        LockInfo lock = info.getLockInfo();
        return lock != null && lock.getIdentityHashCode() == System.identityHashCode(monitor);
    }
}
