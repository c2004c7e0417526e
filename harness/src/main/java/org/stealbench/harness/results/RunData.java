package org.stealbench.harness.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run as the report and the results history see it: either a run folder ({@code env.json} and one
 * {@code jmh-<experiment>.json} per experiment, as {@code scripts/bench} writes it) or a single
 * JMH JSON file. Files that cannot be read are kept as {@link #problems()} (file and message), so
 * a reader can show what is there and say what is not.
 *
 * @param source      the folder or file given
 * @param env         the run's {@code env.json}, empty when there is none
 * @param experiments results by experiment id ({@code jmh-deque-ops.json} -> {@code deque-ops};
 *                    a lone file is its name without {@code .json})
 * @param problems    one message per file that could not be read
 */
public record RunData(Path source, Map<String, Object> env, Map<String, List<JmhResult>> experiments,
                      List<String> problems) {

    /** @throws ResultsException if {@code source} does not exist, or is a folder with no result file */
    public static RunData load(Path source) throws ResultsException {
        return load(source, false);
    }

    /**
     * Loads a run folder or a JMH JSON file, refusing it whole if any of its files cannot be read
     * (a result file, or an {@code env.json} that is there but damaged): for the results history,
     * which must not store part of a run. A folder without {@code env.json} loads with an empty env.
     *
     * @throws ResultsException naming the first file that cannot be read and why
     */
    public static RunData loadStrict(Path source) throws ResultsException {
        return load(source, true);
    }

    private static RunData load(Path source, boolean strict) throws ResultsException {
        if (!Files.exists(source)) {
            throw new ResultsException(source, "no such file or folder");
        }
        Map<String, List<JmhResult>> experiments = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        if (!Files.isDirectory(source)) {
            String name = source.getFileName().toString().replaceFirst("\\.json$", "");
            experiments.put(name.replaceFirst("^jmh-", ""), JmhJson.read(source));
            return new RunData(source, Map.of(), experiments, problems);
        }
        RunFolder folder = RunFolder.at(source);
        List<ExperimentId> ids;
        try {
            ids = folder.experiments();
        } catch (IOException e) {
            throw new ResultsException(source, "cannot list the folder (" + e.getMessage() + ")", e);
        }
        if (ids.isEmpty()) {
            throw new ResultsException(source, "no jmh-*.json result file: not a stealbench run folder");
        }
        for (ExperimentId id : ids) {
            try {
                experiments.put(id.value(), JmhJson.read(folder.results(id)));
            } catch (ResultsException e) {
                if (strict) {
                    throw e;
                }
                problems.add(e.getMessage());
            }
        }
        Map<String, Object> env = new LinkedHashMap<>();
        Path envFile = folder.env();
        if (Files.exists(envFile)) {
            try {
                env.putAll(folder.readEnv());
            } catch (IOException e) {
                ResultsException problem = new ResultsException(envFile, e instanceof JsonProcessingException j
                        ? "not valid JSON (" + JmhJson.parserMessage(j) + ")" : "cannot be read (" + e.getMessage() + ")", e);
                if (strict) {
                    throw problem;
                }
                problems.add(problem.getMessage());
            }
        } else if (!strict) {
            problems.add(envFile + ": missing (the run's environment is unknown)");
        }
        return new RunData(source, env, experiments, problems);
    }

    public List<JmhResult> allResults() {
        return experiments.values().stream().flatMap(List::stream).toList();
    }
}
