package org.stealbench.harness.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.stealbench.harness.VersionProvider;
import org.stealbench.harness.report.ReportCommand;
import org.stealbench.harness.results.ExperimentId;
import org.stealbench.harness.results.ResultsException;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.results.RunFolder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code scripts/bench}'s engine: runs a profile's experiments and writes a {@link RunFolder},
 * saying what is running, what remains and what failed. By default each experiment runs
 * interleaved: its parameter space is cut into shapes (parameter sets that differ only in the
 * contender), and each shape runs in rounds, one fork of every contender per round in a fresh
 * random order ({@link RoundPlan}, seeded; the seed is recorded), each fork a process of its own
 * ({@link ForkRunner}); the per-fork JMH JSON files are merged into {@code jmh-<experiment>.json}
 * ({@link ForkMerge}). {@code --no-interleave} runs each experiment as one JMH run in JMH's own
 * order instead. Every fork gets a fixed, pre-touched heap ({@link #HEAP_FLAGS}): the size
 * unless the user's JVM arguments size the heap, the pre-touch unless they set it. JMH options
 * after the profile pass through to every fork and win over the profile's settings ({@code -f}
 * is the number of rounds when interleaved).
 * The full profile, given no {@code --jvm}, runs on every JDK it finds: the default java and JDK
 * 25 ({@link #findJdk25}, the one place that looks for it; {@code --both-jdks} does the same for
 * any profile); {@code --jvm default} keeps one. Everything the command line names is checked
 * before a folder is created; bad input exits 2 with one line.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        description = "Runs a benchmark profile and writes a run folder under results/runs/.",
        footer = {"", "Profiles: quick (default), full, or one experiment alone: seed-002, deque-ops, ...",
                "Exit codes: 0 every experiment ran, 1 some failed (what finished is kept), 2 bad usage."})
public final class BenchCommand implements Callable<Integer> {

    /**
     * The measured JVM's heap unless the user sets one: fixed, so GC does not resize it mid-run, and
     * pre-touched, so no shot pays the first touch of heap pages.
     */
    public static final List<String> HEAP_FLAGS = List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch");

    /** The environment variable naming JDK 25: its java executable or its home. */
    static final String JDK25_ENV = "STEALBENCH_JDK25";
    /** A system property that wins over {@link #JDK25_ENV} (tests set it; the environment is fixed per process). */
    static final String JDK25_PROPERTY = "stealbench.jdk25";
    /** Where JDK 25 is looked for when neither names it: the one {@code <root>/*25*}{@code /bin/java}. */
    static final Path JVM_ROOT = Path.of("/usr/lib/jvm");

    /** Parameters that name contenders, and the kind of id each takes (for error messages). */
    private static final Map<String, String> CONTENDER_KINDS = Map.of(
            "pool", "pool", "queue", "queue", "global", "global queue", "partitioner", "partitioner");

    @Parameters(paramLabel = "[PROFILE] [JMH OPTIONS]",
            description = "A profile name, then JMH options passed to every fork (e.g. -p queue=chase-lev -prof gc).")
    List<String> arguments = new ArrayList<>();

    @Option(names = "--jvm", paramLabel = "PATH",
            description = "Run the benchmarks on this java executable (repeatable: one run folder per JVM; "
                    + "'default' names the java running this command).")
    List<Path> jvms = new ArrayList<>();

    @Option(names = "--both-jdks",
            description = "Run on the default java and JDK 25 ($STEALBENCH_JDK25, else the one"
                    + " /usr/lib/jvm/*25*/bin/java); exit 2 when there is none. The full profile does this"
                    + " by itself when no --jvm is given (--jvm default keeps one JDK).")
    boolean bothJdks;

    @Option(names = "--cpus", paramLabel = "LIST",
            description = "CPU list the run is pinned to (scripts/bench applies it with taskset); recorded in env.json.")
    String cpus;

    @Option(names = "--only", split = ",", paramLabel = "EXPERIMENT",
            description = "Run only these experiments of the profile (ids or per-experiment profile names).")
    List<String> only = new ArrayList<>();

    @Option(names = "--threads", paramLabel = "LIST",
            description = "Thread counts of every experiment with a thread ladder, e.g. 1,2,8 (as -p threads=1,2,8;"
                    + " default: from the cores, see --dry-run).")
    String threads;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/runs",
            description = "Folder that receives the run folder (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--no-interleave",
            description = "Run each experiment as one JMH run in JMH's own order instead of interleaved rounds.")
    boolean noInterleave;

    @Option(names = "--seed", paramLabel = "N",
            description = "Seed of the rounds' random order (default: drawn, and recorded in rounds-*.json).")
    Long seed;

    @Option(names = "--no-report", description = "Do not render the HTML report at the end (scripts/report renders it later).")
    boolean noReport;

    @Option(names = "--dry-run", description = "Print the plan and its estimated duration, run nothing.")
    boolean dryRun;

    @Option(names = "--no-footprint",
            description = "Skip the JOL footprint measurement (about a minute), e.g. for the regression gate's subset.")
    boolean noFootprint;

    private final List<Path> written = new ArrayList<>();
    private PrintStream stdout = System.out;
    private PrintStream stderr = System.err;

    public static void main(String[] args) {
        System.exit(execute(System.out, System.err, args));
    }

    /** Runs the command with these streams; returns the exit code. */
    static int execute(PrintStream out, PrintStream err, String... args) {
        BenchCommand command = new BenchCommand();
        command.stdout = out;
        command.stderr = err;
        CommandLine cli = new CommandLine(command)
                .setUnmatchedOptionsArePositionalParams(true)
                .setOut(new java.io.PrintWriter(out, true))
                .setErr(new java.io.PrintWriter(err, true))
                .setParameterExceptionHandler((e, a) -> {
                    err.println("bench: " + e.getMessage() + " (see scripts/bench --help)");
                    return 2;
                });
        return cli.execute(args);
    }

    /** What the command line asks for, checked. */
    record Request(Profile profile, CommandLineOptions jmh, List<String> forkJmhOptions, List<String> jvmArgs,
                   List<String> heapFlags, Map<Experiment, Settings> settings, List<Path> javas, String jvmNote) {
    }

    /**
     * JDK 25 as looked up: its java, and where it came from; or no java and why.
     *
     * @param java  the java executable, null when none was found
     * @param where where it came from, or why there is none
     */
    record Jdk25(Path java, String where) {
    }

    /**
     * Looks for JDK 25, the one place that does: {@code named} (the property {@link #JDK25_PROPERTY}
     * or else {@code $STEALBENCH_JDK25}: a java executable or a JDK home), else the single
     * {@code <jvmRoot>/*25*}{@code /bin/java}. None or several there is no JDK 25 (with the reason).
     *
     * @throws IllegalArgumentException when {@code named} is given but is no java executable
     */
    static Jdk25 findJdk25(String named, Path jvmRoot) {
        if (named != null && !named.isBlank()) {
            Path path = Path.of(named);
            Path java = Files.isDirectory(path) ? path.resolve("bin").resolve("java") : path;
            if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
                throw new IllegalArgumentException(JDK25_ENV + "=" + named
                        + " is neither a java executable nor a JDK home with an executable bin/java");
            }
            return new Jdk25(java, JDK25_ENV);
        }
        String pattern = jvmRoot.resolve("*25*").resolve("bin").resolve("java").toString();
        List<Path> found = new ArrayList<>();
        if (Files.isDirectory(jvmRoot)) {
            try (java.nio.file.DirectoryStream<Path> dirs = Files.newDirectoryStream(jvmRoot, "*25*")) {
                for (Path dir : dirs) {
                    Path java = dir.resolve("bin").resolve("java");
                    if (Files.isRegularFile(java) && Files.isExecutable(java)) {
                        found.add(java);
                    }
                }
            } catch (IOException e) {
                return new Jdk25(null, "cannot list " + jvmRoot + ": " + e.getMessage());
            }
        }
        if (found.size() == 1) {
            return new Jdk25(found.get(0), pattern);
        }
        java.util.Collections.sort(found);
        return new Jdk25(null, found.isEmpty() ? "no " + pattern
                : found.size() + " javas match " + pattern + " (" + found.stream().map(Path::toString)
                        .collect(java.util.stream.Collectors.joining(", ")) + ")");
    }

    /** JDK 25 named by the property, the environment or found under {@link #JVM_ROOT}. */
    static Jdk25 findJdk25() {
        return findJdk25(System.getProperty(JDK25_PROPERTY, System.getenv(JDK25_ENV)), JVM_ROOT);
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public Integer call() throws Exception {
        Request request;
        try {
            request = parse();
        } catch (IllegalArgumentException | CommandLineOptionException e) {
            stderr.println("bench: " + e.getMessage());
            return 2;
        }
        printPlan(request);
        if (dryRun) {
            return 0;
        }
        int failed = 0;
        for (Path java : request.javas()) {
            failed += runOnce(request, java);
        }
        if (!noReport) {
            report();
        }
        return failed == 0 ? 0 : 1;
    }

    /** Checks the command line; throws with a one-line message naming what is wrong. */
    Request parse() throws CommandLineOptionException {
        String profileName = Profile.QUICK;
        List<String> jmhArgs = new ArrayList<>(arguments);
        if (!jmhArgs.isEmpty() && !jmhArgs.get(0).startsWith("-")) {
            profileName = jmhArgs.remove(0);
        }
        Profile profile;
        try {
            profile = Profile.byName(profileName);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + "; "
                    + JmhPassThrough.profileHint(profileName, List.of(Experiment.values())), e);
        }
        if (!only.isEmpty()) {
            profile = profile.only(only);
        }
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
            if (bothJdks || profile.name().equals(Profile.FULL)) {
                Jdk25 jdk25 = findJdk25();
                String why = bothJdks ? "--both-jdks" : "the full profile runs every JDK found";
                if (jdk25.java() == null && bothJdks) {
                    throw new IllegalArgumentException("--both-jdks found no JDK 25: " + jdk25.where()
                            + "; set " + JDK25_ENV + "=PATH or use --jvm");
                } else if (jdk25.java() == null) {
                    jvmNote = "the default java only: " + why + ", but found no JDK 25 (" + jdk25.where()
                            + "; set " + JDK25_ENV + "=PATH)";
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
        List<String> userJvmArgs = new ArrayList<>();
        userJvmArgs.addAll(values(jmh.getJvmArgsPrepend()));
        userJvmArgs.addAll(values(jmh.getJvmArgs()));
        userJvmArgs.addAll(values(jmh.getJvmArgsAppend()));
        List<String> heap = defaultHeapFlags(userJvmArgs);
        List<String> forkArgs = new ArrayList<>();
        forkArgs.addAll(values(jmh.getJvmArgsPrepend()));
        forkArgs.addAll(heap);
        forkArgs.addAll(values(jmh.getJvmArgs()));
        forkArgs.addAll(values(jmh.getJvmArgsAppend()));
        return new Request(profile, jmh, forkOptions(jmhArgs), forkArgs, heap, settings, javas, jvmNote);
    }

    private static List<String> values(org.openjdk.jmh.util.Optional<Collection<String>> option) {
        return option.hasValue() ? new ArrayList<>(option.get()) : List.of();
    }

    /**
     * The part of {@link #HEAP_FLAGS} the user's JVM arguments leave in force: the fixed size unless
     * they size the heap, the pre-touch unless they set {@code -XX:±AlwaysPreTouch}. Separate, so
     * that a user's {@code -Xms2g -Xmx2g} does not silently drop the pre-touch: without it, an
     * allocating benchmark's shots before the collector's first cycle also pay the kernel's first
     * touch of each heap page (docs/running.md: ForkJoinPool's fib(30) shots 1.45x as long on JDK 25).
     */
    static List<String> defaultHeapFlags(List<String> userJvmArgs) {
        boolean sized = userJvmArgs.stream().anyMatch(BenchCommand::isHeapSizeFlag);
        boolean touched = userJvmArgs.stream().anyMatch(a -> a.matches("-XX:[+-]AlwaysPreTouch"));
        return HEAP_FLAGS.stream().filter(f -> f.contains("AlwaysPreTouch") ? !touched : !sized).toList();
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
            String kind = CONTENDER_KINDS.get(name);
            if (kind == null) {
                continue;
            }
            List<String> valid = validContenders(name);
            for (String value : p.getValue()) {
                if (!valid.contains(value)) {
                    throw new IllegalArgumentException("-p " + name + "=" + value + ": " + kind + " '" + value
                            + "' does not exist; valid " + kind + " ids: " + String.join(", ", valid));
                }
                for (Experiment e : profile.experiments().keySet()) {
                    if (!e.contender().equals(name)) {
                        continue;
                    }
                    List<String> eligible = e.contenders();
                    if (!eligible.contains(value)) {
                        throw new IllegalArgumentException("-p " + name + "=" + value + ": experiment " + e.id()
                                + " does not take " + kind + " '" + value + "' (its " + kind + " ids: "
                                + String.join(", ", eligible) + "); choose experiments with --only EXP,...");
                    }
                }
            }
        }
    }

    /**
     * The registry's ids for a contender parameter (every kind, and what any experiment comparing
     * that parameter accepts), with the fixed peers the benchmarks declare.
     */
    private static List<String> validContenders(String name) {
        Set<String> valid = new LinkedHashSet<>(switch (name) {
            case "pool" -> org.stealbench.harness.bench.Contenders.pools();
            case "queue" -> org.stealbench.harness.bench.Contenders.queueIds(t -> true);
            case "global" -> org.stealbench.harness.bench.Contenders.globalQueues();
            default -> org.stealbench.harness.bench.Contenders.PARTITIONERS;
        });
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

    /** A profile's settings under the user's JMH options: the user's value wins wherever given. */
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
                jmh.getMeasurementIterations().orElse(-1),
                jmh.getMeasurementTime().hasValue() ? seconds(jmh.getMeasurementTime().get()) : -1);
        Map<String, List<String>> params = new LinkedHashMap<>(s.params());
        params.putAll(overrides);
        return s.params(params);
    }

    private static double seconds(TimeValue t) {
        return t.convertTo(java.util.concurrent.TimeUnit.MICROSECONDS) / 1e6;
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

    private void printPlan(Request request) {
        stdout.printf(Locale.ROOT, "stealbench: profile %s, %d experiment(s), %d core(s)%s, %s, %d JVM(s), estimated %s%n",
                request.profile().name(), request.settings().size(), Runtime.getRuntime().availableProcessors(),
                cpus == null ? "" : " (pinned to " + cpus + ")",
                noInterleave ? "JMH's own order" : "interleaved rounds", request.javas().size(),
                format(estimate(request) * request.javas().size()));
        stdout.println("  JVMs: " + request.jvmNote());
        request.settings().forEach((e, s) -> {
            List<Shapes.Shape> shapes = Shapes.of(e, s.params());
            stdout.printf(Locale.ROOT, "  %-18s %3d parameter set(s) in %d shape(s) x %d %s: ~%s%n", e.id(),
                    Shapes.parameterSets(shapes), shapes.size(), s.forks(), noInterleave ? "fork(s)" : "round(s)",
                    format(Profile.estimateSeconds(e, s)));
            List<String> contenders = s.params().getOrDefault(e.contender(), List.of());
            List<String> registry = e.registryContenders();
            stdout.printf(Locale.ROOT, "  %-18s %s from the registry: %s of %d: %s%n", "", e.contender(),
                    contenders.equals(registry) ? "all" : Integer.toString(contenders.size()), registry.size(),
                    String.join(", ", contenders));
            List<String> ladder = threadLadders(request).get(e.id());
            if (ladder != null) {
                stdout.printf(Locale.ROOT, "  %-18s threads: %s%n", "", String.join(", ", ladder));
            }
            stdout.printf(Locale.ROOT, "  %-18s JMH options: %s%n", "", String.join(" ", jmhOptions(e, s, request)));
        });
        stdout.println("  JVM arguments of every fork: " + String.join(" ", request.jvmArgs()));
    }

    /**
     * The thread counts each experiment with {@code threads} runs at, by experiment id: the
     * ladder planned for the cores ({@link ThreadLadder}) or the user's {@code --threads} or
     * {@code -p threads}; recorded in env.json beside the cores.
     */
    static Map<String, List<String>> threadLadders(Request request) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        request.settings().forEach((e, s) -> {
            if (e.ladder() != null) {
                out.put(e.id(), s.params().get(Experiment.THREADS));
            }
        });
        return out;
    }

    private static double estimate(Request request) {
        return Profile.estimateSeconds(request.settings());
    }

    /** Progress of a run: estimated and measured time, so "left" rescales from what was measured. */
    static final class Progress {
        private final java.util.function.LongSupplier nanoClock;
        private final long started;
        private final double total;
        private double estimateDone;

        Progress(double totalEstimateSeconds, java.util.function.LongSupplier nanoClock) {
            this.total = totalEstimateSeconds;
            this.nanoClock = nanoClock;
            this.started = nanoClock.getAsLong();
        }

        /** Marks work whose estimate was {@code seconds} as done. */
        void done(double seconds) {
            estimateDone += seconds;
        }

        double elapsed() {
            return (nanoClock.getAsLong() - started) / 1e9;
        }

        /** The estimate of what is left, scaled by how the measured time compared with the estimate so far. */
        double left() {
            double rest = Math.max(0, total - estimateDone);
            return estimateDone > 0 ? rest * elapsed() / estimateDone : rest;
        }
    }

    /** One run folder on one JVM; returns the number of parts that failed. */
    private int runOnce(Request request, Path java) throws IOException, InterruptedException {
        Instant startedAt = Instant.now();
        Map<String, Object> env = RunEnvironment.describe(java, request.profile().name(), cpus, request.jvmArgs());
        env.put("startedAt", startedAt.toString());
        env.put("interleaved", !noInterleave);
        Set<Integer> rounds = new TreeSet<>();
        request.settings().values().forEach(s -> rounds.add(s.forks()));
        env.put("rounds", rounds.size() == 1 ? rounds.iterator().next() : rounds);
        env.put("threadLadders", threadLadders(request));
        Object sha = env.get("gitSha");
        RunFolder run = RunFolder.create(out, startedAt, sha == null ? null : sha.toString(),
                jvms.isEmpty() && request.javas().size() == 1 ? null : RunEnvironment.majorVersion(env));
        run.writeEnv(env);
        String command = System.getenv().getOrDefault("STEALBENCH_COMMAND",
                "java -cp benchmarks.jar " + BenchCommand.class.getName() + " " + String.join(" ", rawArgs()));
        run.writeCommand(command);
        stdout.println("stealbench: writing " + run);
        written.add(run.dir());

        Progress progress = new Progress(estimate(request), System::nanoTime);
        long runSeed = seed != null ? seed : new Random().nextLong();
        List<String> failures = new ArrayList<>();
        int index = 0;
        for (Map.Entry<Experiment, Settings> entry : request.settings().entrySet()) {
            Experiment experiment = entry.getKey();
            Settings settings = entry.getValue();
            index++;
            stdout.printf(Locale.ROOT, "%n== [%d/%d] %s on JDK %s: elapsed %s, about %s left ==%n", index,
                    request.settings().size(), experiment.id(), RunEnvironment.majorVersion(env),
                    format(progress.elapsed()), format(progress.left()));
            if (noInterleave) {
                runJmhOrder(experiment, settings, request, java, run, failures);
                progress.done(Profile.estimateSeconds(experiment, settings));
            } else {
                runInterleaved(experiment, settings, request, java, run, runSeed + index, progress, failures);
            }
        }
        if (!noFootprint) {
            footprint(java, request.jvmArgs(), run, failures);
        }
        stdout.printf(Locale.ROOT, "%nstealbench: run folder %s (%s)%n", run, format(progress.elapsed()));
        if (!failures.isEmpty()) {
            stdout.println("stealbench: FAILED parts (what finished is kept):");
            failures.forEach(f -> stdout.println("  " + f));
            run.writeFailures(failures);
        }
        return failures.size();
    }

    /**
     * Runs an experiment's shapes one after the other, each in rounds of one fork per contender
     * in a fresh random order; the shape's plan is drawn with {@code experimentSeed + shape index}.
     */
    private void runInterleaved(Experiment experiment, Settings settings, Request request, Path java,
                                RunFolder run, long experimentSeed, Progress progress, List<String> failures)
            throws IOException, InterruptedException {
        ExperimentId id = experiment.experimentId();
        List<Shapes.Shape> shapes = Shapes.of(experiment, settings.params());
        List<String> options = jmhOptions(experiment, settings, request);
        Path jar = benchmarksJar();
        RoundsFile rounds = new RoundsFile(id.value(), experimentSeed, settings.forks(), List.of());
        // forks that produced a result, kept in JMH's order: shape, then contender, then round
        java.util.SortedMap<MergeOrder, Path> done = new java.util.TreeMap<>(MergeOrder.JMH);
        // per fork file, the measured iterations the steady-state rule left out as warm-up
        Map<Path, Integer> discarded = new java.util.HashMap<>();
        double perFork = settings.forkSeconds(experiment.singleShot());
        Duration timeout = ForkRunner.DEFAULT_TIMEOUT.compareTo(Duration.ofSeconds(Math.round(3 * perFork))) >= 0
                ? ForkRunner.DEFAULT_TIMEOUT : Duration.ofSeconds(Math.round(3 * perFork));
        int failedBefore = failures.size();
        for (int k = 0; k < shapes.size(); k++) {
            List<ForkSpec> specs = roundForks(shapes.get(k), java, jar, options, request);
            RoundPlan plan = RoundPlan.shuffled(specs, settings.forks(), experimentSeed + k);
            for (RoundPlan.Slot slot : plan.slots()) {
                ForkSpec spec = slot.spec();
                stdout.printf(Locale.ROOT, "-- %s shape %d/%d round %d/%d fork %d/%d: %s (elapsed %s, about %s left)%n",
                        id, k + 1, shapes.size(), slot.round() + 1, settings.forks(), slot.position() + 1,
                        specs.size(), spec.label(), format(progress.elapsed()), format(progress.left()));
                Path file = run.fork(id, spec.fileStem() + "-r" + slot.round());
                String started = Instant.now().toString();
                String error = null;
                RoundsFile.Steadiness steady = null;
                try {
                    ForkRunner.run(spec, file, timeout, stdout::println);
                    done.put(new MergeOrder(k, specs.indexOf(spec), slot.round()), file);
                    steady = ForkMerge.steadiness(file, experiment.minSteady(settings));
                    discarded.put(file, experiment.coldStart() ? 0 : steady.discarded());
                    stdout.printf(Locale.ROOT, "   steady state: %s, %d of %d measured iterations before the steady segment (%.3f s)%n",
                            steady.kind(), steady.discarded(), steady.iterations(), steady.discardedSeconds());
                } catch (ForkException e) {
                    error = e.getMessage();
                    failures.add(id + ": round " + slot.round() + " " + e.getMessage());
                } catch (IOException e) {
                    failures.add(id + ": round " + slot.round() + " kept whole: " + e.getMessage());
                }
                rounds = rounds.with(new RoundsFile.Fork(slot.round(), slot.position(), spec.benchmark(),
                        spec.params(), started, error == null ? run.relative(file) : null, error, steady));
                rounds.write(run.rounds(id));
                progress.done(perFork);
            }
            if (!done.isEmpty()) {
                List<Path> files = new ArrayList<>(done.values());
                ForkMerge.mergeTo(files, files.stream().mapToInt(f -> discarded.getOrDefault(f, 0)).toArray(),
                        run.results(id));
            }
        }
        if (done.isEmpty() && failures.size() == failedBefore) {
            failures.add(id + ": no fork ran");
        }
    }

    /** One round's forks of a shape, one per contender, in the shape's (registry) order. */
    private static List<ForkSpec> roundForks(Shapes.Shape shape, Path java, Path jar, List<String> options,
                                             Request request) {
        List<ForkSpec> specs = new ArrayList<>();
        for (Map<String, String> params : shape.parameters()) {
            ForkSpec spec = new ForkSpec("", java, jar, shape.benchmark(), params, options, request.jvmArgs());
            specs.add(spec.withLabel(spec.fileStem()));
        }
        return specs;
    }

    /**
     * What an interleaved run of this command line would start, running nothing: by experiment
     * id, the command line of each fork of one round on the first JVM, shape by shape, as
     * {@link ForkRunner} would run it (its {@code -p} values included). The planning the run
     * itself goes through: {@link #parse()}, {@link Shapes}, {@link #jmhOptions}, {@link #roundForks}.
     *
     * @throws IllegalArgumentException on a command line the run would refuse
     */
    static Map<String, List<List<String>>> plannedForkCommands(String... args) throws CommandLineOptionException {
        BenchCommand command = new BenchCommand();
        new CommandLine(command).setUnmatchedOptionsArePositionalParams(true).parseArgs(args);
        Request request = command.parse();
        Path java = request.javas().get(0);
        Map<String, List<List<String>>> plan = new LinkedHashMap<>();
        request.settings().forEach((experiment, settings) -> {
            List<List<String>> forks = new ArrayList<>();
            List<String> options = jmhOptions(experiment, settings, request);
            for (Shapes.Shape shape : Shapes.of(experiment, settings.params())) {
                for (ForkSpec spec : roundForks(shape, java, benchmarksJar(), options, request)) {
                    forks.add(ForkRunner.command(spec, Path.of(spec.fileStem() + ".json")));
                }
            }
            plan.put(experiment.id(), forks);
        });
        return plan;
    }

    /** Where a fork's result goes in the merged file: JMH's order of parameter sets, then the round. */
    private record MergeOrder(int shape, int contender, int round) {
        static final java.util.Comparator<MergeOrder> JMH = java.util.Comparator.comparingInt(MergeOrder::shape)
                .thenComparingInt(MergeOrder::contender).thenComparingInt(MergeOrder::round);
    }

    /** JMH options every fork of the experiment gets: the user's, then the profile's where the user gave none. */
    private static List<String> jmhOptions(Experiment experiment, Settings settings, Request request) {
        CommandLineOptions jmh = request.jmh();
        List<String> options = new ArrayList<>(request.forkJmhOptions());
        // the profile's warm-up is measured too: the steady-state rule decides what of it to discard
        if (!jmh.getWarmupIterations().hasValue()) {
            options.addAll(List.of("-wi", "0"));
        }
        if (!jmh.getMeasurementIterations().hasValue()) {
            options.addAll(List.of("-i", Integer.toString(settings.iterationsToJudge(experiment.singleShot()))));
        }
        if (!experiment.singleShot()) {
            if (!jmh.getWarmupTime().hasValue()) {
                options.addAll(List.of("-w", Math.round(settings.warmupSeconds() * 1000) + "ms"));
            }
            if (!jmh.getMeasurementTime().hasValue()) {
                options.addAll(List.of("-r", Math.round(settings.measurementSeconds() * 1000) + "ms"));
            }
        }
        if (settings.gcProfiler() && jmh.getProfilers().stream().noneMatch(p -> p.getKlass().equals("gc") || p.getKlass().equals(GCProfiler.class.getName()))) {
            options.addAll(List.of("-prof", "gc"));
        }
        if (!jmh.getTimeout().hasValue()) {
            options.addAll(List.of("-to", "10m"));
        }
        return options;
    }

    /** The experiment as one JMH run in JMH's own order (the path before interleaving). */
    private void runJmhOrder(Experiment experiment, Settings settings, Request request, Path java, RunFolder run,
                             List<String> failures) {
        ExperimentId id = experiment.experimentId();
        try {
            Collection<RunResult> results = new Runner(options(experiment, settings, request, java,
                    run.results(id))).run();
            int expected = Shapes.parameterSets(Shapes.of(experiment, settings.params()));
            if (results.size() < expected) {
                failures.add(id + ": " + (expected - results.size()) + " of " + expected
                        + " benchmarks produced no result (see the JMH output above)");
            }
        } catch (RunnerException | RuntimeException e) {
            failures.add(id + ": " + e.getMessage());
        }
    }

    /** Profile settings under the user's JMH options: the user's value wins wherever given. */
    static org.openjdk.jmh.runner.options.Options options(Experiment experiment, Settings settings, Request request,
                                                          Path java, Path result) {
        CommandLineOptions jmh = request.jmh();
        ChainedOptionsBuilder b = new OptionsBuilder().parent(jmh).include(experiment.include())
                .jvm(java.toString())
                .resultFormat(ResultFormatType.JSON).result(result.toString())
                .forks(settings.forks())
                .warmupIterations(settings.warmupIterations())
                .measurementIterations(settings.measurementIterations());
        List<String> core = new ArrayList<>(request.heapFlags());
        core.addAll(values(jmh.getJvmArgs()));
        if (!core.isEmpty()) {
            b.jvmArgs(core.toArray(String[]::new));
        }
        if (!experiment.singleShot()) {
            b.warmupTime(TimeValue.milliseconds(Math.round(settings.warmupSeconds() * 1000)));
            b.measurementTime(TimeValue.milliseconds(Math.round(settings.measurementSeconds() * 1000)));
        }
        if (settings.gcProfiler()) {
            b.addProfiler(GCProfiler.class);
        }
        if (!jmh.getTimeout().hasValue()) {
            b.timeout(TimeValue.minutes(10));
        }
        settings.params().forEach((name, values) -> b.param(name, values.toArray(String[]::new)));
        return b.build();
    }

    /** Renders each run folder's report, and one comparing them when several JVMs ran; never fails the run. */
    private void report() {
        List<List<Path>> pages = new ArrayList<>();
        written.forEach(run -> pages.add(List.of(run)));
        if (written.size() > 1) {
            pages.add(List.copyOf(written));
        }
        for (List<Path> runs : pages) {
            try {
                Path page = ReportCommand.render(runs, ReportCommand.DEFAULT_BASELINE, null);
                stdout.println("stealbench: report " + page.toAbsolutePath().normalize());
            } catch (ResultsException | IOException | RuntimeException e) {
                stdout.println("stealbench: no report for " + runs + ": " + e.getMessage()
                        + " (render it with scripts/report)");
            }
        }
    }

    private List<String> rawArgs() {
        List<String> all = new ArrayList<>(arguments);
        jvms.forEach(j -> all.add("--jvm " + j));
        if (bothJdks) {
            all.add("--both-jdks");
        }
        return all;
    }

    /** The class path this command runs from (the benchmarks jar under scripts/bench), which holds the benchmarks. */
    private static Path benchmarksJar() {
        return Path.of(System.getProperty("java.class.path"));
    }

    /** Measures footprints with the run's JVM, in a process of its own. */
    private void footprint(Path java, List<String> jvmArgs, RunFolder run, List<String> failures)
            throws InterruptedException {
        stdout.println("\n== footprint (JOL) ==");
        try {
            List<String> command = new ArrayList<>(List.of(java.toString(), "-Djdk.attach.allowAttachSelf=true"));
            command.addAll(jvmArgs);
            command.addAll(List.of("-cp", benchmarksJar().toString(), "org.stealbench.harness.bench.Footprint",
                    run.footprint().toString()));
            Process p = new ProcessBuilder(command).inheritIO().start();
            if (p.waitFor() != 0) {
                failures.add("footprint: exit code " + p.exitValue());
            }
        } catch (IOException e) {
            failures.add("footprint: " + e.getMessage());
        }
    }

    static String format(double seconds) {
        Duration d = Duration.ofSeconds(Math.max(0, Math.round(seconds)));
        return d.toHours() > 0
                ? String.format(Locale.ROOT, "%dh%02dm", d.toHours(), d.toMinutesPart())
                : String.format(Locale.ROOT, "%dm%02ds", d.toMinutes(), d.toSecondsPart());
    }
}
