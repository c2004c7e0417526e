package org.stealbench.harness.run;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The thread counts a pool or contention experiment runs at, from the cores the planning JVM sees
 * ({@link Runtime#availableProcessors()}, which {@code -XX:ActiveProcessorCount=N} sets): the one
 * owner of the ladder rule. An experiment whose benchmarks declare a {@code threads} parameter
 * takes one of these uses ({@link Experiment#ladder()}); a user's {@code --threads} or
 * {@code -p threads=...} replaces it.
 *
 * <ul>
 *   <li>{@link #SCALING}: the {@link #full} ladder; the quick profile caps it at 1 and the cores,
 *       so its length, and the quick estimate, do not grow with the machine.</li>
 *   <li>{@link #ALL_CORES}: the full ladder under the full profile; the quick profile runs the
 *       cores alone (the quick profile's scaling answer comes from the {@link #SCALING} ones).</li>
 *   <li>{@link #OVERSUBSCRIBED}: twice and four times the cores; the quick profile takes twice.</li>
 * </ul>
 * Counts below an experiment's minimum ({@link Experiment#minThreads()}) are raised to it.
 */
public enum ThreadLadder {

    SCALING, ALL_CORES, OVERSUBSCRIBED;

    /**
     * 1, 2, 4, ... below {@code cores}, then {@code cores} and {@code 2 * cores}: e.g. 1, 2, 4 on
     * 2 cores; 1, 2, 4, 6, 12 on 6; 1, 2, 4, 8, 16, 32 on 16.
     */
    public static List<Integer> full(int cores) {
        requireCores(cores);
        TreeSet<Integer> rungs = new TreeSet<>();
        for (int t = 1; t < cores; t *= 2) {
            rungs.add(t);
        }
        rungs.add(cores);
        rungs.add(2 * cores);
        return List.copyOf(rungs);
    }

    /** The thread counts of this use under the quick or full profile on {@code cores} cores, ascending. */
    public List<Integer> rungs(boolean quick, int cores, int minThreads) {
        requireCores(cores);
        List<Integer> wanted = switch (this) {
            case SCALING -> quick ? List.of(1, cores) : full(cores);
            case ALL_CORES -> quick ? List.of(cores) : full(cores);
            case OVERSUBSCRIBED -> quick ? List.of(2 * cores) : List.of(2 * cores, 4 * cores);
        };
        return wanted.stream().map(t -> Math.max(t, minThreads)).distinct().sorted().toList();
    }

    /**
     * The thread counts of a {@code --threads} value: positive integers separated by commas, in
     * the order given, without repeats.
     *
     * @throws IllegalArgumentException naming the bad element
     */
    public static List<Integer> parse(String list) {
        Set<Integer> out = new LinkedHashSet<>();
        for (String part : list.split(",", -1)) {
            int t;
            try {
                t = Integer.parseInt(part.trim());
            } catch (NumberFormatException e) {
                t = 0;
            }
            if (t < 1) {
                throw new IllegalArgumentException("--threads " + list + ": '" + part
                        + "' is not a positive thread count (give e.g. --threads 1,2,8)");
            }
            out.add(t);
        }
        return List.copyOf(out);
    }

    private static void requireCores(int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be at least 1, got " + cores);
        }
    }
}
