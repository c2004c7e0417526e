package org.stealbench.harness.gate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;

/**
 * A paired gate job's folder as other tools read it (the results history): whether a folder is a
 * job ({@code pairs.json} there), each row's fork values of side B (the current build: the commit
 * the job judged), read by {@link PairedJob#readPairs}, and when its first fork started.
 */
public final class GateJobFolder {

    private static final ObjectMapper JSON = new ObjectMapper();

    private GateJobFolder() {
    }

    /**
     * One row of the job.
     *
     * @param benchmark the row's {@code Class.method}
     * @param params    its parameters, sorted by name
     * @param forks     side B's forks, one per pair
     */
    public record Row(String benchmark, SortedMap<String, String> params, List<PairedJob.ForkValues> forks) {
    }

    /** Whether {@code dir} is a paired gate job's folder: it holds {@code pairs.json}. */
    public static boolean isJob(Path dir) {
        return Files.isRegularFile(pairs(dir));
    }

    /** The job's {@code pairs.json}. */
    public static Path pairs(Path dir) {
        return dir.resolve(PairedJob.PAIRS_FILE);
    }

    /**
     * Side B's forks of every row.
     *
     * @throws GateException when {@code pairs.json} is unreadable or damaged
     */
    public static List<Row> currentSide(Path dir) throws GateException {
        PairedJob.Saved saved = PairedJob.readPairs(pairs(dir));
        List<Row> rows = new ArrayList<>();
        for (var e : saved.values().entrySet()) {
            SortedMap<String, String> params;
            try {
                params = GateSubset.Entry.paramsOf(e.getKey());
            } catch (IllegalArgumentException bad) {
                throw new GateException(pairs(dir) + ": " + bad.getMessage());
            }
            rows.add(new Row(GateSubset.Entry.benchmarkOf(e.getKey()), params,
                    e.getValue().stream().map(pair -> pair[1]).toList()));
        }
        return rows;
    }

    /** When the job's first fork started (ISO-8601 UTC, from its order file), or empty when unknown. */
    public static Optional<String> started(Path dir) {
        Path order = dir.resolve(PairedJob.ORDER_FILE);
        if (!Files.isRegularFile(order)) {
            return Optional.empty();
        }
        try {
            JsonNode first = JSON.readTree(order.toFile()).path("forks").path(0).path("started");
            return first.isTextual() ? Optional.of(first.asText()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
