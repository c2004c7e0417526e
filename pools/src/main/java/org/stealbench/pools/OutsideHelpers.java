package org.stealbench.pools;

import java.lang.invoke.MethodHandles;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The outside threads inside a pool's {@code tryRunOne()}, for termination: the pool terminates
 * only once none of them still runs a task it took (the overview's "Shutdown").
 *
 * <p>Each outside thread that helps gets one {@link Helper} record for this pool, registered
 * once. While it helps it changes only its record's {@code depth}, by field stores, so that a
 * StackOverflowError at any point of {@code tryRunOne()} cannot leave the record saying it is
 * inside: a store needs no stack, where a call (an atomic count's decrement, say) can overflow in
 * the {@code finally} that should have balanced it, depending on how the JIT compiled the caller.
 * The last worker to leave a terminating pool {@linkplain #awaitNoneInside() waits} until every
 * record has read zero once; no record can go back to running a task then, as every queue was
 * empty when the pool decided to terminate and outside threads cannot add to them after shutdown.
 */
final class OutsideHelpers {

    /** An outside thread's record; only that thread writes {@code depth}. */
    static final class Helper {
        final Thread thread = Thread.currentThread();
        /**
         * How many of this pool's tryRunOne() calls the thread is inside. volatile: its store
         * before a take is ordered before the take's CAS (a release), so a terminating pool that
         * found the queues empty after that take also finds the raise; its store after the task
         * ran is what the waiting worker reads before it lets the pool terminate (the task's
         * effects then happen before awaitTermination returns).
         */
        volatile int depth;
    }

    static {
        try { // Helper is initialised with this class, not at a first registration (register())
            MethodHandles.lookup().ensureInitialized(Helper.class);
        } catch (IllegalAccessException impossible) {
            throw new ExceptionInInitializerError(impossible);
        }
    }

    /** Backstop for an unpark that a helper's exit lost to a StackOverflowError. */
    private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    /** Registered records, copied on write and published by this volatile store. */
    private volatile Helper[] helpers = new Helper[0];
    /** The worker waiting in awaitNoneInside, or null: read by each helper as it leaves. */
    private volatile Thread waiter;
    private final ThreadLocal<Helper> mine = ThreadLocal.withInitial(this::register);

    /**
     * The calling thread's record, registered on its first call. A StackOverflowError in here
     * leaves at most an unused record (depth 0) behind: the new array is published whole.
     */
    Helper mine() {
        return mine.get();
    }

    /**
     * Adds the calling thread's record, dropping those of threads that died. It may run at a deep
     * stack, so it initialises no class and bootstraps no lambda (an overflow there would leave
     * the class or call site broken for the whole JVM).
     */
    private synchronized Helper register() {
        Helper[] old = helpers;
        Helper[] grown = new Helper[old.length + 1];
        int n = 0;
        for (Helper r : old) {
            if (r.thread.isAlive()) {
                grown[n++] = r;
            }
        }
        Helper h = new Helper();
        grown[n++] = h;
        helpers = Arrays.copyOf(grown, n);
        return h;
    }

    /** Called by a helper that just stored depth 0: wakes the waiting worker, if any. */
    void left() {
        // The volatile store of depth 0 before this volatile read pairs with awaitNoneInside's
        // store of waiter before its read of depth: either the waiter sees 0 or this sees it.
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    /**
     * Waits until every registered helper has been outside tryRunOne() at least once since the
     * call (or its thread has died). Interrupts are cleared while waiting (the caller is a worker
     * on its way out, which shutdownNow may have interrupted).
     */
    void awaitNoneInside() {
        for (Helper h : helpers) {
            if (h.depth == 0) {
                continue;
            }
            waiter = Thread.currentThread();
            while (h.depth != 0 && h.thread.isAlive()) {
                Thread.interrupted();
                LockSupport.parkNanos(this, RECHECK_NANOS);
            }
            waiter = null;
        }
    }
}
