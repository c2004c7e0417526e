package org.stealbench.harness.gate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The gate's thresholds: defaults and per-benchmark rules from a checked-in JSON file
 * ({@code results/gate-ab-thresholds.json}):
 * <pre>
 * { "time": 0.25, "cpu": 0.15, "allocationFraction": 0.05, "allocationBytes": 8,
 *   "rules": [ { "match": "EnqueueDequeueBenchmark.*", "time": 0.5, "why": "thread start-up dominates" } ] }
 * </pre>
 * A rule's {@code match} is a glob ({@code *} any characters, {@code ?} one) over a benchmark's
 * label, {@code Class.method param=value ...} (parameters sorted by name), or over its
 * {@code Class.method} alone; the first matching rule wins, and what it leaves out comes from the
 * defaults. Unknown keys are refused, so a misspelt threshold is not silently ignored.
 */
public final class GateThresholds {

    /** Used when no file is given and none is checked in. */
    public static final Threshold BUILT_IN = new Threshold(0.25, 0.15, 0.05, 8, "default");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TOP_KEYS = Set.of("time", "cpu", "allocationFraction", "allocationBytes",
            "rules", "about");
    private static final Set<String> RULE_KEYS = Set.of("match", "time", "cpu", "allocationFraction",
            "allocationBytes", "why");

    private record Rule(String match, Pattern glob, Threshold threshold, String why) {
    }

    private final String source;
    private final Threshold defaults;
    private final List<Rule> rules;

    private GateThresholds(String source, Threshold defaults, List<Rule> rules) {
        this.source = source;
        this.defaults = defaults;
        this.rules = List.copyOf(rules);
    }

    /** The built-in defaults, no rules. */
    public static GateThresholds builtIn() {
        return new GateThresholds("built-in defaults", BUILT_IN, List.of());
    }

    /**
     * Reads a thresholds file.
     *
     * @throws GateException naming the file and the problem
     */
    public static GateThresholds load(Path file) throws GateException {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new GateException(file + ": thresholds file not found");
        } catch (JsonProcessingException e) {
            throw new GateException(file + ": thresholds file is not valid JSON (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new GateException(file + ": thresholds file cannot be read (" + e.getMessage() + ")");
        }
        if (root == null || !root.isObject()) {
            throw new GateException(file + ": thresholds file must hold a JSON object");
        }
        try {
            checkKeys(root, TOP_KEYS, "the top level");
            Threshold defaults = threshold(root, BUILT_IN, "default");
            List<Rule> rules = new ArrayList<>();
            JsonNode list = root.path("rules");
            if (!list.isMissingNode() && !list.isArray()) {
                throw new IllegalArgumentException("'rules' must be an array");
            }
            int index = 0;
            for (JsonNode node : list) {
                if (!node.isObject() || !node.path("match").isTextual() || node.get("match").asText().isBlank()) {
                    throw new IllegalArgumentException("rule " + index + " needs a non-empty \"match\" pattern");
                }
                checkKeys(node, RULE_KEYS, "rule " + index);
                String match = node.get("match").asText();
                rules.add(new Rule(match, glob(match), threshold(node, defaults, match), node.path("why").asText("")));
                index++;
            }
            return new GateThresholds(GateAbCommand.shown(file), defaults, rules);
        } catch (IllegalArgumentException e) {
            throw new GateException(file + ": " + e.getMessage());
        }
    }

    /** The threshold for a benchmark, by its label ({@code Class.method p=v ...}) and short name. */
    public Threshold forBenchmark(String label, String shortName) {
        for (Rule rule : rules) {
            if (rule.glob().matcher(label).matches() || rule.glob().matcher(shortName).matches()) {
                return rule.threshold();
            }
        }
        return defaults;
    }

    /** What is in force, one line each, for the output's header. */
    public List<String> describe() {
        return Stream.concat(Stream.of("thresholds from " + source + ": " + describe(defaults) + " by default"),
                rules.stream().map(rule -> "  rule '" + rule.match() + "': " + describe(rule.threshold())
                        + (rule.why().isEmpty() ? "" : " (" + rule.why() + ")"))).toList();
    }

    private static String describe(Threshold t) {
        return "time +" + percent(t.time()) + ", cpu +" + percent(t.cpu()) + ", allocation +" + percent(t.allocationFraction()) + " or +"
                + String.format(Locale.ROOT, "%.0f", t.allocationBytes()) + " B/op";
    }

    static String percent(double fraction) {
        double p = fraction * 100;
        return p == Math.rint(p) ? String.format(Locale.ROOT, "%.0f%%", p) : String.format(Locale.ROOT, "%.1f%%", p);
    }

    private static Threshold threshold(JsonNode node, Threshold fallback, String rule) {
        return new Threshold(number(node, "time", fallback.time()), number(node, "cpu", fallback.cpu()),
                number(node, "allocationFraction", fallback.allocationFraction()),
                number(node, "allocationBytes", fallback.allocationBytes()), rule);
    }

    private static double number(JsonNode node, String key, double fallback) {
        JsonNode value = node.get(key);
        if (value == null) {
            return fallback;
        }
        if (!value.isNumber()) {
            throw new IllegalArgumentException("'" + key + "' must be a number, was " + value);
        }
        return value.asDouble();
    }

    private static void checkKeys(JsonNode node, Set<String> allowed, String where) {
        node.fieldNames().forEachRemaining(key -> {
            if (!allowed.contains(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "' in " + where + "; allowed: "
                        + String.join(", ", allowed.stream().sorted().toList()));
            }
        });
    }

    /** A glob over labels: {@code *} any characters, {@code ?} one, everything else literal. */
    static Pattern glob(String glob) {
        return Pattern.compile(Stream.of(glob.split("(?=[*?])|(?<=[*?])")).map(part -> switch (part) {
            case "*" -> ".*";
            case "?" -> ".";
            default -> Pattern.quote(part);
        }).collect(Collectors.joining()), Pattern.DOTALL);
    }
}
