package org.stealbench.harness.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How one experiment runs under one profile: forks per parameter set (one per round when the
 * run is interleaved), warmup and measurement iterations, and the parameter values (contenders
 * and shapes). Iteration times mean nothing to single-shot benchmarks, whose cost per invocation
 * is {@code secondsPerShot}, a rough figure used only for the duration estimate.
 */
public record Settings(int forks, int warmupIterations, double warmupSeconds, int measurementIterations,
                       double measurementSeconds, double secondsPerShot, Map<String, List<String>> params,
                       boolean gcProfiler) {

    public Settings {
        if (forks < 1 || warmupIterations < 0 || measurementIterations < 1) {
            throw new IllegalArgumentException("settings need a fork and a measurement iteration (got " + forks
                    + " fork(s), " + measurementIterations + " iteration(s))");
        }
        params = new LinkedHashMap<>(params);
    }

    /** Single-shot invocations (one per iteration), each taking about {@code secondsPerShot}; one fork. */
    public static Settings singleShot(int warmupShots, int measuredShots, double secondsPerShot) {
        return new Settings(1, warmupShots, 0, measuredShots, 0, secondsPerShot, Map.of(), false);
    }

    /** Timed iterations of the given lengths; one fork. */
    public static Settings timed(int warmupIterations, double warmupSeconds, int measurementIterations,
                                 double measurementSeconds) {
        return new Settings(1, warmupIterations, warmupSeconds, measurementIterations, measurementSeconds, 0,
                Map.of(), false);
    }

    /** The same settings with {@code n} forks per parameter set (rounds, when interleaved). */
    public Settings forks(int n) {
        return new Settings(n, warmupIterations, warmupSeconds, measurementIterations, measurementSeconds,
                secondsPerShot, params, gcProfiler);
    }

    /** The same settings with these parameter values (name to values, in order). */
    public Settings params(Map<String, List<String>> values) {
        return new Settings(forks, warmupIterations, warmupSeconds, measurementIterations, measurementSeconds,
                secondsPerShot, values, gcProfiler);
    }

    public Settings param(String name, String... values) {
        return param(name, List.of(values));
    }

    /** The same settings with one more parameter, {@code name}, taking {@code values} in order. */
    public Settings param(String name, List<String> values) {
        Map<String, List<String>> more = new LinkedHashMap<>(params);
        more.put(name, List.copyOf(values));
        return params(more);
    }

    /** The same settings with JMH's GC profiler ({@code -prof gc}): allocation per op, GC counts. */
    public Settings withGcProfiler() {
        return new Settings(forks, warmupIterations, warmupSeconds, measurementIterations, measurementSeconds,
                secondsPerShot, params, true);
    }

    /** The same settings with other iteration counts and times (negative: keep). */
    Settings iterations(int warmups, double warmupTime, int measurements, double measurementTime) {
        return new Settings(forks, warmups < 0 ? warmupIterations : warmups,
                warmupTime < 0 ? warmupSeconds : warmupTime, measurements < 0 ? measurementIterations : measurements,
                measurementTime < 0 ? measurementSeconds : measurementTime, secondsPerShot, params, gcProfiler);
    }

    /**
     * Measured iterations a fork runs when the steady-state rule decides its warm-up (interleaved
     * runs): the warm-up and the measurement iterations together, a timed warm-up counted in
     * iterations of the measurement's length. {@link #measurementIterations} is then the least a
     * steady segment must hold.
     */
    public int iterationsToJudge(boolean singleShot) {
        int warmups = singleShot || measurementSeconds <= 0 ? warmupIterations
                : (int) Math.ceil(warmupIterations * warmupSeconds / measurementSeconds);
        return warmups + measurementIterations;
    }

    /** Estimated seconds of one fork that takes {@code startSeconds} to start ({@link ForkStart}). */
    public double forkSeconds(boolean singleShot, double startSeconds) {
        double work = singleShot
                ? (warmupIterations + measurementIterations) * secondsPerShot
                : warmupIterations * warmupSeconds + measurementIterations * measurementSeconds;
        return work + startSeconds;
    }
}
