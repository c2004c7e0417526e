package org.stealbench.harness.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads JMH's JSON result format ({@code -rf json}) into {@link JmhResult}s, with one clear
 * error per problem: a missing or empty file, truncated or invalid JSON, JSON written by another
 * tool, a result without raw data.
 */
public final class JmhJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JmhJson() {
    }

    /** Every result in the file, in file order. */
    public static List<JmhResult> read(Path file) throws ResultsException {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ResultsException(file, "no such file");
        } catch (IOException e) {
            throw new ResultsException(file, "cannot be read (" + e.getMessage() + ")", e);
        }
        if (text.isBlank()) {
            throw new ResultsException(file, "empty file (did the run stop before JMH wrote its results?)");
        }
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new ResultsException(file, "not valid JSON, truncated or damaged (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ": "
                    + parserMessage(e) + ")", e);
        }
        if (!root.isArray()) {
            throw notJmh(file, "the top level is not an array");
        }
        List<JmhResult> results = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            results.add(result(file, i, root.get(i)));
        }
        return results;
    }

    private static final Pattern JACKSON_LOCATION =
            Pattern.compile("\\s*\\[Source: .*?; line: (\\d+), column: (\\d+)\\]");

    /**
     * The parser's message as a reader should see it: Jackson's words, with any location it
     * embeds (such as a start marker's) as "line L, column C" and no "[Source: REDACTED
     * (StreamReadFeature...)]" description.
     */
    public static String parserMessage(JsonProcessingException e) {
        String message = e.getOriginalMessage();
        return message == null ? e.getClass().getSimpleName()
                : JACKSON_LOCATION.matcher(message).replaceAll(" line $1, column $2").replaceAll("\\s+", " ").trim();
    }

    private static ResultsException notJmh(Path file, String why) {
        return new ResultsException(file, "not a JMH JSON result file (" + why
                + "); expected the output of JMH's -rf json");
    }

    private static JmhResult result(Path file, int index, JsonNode node) throws ResultsException {
        if (!node.isObject() || !node.hasNonNull("benchmark") || !node.hasNonNull("primaryMetric")
                || !node.hasNonNull("mode")) {
            throw notJmh(file, "entry " + index + " lacks benchmark, mode or primaryMetric");
        }
        String benchmark = node.get("benchmark").asText();
        Metric primary = metric(file, benchmark, "primaryMetric", node.get("primaryMetric"), true);
        Map<String, Metric> secondary = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.path("secondaryMetrics").properties()) {
            secondary.put(e.getKey(), metric(file, benchmark, e.getKey(), e.getValue(), false));
        }
        Map<String, String> params = new TreeMap<>();
        node.path("params").properties().forEach(e -> params.put(e.getKey(), e.getValue().asText()));
        List<String> jvmArgs = new ArrayList<>();
        node.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
        return new JmhResult(benchmark, node.get("mode").asText(), node.path("threads").asInt(1),
                new TreeMap<>(params), primary, secondary, node.path("jdkVersion").asText(null),
                String.join(" ", jvmArgs), new JmhSettings(node.path("forks").asInt(0),
                node.path("warmupIterations").asInt(0), node.path("warmupTime").asText(""),
                node.path("measurementIterations").asInt(0), node.path("measurementTime").asText("")));
    }

    /**
     * A raw value: a JSON number, or JMH's text for what JSON cannot hold ("NaN", "+INF", "-INF");
     * any other text is NaN, never the 0 a lenient parse would make of it.
     */
    static double number(JsonNode v) {
        if (v.isNumber()) {
            return v.asDouble();
        }
        return switch (v.asText()) {
            case "+INF", "INF", "Infinity", "+Infinity" -> Double.POSITIVE_INFINITY;
            case "-INF", "-Infinity" -> Double.NEGATIVE_INFINITY;
            default -> Double.NaN;
        };
    }

    private static Metric metric(Path file, String benchmark, String name, JsonNode node, boolean needRaw)
            throws ResultsException {
        if (!node.hasNonNull("score") || !node.hasNonNull("scoreUnit")) {
            throw notJmh(file, benchmark + " " + name + " lacks score or scoreUnit");
        }
        List<List<Double>> raw = new ArrayList<>();
        for (JsonNode fork : node.path("rawData")) {
            List<Double> values = new ArrayList<>();
            fork.forEach(v -> values.add(number(v)));
            raw.add(values);
        }
        if (needRaw && (raw.isEmpty() || raw.stream().allMatch(List::isEmpty))) {
            throw new ResultsException(file, benchmark + " has no raw data in its " + name);
        }
        double error = node.path("scoreError").isNumber() ? node.get("scoreError").asDouble() : Double.NaN;
        return new Metric(node.get("score").asDouble(), error, node.get("scoreUnit").asText(), raw);
    }
}
