package org.stealbench.harness.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
import org.stealbench.harness.report.ReportCommand;
import org.stealbench.harness.results.ResultsException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code scripts/bench}'s engine: runs a profile's experiments one JMH run each, writing a run
 * folder as DESIGN.md lays it out ({@code env.json}, {@code command.txt}, one
 * {@code jmh-<experiment>.json} per experiment as it finishes, {@code footprint.json}), and says
 * what is running, what remains and what failed. JMH options after the profile pass through to
 * JMH ({@code -p queue=chase-lev}, {@code -prof gc}, ...) and win over the profile's settings.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs a benchmark profile and writes a run folder under results/runs/.",
        footer = {"", "Profiles: quick (default), full, or one experiment alone: seed-002, deque-ops, ...",
                "Exit codes: 0 every experiment ran, 1 some failed (what finished is kept), 2 bad usage."})
public final class BenchCommand implements Callable<Integer> {

    @Parameters(paramLabel = "[PROFILE] [JMH OPTIONS]",
            description = "A profile name, then JMH options passed through (e.g. -p queue=chase-lev -prof gc).")
    List<String> arguments = new ArrayList<>();

    @Option(names = "--jvm", paramLabel = "PATH",
            description = "Run the benchmarks on this java executable (repeatable: one run folder per JVM).")
    List<Path> jvms = new ArrayList<>();

    @Option(names = "--cpus", paramLabel = "LIST",
            description = "CPU list the run is pinned to (scripts/bench applies it with taskset); recorded in env.json.")
    String cpus;

