package org.stealbench.queues;

/**
 * Test hook of the hybrid deques ({@link HybridLinkedDeque}, {@link FixedHybridLinkedDeque}):
 * called by the deque at the named critical steps of its operations, so a test can pause one
 * thread exactly there, run other threads' operations, and resume it. Production instances hold
 * {@link #NONE}, which does nothing; the call is a monomorphic no-op the JIT removes.
 */
interface HybridPauser {

    /** The steps at which a deque calls {@link #at}. */
    enum Step {
        /** Enqueue/push: the new node is linked after the last node; the tail is not swung yet. */
        ENQUEUE_LINKED,
        /** Seed Dequeue: head == tail while head.next != null (the lagging-tail branch). */
        DEQUEUE_TAIL_LAGS,
        /** Seed DequeueLast: the tail and its prev passed the emptiness checks; swapNode not filled. */
        STEAL_CHECKED,
        /** Seed DequeueLast: swapNode filled; the blockade CAS on tail.next not tried yet. */
        STEAL_FILLED,
        /** Seed DequeueLast: tail swung to swapNode; the final CAS on tail.prev.next not done yet. */
        STEAL_TAIL_SWUNG,
        /** Fixed steal: a live item was read at a node; the re-check of the last node not done yet. */
        STEAL_FOUND,
        /** Fixed steal: the item was taken; the dead nodes it walked over are not unlinked yet. */
        STEAL_TAKEN
    }

    void at(Step step);

    HybridPauser NONE = NoPause.INSTANCE;

    /** An enum singleton rather than a lambda, so Lincheck's model checker sees a plain class. */
    enum NoPause implements HybridPauser {
        INSTANCE;

        @Override
        public void at(Step step) {
        }
    }
}
