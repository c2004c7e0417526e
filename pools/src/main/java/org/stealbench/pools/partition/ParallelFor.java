package org.stealbench.pools.partition;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.PrimitiveIterator;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.IntConsumer;

/**
 * A parallel for over an index range on any {@link Executor} (any
 * {@link java.util.concurrent.ExecutorService}, the stealbench pools and the JDK's alike) with
 * any {@link RangePartitioner}.
 *
 * <p>{@link #run run(executor, partitioner, partitions, from, to, body)} splits
 * {@code [from, to)} into {@code partitions} partitions, drains partition 0 on the calling thread
 * and hands partitions 1 to {@code partitions - 1} to the executor, one task each. It returns
 * when the body has run exactly once for every index and every body call has returned; the
 * bodies' effects happen-before the return. Contract:
 * <ul>
 *   <li>Any thread may call it, also a task of the same executor: once its own partition is
 *       drained, the caller runs every partition whose task has not started yet itself, so a
 *       saturated (or single-threaded, or never-running) executor delays the loop but cannot
 *       deadlock it.</li>
 *   <li>An empty range ({@code from == to}) runs nothing and submits nothing.</li>
 *   <li>A body that throws: the loop is cancelled (no partition starts another index), the
 *       call waits for the bodies already running, then throws a {@link CompletionException}
 *       whose cause is the first throwable; later ones are attached to it as suppressed.</li>
 *   <li>The executor refusing a task ({@link RejectedExecutionException} or any other exception
 *       from {@code execute}): the loop is cancelled, the call waits for the tasks already
 *       started, then rethrows that exception.</li>
 *   <li>Interruption: the calling thread's interrupt status is checked once it has drained its
 *       own partition, before each partition it runs in place of the executor, and while it
 *       waits (a work-stealing partition on the calling thread also stops looking for work
 *       when interrupted). If it is set, the loop is cancelled and {@link InterruptedException}
 *       thrown at once; bodies running on other threads may still be finishing. Bodies are
 *       never interrupted by this class, and one that sets the calling thread's interrupt
 *       status makes the call throw like an interrupt from outside.</li>
 * </ul>
 * Every wait is interruptible; apart from the bodies themselves, the call waits only for
 * bodies running on other threads.
 */
public final class ParallelFor {

    /*
     * Implementation overview
     *
     * One Loop per call. Partition 0 runs on the caller; each other partition gets a Task that
     * the executor runs. A task runs its partition only if it wins `claimed` (a strong CAS
     * false -> true); the caller, after draining partition 0, tries to claim every task in turn and
     * runs the ones it wins, so a partition is drained by exactly one thread and a task the
     * executor never starts (saturated pool, nested call on its own worker, shut-down pool that
     * dropped its queue) costs time, not liveness. A CountDownLatch counts the tasks down as
     * their claimers finish; the caller then awaits it (interruptibly). Draining a partition
     * counts the indices it ran; after the wait the total must equal the range's size, a check
     * that catches a partitioner that loses indices (it cannot see duplicates; the tests do).
     *
     * Failure: the first throwable of a body (or of a partition's iterator) is wrapped in a
     * CompletionException and installed in `failure` by CAS; later ones are added to it as
     * suppressed. Any failure cancels the PartitionedRange, which stops every partition soon,
     * including work-stealing partitions spinning for work that will never be reported.
     *
     * Memory ordering: each task's countDown comes after its partition's bodies, its report to
     * `processed` and its failure record, and the caller's await returns after the last
     * countDown, so the latch orders everything the caller reads afterwards; `processed` needs
     * atomicity only. `failure` is installed with a volatile CAS: a thread that loses sees the
     * winner's fully built exception when it attaches its own. `claimed` needs a strong CAS for
     * exclusion only (a spurious failure on both sides would leave a partition undrained);
     * the partition's state reached both the executor's thread (execute's happens-before) and
     * the caller before the race.
     */

