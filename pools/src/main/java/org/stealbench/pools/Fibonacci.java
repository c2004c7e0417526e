package org.stealbench.pools;

/**
 * Fibonacci numbers by recursive fork/join, seed 004's experiment: a tiny task per call, so the
 * cost measured is the pool's fork, join and stealing, not the work.
 */
public final class Fibonacci {

    private Fibonacci() {
    }

    /**
     * fib(n) on {@code pool}: each call with {@code n > threshold} forks fib(n - 1), computes
     * fib(n - 2) itself and joins (the usual fork/join idiom: one fork per call); calls at or
     * below the threshold compute sequentially. Any thread may call it; from outside the pool
     * the root runs as one task in it.
     *
     * A threshold of 0 or 1 forks all the way down to fib(1) and fib(0), as seed 004 does.
     *
     * @throws IllegalArgumentException if {@code n} or {@code threshold} is negative
     */
    public static long forkJoin(ForkJoin pool, int n, int threshold) {
        checkN(n);
        if (threshold < 0) {
            throw new IllegalArgumentException("threshold must not be negative, got " + threshold);
        }
        return pool.invoke(() -> compute(pool, n, threshold));
    }

    private static long compute(ForkJoin pool, int n, int threshold) {
        if (n < 2 || n <= threshold) {
            return sequential(n);
        }
        Joinable<Long> first = pool.fork(() -> compute(pool, n - 1, threshold));
        long second = compute(pool, n - 2, threshold);
        return first.join() + second;
    }

    /**
     * fib(n) the way seed 004 writes it: both calls forked, then {@code helpUntil} both are
     * done, then the joins. Runs on our pool only ({@code reschedule_until} has no JDK twin).
     *
     * @throws IllegalArgumentException if {@code n} is negative
     */
    public static long seedStyle(WorkStealingThreadPool pool, int n) {
        checkN(n);
        return pool.invoke(() -> computeSeedStyle(pool, n));
    }

    private static long computeSeedStyle(WorkStealingThreadPool pool, int n) {
        if (n < 2) {
            return n;
        }
        Joinable<Long> f1 = pool.fork(() -> computeSeedStyle(pool, n - 1));
        Joinable<Long> f2 = pool.fork(() -> computeSeedStyle(pool, n - 2));
        pool.helpUntil(() -> f1.isDone() && f2.isDone());
        return f1.join() + f2.join();
    }

    /** fib(n) by a loop. @throws IllegalArgumentException if {@code n} is negative */
    public static long sequential(int n) {
        checkN(n);
        long a = 0;
        long b = 1;
        for (int i = 0; i < n; i++) {
            long next = a + b;
            a = b;
            b = next;
        }
        return a;
    }

    private static void checkN(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n must not be negative, got " + n);
        }
    }
}
