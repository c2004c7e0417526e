package org.stealbench.harness.results;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One benchmark result of a JMH JSON file: which benchmark with which parameters, how it was run,
 * its primary metric and its secondary metrics (e.g. {@code gc.alloc.rate.norm} from
 * {@code -prof gc}, or {@code @AuxCounters}).
 *
 * @param benchmark the fully qualified method, e.g. {@code org...DequeOpsBenchmark.pushPop}
 * @param mode      JMH's short mode name: thrpt, avgt, sample, ss
 * @param params    parameter values by name, sorted by name
 * @param jdkVersion the benchmark JVM's version
 * @param jvmArgs   the benchmark JVM's arguments, joined by spaces
 * @param settings  how JMH ran it: forks, warmup and measurement iterations and times
 *                  ({@link JmhSettings#UNKNOWN} for null)
 */
public record JmhResult(String benchmark, String mode, int threads, SortedMap<String, String> params,
                        Metric primary, Map<String, Metric> secondary, String jdkVersion, String jvmArgs,
                        JmhSettings settings) {

    public JmhResult {
        params = new TreeMap<>(params);
        secondary = Map.copyOf(secondary);
        settings = settings == null ? JmhSettings.UNKNOWN : settings;
    }

    /** The class's simple name and method, e.g. {@code DequeOpsBenchmark.pushPop}. */
    public String shortName() {
        String[] parts = benchmark.split("\\.");
        return parts.length < 2 ? benchmark : parts[parts.length - 2] + "." + parts[parts.length - 1];
    }

    /** A stable key: benchmark plus its parameters, e.g. {@code Bench.m{queue=locked, depth=0}}. */
    public String key() {
        return params.isEmpty() ? benchmark : benchmark + params;
    }

    /** A parameter's value, or null if the benchmark has no such parameter. */
    public String param(String name) {
        return params.get(name);
    }
}
