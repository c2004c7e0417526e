package org.stealbench.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.stealbench.harness.results.AtomicFiles;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.results.Units;
import org.stealbench.harness.stats.SteadyState;

/**
 * Merges per-fork JMH JSON files into one JMH JSON array, as if JMH had run all those forks
 * itself: one element per (benchmark, mode, params), {@code forks} = the number of files that
 * hold it, {@code rawData} of the primary and of every secondary metric with one row per fork in
 * the order the files are given (round order), and score, error, confidence interval and
 * percentiles recomputed over all iterations. Every other field is the first fork's.
 */
public final class ForkMerge {

    /* Implementation overview
     * JMH's run-level score of a metric is an aggregate of every iteration of every fork: the
     * mean for times, throughputs and most profiler metrics; the sum or the max for some
     * (e.g. @AuxCounters events, which JMH sums). The JSON does not name the policy, so it is
     * read off the first fork: whichever of mean, sum, max or min of its rawData row equals its
     * score; the mean when none does. The error is JMH's: the half-width of the 99.9% Student t
     * interval of the mean of all iterations (NaN, written "NaN", with fewer than two), and the
     * confidence interval is score -/+ error. Sample mode (rawDataHistogram) is refused: no
     * experiment measures in it and bench refuses a -bm that names it.
     */

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final double CONFIDENCE = 0.999;

    private ForkMerge() {
    }

    /**
     * The merged array of {@code forkFiles}, given in the order they ran, leaving out the first
     * {@code discarded[i]} measured iterations of file i (its warm-up) from every metric.
     */
    public static ArrayNode merge(List<Path> forkFiles, int[] discarded) throws IOException {
        Map<String, List<ObjectNode>> byKey = new LinkedHashMap<>();
        for (int i = 0; i < forkFiles.size(); i++) {
            for (JsonNode element : elements(forkFiles.get(i))) {
                if (discarded[i] > 0) {
                    dropFirstIterations((ObjectNode) element, discarded[i]);
                }
                String key = element.get("benchmark").asText() + " " + element.path("mode").asText() + " "
                        + element.path("params");
                byKey.computeIfAbsent(key, k -> new ArrayList<>()).add((ObjectNode) element);
            }
        }
        ArrayNode merged = JSON.createArrayNode();
        byKey.values().forEach(forks -> merged.add(mergeOne(forks)));
        return merged;
    }

    /** {@link #merge(List, int[])} into {@code target}, written whole or not at all. */
    public static void mergeTo(List<Path> forkFiles, int[] discarded, Path target) throws IOException {
        AtomicFiles.write(target, JSON.writeValueAsString(merge(forkFiles, discarded)) + System.lineSeparator());
    }

    /**
     * Where the fork's measured iterations became steady ({@link SteadyState}, on the primary
     * metric of its first result), and how many of them a merge leaves out: the warm-up before
     * the steady segment, or, when the fork never settled, all but the last {@code minSteady}.
     * A fork that measured fewer than {@code minSteady} iterations is judged on what it measured.
     *
     * @throws IOException if the file is not a JMH result or its primary metric has no positive values
     */
    public static RoundsFile.Steadiness steadiness(Path forkFile, int minSteady) throws IOException {
        JsonNode results = elements(forkFile);
        if (results.isEmpty()) {
            throw new IOException(forkFile + ": holds no result");
        }
        JsonNode element = results.get(0);
        JsonNode primary = element.get("primaryMetric");
        String unit = primary.path("scoreUnit").asText();
        double[] series = values(primary.path("rawData"));
        int n = series.length;
        int needed = Math.max(1, Math.min(minSteady, n));
        SteadyState state;
        try {
            state = SteadyState.of(series, Units.higherIsBetter(unit), needed);
        } catch (IllegalArgumentException e) {
            throw new IOException(forkFile + ": cannot judge its steadiness (" + e.getMessage() + ")", e);
        }
        int discarded = state.steady() ? state.start() : n - needed;
        double seconds = 0;
        if ("ss".equals(element.path("mode").asText())) {
            for (int i = 0; i < discarded; i++) {
                seconds += series[i] * Units.secondsOf(unit);
            }
        } else {
            seconds = discarded * iterationSeconds(element.path("measurementTime").asText());
        }
        return new RoundsFile.Steadiness(state.kind().label(), n, discarded, seconds, needed);
    }

    /** A JMH iteration time such as {@code 200 ms} in seconds; 0 when it is not one. */
    private static double iterationSeconds(String time) {
        String[] parts = time.trim().split("\\s+");
        try {
            return parts.length == 2 ? Double.parseDouble(parts[0]) * Units.secondsOf(parts[1]) : 0;
        } catch (IllegalArgumentException e) {
            return 0;
        }
    }

    private static JsonNode elements(Path file) throws IOException {
        JsonNode root = JSON.readTree(file.toFile());
        if (root == null || !root.isArray()) {
            throw new IOException(file + ": not a JMH JSON result array");
        }
        for (JsonNode element : root) {
            if (!element.isObject() || !element.hasNonNull("benchmark") || !element.has("primaryMetric")) {
                throw new IOException(file + ": an element lacks benchmark or primaryMetric");
            }
            if (element.path("primaryMetric").has("rawDataHistogram")) {
                throw new IOException(file + ": a sample-mode result (rawDataHistogram) is not merged");
            }
        }
        return root;
    }

