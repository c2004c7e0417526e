package org.stealbench.harness.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A named selection of experiments with their settings: {@code quick} (every experiment but the
 * pool-options studies and the liveness scenarios, on a representative subset of contenders, 3
 * rounds of short iterations, under twelve minutes on any core count where a fork starts in
 * {@link ForkStart#NOMINAL_SECONDS}),
 * {@code full} (the seeds' parameters, every contender, 5 rounds), and one profile per experiment
 * (e.g. {@code seed-002}), which runs that experiment alone with its full settings. The settings
 * hold the contenders as planned ({@link Experiment#planned}) and the thread counts for the cores
 * the JVM sees, or any count given ({@link #byName(String, int)}), by each {@link ThreadLadder}.
 */
public record Profile(String name, Map<Experiment, Settings> experiments) {

    public static final String QUICK = "quick";
    public static final String FULL = "full";

    /**
     * The profile with the given name, planned for the cores this JVM sees.
     *
     * @throws IllegalArgumentException naming the valid profiles if none matches
     */
    public static Profile byName(String name) {
        return byName(name, Runtime.getRuntime().availableProcessors());
    }

    /**
     * The profile with the given name, planned for a machine with {@code cores} cores: each
     * experiment with a thread ladder takes its rungs for that count ({@link ThreadLadder}).
     *
     * @throws IllegalArgumentException naming the valid profiles if none matches
     */
    public static Profile byName(String name, int cores) {
        Map<Experiment, Settings> chosen = new LinkedHashMap<>();
        for (Experiment e : Experiment.values()) {
            if (name.equals(QUICK)) {
                Settings quick = e.quick();
                if (quick != null) {
                    chosen.put(e, laddered(e, quick, true, cores));
                }
            } else if (name.equals(FULL) || name.equals(e.profile())) {
                chosen.put(e, laddered(e, e.full(), false, cores));
            }
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("unknown profile '" + name + "'; valid profiles: "
                    + String.join(", ", names()));
        }
        return new Profile(name, chosen);
    }

    /** {@code settings} with the experiment's thread ladder, where it has one. */
    private static Settings laddered(Experiment e, Settings settings, boolean quick, int cores) {
        List<String> threads = e.threads(quick, cores);
        if (threads.isEmpty()) {
            return settings;
        }
        Map<String, List<String>> params = new LinkedHashMap<>(settings.params());
        params.put(Experiment.THREADS, threads);
        return settings.params(params);
    }

    public static List<String> names() {
        return Stream.concat(Stream.of(QUICK, FULL), Stream.of(Experiment.values()).map(Experiment::profile)).toList();
    }

    /** This profile restricted to the experiments with the given ids or profile names. */
    public Profile only(List<String> ids) {
        Map<Experiment, Settings> kept = new LinkedHashMap<>();
        for (String id : ids) {
            Experiment match = experiments.keySet().stream().filter(e -> e.id().equals(id) || e.profile().equals(id))
                    .findFirst().orElseThrow(() -> new IllegalArgumentException("--only: no experiment '" + id
                            + "' in profile " + name + "; it has: " + experiments.keySet().stream()
                            .map(Experiment::id).collect(Collectors.joining(", "))));
            kept.put(match, experiments.get(match));
        }
        return new Profile(name, kept);
    }

    /**
     * Estimated seconds of these experiments under these settings, every round run, each fork
     * taking {@code start} seconds to start ({@link ForkStart}).
     */
    static double estimateSeconds(Map<Experiment, Settings> settings, double start) {
        return settings.entrySet().stream().mapToDouble(e -> estimateSeconds(e.getKey(), e.getValue(), start)).sum();
    }

    /** Estimated seconds of these experiments if every shape stops at its first look. */
    static double leastSeconds(Map<Experiment, Settings> settings, double start) {
        return settings.entrySet().stream().mapToDouble(e -> leastSeconds(e.getKey(), e.getValue(), start)).sum();
    }

    /** Estimated seconds of one experiment, every round run. */
    static double estimateSeconds(Experiment experiment, Settings settings, double start) {
        return seconds(experiment, settings, settings.forks(), start);
    }

    /**
     * Estimated seconds of one experiment if every shape's answer is decided at its first look
     * ({@link RoundPlan#FIRST_LOOK} rounds, or every round when it has no more).
     */
    static double leastSeconds(Experiment experiment, Settings settings, double start) {
        return seconds(experiment, settings, Math.min(settings.forks(), RoundPlan.FIRST_LOOK), start);
    }

    private static double seconds(Experiment experiment, Settings settings, int rounds, double start) {
        return forks(experiment, settings, rounds) * settings.forkSeconds(experiment.singleShot(), start);
    }

    /** Forks of these experiments, every round run. */
    static int forks(Map<Experiment, Settings> settings) {
        return settings.entrySet().stream().mapToInt(e -> forks(e.getKey(), e.getValue(), e.getValue().forks())).sum();
    }

    /** Forks of one experiment in {@code rounds} rounds: one per parameter set (declared defaults included) a round. */
    static int forks(Experiment experiment, Settings settings, int rounds) {
        return Shapes.parameterSets(Shapes.of(experiment, settings.params())) * rounds;
    }
}
