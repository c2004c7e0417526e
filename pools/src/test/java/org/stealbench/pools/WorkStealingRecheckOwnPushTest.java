package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.stealbench.queues.ChaseLevArrayDeque;
import org.stealbench.queues.QueueTraits;
import org.stealbench.queues.TaskQueue;

/**
 * A worker's execute rechecked after its push (on a LIFO-pop deque), each step at the point a racing shutdownNow() would hit it: the
 * unstarted pool's worker 0 executes from the test thread into a chase-lev deque that calls
 * shutdownNow() just before or just after the push. Before: the drain finds nothing, and only
 * the read of SHUTDOWN after the push's fence keeps the task from being accepted and then
 * neither run nor returned. After: the drain returns the task, and execute accepts it.
 */
@Tag("quick")
final class WorkStealingRecheckOwnPushTest {

    private static final Runnable TASK = () -> { };

    private final WorkStealingThreadPool pool =
            WorkStealingThreadPool.builder().threads(1).unstarted();
    private final WorkStealingWorker worker = (WorkStealingWorker) pool.workerThread(0);
    private final List<Runnable> returned = new ArrayList<>();

    @Test
    void shutdownNowBetweenTheFirstCheckAndThePush_refusesTheTask() throws ReflectiveOperationException {
        DequeAroundPush deque = install(true);
        assertThrows(RejectedExecutionException.class, () -> pool.executeOwn(worker, TASK));
        assertEquals(List.of(), returned, "the drain came before the push");
        assertTrue(deque.isEmpty(), "the refused task was taken back");
    }

    @Test
    void shutdownNowAfterThePush_returnsTheTask_andExecuteAcceptsIt() throws ReflectiveOperationException {
        DequeAroundPush deque = install(false);
        pool.executeOwn(worker, TASK);
        assertEquals(List.of(TASK), returned, "the drain took the task: it was accepted");
        assertTrue(deque.isEmpty());
    }

    @Test
    void executeAfterShutdown_isRefusedWithoutAPush() {
        pool.shutdown();
        assertThrows(RejectedExecutionException.class, () -> pool.executeOwn(worker, TASK));
        assertEquals(0, worker.deque.size());
    }

    @Test
    void executeBeforeShutdown_isAccepted() {
        pool.executeOwn(worker, TASK);
        assertEquals(1, worker.deque.size());
        assertEquals(List.of(TASK), pool.shutdownNow());
    }

    /** Replaces worker 0's deque with one that calls shutdownNow() before or after each push. */
    private DequeAroundPush install(boolean before) throws ReflectiveOperationException {
        DequeAroundPush deque = new DequeAroundPush(before);
        Field field = WorkerFields.class.getDeclaredField("deque");
        field.setAccessible(true);
        field.set(worker, deque);
        return deque;
    }

    private final class DequeAroundPush implements TaskQueue<Runnable> {
        private final ChaseLevArrayDeque<Runnable> inner = new ChaseLevArrayDeque<>();
        private final boolean before;

        DequeAroundPush(boolean before) {
            this.before = before;
        }

        @Override
        public void push(Runnable item) {
            if (before) {
                returned.addAll(pool.shutdownNow());
            }
            inner.push(item);
            if (!before) {
                returned.addAll(pool.shutdownNow());
            }
        }

        @Override
        public Runnable pop() {
            return inner.pop();
        }

        @Override
        public Runnable steal() {
            return inner.steal();
        }

        @Override
        public int size() {
            return inner.size();
        }

        @Override
        public boolean isEmpty() {
            return inner.isEmpty();
        }

        @Override
        public QueueTraits traits() {
            return inner.traits();
        }
    }
}
