package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real StackOverflowError inside an outside thread's {@code execute} (issue 30, the limit the
 * class comment states for the counted admissions): an outside thread recurses until the stack
 * overflows and executes a task at every frame on the way up, so the overflow meets every call of
 * the submission, the in-flight count's decrement (leave()) included. Then {@code shutdownNow()}
 * on another thread. Under Admission.INJECTOR nothing is counted, so it returns. Not the counted
 * admissions (global-locked, shared-counter): a decrement cut short there leaves the count raised
 * and shutdownNow() spins for good (the class comment's known limits; docs/findings.md).
 */
@Timeout(180)
final class WorkStealingOutsideSubmitStackOverflowTest {

    private static final int SWEEPS = 100;

    @ParameterizedTest
    @ValueSource(strings = {WorkStealingPoolBuilder.DEFAULT_TUNING, "global-batch-1", "searching"})
    void outsideExecuteCutShortByStackOverflow_shutdownNowReturnsAndPoolTerminates(String tuning)
            throws InterruptedException {
        WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).tuning(tuning).build();
        NumberedExecuteSweeper sweeper = new NumberedExecuteSweeper(pool);
        boolean sweptAll = sweeper.sweepFromOutside(SWEEPS, TestPools.HANG.toMillis() * 4);
        boolean returned = NumberedExecuteSweeper.shutdownNowReturns(pool);
        boolean terminated = returned && pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
        assertTrue(sweptAll, "every sweep ends");
        assertNull(sweeper.unexpected(), "only StackOverflowErrors expected from the submissions");
        assertTrue(returned, "shutdownNow returns (" + sweeper.accepted() + " executes accepted)");
        assertTrue(terminated, "the pool terminates after shutdownNow");
    }
}
