package org.stealbench.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.stealbench.harness.results.ExperimentId;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.ResultsException;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.results.RunData;
import org.stealbench.harness.results.RunFolder;
import org.stealbench.harness.run.RunEnvironment;

/**
 * One run as the report sees it: the loaded {@link RunData}, its footprint (when the folder has a
 * readable {@code footprint.json}), a short label, and the facts the header and the warnings need.
 */
final class RunView {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final RunData data;
    private final JsonNode footprint;
    private final List<String> problems;
    private final String label;

    private RunView(RunData data, JsonNode footprint, List<String> problems, String label) {
        this.data = data;
        this.footprint = footprint;
        this.problems = problems;
        this.label = label;
    }

    /** Wraps a loaded run, reading its {@code footprint.json} if it has one. */
    static RunView of(RunData data, String label) {
        List<String> problems = new ArrayList<>(data.problems());
        JsonNode footprint = null;
        Path file = folder(data).map(RunFolder::footprint).orElse(null);
        if (file != null && Files.exists(file)) {
            try {
                JsonNode node = JSON.readTree(file.toFile());
                if (node != null && node.path("queues").isArray()) {
                    footprint = node;
                } else {
                    problems.add(file + ": not a stealbench footprint file (no \"queues\" array)");
                }
            } catch (IOException e) {
                problems.add(file + ": not valid JSON, truncated or damaged (" + e.getMessage().lines().findFirst()
                        .orElse("") + ")");
            }
        }
        return new RunView(data, footprint, problems, label);
    }

    RunData data() {
        return data;
    }

    /** The run folder of a run loaded from one; empty for a lone JMH JSON file. */
    private static Optional<RunFolder> folder(RunData data) {
        return Files.isDirectory(data.source()) ? Optional.of(RunFolder.at(data.source())) : Optional.empty();
    }

    /** The lines of the run folder's {@code failures.txt}: parts of the run that failed; empty when none did. */
    List<String> failures() {
        Path file = folder(data).map(RunFolder::failures).orElse(null);
        if (file == null || !Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList();
        } catch (IOException e) {
            return List.of(file.getFileName() + " is unreadable (" + e.getMessage() + ")");
        }
    }

    String label() {
        return label;
    }

    List<String> problems() {
        return problems;
    }

    Optional<JsonNode> footprint() {
        return Optional.ofNullable(footprint);
    }

    /** The results of one experiment, empty when the run does not have it. */
    List<JmhResult> results(String experiment) {
        return data.experiments().getOrDefault(experiment, List.of());
    }

    boolean has(String experiment) {
        return !results(experiment).isEmpty();
    }

    /** Whether the experiment's forks ran interleaved in rounds ({@link RunFolder#interleaved}). */
    boolean interleaved(String experiment) {
        try {
            return folder(data).map(f -> f.interleaved(ExperimentId.of(experiment))).orElse(false);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The experiment's rounds file, or null when it has none (not interleaved) or it cannot be read. */
    RoundsFile rounds(String experiment) {
        if (!interleaved(experiment)) {
            return null;
        }
        try {
            return RoundsFile.read(RunFolder.at(data.source()).rounds(ExperimentId.of(experiment)));
        } catch (ResultsException e) {
            return null;
        }
    }

    /** A top-level env.json value as text, or null. */
    String env(String key) {
        Object v = data.env().get(key);
        return v == null ? null : v.toString();
    }

    /** env.json's {@code jvmArgs}, the JVM arguments every fork got, or null when it recorded none. */
    List<String> jvmArgs() {
        return data.env().get("jvmArgs") instanceof List<?> args ? args.stream().map(String::valueOf).toList() : null;
    }

    /** A value of env.json's {@code jdk} object, or null. */
    String jdk(String key) {
        return data.env().get("jdk") instanceof Map<?, ?> m && m.get(key) != null ? m.get(key).toString() : null;
    }

    /** The JDK versions the results ran on (from the JMH JSON), in first-seen order. */
    List<String> jdkVersions() {
        return data.allResults().stream().map(JmhResult::jdkVersion).filter(v -> v != null && !v.isEmpty())
                .distinct().toList();
    }

    /**
     * The major version of the JDK the run measured on (env.json's, else its results'), e.g.
     * {@code 17}: runs of one JDK repeat each other, runs of two compare the JDKs.
     */
    String jdkMajor() {
        String v = jdk("version");
        List<String> seen = jdkVersions();
        return RunEnvironment.majorVersion(v != null ? v : seen.isEmpty() ? null : seen.get(0));
    }

    /** Cores from env.json; 0 when unknown. */
    int cores() {
        return data.env().get("cores") instanceof Number n ? n.intValue() : 0;
    }

    boolean quick() {
        return "quick".equals(env("profile"));
    }

    /** The command that made the run, from its {@code command.txt} (one line), or null when there is none. */
    String command() {
        Path file = folder(data).map(RunFolder::command).orElse(null);
        try {
            return file != null && Files.exists(file) ? Files.readString(file).strip() : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** An {@code --out DIR} (or {@code --out=DIR}) option in a command line. */
    private static final Pattern OUT_OPTION = Pattern.compile("\\s+--out(=|\\s+)\\S+");

    /** {@link #command()} without its {@code --out DIR}, a folder on the machine that made the run. */
    String repeatCommand() {
        String command = command();
        return command == null ? null : OUT_OPTION.matcher(command).replaceAll("");
    }

    /**
     * When the run started: env.json's {@code startedAt} (ISO-8601), else the stamp in the folder's
     * name, else env.json's file time (said so), else "unknown". E.g. {@code 2026-11-22 03:22:25 UTC}.
     */
    String when() {
        DateTimeFormatter utc = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);
        Object started = data.env().get("startedAt");
        if (started != null) {
            try {
                return utc.format(Instant.parse(started.toString()));
            } catch (DateTimeParseException e) {
                // not ISO-8601: fall back to the folder's name
            }
        }
        Optional<Instant> named = RunFolder.started(data.source().getFileName().toString());
        if (named.isPresent()) {
            return utc.format(named.get());
        }
        Path env = folder(data).map(RunFolder::env).orElse(null);
        try {
            return env != null && Files.exists(env)
                    ? utc.format(Files.getLastModifiedTime(env).toInstant())
                            + " (env.json's file time: the run records no start time)"
                    : "unknown";
        } catch (IOException e) {
            return "unknown";
        }
    }
}