    private static final VarHandle PROCESSED;
    private static final VarHandle FAILURE;
    private static final VarHandle CLAIMED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PROCESSED = lookup.findVarHandle(Loop.class, "processed", long.class);
            FAILURE = lookup.findVarHandle(Loop.class, "failure", CompletionException.class);
            CLAIMED = lookup.findVarHandle(Task.class, "claimed", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ParallelFor() {
    }

    /**
     * Runs {@code body} once for every index of {@code [from, to)}.
     *
     * @param executor    runs partitions 1 to {@code partitions - 1}, one task each
     * @param partitioner splits the range
     * @param partitions  the number of partitions, the calling thread's included
     * @throws IllegalArgumentException   if {@code from > to} or {@code partitions < 1}
     * @throws NullPointerException       if {@code executor}, {@code partitioner} or {@code body}
     *                                    is null
     * @throws CompletionException        if the body (or the partitioner) threw; the cause is the
     *                                    first throwable
     * @throws RejectedExecutionException if the executor refused a task
     * @throws IllegalStateException      if the partitioner's partitions ended without yielding
     *                                    every index
     * @throws InterruptedException       if the calling thread was interrupted while it waited
     */
    public static void run(Executor executor, RangePartitioner partitioner, int partitions, int from, int to,
                           IntConsumer body) throws InterruptedException {
        Objects.requireNonNull(executor, "executor");
        Objects.requireNonNull(partitioner, "partitioner");
        Objects.requireNonNull(body, "body");
        RangeChecks.checkSplit(from, to, partitions);
        if (from == to) {
            return;
        }
        new Loop(partitioner.split(from, to, partitions), body, (long) to - from, partitioner).run(executor);
    }

    private static final class Loop {
        private final PartitionedRange split;
        private final IntConsumer body;
        private final long size;
        private final RangePartitioner partitioner;
        private final Task[] tasks;
        private final CountDownLatch finished;
        private long processed;
        private CompletionException failure;

        Loop(PartitionedRange split, IntConsumer body, long size, RangePartitioner partitioner) {
            this.split = split;
            this.body = body;
            this.size = size;
            this.partitioner = partitioner;
            int partitions = split.partitionCount();
            if (partitions < 1) {
                throw new IllegalStateException("partitioner " + partitioner + " made " + partitions + " partitions");
            }
            tasks = new Task[partitions - 1];
            for (int i = 1; i < partitions; i++) {
                tasks[i - 1] = new Task(this, i);
            }
            finished = new CountDownLatch(tasks.length);
        }

        void run(Executor executor) throws InterruptedException {
            RuntimeException refused = null;
            for (Task task : tasks) {
                try {
                    executor.execute(task);
                } catch (RuntimeException e) {
                    refused = e;
                    split.cancel();
                    break;
                }
            }
            drain(0);
            for (Task task : tasks) {
                if (task.tryClaim()) {
                    try {
                        if (Thread.interrupted()) {
                            split.cancel();
                            throw new InterruptedException("parallel for interrupted; the loop was cancelled");
                        }
                        drain(task.partition);
                    } finally {
                        finished.countDown();
                    }
                }
            }
            try {
                // Also throws if the interrupt status is set on entry, with nothing left to wait for.
                finished.await();
            } catch (InterruptedException e) {
                split.cancel();
                throw e;
            }
            if (refused != null) {
                throw refused;
            }
            // Plain reads: the latch orders every task's writes before this point.
            if (failure != null) {
                throw failure;
            }
            if (processed != size) {
                throw new IllegalStateException("partitioner " + partitioner + " yielded " + processed
                        + " indices of the " + size + " in the range");
            }
        }

        /** Drains one partition through the body on the current thread; never throws. */
        void drain(int partition) {
            long count = 0;
            int index = 0;
            boolean running = false;
            try {
                PrimitiveIterator.OfInt indices = split.partition(partition);
                while (indices.hasNext()) {
                    index = indices.nextInt();
                    running = true;
                    body.accept(index);
                    running = false;
                    count++;
                }
            } catch (Throwable t) {
                fail(running ? "body threw at index " + index : "partition " + partition + " threw", t);
            } finally {
                // Atomicity only: the latch publishes the sum to the caller.
                PROCESSED.getAndAddRelease(this, count);
            }
        }

        private void fail(String message, Throwable t) {
            split.cancel();
            CompletionException wrapped = new CompletionException(message, t);
            // Volatile: release publishes the winner's exception, acquire lets a loser read it.
            CompletionException first = (CompletionException) FAILURE.compareAndExchange(this, null, wrapped);
            if (first != null) {
                first.addSuppressed(wrapped);
            }
        }
    }

    /** Drains one partition, on the executor's thread or the caller's, whichever claims it first. */
    private static final class Task implements Runnable {
        private final Loop loop;
        private final int partition;
        private boolean claimed;

        Task(Loop loop, int partition) {
            this.loop = loop;
            this.partition = partition;
        }

        @Override
        public void run() {
            if (tryClaim()) {
                try {
                    loop.drain(partition);
                } finally {
                    loop.finished.countDown();
                }
            }
        }

        /** True for the one thread that gets to drain this partition (and count it down). */
        boolean tryClaim() {
            // Strong CAS, acquire being its weakest mode: exclusion only (see the overview).
            return !(boolean) CLAIMED.compareAndExchangeAcquire(this, false, true);
        }

        @Override
        public String toString() {
            return "parallel-for partition " + partition + " of " + loop.split.partitionCount();
        }
    }
}
