package org.stealbench.harness.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.stealbench.harness.results.JmhResult;

/**
 * The benchmarks of a class as JMH's annotation processor listed them ({@code META-INF/BenchmarkList},
 * generated from {@code @Benchmark}, {@code @Group}, {@code @BenchmarkMode} and {@code @Param}):
 * so method counts, modes and parameter defaults are read from the annotations, not kept by hand.
 */
public final class BenchmarkCatalog {

    /**
     * One JMH benchmark: a {@code @Benchmark} method, or a {@code @Group} of them.
     *
     * @param name   fully qualified name as JMH reports it, e.g. {@code ...DequeOpsBenchmark.pushPop}
     * @param params every {@code @Param} it sees, with its declared default values, in JMH's order
     */
    record Method(String name, Mode mode, Map<String, List<String>> params) {
    }

    private static final Map<String, List<Method>> CACHE = new ConcurrentHashMap<>();

    private BenchmarkCatalog() {
    }

    /** The benchmarks of {@code type}, one per method or group (first mode when several). */
    static List<Method> of(Class<?> type) {
        List<Method> methods = CACHE.computeIfAbsent(type.getName(), BenchmarkCatalog::read);
        if (methods.isEmpty()) {
            throw new IllegalStateException("JMH's benchmark list has no benchmark of " + type.getName()
                    + " (was the annotation processor run?)");
        }
        return methods;
    }

    /**
     * The result's parameters, with every parameter its benchmark class declares that it lacks
     * filled in with the declared default (the first value listed), so that results of runs that
     * set different parameters can be paired. Benchmarks not listed here (another project's JMH
     * output) declare nothing.
     */
    public static SortedMap<String, String> completeParams(JmhResult r) {
        int dot = r.benchmark().lastIndexOf('.');
        SortedMap<String, String> all = new TreeMap<>();
        for (Method m : CACHE.computeIfAbsent(dot < 0 ? r.benchmark() : r.benchmark().substring(0, dot),
                BenchmarkCatalog::read)) {
            m.params().forEach((k, v) -> all.putIfAbsent(k, v.get(0)));
        }
        all.putAll(r.params());
        return all;
    }

    private static List<Method> read(String className) {
        Map<String, Method> methods = new LinkedHashMap<>();
        for (BenchmarkListEntry e : BenchmarkList.defaultList().find(
                OutputFormatFactory.createFormatInstance(System.err, VerboseMode.SILENT),
                List.of("^" + Pattern.quote(className + ".")), List.of())) {
            Map<String, List<String>> params = new LinkedHashMap<>();
            if (e.getParams().hasValue()) {
                e.getParams().get().forEach((k, v) -> params.put(k, List.of(v)));
            }
            methods.putIfAbsent(e.getUsername(), new Method(e.getUsername(), e.getMode(), params));
        }
        return new ArrayList<>(methods.values());
    }
}
