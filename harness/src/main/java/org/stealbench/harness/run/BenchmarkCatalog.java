package org.stealbench.harness.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The benchmarks of a class as JMH's annotation processor listed them ({@code META-INF/BenchmarkList},
 * generated from {@code @Benchmark}, {@code @Group}, {@code @BenchmarkMode} and {@code @Param}):
 * so method counts, modes and parameter defaults are read from the annotations, not kept by hand.
 */
final class BenchmarkCatalog {

    /**
     * One JMH benchmark: a {@code @Benchmark} method, or a {@code @Group} of them.
     *
     * @param name   fully qualified name as JMH reports it, e.g. {@code ...DequeOpsBenchmark.pushPop}
     * @param mode   its mode
     * @param params every {@code @Param} it sees, with its declared default values, in JMH's order
     */
    record Method(String name, Mode mode, Map<String, List<String>> params) {
    }

    private static final Map<Class<?>, List<Method>> CACHE = new ConcurrentHashMap<>();

    private BenchmarkCatalog() {
    }

    /** The benchmarks of {@code type}, one per method or group (first mode when several). */
    static List<Method> of(Class<?> type) {
        return CACHE.computeIfAbsent(type, BenchmarkCatalog::read);
    }

    private static List<Method> read(Class<?> type) {
        Map<String, Method> methods = new LinkedHashMap<>();
        for (BenchmarkListEntry e : BenchmarkList.defaultList().find(
                OutputFormatFactory.createFormatInstance(System.err, VerboseMode.SILENT),
                List.of("^" + Pattern.quote(type.getName() + ".")), List.of())) {
            Map<String, List<String>> params = new LinkedHashMap<>();
            if (e.getParams().hasValue()) {
                e.getParams().get().forEach((k, v) -> params.put(k, List.of(v)));
            }
            methods.putIfAbsent(e.getUsername(), new Method(e.getUsername(), e.getMode(), params));
        }
        if (methods.isEmpty()) {
            throw new IllegalStateException("JMH's benchmark list has no benchmark of " + type.getName()
                    + " (was the annotation processor run?)");
        }
        return new ArrayList<>(methods.values());
    }
}
