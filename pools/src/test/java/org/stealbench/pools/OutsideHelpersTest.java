package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The wait of the last worker to leave for the outside helpers (OutsideHelpers): it must end
 * even when the helper's wake-up was lost, as it is when a StackOverflowError cuts short the
 * call after the helper's record went back to zero.
 */
@Timeout(60)
final class OutsideHelpersTest {

    @Test
    void awaitNoneInside_helperLeavesWithoutItsWakeUp_stillReturns() throws InterruptedException {
        OutsideHelpers helpers = new OutsideHelpers();
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch leave = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        Thread helper = new Thread(() -> {
            OutsideHelpers.Helper me = helpers.mine();
            me.depth = 1;
            inside.countDown();
            TestPools.awaitUninterruptibly(leave);
            me.depth = 0; // and no left(): its wake-up is lost
            TestPools.awaitUninterruptibly(finish);
        }, "outside helper");
        helper.start();
        TestPools.await(inside, "the helper to be inside");
        Thread worker = new Thread(helpers::awaitNoneInside, "last worker");
        worker.start();
        TestPools.awaitCondition(() -> worker.getState() == Thread.State.TIMED_WAITING
                || worker.getState() == Thread.State.WAITING, "the worker to wait for the helper");
        leave.countDown();
        worker.join(TestPools.HANG.toMillis());
        boolean stillWaiting = worker.isAlive();
        finish.countDown();
        helper.join();
        assertFalse(stillWaiting, "the last worker still waits for a helper that left");
    }
}
