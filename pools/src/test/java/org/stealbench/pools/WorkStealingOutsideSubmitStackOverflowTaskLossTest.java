package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What an outside {@code execute} cut short by a real StackOverflowError does to the tasks the
 * pool had accepted (issue 30 review): an outside thread recurses until the stack overflows and
 * executes a numbered task at every frame on the way up; then one more task from a shallow stack
 * (a later submission wakes a worker, as the class comment says), and every task whose execute
 * returned normally must run exactly once. It waits for the runs, not for termination: under the counted
 * admissions a cut-short decrement keeps it from terminating
 * (WorkStealingOutsideSubmitStackOverflowTest).
 * Under global-locked the global queue is a
 * java.util.ArrayDeque under a monitor, whose addLast stores the task and advances its tail before
 * it calls grow() when the array is full: an overflow at that call would leave head == tail, a
 * full deque that reads as empty, and this test would show the queued tasks lost if a sweep's
 * overflow lands there.
 */
@Timeout(300)
final class WorkStealingOutsideSubmitStackOverflowTaskLossTest {

    private static final int SWEEPS = 30;

    @ParameterizedTest
    @ValueSource(strings = {WorkStealingPoolBuilder.DEFAULT_TUNING, "global-locked", "shared-counter",
            "global-locked+global-batch-1"})
    void outsideExecuteCutShortByStackOverflow_everyAcceptedTaskRunsOnce(String tuning) throws InterruptedException {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
        NumberedExecuteSweeper sweeper = new NumberedExecuteSweeper(pool);
        sweeper.sweepFromOutside(SWEEPS, 0);
        pool.execute(() -> { }); // wakes a worker for tasks whose execute threw after queueing them
        long deadline = System.nanoTime() + TestPools.HANG.toNanos();
        while (sweeper.acceptedNotRun() != 0 && !sweeper.ranTwice() && System.nanoTime() < deadline) {
            Thread.sleep(1); // polling for a count, as TestPools.awaitCondition does
        }
        int lost = sweeper.acceptedNotRun();
        pool.shutdown(); // not shutdownNow: a leaked in-flight count would make it spin for good
        assertNull(sweeper.unexpected(), "only StackOverflowErrors expected");
        assertFalse(sweeper.ranTwice(), "no task runs twice");
        assertEquals(0, lost, "accepted tasks that never ran, of " + sweeper.accepted());
    }
}
