package org.stealbench.harness.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.RunData;

/**
 * Whether two runs ran on the same JVM with the same flags, from the results' own {@code jdkVersion}
 * and {@code jvmArgs} and, for run folders, their {@code env.json} (vendor, VM, garbage collector).
 * A different JDK or different flags make a comparison meaningless, so the gate refuses it unless
 * told otherwise; a different machine (CPU, cores, memory) is only noted. JMH's own {@code -Djmh.*}
 * properties are not compared.
 */
public final class Environments {

    private Environments() {
    }

    /** One line per JVM difference ({@code what: baseline vs current}); empty when none. */
    public static List<String> jvmDifferences(RunData baseline, RunData current) {
        List<String> out = new ArrayList<>();
        compare(out, "JDK version", values(baseline, JmhResult::jdkVersion), values(current, JmhResult::jdkVersion));
        compare(out, "JVM arguments", values(baseline, Environments::jvmArgs), values(current, Environments::jvmArgs));
        for (String key : List.of("jdk.version", "jdk.vendor", "jdk.vmName", "gc")) {
            compare(out, "env.json " + key, env(baseline, key), env(current, key));
        }
        return out;
    }

    /** One line per machine difference (CPU model, cores, memory, OS); empty when none or unknown. */
    public static List<String> machineDifferences(RunData baseline, RunData current) {
        List<String> out = new ArrayList<>();
        for (String key : List.of("cpuModel", "cores", "memoryBytes", "os", "cpuPinning")) {
            compare(out, key, env(baseline, key), env(current, key));
        }
        return out;
    }

    /**
     * A result's JVM arguments without JMH's own {@code -Djmh.*} settings (such as
     * {@code -Djmh.ignoreLock=true}), which steer the harness, not the code measured.
     */
    static String jvmArgs(JmhResult r) {
        if (r.jvmArgs() == null) {
            return null;
        }
        List<String> kept = new ArrayList<>();
        for (String arg : r.jvmArgs().split(" ")) {
            if (!arg.isBlank() && !arg.startsWith("-Djmh.")) {
                kept.add(arg);
            }
        }
        return "[" + String.join(" ", kept) + "]";
    }

    private static Set<String> values(RunData run, Function<JmhResult, String> field) {
        Set<String> values = new TreeSet<>();
        for (JmhResult r : run.allResults()) {
            String v = field.apply(r);
            if (v != null) {
                values.add(v);
            }
        }
        return values;
    }

    /** A dotted key of env.json as a one-element set, or empty when the run has no such value. */
    private static Set<String> env(RunData run, String dotted) {
        Object node = run.env();
        for (String part : dotted.split("\\.")) {
            node = node instanceof Map<?, ?> map ? map.get(part) : null;
        }
        Set<String> values = new TreeSet<>();
        if (node != null) {
            values.add(Objects.toString(node));
        }
        return values;
    }

    private static void compare(List<String> out, String what, Set<String> baseline, Set<String> current) {
        if (!baseline.isEmpty() && !current.isEmpty() && !baseline.equals(current)) {
            out.add(what + ": " + String.join(", ", baseline) + " (baseline) vs " + String.join(", ", current)
                    + " (current)");
        }
    }
}
