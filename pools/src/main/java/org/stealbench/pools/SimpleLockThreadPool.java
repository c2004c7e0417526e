package org.stealbench.pools;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import org.stealbench.queues.LockedFifoQueue;

/**
 * Seed 003's {@code SimpleLockThreadPool}: a fixed number of threads, started lazily on the first
 * submission, all taking tasks from one global FIFO queue under one monitor
 * ({@link LockedFifoQueue}, the {@code locked} queue kind), with context flow on or off.
 *
 * <p>Any thread may submit. Tasks start in submission order (FIFO); with more than one thread
 * they may finish in any order. Blocking: submitters and workers serialize on the queue's
 * monitor, and a submission wakes one waiting worker only when some worker waits (the seed's
 * {@code m_threadsWaiting} hint). With context flow on ({@code simple-lock-flow}, the seed's
 * default) each task runs with the {@link TaskContext} its submitter had in effect; with it off
 * ({@code simple-lock}) nothing is captured and a task costs no allocation beyond the queue's.
 * The ExecutorService contract is {@link StealbenchPool}'s.
 *
 * <p>Deviations from the seed, each for the ExecutorService contract: {@link #shutdown()} lets
 * queued work run (the seed's {@code Dispose} abandons it and waits), {@link #close()} is the
 * synchronous dispose; a task that throws goes to the uncaught-exception handler instead of
 * killing its thread; the threads are daemon threads.
 */
public final class SimpleLockThreadPool extends StealbenchPool {

    /*
     * Implementation overview
     *
     * The seed's seven fields map as follows: m_concurrencyLevel -> concurrencyLevel,
     * m_flowExecutionContext -> flowContext, m_queue -> queue (a LockedFifoQueue, whose take()
     * is the seed's Wait loop over m_threadsWaiting and whose push pulses only when a taker
     * waits), m_threads -> threads, m_shutdown -> the queue's closed flag plus runState.
     *
     * Lazy start (the seed's EnsureStarted) is double-checked: `threads` is volatile, so the
     * unlocked read either sees null or a fully started array; start and shutdown serialize on
     * startLock, so no thread starts after shutdown, and a pool shut down before it started
     * terminates at once.
     *
     * Shutdown closes the queue. Push and close both hold the queue's monitor, so a submission
     * either lands before the close (and will run, or be returned by shutdownNow) or is rejected:
     * no task is accepted and lost. Workers leave when take() reports closed-and-drained.
     * shutdownNow closes, drains the queue with pop() and interrupts the workers; a task that a
     * worker took before the drain still runs (with the interrupt set), exactly as in
     * ThreadPoolExecutor, so every accepted task either starts or is returned, never both.
     * Before each task a worker clears a stray interrupt unless the pool is stopping.
     */

    private static final int RUNNING = 0;
    private static final int SHUTDOWN = 1;
    private static final int STOP = 2;

    private final int concurrencyLevel;
    private final boolean flowContext;
    private final LockedFifoQueue<Runnable> queue = new LockedFifoQueue<>();
    private final Object startLock = new Object();
    private volatile Thread[] threads;
    private volatile int runState = RUNNING;

    /** One thread per available processor, context flow on (the seed's defaults). */
    public SimpleLockThreadPool() {
        this(Runtime.getRuntime().availableProcessors(), true);
    }

    /** @throws IllegalArgumentException if {@code threads} is less than 1 */
    public SimpleLockThreadPool(int threads) {
        this(threads, true);
    }

    /** One thread per available processor, context flow as given. */
    public SimpleLockThreadPool(boolean flowContext) {
        this(Runtime.getRuntime().availableProcessors(), flowContext);
    }

    /** @throws IllegalArgumentException if {@code threads} is less than 1 */
    public SimpleLockThreadPool(int threads, boolean flowContext) {
        super(flowContext ? "simple-lock-flow" : "simple-lock");
        this.concurrencyLevel = checkThreads(threads);
        this.flowContext = flowContext;
    }

    /** The fixed number of threads this pool runs once started. */
    public int concurrencyLevel() {
        return concurrencyLevel;
    }

    /** Whether tasks run with their submitter's {@link TaskContext}. */
    public boolean flowsContext() {
        return flowContext;
    }

    @Override
    public void execute(Runnable task) {
        checkTask(task);
        Runnable item = flowContext ? ContextTask.capture(task) : task;
        ensureStarted();
        try {
            queue.push(item);
        } catch (IllegalStateException closed) {
            throw new RejectedExecutionException("pool is shut down");
        }
    }

    private void ensureStarted() {
        if (threads == null) {
            synchronized (startLock) {
                if (threads == null && runState == RUNNING) {
                    Thread[] started = new Thread[concurrencyLevel];
                    for (int i = 0; i < started.length; i++) {
                        started[i] = new Worker(this, threadNamePrefix + i);
                    }
                    workersStarted(started.length);
                    for (Thread thread : started) {
                        thread.start();
                    }
                    threads = started;
                }
            }
        }
    }

    private void dispatchLoop() {
        try {
            for (;;) {
                Runnable task;
                try {
                    task = queue.take();
                } catch (InterruptedException e) {
                    continue;
                }
                if (task == null) {
                    return;
                }
                if (Thread.interrupted() && runState == STOP) {
                    Thread.currentThread().interrupt();
                }
                runReporting(task);
            }
        } finally {
            workerExited();
        }
    }

    @Override
    public void shutdown() {
        closeQueue(SHUTDOWN);
    }

    @Override
    public List<Runnable> shutdownNow() {
        closeQueue(STOP);
        List<Runnable> neverRun = new ArrayList<>();
        for (Runnable task; (task = queue.pop()) != null; ) {
            addUnwrapped(neverRun, task);
        }
        Thread[] started = threads;
        if (started != null) {
            for (Thread thread : started) {
                thread.interrupt();
            }
        }
        return neverRun;
    }

    private void closeQueue(int state) {
        synchronized (startLock) {
            if (runState < state) {
                runState = state;
            }
            queue.close();
            if (threads == null) {
                markTerminated();
            }
        }
    }

    @Override
    public boolean isShutdown() {
        return runState != RUNNING;
    }

    @Override
    boolean isOwnWorker(Thread thread) {
        return thread instanceof Worker worker && worker.pool == this;
    }

    @Override
    public String toString() {
        return (flowContext ? "simple-lock-flow" : "simple-lock") + "[threads=" + concurrencyLevel
                + ", queued=" + queue.size() + (isShutdown() ? ", shut down" : "") + "]";
    }

    private static final class Worker extends Thread {
        final SimpleLockThreadPool pool;

        Worker(SimpleLockThreadPool pool, String name) {
            super(name);
            this.pool = pool;
            setDaemon(true);
        }

        @Override
        public void run() {
            pool.dispatchLoop();
        }
    }
}
