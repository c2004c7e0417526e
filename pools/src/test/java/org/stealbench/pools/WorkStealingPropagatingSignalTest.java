package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Signalling.PROPAGATING's steps, one at a time on an unstarted pool whose two workers the test
 * drives itself (as the jcstress tests do): worker 1 is parked on the idle stack; worker 0 was
 * woken by the outside push of task A onto the empty injector. An outside push of B behind A
 * wakes no one; whoever takes A (a worker's scan, an outside tryRunOne) passes the signal on to
 * worker 1; a push onto an injector whose older tasks are all taken wakes worker 1 itself.
 * Each step, left out, leaves worker 1 parked beside B.
 */
@Tag("quick")
final class WorkStealingPropagatingSignalTest {

    private static final Runnable A = () -> { };
    private static final Runnable B = () -> { };

    private final WorkStealingThreadPool pool;
    private final WorkStealingWorker taker;
    private final WorkStealingWorker parked;

    WorkStealingPropagatingSignalTest() {
        pool = WorkStealingThreadPool.builder().threads(2).tuning("propagating+global-batch-1").unstarted();
        taker = (WorkStealingWorker) pool.workerThread(0);
        parked = (WorkStealingWorker) pool.workerThread(1);
        assertTrue(pool.idle.registerAndRescan(parked) && pool.idle.registerAndRescan(taker), "both idle");
        pool.execute(A);
        assertTrue(taker.signaled, "the push onto the empty injector woke the worker on top of the idle stack");
        assertFalse(parked.signaled);
    }

    @ParameterizedTest
    @ValueSource(strings = {"worker's scan", "outside tryRunOne"})
    void pushBehindAQueuedTask_wakesNobody_andTheTakeOfThatTaskPassesTheSignalOn(String takenBy) {
        pool.execute(B);
        assertFalse(parked.signaled, "B's push found A queued: it leaves the wake-up to A's taker");
        assertEquals(1, pool.idleWorkers());
        if (takenBy.equals("worker's scan")) {
            assertSame(A, pool.scanShared(taker));
        } else {
            pool.tryRunOne();
        }
        assertTrue(parked.signaled, "A's taker saw B queued and a worker idle, and woke it");
        assertEquals(0, pool.idleWorkers());
        assertEquals(1, pool.globalQueueSize(), "B is still queued");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 32})
    void pushAfterEveryOlderTaskWasTaken_wakesAnIdleWorker(int globalBatch) {
        WorkStealingThreadPool fresh = WorkStealingThreadPool.builder().threads(2)
                .tuning("propagating+global-batch-" + globalBatch).unstarted();
        WorkStealingWorker first = (WorkStealingWorker) fresh.workerThread(0);
        WorkStealingWorker second = (WorkStealingWorker) fresh.workerThread(1);
        assertTrue(fresh.idle.registerAndRescan(second) && fresh.idle.registerAndRescan(first), "both idle");
        fresh.execute(A);
        assertSame(A, fresh.scanShared(first));
        assertFalse(second.signaled, "nothing was left to pass on");
        fresh.execute(B);
        assertTrue(second.signaled, "B's push found every older index taken, so it signalled");
    }
}
