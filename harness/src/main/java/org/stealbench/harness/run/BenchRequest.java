package org.stealbench.harness.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.TimeValue;
import org.stealbench.harness.bench.Contenders;

/**
 * What a {@code scripts/bench} command line asks for, checked: the profile and its experiments'
 * settings under the user's JMH options (the user's value wins wherever given; what bench cannot
 * honour is refused by {@link JmhPassThrough}), the JVM arguments of every fork, and the JVMs the
 * run goes to. The full profile, given no {@code --jvm}, runs on every JDK it finds: the default
 * java and {@link Jdk25} ({@code --both-jdks} does the same for any profile); {@code --jvm default}
 * keeps one.
 *
 * <p>And what it runs, planned before anything runs: each experiment's JMH options (the user's,
 * then the profile's where the user gave none), one round's forks of a shape, the thread ladders,
 * and the plan {@code scripts/bench} prints. {@link BenchRun} runs what is planned here;
 * {@code --dry-run} only prints it.
 *
 * @param profile        the profile, cut to {@code --only}
 * @param forkJmhOptions the user's JMH options for each fork, without those the engine sets per fork
 * @param jvmArgs        the JVM arguments of every fork: the user's, with the heap flags in force
 * @param settings       each experiment's settings under the user's options
 * @param javas          the java executables, one run folder each
 * @param jvmNote        which JVMs run and why, for the plan
 */
