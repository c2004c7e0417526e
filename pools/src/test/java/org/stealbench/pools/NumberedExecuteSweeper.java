package org.stealbench.pools;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Recurses until the stack overflows, then executes a numbered task at every frame on the way up,
 * recording which executes returned (accepted) and how often each task ran; one thread sweeps.
 * Also {@link #shutdownNowReturns}, for the StackOverflowError tests that check shutdownNow().
 */
final class NumberedExecuteSweeper {

    private static final int CAPACITY = 3_000_000;

    private final WorkStealingThreadPool pool;
    private final AtomicReference<Throwable> unexpected = new AtomicReference<>();
    private final AtomicIntegerArray runs = new AtomicIntegerArray(CAPACITY);
    /** Written with array stores (no call an overflow could cut short); read after the sweeps. */
    private final byte[] accepted = new byte[CAPACITY];
    private int next;

    NumberedExecuteSweeper(WorkStealingThreadPool pool) {
        this.pool = pool;
    }

    /** Whether another sweep fits in the task numbers left. */
    boolean hasRoom() {
        return next < CAPACITY / 2;
    }

    /** What an execute threw other than a StackOverflowError, if anything. */
    Throwable unexpected() {
        return unexpected.get();
    }

    int executes() {
        return next;
    }

    int accepted() {
        int n = 0;
        for (int id = 0; id < next; id++) {
            n += accepted[id];
        }
        return n;
    }

    /** Accepted tasks that have not run (yet). */
    int acceptedNotRun() {
        int n = 0;
        for (int id = 0; id < next; id++) {
            if (accepted[id] == 1 && runs.get(id) == 0) {
                n++;
            }
        }
        return n;
    }

    boolean ranTwice() {
        for (int id = 0; id < next; id++) {
            if (runs.get(id) > 1) {
                return true;
            }
        }
        return false;
    }

    void descend() {
        try {
            descend();
        } catch (StackOverflowError bottom) {
            // the deepest frame: from here up, every frame executes a task
        }
        int id = next;
        if (id >= CAPACITY) {
            return;
        }
        next = id + 1;
        try {
            pool.execute(new Numbered(id, runs));
            accepted[id] = 1;
        } catch (StackOverflowError expected) {
            // the overflow the sweep is for
        } catch (Throwable other) {
            unexpected.compareAndSet(null, other);
        }
    }

    /**
     * Runs up to {@code sweeps} dives on a new outside thread and waits for it up to {@code
     * millis} (0: without bound); whether the thread ended.
     */
    boolean sweepFromOutside(int sweeps, long millis) throws InterruptedException {
        Thread submitter = new Thread(() -> {
            for (int sweep = 0; sweep < sweeps && hasRoom(); sweep++) {
                descend();
            }
        }, "outside submitter");
        submitter.start();
        submitter.join(millis);
        return !submitter.isAlive();
    }

    /** Calls shutdownNow() on a daemon thread; whether it returned within TestPools.HANG. */
    static boolean shutdownNowReturns(WorkStealingThreadPool pool) throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Thread stopper = new Thread(() -> {
            pool.shutdownNow();
            stopped.countDown();
        }, "shutdownNow caller");
        stopper.setDaemon(true); // left spinning if shutdownNow never returns
        stopper.start();
        return stopped.await(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static final class Numbered implements Runnable {
        private final int id;
        private final AtomicIntegerArray runs;

        Numbered(int id, AtomicIntegerArray runs) {
            this.id = id;
            this.runs = runs;
        }

        @Override
        public void run() {
            runs.incrementAndGet(id);
        }
    }
}
