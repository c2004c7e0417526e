package org.stealbench.harness.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How one experiment runs under one profile: JMH forks and iterations, and the parameter values
 * (contenders and shapes). Iteration times are ignored by single-shot benchmarks, whose cost per
 * invocation is {@code secondsPerShot}, a rough figure used only for the duration estimate.
 * {@code gcProfiler} adds JMH's {@code -prof gc} (allocation per operation and GC counts).
 */
public record Settings(int forks, int warmupIterations, double warmupSeconds, int measurementIterations,
                       double measurementSeconds, double secondsPerShot, Map<String, List<String>> params,
                       boolean gcProfiler) {

    public Settings {
        params = new LinkedHashMap<>(params);
    }

    /** Settings without JMH's GC profiler. */
    public Settings(int forks, int warmupIterations, double warmupSeconds, int measurementIterations,
                    double measurementSeconds, double secondsPerShot, Map<String, List<String>> params) {
        this(forks, warmupIterations, warmupSeconds, measurementIterations, measurementSeconds, secondsPerShot,
                params, false);
    }

    /** The same settings with JMH's GC profiler ({@code -prof gc}): allocation per op, GC counts. */
    public Settings withGcProfiler() {
        return new Settings(forks, warmupIterations, warmupSeconds, measurementIterations, measurementSeconds,
                secondsPerShot, params, true);
    }

    /** Number of parameter combinations per benchmark method. */
    public int combinations() {
        int n = 1;
        for (List<String> values : params.values()) {
            n *= values.size();
        }
        return n;
    }

    /** Estimated seconds for {@code methods} benchmark methods, JVM start-up included. */
    public double estimateSeconds(int methods, boolean singleShot) {
        double perFork = singleShot
                ? (warmupIterations + measurementIterations) * secondsPerShot
                : warmupIterations * warmupSeconds + measurementIterations * measurementSeconds;
        double jvmStart = 1.5;
        return methods * combinations() * forks * (perFork + jvmStart);
    }
}
