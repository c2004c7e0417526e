package org.stealbench.harness.run;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One JMH fork of one benchmark method with one parameter set, run from a given jar: the unit
 * the interleaving engine orders ({@link RoundPlan}), runs ({@link ForkRunner}) and merges
 * ({@link ForkMerge}).
 *
 * @param label      a name for progress lines and file names, e.g. {@code pushPop-queue=locked}
 * @param jar        the benchmarks jar (or any class path holding JMH and the benchmarks)
 * @param benchmark  the fully qualified benchmark method, e.g.
 *                   {@code org.stealbench.harness.bench.DequeOpsBenchmark.pushPop}
 * @param params     one value per {@code @Param} that is set; the others keep their first default
 * @param jmhOptions further JMH options ({@code -wi 3 -i 5 -r 500ms -prof gc ...}); never
 *                   {@code -f}, {@code -p}, {@code -rf}, {@code -rff}, which the runner sets
 * @param jvmArgs    the measured JVM's arguments (e.g. {@code -Xms2g -Xmx2g -XX:+AlwaysPreTouch})
 */
public record ForkSpec(String label, Path java, Path jar, String benchmark, Map<String, String> params,
                       List<String> jmhOptions, List<String> jvmArgs) {

    public ForkSpec {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(java, "java");
        Objects.requireNonNull(jar, "jar");
        Objects.requireNonNull(benchmark, "benchmark");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        jmhOptions = List.copyOf(jmhOptions);
        jvmArgs = List.copyOf(jvmArgs);
        for (String reserved : List.of("-f", "-p", "-rf", "-rff")) {
            if (jmhOptions.contains(reserved)) {
                throw new IllegalArgumentException("ForkSpec " + label + ": " + reserved
                        + " is set by the fork runner, not in jmhOptions");
            }
        }
    }

    /** The same fork with another label (a run names each fork by its file stem). */
    public ForkSpec withLabel(String newLabel) {
        return new ForkSpec(newLabel, java, jar, benchmark, params, jmhOptions, jvmArgs);
    }

    /** The method's short name and parameters, e.g. {@code pushPop-depth=0-queue=locked}, safe in a file name. */
    public String fileStem() {
        StringBuilder name = new StringBuilder(benchmark.substring(benchmark.lastIndexOf('.') + 1));
        params.forEach((k, v) -> name.append('-').append(k).append('=').append(v));
        return name.toString().replaceAll("[^A-Za-z0-9._=-]", "_");
    }
}
