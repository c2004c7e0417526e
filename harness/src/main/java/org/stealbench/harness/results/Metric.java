package org.stealbench.harness.results;

import java.util.List;

/**
 * One metric of a JMH result: JMH's own score and error, the unit, and the raw data, one list of
 * iteration values per fork (empty for metrics JMH reports without raw data).
 */
public record Metric(double score, double scoreError, String unit, List<List<Double>> rawData) {

    /** Allocation per operation, a secondary metric of JMH's {@code -prof gc} (B/op). */
    public static final String ALLOCATION_NORM = "gc.alloc.rate.norm";
    /** CPU time per operation (ns/op), as the results history stores a paired gate job's CPU figure. */
    public static final String CPU_TIME_NORM = "cpu.time.norm";

    public Metric {
        rawData = rawData.stream().map(List::copyOf).toList();
    }

    public int forks() {
        return rawData.size();
    }

    /** Every iteration value, all forks together. */
    public List<Double> samples() {
        return rawData.stream().flatMap(List::stream).toList();
    }

    /** The mean of each fork's iterations: the unit of replication, since iterations correlate. */
    public List<Double> forkMeans() {
        return rawData.stream().map(f -> f.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN))
                .toList();
    }

    /** True when higher is better: throughput units (ops per time) rather than time per op. */
    public boolean higherIsBetter() {
        return Units.higherIsBetter(unit);
    }
}
