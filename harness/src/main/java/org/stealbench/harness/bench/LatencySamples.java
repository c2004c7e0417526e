package org.stealbench.harness.bench;

import java.util.Arrays;

/**
 * A batch of latency samples in nanoseconds and their percentiles by nearest rank: the value
 * below or at which {@code q} of the samples lie (p50 of 1..10 is 5, p99.9 of 1,000 samples is
 * the 999th smallest). Exact, no buckets: a batch is a few thousand values. Not thread-safe;
 * one recording thread.
 */
final class LatencySamples {

    private long[] values;
    private int count;
    private boolean sorted;

    LatencySamples(int capacity) {
        values = new long[Math.max(1, capacity)];
    }

    void clear() {
        count = 0;
        sorted = false;
    }

    void add(long nanos) {
        if (count == values.length) {
            values = Arrays.copyOf(values, values.length * 2);
        }
        values[count++] = nanos;
        sorted = false;
    }

    int count() {
        return count;
    }

    /**
     * The nearest-rank percentile, {@code q} in (0, 1]: the smallest sample with at least
     * {@code q * count} samples at or below it. Refuses a {@code q} outside (0, 1] and an empty batch.
     */
    long percentile(double q) {
        if (!(q > 0 && q <= 1)) {
            throw new IllegalArgumentException("percentile must be in (0, 1], got " + q);
        }
        if (count == 0) {
            throw new IllegalStateException("no samples");
        }
        if (!sorted) {
            Arrays.sort(values, 0, count);
            sorted = true;
        }
        // the epsilon keeps 0.999 * 1000 (998.99999...) at rank 999, as the decimal says
        int rank = (int) Math.ceil(q * count - 1e-9);
        return values[Math.max(0, Math.min(count, rank) - 1)];
    }

    double percentileMicros(double q) {
        return percentile(q) / 1e3;
    }
}
