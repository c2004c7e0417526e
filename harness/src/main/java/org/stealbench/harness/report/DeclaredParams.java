package org.stealbench.harness.report;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.openjdk.jmh.annotations.Param;
import org.stealbench.harness.results.JmhResult;

/**
 * A benchmark's parameters as its class declares them ({@code @Param} fields of the class and of
 * its nested state classes), so that results of runs that set different parameters can be paired:
 * a parameter a result lacks takes its declared default (the first value listed). Benchmarks not
 * on the class path (another project's JMH output) declare nothing.
 */
final class DeclaredParams {

    private static final Map<String, Map<String, String>> DEFAULTS = new ConcurrentHashMap<>();

    private DeclaredParams() {
    }

    /** Parameter name -> default value, for the class of a fully qualified benchmark method. */
    static Map<String, String> defaults(String benchmark) {
        int dot = benchmark.lastIndexOf('.');
        String className = dot < 0 ? benchmark : benchmark.substring(0, dot);
        return DEFAULTS.computeIfAbsent(className, DeclaredParams::scan);
    }

    /** The result's parameters with every declared parameter it lacks filled in with its default. */
    static SortedMap<String, String> complete(JmhResult r) {
        SortedMap<String, String> all = new TreeMap<>(defaults(r.benchmark()));
        all.putAll(r.params());
        return all;
    }

    private static Map<String, String> scan(String className) {
        Map<String, String> out = new TreeMap<>();
        try {
            Class<?> type = Class.forName(className, false, DeclaredParams.class.getClassLoader());
            collect(type, out);
            for (Class<?> nested : type.getDeclaredClasses()) {
                collect(nested, out);
            }
        } catch (ClassNotFoundException | LinkageError e) {
            // not one of ours: no declared defaults
        }
        return Map.copyOf(out);
    }

    private static void collect(Class<?> type, Map<String, String> out) {
        for (Field f : type.getDeclaredFields()) {
            Param p = f.getAnnotation(Param.class);
            if (p != null && p.value().length > 0) {
                out.putIfAbsent(f.getName(), p.value()[0]);
            }
        }
    }
}
