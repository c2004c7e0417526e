package org.stealbench.harness.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.stealbench.harness.stats.SteadyState;

/**
 * The order an interleaved experiment's forks ran in, {@code rounds-<experiment>.json} in a run
 * folder. Its presence makes an experiment interleaved: then in {@code jmh-<experiment>.json}
 * row r of every (benchmark, params) is round r, and two contenders of the same shape pair up
 * row by row.
 *
 * @param seed       the seed the order was drawn with
 * @param rounds     rounds planned per shape: every shape's count, but for those in {@code stops}
 * @param forks      every fork, in the order it ran
 * @param stops      the shapes that stopped before their planned rounds, their answer decided
 */
public record RoundsFile(String experiment, long seed, int rounds, List<Fork> forks,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Stop> stops) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * One fork.
     *
     * @param round     0-based round within its shape
     * @param position  0-based place within the round
     * @param benchmark fully qualified benchmark method
     * @param started   when it started, ISO-8601 UTC
     * @param file      its JMH JSON, relative to the run folder ({@code forks/<experiment>/<name>.json})
     * @param error     why it produced no result; null (and absent from the file) when it did
     * @param steady    where its measured iterations became steady; null (and absent) when it
     *                  produced no result
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Fork(int round, int position, String benchmark, Map<String, String> params, String started,
                       String file, String error, Steadiness steady) {

        public Fork {
            params = new LinkedHashMap<>(params);
        }
    }

    /**
     * What the steady-state rule ({@link SteadyState}) found in a fork's measured iterations, and
     * what of them the merged result keeps.
     *
     * @param kind             {@code flat}, {@code warm-up}, {@code slow-down} or {@code no steady state}
     * @param iterations       measured iterations the fork ran
     * @param discarded        the first iterations left out of the merged result as warm-up; for a fork
     *                         with no steady state, all but the last {@code minSteady}
     * @param discardedSeconds how long those iterations took
     * @param minSteady        how many iterations a steady segment had to hold
     */
    public record Steadiness(String kind, int iterations, int discarded, double discardedSeconds, int minSteady) {

        @JsonIgnore
        public boolean steady() {
            return !SteadyState.Kind.NO_STEADY_STATE.label().equals(kind);
        }
    }

    /**
     * A shape that stopped early: after {@code rounds} of the planned rounds, every contender of
     * it was placed against the best (run/RoundPlan's sequential looks).
     *
     * @param benchmark    fully qualified benchmark method
     * @param params       the shape's parameters but the contender
     * @param savedSeconds the estimated time of the rounds it did not run
     */
    public record Stop(String benchmark, Map<String, String> params, int rounds, double savedSeconds) {

        public Stop {
            params = new LinkedHashMap<>(params);
        }
    }

    public RoundsFile {
        forks = List.copyOf(forks);
        stops = stops == null ? List.of() : List.copyOf(stops);
    }

    /** A file of {@code rounds} planned rounds and these forks, no shape stopped early. */
    public RoundsFile(String experiment, long seed, int rounds, List<Fork> forks) {
        this(experiment, seed, rounds, forks, List.of());
    }

    public RoundsFile with(Fork fork) {
        return new RoundsFile(experiment, seed, rounds, Stream.concat(forks.stream(), Stream.of(fork)).toList(), stops);
    }

    public RoundsFile with(Stop stop) {
        return new RoundsFile(experiment, seed, rounds, forks, Stream.concat(stops.stream(), Stream.of(stop)).toList());
    }

    public static RoundsFile read(Path file) throws ResultsException {
        try {
            return JSON.readValue(file.toFile(), RoundsFile.class);
        } catch (IOException e) {
            throw new ResultsException(file, "not a readable rounds file (" + e.getMessage() + ")", e);
        }
    }

    /** Writes it whole or not at all. */
    public void write(Path file) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsString(this) + System.lineSeparator());
    }
}
