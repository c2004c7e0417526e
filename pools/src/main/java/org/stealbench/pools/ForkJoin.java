package org.stealbench.pools;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;

/**
 * Fork/join over either of the pools that support it, so one divide-and-conquer program (for
 * example {@link Fibonacci#forkJoin}) runs unchanged on a {@link WorkStealingThreadPool} and on a
 * {@link ForkJoinPool}, and the harness can compare them.
 *
 * <p>{@link #fork} called on one of the pool's workers pushes the task onto that worker's own
 * deque (seed 004's {@code submit_front}); called from any other thread it submits the task to the
 * pool. {@link #invoke} runs a task in the pool and waits for its result. Any thread may call
 * either.
 */
public interface ForkJoin {

    /**
     * Schedules {@code task} and returns its handle.
     *
     * @throws NullPointerException                              if {@code task} is null
     * @throws java.util.concurrent.RejectedExecutionException if called from outside the pool
     *                                                           after it was shut down
     */
    <T> Joinable<T> fork(Callable<T> task);

    /**
     * Runs {@code task} in the pool and returns its result, as {@code fork(task).join()}.
     *
     * @throws java.util.concurrent.CompletionException wrapping what the task threw
     */
    default <T> T invoke(Callable<T> task) {
        return fork(task).join();
    }

    /**
     * The fork/join view of {@code pool}: the pool itself for a {@link WorkStealingThreadPool},
     * an adapter over {@link java.util.concurrent.RecursiveTask} for a {@link ForkJoinPool}.
     *
     * @throws IllegalArgumentException if {@code pool} is neither
     */
    static ForkJoin of(ExecutorService pool) {
        Objects.requireNonNull(pool, "pool");
        if (pool instanceof WorkStealingThreadPool ws) {
            return ws;
        }
        if (pool instanceof ForkJoinPool fjp) {
            return new ForkJoinPoolAdapter(fjp);
        }
        throw new IllegalArgumentException("pool must be a WorkStealingThreadPool or a ForkJoinPool, got "
                + pool.getClass().getName());
    }
}
