package org.stealbench.pools;

/**
 * A test seam of {@link WorkStealingThreadPool}: a worker (or a thread shutting the pool down)
 * calls it at the points of the wake-up and shutdown protocols where the order of its next step
 * against other threads decides whether a wake-up or a task can be lost, so a test can hold that
 * thread there while others run through. Pools built without
 * {@link WorkStealingPoolBuilder#pauseHook} use {@link #NO_PAUSE}, which does nothing.
 */
interface PauseHook {

    PauseHook NO_PAUSE = point -> { };

    void at(PausePoint point);

    /** Where a worker calls its {@link PauseHook}. */
    enum PausePoint {
        /**
         * The worker's scans (and its search, under Signalling.SEARCHING) found nothing; next it
         * stops searching if it searches, and registers as idle.
         */
        NOTHING_FOUND,
        /** A searching worker (Signalling.SEARCHING) found a task; next it stops searching. */
        SEARCHER_FOUND_TASK,
        /** A worker took more than one task from the global queue; next it moves all but one to its inbox. */
        BATCH_TAKEN,
        /** A worker is about to push a task it moved from a shared queue into its inbox. */
        MOVE_TO_INBOX,
        /** shutdownNow() found a worker moving tasks into its inbox; next it waits for it to finish. */
        STOP_AWAITS_MOVER,
        /** shutdown() closed the injector (Admission.INJECTOR); next it sets SHUTDOWN. */
        SHUTDOWN_CLOSED_INJECTOR,
        /**
         * A forked task's completer stored its final status; next it reads whether a joiner waits,
         * and wakes it.
         */
        STATUS_STORED
    }
}
