package org.stealbench.harness.run;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * How evenly the machine's CPUs run right now: one spinning thread per available processor for a
 * short window, and the slowest thread's count of loop steps as a share of the fastest's (1 when
 * they are equal). On a VM one CPU can run at about half the other's speed for a minute with
 * nothing else running in the guest, which neither the load average nor the kernel's steal count
 * shows (docs/findings.md, 2026-11-29); the run engine probes before every fork and records the
 * share in {@code rounds-<experiment>.json}. The probe runs between forks, in the engine's JVM, and
 * so measures the CPUs the forks run on (a {@code --cpus} pinning applies to both).
 */
final class CpuBalance {

    /** How long one probe spins: 100 ms, long against the scheduler's tick, short against a fork. */
    static final Duration WINDOW = Duration.ofMillis(100);

    /** A share below this is reported as the CPUs running unequally. */
    static final double UNEQUAL = 0.9;

    /** Where each probe's last values go, so the JIT cannot drop the loops. */
    private static volatile long sink;

    private CpuBalance() {
    }

    /**
     * Spins {@code threads} threads together for {@code window} and returns the slowest one's
     * count of loop steps divided by the fastest one's, in (0, 1].
     */
    static double probe(int threads, Duration window) throws InterruptedException {
        if (threads < 1 || window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("a probe needs threads and a window, got " + threads + ", " + window);
        }
        long[] steps = new long[threads];
        long[] last = new long[threads];
        long[] deadline = new long[1];
        CountDownLatch start = new CountDownLatch(1);
        Thread[] spinners = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            int slot = i;
            spinners[i] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                long end = deadline[0]; // written before countDown(): the latch publishes it
                long x = slot + 1;
                long n = 0;
                do {
                    for (int j = 0; j < 256; j++) { // xorshift: work the JIT cannot fold
                        x ^= x << 13;
                        x ^= x >>> 7;
                        x ^= x << 17;
                    }
                    n++;
                } while (System.nanoTime() - end < 0);
                steps[slot] = n;
                last[slot] = x;
            }, "stealbench-cpu-probe-" + i);
            spinners[i].setDaemon(true);
            spinners[i].start();
        }
        deadline[0] = System.nanoTime() + window.toNanos();
        start.countDown();
        long slowest = Long.MAX_VALUE;
        long fastest = 0;
        long consumed = 0;
        for (int i = 0; i < threads; i++) {
            spinners[i].join(); // join() publishes the spinner's writes
            slowest = Math.min(slowest, steps[i]);
            fastest = Math.max(fastest, steps[i]);
            consumed ^= last[i];
        }
        sink = consumed;
        return fastest == 0 ? 1.0 : (double) slowest / fastest;
    }

    /** {@link #probe} on every available processor for {@link #WINDOW}, rounded to 3 decimals. */
    static double probe() throws InterruptedException {
        double share = probe(Runtime.getRuntime().availableProcessors(), WINDOW);
        return Math.round(share * 1000) / 1000.0;
    }
}
