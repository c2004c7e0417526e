package org.stealbench.pools;

/**
 * The handle of a forked task: {@link ForkJoin#fork} returns one.
 *
 * @param <T> the task's result type
 */
public interface Joinable<T> {

    /**
     * Waits for the task and returns its result. On a work-stealing pool's worker the wait helps
     * (runs other pending work) instead of blocking; from any other thread it may block.
     *
     * @throws java.util.concurrent.CompletionException   wrapping what the task threw (a
     *                                                    {@code CompletionException} it threw is
     *                                                    rethrown as it is)
     * @throws java.util.concurrent.CancellationException if the pool was stopped by
     *                                                    {@code shutdownNow} before the task ran
     */
    T join();

    /** Whether the task has completed, normally, exceptionally or by cancellation. */
    boolean isDone();
}
