package org.stealbench.harness.run;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.ProfilerConfig;

/**
 * The JMH options {@code scripts/bench} passes to every fork, checked before anything runs, each
 * either honoured or refused with the reason ({@link #check}):
 * <ul>
 *   <li>honoured: {@code -wi -i -w -r -f -p -to -jvmArgs* -prof -tu -foe} and JMH's other tuning
 *       options ({@code -gc -si -bs -wbs -wm -opi}), passed to every fork; {@code -prof} only for a
 *       profiler JMH can load here, {@code -tu} changes the unit the results are written in (the
 *       report reads each score's unit), {@code -foe true} ends a fork at its benchmark's first
 *       error (each fork runs one parameter set: the run goes on with the others and exits 1);
 *       {@code -bm} only when it names the mode of every benchmark the run includes;</li>
 *   <li>refused: the listing options {@code -l -lp -lprof -lrf -h}, which run nothing;
 *       {@code -t} and {@code -tg}, since the pools' thread counts are the {@code threads}
 *       parameter and the experiments' threads are their design; {@code -o}, since every fork
 *       would write its log to the one file; and {@code -rf -rff -jvm -e} and include patterns
 *       ({@link BenchRequest#parse}).</li>
 * </ul>
 */
final class JmhPassThrough {

    /** Where plain JMH runs, with JMH's own command line. */
    static final String PLAIN_JMH = "java -jar harness/target/benchmarks.jar";

    private static final Pattern NOT_RECOGNIZED = Pattern.compile("^'?([^' ]+)'? is not a recognized option");

    private JmhPassThrough() {
    }

    /**
     * Refuses with an {@link IllegalArgumentException}, naming the first option ({@code args} as
     * given) and the reason, what {@code scripts/bench} cannot honour for these experiments.
     */
    static void check(CommandLineOptions jmh, List<String> args, Collection<Experiment> experiments) {
        if (jmh.shouldHelp() || jmh.shouldList() || jmh.shouldListWithParams() || jmh.shouldListProfilers()
                || jmh.shouldListResultFormats()) {
            String given = args.stream().filter(a -> Set.of("-h", "-l", "-lp", "-lprof", "-lrf").contains(a))
                    .findFirst().orElse("-l");
            throw new IllegalArgumentException(given + " lists and runs nothing, so bench does not take it: use "
                    + PLAIN_JMH + " " + given + " (scripts/bench --dry-run prints this run's plan)");
        }
        if (jmh.getThreads().hasValue() || jmh.getThreadGroups().hasValue()) {
            throw new IllegalArgumentException((jmh.getThreads().hasValue() ? "-t" : "-tg") + " is not taken: each "
                    + "experiment's threads are its design, a pool's workers its 'threads' parameter (-p threads=N)");
        }
        if (jmh.getOutput().hasValue()) {
            throw new IllegalArgumentException("-o is not taken: every fork would write its log to that one file; "
                    + "JMH's log goes to the terminal and the results to the run folder (--out DIR)");
        }
        for (ProfilerConfig p : jmh.getProfilers()) {
            try {
                ProfilerFactory.getProfilerOrException(p);
            } catch (ProfilerException e) {
                throw new IllegalArgumentException("-prof " + p.getKlass() + ": JMH cannot use this profiler here: "
                        + firstLine(e.getMessage()) + " (" + PLAIN_JMH + " -lprof lists the profilers)");
            }
        }
        Set<Mode> asked = Set.copyOf(jmh.getBenchModes());
        if (!asked.isEmpty()) {
            for (Experiment e : experiments) {
                for (BenchmarkCatalog.Method m : e.benchmarks()) {
                    if (!asked.equals(Set.of(m.mode()))) {
                        String method = m.name().substring(m.name().lastIndexOf('.') + 1);
                        throw new IllegalArgumentException("-bm " + modes(asked) + ": experiment " + e.id() + " measures "
                                + method + " in mode " + m.mode().shortLabel() + " only, the mode its report reads; "
                                + "other modes: " + PLAIN_JMH + " -bm MODE " + e.benchmarkClass().getSimpleName());
                    }
                }
            }
        }
    }

    private static String modes(Set<Mode> modes) {
        return modes.stream().map(Mode::shortLabel).sorted().distinct().collect(Collectors.joining(","));
    }

    private static String firstLine(String message) {
        return message == null ? "no reason given" : message.strip().lines().findFirst().orElse("no reason given");
    }

    /**
     * JMH's "x is not a recognized option" for one of {@code args}, naming the option as given
     * ({@code --nope}, not {@code nope}); other messages unchanged.
     */
    static String unknownOption(String message, List<String> args) {
        Matcher m = NOT_RECOGNIZED.matcher(message == null ? "" : message);
        if (!m.find()) {
            return message;
        }
        String name = m.group(1);
        // JMH's parser reads -nope as the cluster -n -o -p -e and names only its first letter
        String given = args.stream().filter(a -> a.equals("--" + name) || a.equals("-" + name)
                || a.startsWith("--" + name + "=")).findFirst()
                .or(() -> args.stream().filter(a -> a.startsWith("-" + name)).findFirst()).orElse("-" + name);
        return given + " is not an option of bench or of JMH (scripts/bench --help lists bench's; "
                + PLAIN_JMH + " -h JMH's)";
    }

    /**
     * What to run instead of an unknown profile {@code word}: the experiment it names (by id or by
     * its benchmark class's simple name) with {@code --only}, and plain JMH for benchmarks by name.
     */
    static String profileHint(String word, Collection<Experiment> experiments) {
        for (Experiment e : experiments) {
            if (e.id().equalsIgnoreCase(word) || e.benchmarkClass().getSimpleName().equalsIgnoreCase(word)) {
                return "to run experiment " + e.id() + " alone: scripts/bench quick --only " + e.id()
                        + "; to run JMH benchmarks by name: " + PLAIN_JMH + " " + word;
            }
        }
        return "to choose experiments: --only EXP,...; to run JMH benchmarks by name: " + PLAIN_JMH + " " + word;
    }
}