record BenchRequest(Profile profile, CommandLineOptions jmh, List<String> forkJmhOptions, List<String> jvmArgs,
                    Map<Experiment, Settings> settings, List<Path> javas, String jvmNote) {

    /** A parameter that names contenders: the kind of id it takes (for error messages) and the registry's ids. */
    private record ContenderKind(String kind, Supplier<List<String>> registry) {
    }

    private static final Map<String, ContenderKind> CONTENDER_KINDS = Map.of(
            "pool", new ContenderKind("pool", Contenders::pools),
            "queue", new ContenderKind("queue", () -> Contenders.queueIds(t -> true)),
            "global", new ContenderKind("global queue", Contenders::globalQueues),
            "partitioner", new ContenderKind("partitioner", () -> Contenders.PARTITIONERS));

    /**
     * Checks a command line: the profile name and JMH options ({@code arguments}), then bench's own
     * {@code --only}, {@code --jvm}, {@code --both-jdks} and {@code --threads}; throws
     * {@link IllegalArgumentException} with a one-line message naming what is wrong.
     */
    static BenchRequest parse(List<String> arguments, List<String> only, List<Path> jvms, boolean bothJdks,
                              String threads) {
        List<String> jmhArgs = new ArrayList<>(arguments);
        String profileName = !jmhArgs.isEmpty() && !jmhArgs.get(0).startsWith("-") ? jmhArgs.remove(0) : Profile.QUICK;
        Profile profile = profile(profileName, only);
        CommandLineOptions jmh = jmhOptions(jmhArgs, profile);
        Javas javas = javas(jvms, bothJdks, profile.name().equals(Profile.FULL));
        Map<String, List<String>> overrides = paramOverrides(jmhArgs, jmh);
        if (threads != null) {
            if (overrides.containsKey(Experiment.THREADS)) {
                throw new IllegalArgumentException("--threads and -p threads: give one or the other");
            }
            overrides.put(Experiment.THREADS, ThreadLadder.parse(threads).stream().map(String::valueOf).toList());
        }
        checkParams(profile, overrides);
        Map<Experiment, Settings> settings = new LinkedHashMap<>();
        profile.experiments().forEach((e, s) -> settings.put(e, effective(s, jmh, overrides)));
        List<String> prepend = values(jmh.getJvmArgsPrepend());
        List<String> append = values(jmh.getJvmArgsAppend());
        List<String> heap = defaultHeapFlags(concat(List.of(prepend, values(jmh.getJvmArgs()), append)));
        List<String> forkArgs = concat(List.of(prepend, heap, values(jmh.getJvmArgs()), append));
        return new BenchRequest(profile, jmh, forkOptions(jmhArgs), forkArgs, settings, javas.javas(),
                javas.note());
    }

    /** The profile named, cut to {@code --only}. */
    private static Profile profile(String profileName, List<String> only) {
        Profile profile;
        try {
            profile = Profile.byName(profileName);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + "; "
                    + JmhPassThrough.profileHint(profileName, List.of(Experiment.values())), e);
        }
        return only.isEmpty() ? profile : profile.only(only);
    }

    /** Whether a shape may stop before its planned rounds ({@link RoundPlan}): unless {@code -f} fixed them. */
    boolean sequentialRounds() {
        return !jmh.getForkCount().hasValue();
    }

    /** The JMH options as JMH parses them, refusing what bench cannot honour for the profile's experiments. */
    private static CommandLineOptions jmhOptions(List<String> jmhArgs, Profile profile) {
        CommandLineOptions jmh;
        try {
            jmh = new CommandLineOptions(jmhArgs.toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            throw new IllegalArgumentException(JmhPassThrough.unknownOption(e.getMessage(), jmhArgs), e);
        }
        if (!jmh.getIncludes().isEmpty()) {
            throw new IllegalArgumentException("unexpected word(s) " + String.join(" ", jmh.getIncludes())
                    + " after the profile: JMH include patterns are not taken; choose experiments with --only EXP,...");
        }
        if (jmh.getResultFormat().hasValue() || jmh.getResult().hasValue()) {
            throw new IllegalArgumentException("-rf/-rff are not taken: the run folder always holds JMH JSON"
                    + " (jmh-<experiment>.json); choose where with --out DIR");
        }
        if (jmh.getJvm().hasValue()) {
            throw new IllegalArgumentException("-jvm is not taken: use --jvm PATH (repeatable: one run folder per JVM)");
        }
        if (!jmh.getExcludes().isEmpty()) {
            throw new IllegalArgumentException("-e is not taken: choose experiments with --only EXP,...");
        }
        JmhPassThrough.check(jmh, jmhArgs, profile.experiments().keySet());
        return jmh;
    }

    /** The java executables a run goes to, and which and why for the plan. */
    private record Javas(List<Path> javas, String note) {
    }

    /** {@code --jvm} as given; else the default java, and JDK 25 too for {@code --both-jdks} or the full profile. */
    private static Javas javas(List<Path> jvms, boolean bothJdks, boolean full) {
        Path thisJava = Path.of(System.getProperty("java.home"), "bin", "java");
        List<Path> javas = new ArrayList<>();
        for (Path jvm : jvms) {
            Path java = jvm.toString().equals("default") ? thisJava : jvm;
            if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
                throw new IllegalArgumentException("--jvm: " + jvm + " is not an executable file");
            }
            javas.add(java);
        }
        if (bothJdks && !jvms.isEmpty()) {
            throw new IllegalArgumentException("--both-jdks and --jvm: give one or the other"
                    + " (--both-jdks is --jvm default --jvm JDK25)");
        }
        String jvmNote = jvms.isEmpty() ? "the default java" : "--jvm as given";
        if (javas.isEmpty()) {
            javas.add(thisJava);
            if (bothJdks || full) {
                Jdk25 jdk25 = Jdk25.find();
                String why = bothJdks ? "--both-jdks" : "the full profile runs every JDK found";
                if (jdk25.java() == null && bothJdks) {
                    throw new IllegalArgumentException("--both-jdks found no JDK 25: " + jdk25.where()
                            + "; set " + Jdk25.ENV + "=PATH or use --jvm");
                } else if (jdk25.java() == null) {
                    jvmNote = "the default java only: " + why + ", but found no JDK 25 (" + jdk25.where()
                            + "; set " + Jdk25.ENV + "=PATH)";
                } else if (sameFile(jdk25.java(), thisJava)) {
                    jvmNote = "the default java only: " + why + ", and JDK 25 (" + jdk25.where()
                            + ") is the default java";
                } else {
                    javas.add(jdk25.java());
                    jvmNote = "the default java and JDK 25 " + jdk25.java() + " (" + jdk25.where() + "): " + why
                            + (bothJdks ? "" : "; --jvm default runs one");
                }
            }
        }
        return new Javas(javas, jvmNote);
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    private static List<String> concat(List<List<String>> lists) {
        return lists.stream().flatMap(List::stream).toList();
    }

    static List<String> values(org.openjdk.jmh.util.Optional<Collection<String>> option) {
        return option.hasValue() ? new ArrayList<>(option.get()) : List.of();
    }

    /**
     * The part of {@link BenchCommand#HEAP_FLAGS} the user's JVM arguments leave in force: the fixed size unless
     * they size the heap, the pre-touch unless they set {@code -XX:±AlwaysPreTouch}. Separate, so
     * that a user's {@code -Xms2g -Xmx2g} does not silently drop the pre-touch: without it, an
     * allocating benchmark's shots before the collector's first cycle also pay the kernel's first
     * touch of each heap page (docs/findings.md, the heap pre-touch).
     */
    static List<String> defaultHeapFlags(List<String> userJvmArgs) {
        boolean sized = userJvmArgs.stream().anyMatch(BenchRequest::isHeapSizeFlag);
        boolean touched = userJvmArgs.stream().anyMatch(a -> a.matches("-XX:[+-]AlwaysPreTouch"));
        return BenchCommand.HEAP_FLAGS.stream().filter(f -> f.contains("AlwaysPreTouch") ? !touched : !sized).toList();
    }

    private static boolean isHeapSizeFlag(String arg) {
        return arg.startsWith("-Xms") || arg.startsWith("-Xmx")
                || arg.startsWith("-XX:MaxRAMPercentage") || arg.startsWith("-XX:InitialRAMPercentage")
                || arg.startsWith("-XX:MaxHeapSize") || arg.startsWith("-XX:InitialHeapSize");
    }

    /**
     * -p names some experiment of the profile declares; contender values are ids the registry
     * knows, and that every experiment comparing that kind of contender takes.
     */
    static void checkParams(Profile profile, Map<String, List<String>> overrides) {
        Set<String> declared = new TreeSet<>();
        for (Experiment e : profile.experiments().keySet()) {
            e.benchmarks().forEach(m -> declared.addAll(m.params().keySet()));
        }
        for (Map.Entry<String, List<String>> p : overrides.entrySet()) {
            String name = p.getKey();
            if (!declared.contains(name)) {
                throw new IllegalArgumentException("-p " + name + ": no experiment of profile " + profile.name()
                        + " has a parameter '" + name + "'; its parameters: " + String.join(", ", declared));
            }
            ContenderKind contenderKind = CONTENDER_KINDS.get(name);
            if (contenderKind == null) {
                continue;
            }
            String kind = contenderKind.kind();
            List<String> valid = validContenders(name, contenderKind.registry().get());
            for (String value : p.getValue()) {
                if (!valid.contains(value)) {
                    throw new IllegalArgumentException("-p " + name + "=" + value + ": " + kind + " '" + value
                            + "' does not exist; valid " + kind + " ids: " + String.join(", ", valid));
                }
                for (Experiment e : profile.experiments().keySet()) {
                    if (e.contender().equals(name) && !e.contenders().contains(value)) {
                        throw new IllegalArgumentException("-p " + name + "=" + value + ": experiment " + e.id()
                                + " does not take " + kind + " '" + value + "' (its " + kind + " ids: "
                                + String.join(", ", e.contenders()) + "); choose experiments with --only EXP,...");
                    }
                }
            }
        }
    }

    /**
     * The registry's ids for a contender parameter (every kind, and what any experiment comparing
     * that parameter accepts), with the fixed peers the benchmarks declare.
     */
    private static List<String> validContenders(String name, List<String> registry) {
        Set<String> valid = new LinkedHashSet<>(registry);
        for (Experiment e : Experiment.values()) {
            if (e.contender().equals(name)) {
                valid.addAll(e.registryContenders());
            }
            e.benchmarks().forEach(m -> valid.addAll(m.params().getOrDefault(name, List.of())));
        }
        return new ArrayList<>(valid);
    }

    /** The -p values by parameter name, in the order given (JMH's options expose them by name only). */
    static Map<String, List<String>> paramOverrides(List<String> jmhArgs, CommandLineOptions jmh) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (int i = 0; i + 1 < jmhArgs.size(); i++) {
            if (jmhArgs.get(i).equals("-p")) {
                String name = jmhArgs.get(++i).split("=", 2)[0];
                if (jmh.getParameter(name).hasValue()) {
                    params.put(name, List.copyOf(jmh.getParameter(name).get()));
                }
            }
        }
        return params;
    }

    /**
     * A profile's settings under the user's JMH options: the user's value wins wherever given. A
     * user's {@code -i N} is the count of iterations the steady-state rule judges (JMH measures
     * them all); the steady segment must still hold the profile's measured count (at most N), so
     * more iterations give a fork more room to settle instead of demanding a longer flat series.
     * Without the user's {@code -wi}, the iterations beyond that count are the judged warm-up, of
     * the measurement's length.
     */
    static Settings effective(Settings settings, CommandLineOptions jmh, Map<String, List<String>> overrides) {
        Settings s = settings;
        if (jmh.getForkCount().hasValue()) {
            if (jmh.getForkCount().get() < 1) {
                throw new IllegalArgumentException("-f " + jmh.getForkCount().get()
                        + ": every parameter set needs at least one fork (one per round)");
            }
            s = s.forks(jmh.getForkCount().get());
        }
        s = s.iterations(jmh.getWarmupIterations().orElse(-1),
                jmh.getWarmupTime().hasValue() ? seconds(jmh.getWarmupTime().get()) : -1,
                -1,
                jmh.getMeasurementTime().hasValue() ? seconds(jmh.getMeasurementTime().get()) : -1);
        if (jmh.getMeasurementIterations().hasValue()) {
            int judged = jmh.getMeasurementIterations().get();
            int steady = Math.min(s.measurementIterations(), Math.max(1, judged));
            s = jmh.getWarmupIterations().hasValue()
                    ? s.iterations(-1, -1, steady, -1)
                    : s.iterations(Math.max(0, judged - steady), s.measurementSeconds(), steady, -1);
        }
        Map<String, List<String>> params = new LinkedHashMap<>(s.params());
        params.putAll(overrides);
        return s.params(params);
    }

    private static double seconds(TimeValue t) {
        return t.convertTo(TimeUnit.MICROSECONDS) / 1e6;
    }

    /** The user's JMH options for each fork, without those the engine sets per fork. */
    static List<String> forkOptions(List<String> jmhArgs) {
        Set<String> engineOwned = Set.of("-p", "-f", "-jvmArgs", "-jvmArgsAppend", "-jvmArgsPrepend");
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < jmhArgs.size(); i++) {
            if (engineOwned.contains(jmhArgs.get(i))) {
                i++;
            } else {
                kept.add(jmhArgs.get(i));
            }
        }
        return kept;
    }

    /**
     * Prints the plan: experiments, parameter sets, contenders, thread ladders, options and the
     * estimate, every round run and, where shapes may stop early ({@link RoundPlan}), the least;
     * {@code starts} holds each JVM's fork start, in the order of {@link #javas}.
     */
    void print(String cpus, List<ForkStart> starts, PrintStream stdout) {
        boolean sequential = sequentialRounds();
        double all = starts.stream().mapToDouble(f -> Profile.estimateSeconds(settings, f.seconds())).sum();
        double least = starts.stream().mapToDouble(f -> Profile.leastSeconds(settings, f.seconds())).sum();
        stdout.printf(Locale.ROOT, "stealbench: profile %s, %d experiment(s), %d core(s)%s, interleaved rounds,"
                + " %d JVM(s), estimated %s%s%n", profile.name(), settings.size(),
                Runtime.getRuntime().availableProcessors(), cpus == null ? "" : " (pinned to " + cpus + ")",
                javas.size(), Progress.format(all), least(sequential, all, least));
        stdout.println("  JVMs: " + jvmNote);
        double start = starts.get(0).seconds();
        settings.forEach((e, s) -> {
            List<Shapes.Shape> shapes = Shapes.of(e, s.params());
            double estimate = Profile.estimateSeconds(e, s, start);
            stdout.printf(Locale.ROOT, "  %-18s %3d parameter set(s) in %d shape(s) x %d round(s): ~%s%s%n", e.id(),
                    Shapes.parameterSets(shapes), shapes.size(), s.forks(), Progress.format(estimate),
                    least(sequential, estimate, Profile.leastSeconds(e, s, start)));
            List<String> contenders = s.params().getOrDefault(e.contender(), List.of());
            List<String> registry = e.registryContenders();
            stdout.printf(Locale.ROOT, "  %-18s %s from the registry: %s of %d: %s%n", "", e.contender(),
                    contenders.equals(registry) ? "all" : Integer.toString(contenders.size()), registry.size(),
                    String.join(", ", contenders));
            List<String> ladder = threadLadders().get(e.id());
            if (ladder != null) {
                stdout.printf(Locale.ROOT, "  %-18s threads: %s%n", "", String.join(", ", ladder));
            }
            stdout.printf(Locale.ROOT, "  %-18s JMH options: %s%n", "", String.join(" ", jmhOptions(e, s)));
        });
        stdout.println("  JVM arguments of every fork: " + String.join(" ", jvmArgs));
        for (int i = 0; i < javas.size(); i++) {
            stdout.printf(Locale.ROOT, "  %d fork(s)%s, each counted at %.1f s to start (%s)%n", Profile.forks(settings),
                    javas.size() == 1 ? "" : " on " + javas.get(i), starts.get(i).seconds(), starts.get(i).how());
        }
    }

    /**
     * Each JVM's fork start, in the order of {@link #javas}: {@code given} seconds for every JVM,
     * or when null measured by starting each with the forks' arguments ({@link ForkStart#measure}).
     *
     * @throws IllegalArgumentException when {@code given} is not a number of seconds or a JVM does
     *                                  not start with the forks' arguments
     */
    List<ForkStart> forkStarts(Double given) throws InterruptedException {
        List<ForkStart> starts = new ArrayList<>();
        for (Path java : javas) {
            starts.add(given != null ? ForkStart.given(given) : ForkStart.measure(java, jvmArgs));
        }
        return starts;
    }

    /** ", at least X if every shape's answer is decided at its first look", when that is less. */
    private static String least(boolean sequential, double all, double least) {
        return sequential && least < all ? ", at least " + Progress.format(least) + " if every shape's answer is decided "
                + "after " + RoundPlan.FIRST_LOOK + " rounds" : "";
    }

    /**
     * What an interleaved run would start: by experiment id, the command line of each fork of one
     * round on the first JVM, shape by shape, as {@link ForkRunner} would run it (its {@code -p}
     * values included). The planning the run itself goes through: {@link Shapes},
     * {@link #jmhOptions}, {@link #roundForks}.
     */
    Map<String, List<List<String>>> forkCommands() {
        Path java = javas.get(0);
        Map<String, List<List<String>>> plan = new LinkedHashMap<>();
        settings.forEach((experiment, s) -> {
            List<List<String>> forks = new ArrayList<>();
            List<String> options = jmhOptions(experiment, s);
            for (Shapes.Shape shape : Shapes.of(experiment, s.params())) {
                for (ForkSpec spec : roundForks(shape, java, benchmarksJar(), options)) {
                    forks.add(ForkRunner.command(spec, Path.of(spec.fileStem() + ".json")));
                }
            }
            plan.put(experiment.id(), forks);
        });
        return plan;
    }

    /** JMH options every fork of the experiment gets: the user's, then the profile's where the user gave none. */
    List<String> jmhOptions(Experiment experiment, Settings s) {
        List<String> options = new ArrayList<>(forkJmhOptions);
        // the profile's warm-up is measured too: the steady-state rule decides what of it to discard
        if (!jmh.getWarmupIterations().hasValue()) {
            options.addAll(List.of("-wi", "0"));
        }
        if (!jmh.getMeasurementIterations().hasValue()) {
            // the user's -wi is JMH's own warm-up, run and discarded before the measured iterations
            int measured = jmh.getWarmupIterations().hasValue() ? s.measurementIterations()
                    : s.iterationsToJudge(experiment.singleShot());
            options.addAll(List.of("-i", Integer.toString(measured)));
        }
        if (!experiment.singleShot()) {
            if (!jmh.getWarmupTime().hasValue()) {
                options.addAll(List.of("-w", Math.round(s.warmupSeconds() * 1000) + "ms"));
            }
            if (!jmh.getMeasurementTime().hasValue()) {
                options.addAll(List.of("-r", Math.round(s.measurementSeconds() * 1000) + "ms"));
            }
        }
        if (s.gcProfiler() && jmh.getProfilers().stream().noneMatch(p -> p.getKlass().equals("gc") || p.getKlass().equals(GCProfiler.class.getName()))) {
            options.addAll(List.of("-prof", "gc"));
        }
        if (!jmh.getTimeout().hasValue()) {
            options.addAll(List.of("-to", "10m"));
        }
        return options;
    }

    /** One round's forks of a shape, one per contender, in the shape's (registry) order. */
    List<ForkSpec> roundForks(Shapes.Shape shape, Path java, Path jar, List<String> options) {
        List<ForkSpec> specs = new ArrayList<>();
        for (Map<String, String> params : shape.parameters()) {
            ForkSpec spec = new ForkSpec("", java, jar, shape.benchmark(), params, options, jvmArgs);
            specs.add(spec.withLabel(spec.fileStem()));
        }
        return specs;
    }

    /**
     * The thread counts each experiment with {@code threads} runs at, by experiment id: the
     * ladder planned for the cores ({@link ThreadLadder}) or the user's {@code --threads} or
     * {@code -p threads}; recorded in env.json beside the cores.
     */
    Map<String, List<String>> threadLadders() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        settings.forEach((e, s) -> {
            if (e.ladder() != null) {
                out.put(e.id(), s.params().get(Experiment.THREADS));
            }
        });
        return out;
    }

    /** The class path this command runs from (the benchmarks jar under scripts/bench), which holds the benchmarks. */
    static Path benchmarksJar() {
        return Path.of(System.getProperty("java.class.path"));
    }
}
