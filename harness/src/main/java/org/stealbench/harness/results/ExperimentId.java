package org.stealbench.harness.results;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An experiment's id, the one name an experiment goes by in a run folder, the report, the gate
 * and on the command line: lower-case words joined by hyphens, e.g. {@code queue-drain},
 * {@code deque-ops}. The run engine's {@code Experiment} enum is the list of the ids that exist;
 * this type is their vocabulary, so readers need not depend on the run engine.
 *
 * @param value the id, e.g. {@code deque-ops}
 */
public record ExperimentId(String value) implements Comparable<ExperimentId> {

    private static final Pattern VALID = Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*");
    private static final String RESULT_PREFIX = "jmh-";
    private static final String JSON = ".json";

    public ExperimentId {
        if (value == null || !VALID.matcher(value).matches()) {
            throw new IllegalArgumentException("experiment id '" + value
                    + "': expected lower-case words joined by hyphens, e.g. deque-ops");
        }
    }

    public static ExperimentId of(String value) {
        return new ExperimentId(value);
    }

    /**
     * The experiment whose JMH results a file of this name holds ({@code jmh-deque-ops.json} ->
     * {@code deque-ops}), or empty when the name is not a result file's.
     */
    public static Optional<ExperimentId> ofResultFile(String fileName) {
        if (!fileName.startsWith(RESULT_PREFIX) || !fileName.endsWith(JSON)) {
            return Optional.empty();
        }
        String id = fileName.substring(RESULT_PREFIX.length(), fileName.length() - JSON.length());
        return VALID.matcher(id).matches() ? Optional.of(new ExperimentId(id)) : Optional.empty();
    }

    /** The name of its JMH JSON file in a run folder: {@code jmh-<id>.json}. */
    public String resultFileName() {
        return RESULT_PREFIX + value + JSON;
    }

    /** The name of its rounds file in an interleaved run folder: {@code rounds-<id>.json}. */
    public String roundsFileName() {
        return "rounds-" + value + JSON;
    }

    @Override
    public int compareTo(ExperimentId other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
