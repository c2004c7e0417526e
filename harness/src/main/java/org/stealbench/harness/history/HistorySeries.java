package org.stealbench.harness.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.stealbench.harness.stats.GeometricMean;

/**
 * The store's figures as series: one chart per experiment, benchmark, parameters and measure on
 * one machine and JDK measured one way (JMH runs or the paired gate, never mixed), one series per
 * contender over the runs in time order, a point per run (its forks' geometric mean and interval).
 */
public final class HistorySeries {

    /** The confidence of each point's interval. */
    public static final double CONFIDENCE = 0.95;

    private HistorySeries() {
    }

    /**
     * What one chart holds: figures that may be compared across runs; {@code method} is {@code jmh}
     * (run folders and JMH files) or {@code gate} (paired gate jobs).
     */
    public record Key(String experiment, String benchmark, String params, String measure, String unit,
                      String machine, String jdk, String method) {

        /** A one-line name, e.g. {@code deque-ops DequeOpsBenchmark.pushPop depth=0, score (ns/op)}. */
        public String title() {
            return experiment + " " + benchmark + (params.isEmpty() ? "" : " " + params) + ", " + measure
                    + " (" + unit + ")";
        }

        /** Where and how it was measured. */
        public String where() {
            return machine + "; " + jdk + "; " + (method.equals(HistoryRun.GATE) ? "paired gate" : "JMH runs");
        }
    }

    /** One run's figure: its forks' values. */
    public record Point(HistoryRun run, List<Double> values) {

        /** The forks' geometric mean and its {@link #CONFIDENCE} interval. */
        public GeometricMean mean() {
            return GeometricMean.of(values, CONFIDENCE);
        }
    }

    /** One chart: the runs with a point in it, and per contender (empty for none) its points, oldest first. */
    public record Chart(Key key, List<HistoryRun> runs, Map<String, List<Point>> series) {
    }

    /** The charts of the rows ({@link HistoryStore#rows()}: oldest run first), sorted by key. */
    public static List<Chart> charts(List<HistoryStore.Row> rows) {
        Map<Key, Map<String, Map<String, Point>>> grouped = new TreeMap<>(
                java.util.Comparator.comparing(Key::toString));
        Map<Key, Map<String, HistoryRun>> runs = new LinkedHashMap<>();
        for (HistoryStore.Row row : rows) {
            Measurement m = row.measurement();
            HistoryRun run = row.run();
            if (!(m.value() > 0) || Double.isInfinite(m.value())) {
                continue;
            }
            Key key = new Key(m.experiment(), m.benchmark(), m.params(), m.measure(), m.unit(), run.machine(),
                    run.jdk(), run.kind().equals(HistoryRun.GATE) ? HistoryRun.GATE : HistoryRun.JMH);
            grouped.computeIfAbsent(key, k -> new TreeMap<>()).computeIfAbsent(m.contender(), c -> new LinkedHashMap<>())
                    .computeIfAbsent(run.runId(), id -> new Point(run, new ArrayList<>())).values().add(m.value());
            runs.computeIfAbsent(key, k -> new LinkedHashMap<>()).putIfAbsent(run.runId(), run);
        }
        List<Chart> out = new ArrayList<>();
        grouped.forEach((key, byContender) -> {
            Map<String, List<Point>> series = new LinkedHashMap<>();
            byContender.forEach((contender, points) -> series.put(contender, List.copyOf(points.values())));
            out.add(new Chart(key, List.copyOf(runs.get(key).values()), series));
        });
        return out;
    }
}
