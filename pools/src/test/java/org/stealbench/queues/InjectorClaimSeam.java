package org.stealbench.queues;

import java.util.function.BooleanSupplier;

/**
 * For the pools module's tests: a segmented-mpmc injector whose push throws between its claim
 * and its store while {@code fail} holds, through the queue's package-private ClaimHook (this
 * class sits in the queue's package for that). What such a push leaves, a claimed index with no
 * item, is what a submitter out of stack or memory at that point leaves (issue 30, bug 5).
 */
public final class InjectorClaimSeam {

    private InjectorClaimSeam() {
    }

    /** A queue with the default segment length and patience whose push throws after its claim while {@code fail} holds. */
    public static <T> SegmentedMpmcQueue<T> failingAfterClaim(BooleanSupplier fail) {
        SegmentedMpmcQueue.ClaimHook hook = () -> {
            if (fail.getAsBoolean()) {
                throw new StackOverflowError("test: no stack left between the injector's claim and its store");
            }
        };
        return new SegmentedMpmcQueue<>(SegmentedMpmcQueue.DEFAULT_SEGMENT_LENGTH, hook,
                SegmentedMpmcQueue.DEFAULT_PATIENCE);
    }
}
