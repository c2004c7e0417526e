package org.stealbench.harness.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.stealbench.harness.stats.GeometricMean;

/**
 * The store's figures for other tools and for the docs: CSV and JSON records (one per fork, with
 * its run's columns), and a Markdown table per machine and JDK of each series' latest figure.
 */
public final class HistoryExport {

    private static final List<String> COLUMNS = List.of("run_id", "kind", "commit", "dirty", "started_at", "machine",
            "cpu_model", "cores", "jdk", "jvm_flags", "experiment", "benchmark", "params", "contender", "measure",
            "fork", "value", "unit");
    private static final List<String> MARKDOWN_COLUMNS = List.of("experiment", "benchmark", "params", "contender",
            "measure", "geometric mean", "95% interval", "forks", "commit", "date");

    private HistoryExport() {
    }

    /** One record per fork, keys as {@link #COLUMNS}. */
    public static List<Map<String, Object>> records(List<HistoryStore.Row> rows) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (HistoryStore.Row row : rows) {
            HistoryRun r = row.run();
            Measurement m = row.measurement();
            Object[] values = {r.runId(), r.kind(), r.commit(), r.dirty(), r.startedAt(), r.machine(), r.cpuModel(),
                    r.cores(), r.jdk(), r.jvmFlags(), m.experiment(), m.benchmark(), m.params(), m.contender(),
                    m.measure(), m.fork(), m.value(), m.unit()};
            Map<String, Object> record = new LinkedHashMap<>();
            for (int i = 0; i < values.length; i++) {
                record.put(COLUMNS.get(i), values[i]);
            }
            out.add(record);
        }
        return out;
    }

    /** The records as RFC 4180 CSV with a header line. */
    public static String csv(List<HistoryStore.Row> rows) {
        StringBuilder s = new StringBuilder(String.join(",", COLUMNS)).append("\r\n");
        for (Map<String, Object> record : records(rows)) {
            s.append(String.join(",", record.values().stream().map(HistoryExport::csvField).toList())).append("\r\n");
        }
        return s.toString();
    }

    static String csvField(Object value) {
        String text = String.valueOf(value);
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return "\"" + text.replace("\"", "\"\"") + "\"";
        }
        return text;
    }

    /**
     * Per machine and JDK (and measuring method), a table of each series' latest run: benchmark,
     * parameters, contender, measure, the geometric mean of its forks with the 95% interval, the
     * commit and the date.
     */
    public static String markdown(List<HistorySeries.Chart> charts) {
        Map<String, List<List<String>>> tables = new LinkedHashMap<>();
        for (HistorySeries.Chart chart : charts) {
            HistorySeries.Key k = chart.key();
            List<List<String>> rows = tables.computeIfAbsent(k.where(), w -> new ArrayList<>());
            chart.series().forEach((contender, points) -> {
                HistorySeries.Point latest = points.get(points.size() - 1);
                GeometricMean g = latest.mean();
                String interval = g.hasInterval()
                        ? String.format(Locale.ROOT, "%.4g to %.4g", g.low(), g.high()) : "-";
                rows.add(List.of(k.experiment(), k.benchmark(), k.params().isEmpty() ? "-" : k.params(),
                        contender.isEmpty() ? "-" : contender, k.measure(),
                        String.format(Locale.ROOT, "%.4g %s", g.value(), k.unit()), interval, Integer.toString(g.n()),
                        latest.run().commitLabel(), latest.run().day()));
            });
        }
        StringBuilder s = new StringBuilder();
        tables.forEach((where, rows) -> s.append(markdownTable(where, MARKDOWN_COLUMNS, rows)));
        return s.toString();
    }

    /** A Markdown table under a level-4 heading, then a blank line. */
    static String markdownTable(String heading, List<String> columns, List<List<String>> rows) {
        StringBuilder s = new StringBuilder("#### ").append(heading).append("\n\n")
                .append(markdownRow(columns)).append(markdownRow(columns.stream().map(c -> "---").toList()));
        rows.forEach(r -> s.append(markdownRow(r)));
        return s.append('\n').toString();
    }

    private static String markdownRow(List<String> cells) {
        return "| " + String.join(" | ", cells) + " |\n";
    }
}
