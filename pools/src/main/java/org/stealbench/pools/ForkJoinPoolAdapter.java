package org.stealbench.pools;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * {@link ForkJoin} over a {@link ForkJoinPool}: a fork from one of that pool's workers is
 * {@link ForkJoinTask#fork()}, from any other thread (including a worker of another
 * ForkJoinPool, whose {@code fork()} would go to the wrong pool) it is {@code pool.execute};
 * a join is {@link ForkJoinTask#join()}, which helps on a worker.
 */
final class ForkJoinPoolAdapter implements ForkJoin {

    /*
     * Implementation overview
     *
     * The task is a RecursiveTask whose inherited final join() and isDone() implement
     * Joinable, so a fork allocates exactly what ForkJoinPool's own idiom allocates. compute()
     * turns what the callable throws into ForkedTaskFailure, which ForkJoinTask rethrows from
     * join() as the same instance (see that class), so failures look as they do on our pool.
     */

    private final ForkJoinPool pool;

    ForkJoinPoolAdapter(ForkJoinPool pool) {
        this.pool = pool;
    }

    @Override
    public <T> Joinable<T> fork(Callable<T> task) {
        CallableTask<T> forked = new CallableTask<>(Objects.requireNonNull(task, "task"));
        if (ForkJoinTask.getPool() == pool) {
            forked.fork();
        } else {
            pool.execute(forked);
        }
        return forked;
    }

    @Override
    public String toString() {
        return "ForkJoin[" + pool + "]";
    }

    private static final class CallableTask<T> extends RecursiveTask<T> implements Joinable<T> {
        private static final long serialVersionUID = 1L;

        private transient Callable<T> callable;

        CallableTask(Callable<T> callable) {
            this.callable = callable;
        }

        @Override
        protected T compute() {
            Callable<T> body = callable;
            callable = null;
            try {
                return body.call();
            } catch (Throwable t) {
                throw ForkedTaskFailure.wrap(t);
            }
        }
    }
}