    /**
     * Leaves out the first {@code count} iterations of every metric's rawData rows whose length is
     * the primary metric's, so every metric keeps the same iterations; a row of another length (not
     * one value per iteration) is kept whole. A metric's score is recomputed over what is kept by the
     * aggregation it had, so a merge reads it right.
     */
    private static void dropFirstIterations(ObjectNode element, int count) {
        JsonNode primaryRows = element.path("primaryMetric").path("rawData");
        int iterations = primaryRows.isEmpty() ? 0 : primaryRows.get(0).size();
        List<JsonNode> metrics = new ArrayList<>();
        metrics.add(element.path("primaryMetric"));
        element.path("secondaryMetrics").forEach(metrics::add);
        for (JsonNode metric : metrics) {
            Policy policy = policyOf(metric);
            for (JsonNode row : metric.path("rawData")) {
                if (row.size() == iterations && iterations > count) {
                    ArrayNode values = (ArrayNode) row;
                    for (int i = 0; i < count; i++) {
                        values.remove(0);
                    }
                }
            }
            if (metric.has("score") && metric.path("rawData").size() > 0) {
                ((ObjectNode) metric).put("score", aggregate(policy, values(metric.path("rawData"))));
            }
        }
    }

    private static ObjectNode mergeOne(List<ObjectNode> forks) {
        ObjectNode out = forks.get(0).deepCopy();
        out.put("forks", forks.size());
        out.set("primaryMetric", mergeMetric(forks.stream().map(f -> f.get("primaryMetric")).toList()));
        // the first fork's metrics, then any a later fork reports and the first does not (e.g. gc.time when non-zero)
        Set<String> names = new LinkedHashSet<>();
        forks.forEach(f -> f.path("secondaryMetrics").fieldNames().forEachRemaining(names::add));
        ObjectNode secondary = JSON.createObjectNode();
        for (String name : names) {
            secondary.set(name, mergeMetric(forks.stream().map(f -> f.path("secondaryMetrics").has(name)
                    ? f.path("secondaryMetrics").get(name) : (JsonNode) JSON.createObjectNode()).toList()));
        }
        out.set("secondaryMetrics", secondary);
        return out;
    }

    /** One metric over every fork; a fork that lacks it contributes an empty row. */
    private static ObjectNode mergeMetric(List<JsonNode> forks) {
        JsonNode template = forks.stream().filter(m -> m.has("score")).findFirst().orElse(forks.get(0));
        ObjectNode out = template.deepCopy();
        ArrayNode rows = JSON.createArrayNode();
        for (JsonNode fork : forks) {
            JsonNode forkRows = fork.path("rawData");
            if (forkRows.isEmpty()) {
                rows.add(JSON.createArrayNode());
            }
            forkRows.forEach(row -> rows.add(row.deepCopy()));
        }
        out.set("rawData", rows);
        double[] values = values(rows);
        setScore(out, aggregate(policyOf(template), values), meanError(values), values);
        return out;
    }

    private enum Policy { MEAN, SUM, MAX, MIN }

    /** The aggregation whose value over the first fork's row equals that fork's score. */
    private static Policy policyOf(JsonNode metric) {
        JsonNode rows = metric.path("rawData");
        if (rows.isEmpty() || !metric.has("score")) {
            return Policy.MEAN;
        }
        double[] values = values(rows);
        double score = metric.get("score").asDouble();
        for (Policy p : Policy.values()) {
            double v = aggregate(p, values);
            if (v == score || Math.abs(v - score) <= 1e-9 * Math.max(Math.abs(v), Math.abs(score))) {
                return p;
            }
        }
        return Policy.MEAN;
    }

    /** Every value of a metric's rawData rows, row by row. */
    private static double[] values(JsonNode rows) {
        List<Double> values = new ArrayList<>();
        rows.forEach(row -> row.forEach(v -> values.add(v.asDouble())));
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double aggregate(Policy policy, double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        return switch (policy) {
            case MEAN -> Arrays.stream(values).average().orElse(Double.NaN);
            case SUM -> Arrays.stream(values).sum();
            case MAX -> Arrays.stream(values).max().orElse(Double.NaN);
            case MIN -> Arrays.stream(values).min().orElse(Double.NaN);
        };
    }

    /** Half-width of the 99.9% t interval of the mean, as JMH's {@code getMeanErrorAt(0.999)}. */
    static double meanError(double[] values) {
        int n = values.length;
        return n < 2 ? Double.NaN : new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2)
                * Math.sqrt(StatUtils.variance(values) / n);
    }

    private static void setScore(ObjectNode out, double score, double error, double[] values) {
        out.put("score", score);
        out.put("scoreError", error);
        out.set("scoreConfidence", JSON.createArrayNode().add(score - error).add(score + error));
        if (out.has("scorePercentiles") && values.length > 0) {
            ObjectNode percentiles = JSON.createObjectNode();
            Percentile estimator = new Percentile();
            estimator.setData(values);
            out.get("scorePercentiles").fieldNames().forEachRemaining(key -> {
                double p = Double.parseDouble(key);
                percentiles.put(key, p <= 0 ? aggregate(Policy.MIN, values) : estimator.evaluate(Math.min(100, p)));
            });
            out.set("scorePercentiles", percentiles);
        }
    }
}
