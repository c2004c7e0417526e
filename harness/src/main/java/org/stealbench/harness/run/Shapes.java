package org.stealbench.harness.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An experiment's parameter space cut into shapes: the parameter sets of one benchmark that
 * differ only in the contender parameter. Contenders of a shape are what a reader compares, so
 * they are the forks an interleaved run puts in the same rounds.
 */
final class Shapes {

    /** One shape: a fully qualified benchmark and one complete parameter set per contender, in their order. */
    record Shape(String benchmark, List<Map<String, String>> parameters) {
    }

    private Shapes() {
    }

    /**
     * The shapes of {@code experiment} when its parameters take {@code values} (a parameter absent
     * there keeps its declared defaults, as JMH does; names a benchmark does not declare are
     * ignored, as JMH does).
     */
    static List<Shape> of(Experiment experiment, Map<String, List<String>> values) {
        List<Shape> shapes = new ArrayList<>();
        for (BenchmarkCatalog.Method method : experiment.benchmarks()) {
            Map<String, List<String>> space = new LinkedHashMap<>();
            method.params().forEach((name, defaults) -> space.put(name, values.getOrDefault(name, defaults)));
            List<String> contenders = space.remove(experiment.contender());
            for (Map<String, String> fixed : product(space)) {
                List<Map<String, String>> sets = new ArrayList<>();
                if (contenders == null) {
                    sets.add(fixed);
                } else {
                    for (String c : contenders) {
                        Map<String, String> set = new LinkedHashMap<>();
                        set.put(experiment.contender(), c);
                        set.putAll(fixed);
                        sets.add(set);
                    }
                }
                shapes.add(new Shape(method.name(), sets));
            }
        }
        return shapes;
    }

    static int parameterSets(List<Shape> shapes) {
        return shapes.stream().mapToInt(s -> s.parameters().size()).sum();
    }

    private static List<Map<String, String>> product(Map<String, List<String>> space) {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> p : space.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> combo : combos) {
                for (String v : p.getValue()) {
                    Map<String, String> more = new LinkedHashMap<>(combo);
                    more.put(p.getKey(), v);
                    next.add(more);
                }
            }
            combos = next;
        }
        return combos;
    }
}
