package org.stealbench.pools;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every stealbench pool shares: the {@link java.util.concurrent.ExecutorService} contract
 * with stricter argument checks, {@link AutoCloseable}, an uncaught-exception handler for tasks
 * that throw, and termination tracking.
 *
 * <p>Contract common to the subclasses (any thread may call any method):
 * <ul>
 * <li>{@code execute(null)} throws {@link NullPointerException} naming {@code task}. Timeouts
 * follow java.util.concurrent: zero or negative means "do not wait" (answer at once), never an
 * exception, so {@code awaitTermination(deadline - System.nanoTime(), NANOSECONDS)} works after
 * the deadline passed; a huge timeout waits without overflowing.</li>
 * <li>{@link #shutdown()} refuses new tasks ({@link java.util.concurrent.RejectedExecutionException})
 * and lets every queued task run; the pool terminates once they have run.</li>
 * <li>{@link #shutdownNow()} also refuses new tasks, returns exactly the accepted tasks that never
 * started (a task handed to {@code execute} is returned as it was passed, whatever wrapping the
 * pool added) and interrupts the worker threads; a task a worker already took still runs.</li>
 * <li>A task that throws does not end its worker: the throwable goes to the
 * {@linkplain #setUncaughtExceptionHandler handler} and the pool keeps its thread count.</li>
 * <li>{@link #close()} shuts down and waits for termination. Called from one of the pool's own
 * workers it only shuts down, since a worker cannot wait for itself.</li>
 * </ul>
 * Worker threads are daemon threads, like {@link java.util.concurrent.ForkJoinPool}'s, so a pool
 * that is never closed does not keep the JVM alive.
 */
public abstract sealed class StealbenchPool extends AbstractExecutorService implements AutoCloseable
        permits SimpleLockThreadPool, WorkStealingThreadPool {

    /*
     * Implementation overview
     *
     * Termination: a subclass calls workersStarted(n) once its threads exist and workerExited() as
     * each one leaves its loop; the last exit (after awaitOutsideHelpers(), or markTerminated()
     * directly for a pool that never started) sets `terminated` under `terminationLock` and
     * notifies the waiters of awaitTermination. Every access to `liveWorkers`/`terminated` that
     * waits holds that lock; isTerminated() reads the volatile flag.
     */

    private static final AtomicInteger POOL_SEQUENCE = new AtomicInteger();

    private final Object terminationLock = new Object();
    private final AtomicInteger liveWorkers = new AtomicInteger();
    private volatile boolean terminated;
    private volatile Thread.UncaughtExceptionHandler handler;
    final String threadNamePrefix;

    StealbenchPool(String name) {
        threadNamePrefix = "stealbench-" + name + "-" + POOL_SEQUENCE.incrementAndGet() + "-worker-";
    }

    /**
     * Sets the handler that receives what a task passed to {@code execute} throws, on the worker
     * that ran it. {@code null} restores the default: the worker thread's own handler (the JVM's
     * default handler, or the thread group's, which prints the stack trace). A handler that throws
     * is ignored; the worker goes on either way.
     */
    public void setUncaughtExceptionHandler(Thread.UncaughtExceptionHandler handler) {
        this.handler = handler;
    }

    /**
     * The number of worker threads in their loops now (0 before a lazily started pool starts);
     * outside threads helping through a pool's own methods are not counted.
     */
    public int poolSize() {
        return liveWorkers.get();
    }

    /** Runs {@code task} on the calling worker, reporting what it throws to the handler. */
    final void runReporting(Runnable task) {
        try {
            task.run();
        } catch (Throwable failure) {
            reportUncaught(failure);
        }
    }

    final void reportUncaught(Throwable failure) {
        Thread thread = Thread.currentThread();
        Thread.UncaughtExceptionHandler h = handler;
        if (h == null) {
            h = thread.getUncaughtExceptionHandler();
        }
        try {
            h.uncaughtException(thread, failure);
        } catch (Throwable ignored) {
            // A throwing handler must not end the worker either.
        }
    }

    final void workersStarted(int count) {
        liveWorkers.addAndGet(count);
    }

    /** Called by each worker thread as it leaves its loop; the last one terminates the pool. */
    final void workerExited() {
        if (liveWorkers.decrementAndGet() == 0) {
            awaitOutsideHelpers();
            markTerminated();
        }
    }

    /**
     * Called by the last worker to leave, before the pool is terminated: returns once no thread
     * outside the pool still runs a task it took from it (nothing to wait for by default).
     */
    void awaitOutsideHelpers() {
    }

    final void markTerminated() {
        synchronized (terminationLock) {
            terminated = true;
            terminationLock.notifyAll();
        }
    }

    /**
     * Whether the calling thread runs this pool's tasks: one of its workers, or (where the pool
     * lets outside threads help) a thread inside a task it took from this pool. close() on such a
     * thread does not wait for termination, which waits for that thread.
     */
    abstract boolean isOwnWorker(Thread thread);

    static void checkTask(Object task) {
        Objects.requireNonNull(task, "task");
    }

    static int checkThreads(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        return threads;
    }

    @Override
    public final boolean isTerminated() {
        return terminated;
    }

    /**
     * As the JDK's pools: true at once if terminated; false at once, without checking the
     * interrupt status, if {@code timeout} is zero or negative; otherwise waits.
     *
     * @throws NullPointerException if {@code unit} is null
     */
    @Override
    public final boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long nanos = Objects.requireNonNull(unit, "unit").toNanos(timeout);
        if (nanos <= 0) {
            // Checked before any arithmetic: nanos - elapsed would overflow for Long.MIN_VALUE.
            return terminated;
        }
        long start = System.nanoTime();
        synchronized (terminationLock) {
            while (!terminated) {
                // Elapsed time against the budget, not a deadline: start + nanos overflows for huge
                // timeouts; nanos > 0 and elapsed >= 0, so this difference cannot overflow.
                long left = nanos - (System.nanoTime() - start);
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(terminationLock, left);
            }
            return true;
        }
    }

    /**
     * Shuts down and waits until every queued task has run and the workers have exited. If the
     * caller is interrupted while waiting, the pool is stopped as by {@link #shutdownNow()}, the
     * wait goes on until termination, and the interrupt status is restored before returning
     * (the behaviour of JDK 19's {@code ExecutorService.close}).
     */
    @Override
    public final void close() {
        shutdown();
        if (isOwnWorker(Thread.currentThread())) {
            return;
        }
        boolean interrupted = false;
        while (!terminated) {
            try {
                awaitTermination(1, TimeUnit.DAYS);
            } catch (InterruptedException e) {
                if (!interrupted) {
                    shutdownNow();
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Adds {@code task} to {@code out} as it was submitted, without the context wrapper a pool added. */
    static void addUnwrapped(List<Runnable> out, Runnable task) {
        out.add(task instanceof ContextTask ct ? ct.task() : task);
    }
}