    @Option(names = "--only", split = ",", paramLabel = "EXPERIMENT",
            description = "Run only these experiments of the profile (ids or per-experiment profile names).")
    List<String> only = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/runs",
            description = "Folder that receives the run folder (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--no-report", description = "Do not render the HTML report at the end (scripts/report renders it later).")
    boolean noReport;

    private final List<Path> written = new ArrayList<>();

    @Option(names = "--dry-run", description = "Print the plan and its estimated duration, run nothing.")
    boolean dryRun;

    @Option(names = "--no-footprint",
            description = "Skip the JOL footprint measurement (about a minute), e.g. for the regression gate's subset.")
    boolean noFootprint;

    public static void main(String[] args) {
        CommandLine cli = new CommandLine(new BenchCommand())
                .setUnmatchedOptionsArePositionalParams(true)
                .setParameterExceptionHandler((e, a) -> {
                    System.err.println("bench: " + e.getMessage());
                    e.getCommandLine().usage(System.err);
                    return 2;
                });
        System.exit(cli.execute(args));
    }

    @Override
    public Integer call() throws Exception {
        String profileName = Profile.QUICK;
        List<String> jmhArgs = new ArrayList<>(arguments);
        if (!jmhArgs.isEmpty() && !jmhArgs.get(0).startsWith("-")) {
            profileName = jmhArgs.remove(0);
        }
        Profile profile;
        CommandLineOptions jmh;
        try {
            profile = Profile.byName(profileName);
            if (!only.isEmpty()) {
                profile = profile.only(only);
            }
            jmh = new CommandLineOptions(jmhArgs.toArray(String[]::new));
            for (Path jvm : jvms) {
                if (!Files.isExecutable(jvm)) {
                    throw new IllegalArgumentException("--jvm: " + jvm + " is not an executable file");
                }
            }
        } catch (IllegalArgumentException | CommandLineOptionException e) {
            System.err.println("bench: " + e.getMessage());
            return 2;
        }
        printPlan(profile);
        if (dryRun) {
            return 0;
        }
        List<Path> javas = jvms.isEmpty() ? List.of(Path.of(System.getProperty("java.home"), "bin", "java")) : jvms;
        int failed = 0;
        for (Path java : javas) {
            failed += runOnce(profile, jmh, java);
        }
        if (!noReport) {
            report();
        }
        return failed == 0 ? 0 : 1;
    }

    private void printPlan(Profile profile) {
        System.out.printf(Locale.ROOT, "stealbench: profile %s, %d experiment(s), %d core(s)%s, estimated %s%n",
                profile.name(), profile.experiments().size(), Runtime.getRuntime().availableProcessors(),
                cpus == null ? "" : " (pinned to " + cpus + ")", format(profile.estimateSeconds()));
        profile.experiments().forEach((e, s) -> System.out.printf(Locale.ROOT,
                "  %-18s %3d combination(s) x %d method(s), %d fork(s): ~%s%n", e.id(), s.combinations(),
                e.methods(), s.forks(), format(s.estimateSeconds(e.methods(), e.singleShot()))));
    }

    /** One run folder on one JVM; returns the number of experiments that failed. */
    private int runOnce(Profile profile, CommandLineOptions jmh, Path java) throws IOException, InterruptedException {
        List<String> jvmArgs = new ArrayList<>(jmh.getJvmArgs().orElse(List.of()));
        Map<String, Object> env = RunEnvironment.describe(java, profile.name(), cpus, jvmArgs);
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").format(ZonedDateTime.now(ZoneOffset.UTC));
        Object sha = env.get("gitSha");
        String name = stamp + "-" + (sha == null ? "nogit" : sha.toString().substring(0, 7))
                + (jvms.isEmpty() ? "" : "-jdk" + RunEnvironment.majorVersion(env));
        Path run = out.resolve(name);
        Files.createDirectories(run.getParent());
        Files.createDirectory(run);
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        json.writeValue(run.resolve("env.json").toFile(), env);
        String command = System.getenv().getOrDefault("STEALBENCH_COMMAND",
                "java -cp benchmarks.jar " + BenchCommand.class.getName() + " " + String.join(" ", rawArgs()));
        Files.writeString(run.resolve("command.txt"), command + System.lineSeparator());
        System.out.println("stealbench: writing " + run);
        written.add(run);

        long started = System.nanoTime();
        double estimateLeft = profile.estimateSeconds();
        List<String> failures = new ArrayList<>();
        int index = 0;
        for (Map.Entry<Experiment, Settings> entry : profile.experiments().entrySet()) {
            Experiment experiment = entry.getKey();
            Settings settings = entry.getValue();
            index++;
            System.out.printf(Locale.ROOT, "%n== [%d/%d] %s on JDK %s: elapsed %s, about %s left ==%n", index,
                    profile.experiments().size(), experiment.id(), RunEnvironment.majorVersion(env),
                    format((System.nanoTime() - started) / 1e9), format(estimateLeft));
            Path result = run.resolve(experiment.resultFile());
            try {
                Collection<RunResult> results = new Runner(options(experiment, settings, jmh, java, result)).run();
                int expected = experiment.methods() * combinations(settings, jmh);
                if (results.size() < expected) {
                    failures.add(experiment.id() + ": " + (expected - results.size()) + " of " + expected
                            + " benchmarks produced no result (see the JMH output above)");
                }
            } catch (RunnerException | RuntimeException e) {
                failures.add(experiment.id() + ": " + e.getMessage());
            }
            estimateLeft -= settings.estimateSeconds(experiment.methods(), experiment.singleShot());
        }
        if (!noFootprint) {
            footprint(java, jvmArgs, run, failures);
        }
        System.out.printf(Locale.ROOT, "%nstealbench: run folder %s (%s)%n", run,
                format((System.nanoTime() - started) / 1e9));
        if (!failures.isEmpty()) {
            System.out.println("stealbench: FAILED parts (what finished is kept):");
            failures.forEach(f -> System.out.println("  " + f));
            Files.write(run.resolve("failures.txt"), failures);
        }
        return failures.size();
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
                System.out.println("stealbench: report " + page.toAbsolutePath().normalize());
            } catch (ResultsException | IOException | RuntimeException e) {
                System.out.println("stealbench: no report for " + runs + ": " + e.getMessage()
                        + " (render it with scripts/report)");
            }
        }
    }

    private List<String> rawArgs() {
        List<String> all = new ArrayList<>(arguments);
        jvms.forEach(j -> all.add("--jvm " + j));
        return all;
    }

    /** Profile settings under the user's JMH options: the user's value wins wherever given. */
    static org.openjdk.jmh.runner.options.Options options(Experiment experiment, Settings settings,
                                                          CommandLineOptions jmh, Path java, Path result) {
        ChainedOptionsBuilder b = new OptionsBuilder().parent(jmh).include(experiment.include())
                .jvm(java.toString())
                .resultFormat(ResultFormatType.JSON).result(result.toString());
        if (!jmh.getForkCount().hasValue()) {
            b.forks(settings.forks());
        }
        if (!jmh.getWarmupIterations().hasValue()) {
            b.warmupIterations(settings.warmupIterations());
        }
        if (!jmh.getMeasurementIterations().hasValue()) {
            b.measurementIterations(settings.measurementIterations());
        }
        if (!experiment.singleShot()) {
            if (!jmh.getWarmupTime().hasValue()) {
                b.warmupTime(TimeValue.milliseconds(Math.round(settings.warmupSeconds() * 1000)));
            }
            if (!jmh.getMeasurementTime().hasValue()) {
                b.measurementTime(TimeValue.milliseconds(Math.round(settings.measurementSeconds() * 1000)));
            }
        }
        if (settings.gcProfiler()) {
            b.addProfiler(GCProfiler.class);
        }
        if (!jmh.getTimeout().hasValue()) {
            b.timeout(TimeValue.minutes(10));
        }
        settings.params().forEach((name, values) -> {
            if (!jmh.getParameter(name).hasValue()) {
                b.param(name, values.toArray(String[]::new));
            }
        });
        return b.build();
    }

    private static int combinations(Settings settings, CommandLineOptions jmh) {
        int n = 1;
        for (Map.Entry<String, List<String>> p : settings.params().entrySet()) {
            n *= jmh.getParameter(p.getKey()).hasValue() ? jmh.getParameter(p.getKey()).get().size() : p.getValue().size();
        }
        return n;
    }

    /** Measures footprints with the run's JVM, in a process of its own. */
    private static void footprint(Path java, List<String> jvmArgs, Path run, List<String> failures)
            throws InterruptedException {
        System.out.println("\n== footprint (JOL) ==");
        try {
            String jar = Path.of(BenchCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
            List<String> command = new ArrayList<>(List.of(java.toString(), "-Djdk.attach.allowAttachSelf=true"));
            command.addAll(jvmArgs);
            command.addAll(List.of("-cp", jar, "org.stealbench.harness.bench.Footprint",
                    run.resolve("footprint.json").toString()));
            Process p = new ProcessBuilder(command).inheritIO().start();
            if (p.waitFor() != 0) {
                failures.add("footprint: exit code " + p.exitValue());
            }
        } catch (IOException | URISyntaxException e) {
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
