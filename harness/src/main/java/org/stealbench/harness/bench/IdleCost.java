package org.stealbench.harness.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The arithmetic of the idle-cost experiment, apart from the pools so it can be tested on made-up
 * CPU readings: per-thread CPU time samples of a pool's workers, the CPU they spent between two
 * samples, and a ledger of busy and idle phases that yields the CPU per useful task and the
 * fraction of a core burnt while idle.
 *
 * <p>A reading of -1 means the thread's CPU time is unknown (it has exited, or the JVM cannot
 * measure it); a thread unknown at either end of an interval is left out of that interval.
 */
final class IdleCost {

    private final List<Thread> threads;
    private final ToLongFunction<Thread> cpuClock;

    /** Watches {@code threads} by {@code cpuClock}: a thread's CPU time so far in nanoseconds, or -1 if unknown. */
    IdleCost(List<Thread> threads, ToLongFunction<Thread> cpuClock) {
        this.threads = List.copyOf(threads);
        this.cpuClock = cpuClock;
    }

    /**
     * Watches {@code threads} through the JVM's {@link ThreadMXBean}, switching per-thread CPU time
     * on; an {@link IllegalStateException} if this JVM cannot measure another thread's CPU time.
     */
    static IdleCost ofJvm(List<Thread> threads) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (!mx.isThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure per-thread CPU time (ThreadMXBean)");
        }
        if (!mx.isThreadCpuTimeEnabled()) {
            mx.setThreadCpuTimeEnabled(true);
        }
        return new IdleCost(threads, t -> mx.getThreadCpuTime(t.getId()));
    }

    /** Every watched thread's CPU time now, -1 where unknown. */
    long[] sample() {
        return threads.stream().mapToLong(cpuClock).toArray();
    }

    /** CPU nanoseconds the threads spent from {@code from} to {@code to}, threads unknown at either end left out. */
    static long spent(long[] from, long[] to) {
        if (from.length != to.length) {
            throw new IllegalArgumentException("samples of " + from.length + " and " + to.length + " threads");
        }
        long sum = 0;
        for (int i = 0; i < from.length; i++) {
            if (from[i] >= 0 && to[i] >= from[i]) {
                sum += to[i] - from[i];
            }
        }
        return sum;
    }

    /** CPU time over wall time: 1.0 is one core busy the whole interval; 0 for an empty interval. */
    static double cores(long cpuNanos, long wallNanos) {
        return wallNanos <= 0 ? 0 : (double) cpuNanos / wallNanos;
    }

    /**
     * Totals over the phases of a bursty load: busy phases (from a burst's first submission until
     * its last task ran) and gaps (from there until the next burst), each with its workers' CPU and
     * wall time.
     */
    static final class Ledger {
        private long busyCpu;
        private long gapCpu;
        private long gapWall;
        private long tasks;

        void busy(long cpuNanos, long tasksRun) {
            busyCpu += cpuNanos;
            tasks += tasksRun;
        }

        void gap(long cpuNanos, long wallNanos) {
            gapCpu += cpuNanos;
            gapWall += wallNanos;
        }

        /** All the workers' CPU, busy and idle, per task run, in microseconds; 0 when no task ran. */
        double cpuPerTaskMicros() {
            return tasks == 0 ? 0 : (busyCpu + gapCpu) / 1e3 / tasks;
        }

        /** The fraction of a core the workers burnt during the gaps. */
        double gapCores() {
            return cores(gapCpu, gapWall);
        }

        /** The share of all the workers' CPU that was spent in the gaps, 0 to 1. */
        double idleShare() {
            long all = busyCpu + gapCpu;
            return all == 0 ? 0 : (double) gapCpu / all;
        }

        double gapMillis() {
            return gapWall / 1e6;
        }
    }
}
