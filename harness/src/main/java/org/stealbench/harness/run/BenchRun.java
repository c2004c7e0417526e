package org.stealbench.harness.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.stealbench.harness.report.ReportCommand;
import org.stealbench.harness.report.SummarySection;
import org.stealbench.harness.results.ExperimentId;
import org.stealbench.harness.results.JmhJson;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.ResultsException;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.results.RunFolder;

/**
 * The run loop of {@code scripts/bench}: one {@link RunFolder} per JVM of the {@link BenchRequest},
 * saying what is running, what remains and what failed, then the reports. By default each
 * experiment runs interleaved: its parameter space is cut into shapes (parameter sets that differ
 * only in the contender), and each shape runs in rounds, one fork of every contender per round in
 * a fresh random order ({@link RoundPlan}, seeded; the seed is recorded), each fork a process of
 * its own ({@link ForkRunner}); the per-fork JMH JSON files are merged into
 * {@code jmh-<experiment>.json} ({@link ForkMerge}).
 */
final class BenchRun {

    private final BenchCommand command;
    private final BenchRequest request;
    /** Each JVM's fork start, in the order of the request's javas. */
    private final List<ForkStart> starts;
    private final PrintStream stdout;
    private final List<Path> written = new ArrayList<>();

    BenchRun(BenchCommand command, BenchRequest request, List<ForkStart> starts, PrintStream stdout) {
        this.command = command;
        this.request = request;
        this.starts = starts;
        this.stdout = stdout;
    }

    /** Runs on every JVM, then renders the reports unless told not to; returns the command's exit code. */
    int run() throws IOException, InterruptedException {
        int failed = 0;
        for (int i = 0; i < request.javas().size(); i++) {
            failed += runOnce(request.javas().get(i), starts.get(i));
        }
        if (!command.noReport) {
            report();
        }
        return failed == 0 ? 0 : 1;
    }

    /** One run folder on one JVM whose forks take {@code forkStart} to start; returns the number of parts that failed. */
    private int runOnce(Path java, ForkStart forkStart) throws IOException, InterruptedException {
        double start = forkStart.seconds();
        Instant startedAt = Instant.now();
        Map<String, Object> env = RunEnvironment.describe(java, request.profile().name(), command.cpus,
                request.jvmArgs());
        env.put("startedAt", startedAt.toString());
        env.put("interleaved", true);
        Set<Integer> rounds = request.settings().values().stream().map(Settings::forks)
                .collect(Collectors.toCollection(TreeSet::new));
        env.put("rounds", rounds.size() == 1 ? rounds.iterator().next() : rounds);
        env.put("threadLadders", request.threadLadders());
        env.put("forkStart", Map.of("seconds", Math.round(start * 10) / 10.0, "how", forkStart.how()));
        RunFolder run = RunFolder.create(command.out, startedAt, Objects.toString(env.get("gitSha"), null),
                command.jvms.isEmpty() && request.javas().size() == 1 ? null : RunEnvironment.majorVersion(env));
        run.writeEnv(env);
        String commandLine = System.getenv().getOrDefault("STEALBENCH_COMMAND",
                "java -cp benchmarks.jar " + BenchCommand.class.getName() + " " + String.join(" ", command.rawArgs()));
        run.writeCommand(commandLine);
        stdout.println("stealbench: writing " + run);
        written.add(run.dir());

        Progress progress = new Progress(Profile.estimateSeconds(request.settings(), start), System::nanoTime);
        long runSeed = command.seed != null ? command.seed : new Random().nextLong();
        List<String> failures = new ArrayList<>();
        List<RoundsFile.Stop> stops = new ArrayList<>();
        int index = 0;
        for (Map.Entry<Experiment, Settings> entry : request.settings().entrySet()) {
            Experiment experiment = entry.getKey();
            Settings settings = entry.getValue();
            index++;
            stdout.printf(Locale.ROOT, "%n== [%d/%d] %s on JDK %s: elapsed %s, about %s left ==%n", index,
                    request.settings().size(), experiment.id(), RunEnvironment.majorVersion(env),
                    Progress.format(progress.elapsed()), Progress.format(progress.left()));
            stops.addAll(runInterleaved(experiment, settings, java, start, run, runSeed + index, progress, failures));
        }
        if (!command.noFootprint) {
            footprint(java, request.jvmArgs(), run, failures);
        }
        stdout.printf(Locale.ROOT, "%nstealbench: run folder %s (%s)%n", run, Progress.format(progress.elapsed()));
        if (!stops.isEmpty()) {
            stdout.printf(Locale.ROOT, "stealbench: %d shape(s) stopped before their last round, answer decided: about %s "
                    + "saved (rounds-<experiment>.json lists them)%n", stops.size(),
                    Progress.format(stops.stream().mapToDouble(RoundsFile.Stop::savedSeconds).sum()));
        }
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
     * Unless the user fixed the rounds ({@code -f}), a shape stops at the first of its sequential
     * looks ({@link RoundPlan}) where its answer is decided and every one of its forks so far gave a
     * result that was steady (so a contender whose forks failed is never left out of the answer).
     *
     * @return the shapes that stopped early
     */
    private List<RoundsFile.Stop> runInterleaved(Experiment experiment, Settings settings, Path java, double start,
                                                 RunFolder run, long experimentSeed, Progress progress,
                                                 List<String> failures)
            throws IOException, InterruptedException {
        ExperimentId id = experiment.experimentId();
        List<Shapes.Shape> shapes = Shapes.of(experiment, settings.params());
        List<String> options = request.jmhOptions(experiment, settings);
        Path jar = BenchRequest.benchmarksJar();
        RoundsFile rounds = new RoundsFile(id.value(), experimentSeed, settings.forks(), List.of());
        SortedMap<MergeOrder, Path> done = new TreeMap<>(MergeOrder.JMH);
        // per fork file, the measured iterations the steady-state rule left out as warm-up
        Map<Path, Integer> discarded = new HashMap<>();
        double perFork = settings.forkSeconds(experiment.singleShot(), start);
        Duration timeout = Collections.max(List.of(ForkRunner.DEFAULT_TIMEOUT,
                Duration.ofSeconds(Math.round(3 * perFork))));
        boolean sequential = request.sequentialRounds();
        int failedBefore = failures.size();
        for (int k = 0; k < shapes.size(); k++) {
            List<ForkSpec> specs = request.roundForks(shapes.get(k), java, jar, options);
            RoundPlan plan = RoundPlan.shuffled(specs, settings.forks(), experimentSeed + k);
            int judged = 0;
            boolean allSteady = true;
            for (RoundPlan.Slot slot : plan.slots()) {
                ForkSpec spec = slot.spec();
                stdout.printf(Locale.ROOT, "-- %s shape %d/%d round %d/%d fork %d/%d: %s (elapsed %s, about %s left)%n",
                        id, k + 1, shapes.size(), slot.round() + 1, settings.forks(), slot.position() + 1,
                        specs.size(), spec.label(), Progress.format(progress.elapsed()), Progress.format(progress.left()));
                Path file = run.fork(id, spec.fileStem() + "-r" + slot.round());
                String started = Instant.now().toString();
                String error = null;
                RoundsFile.Steadiness steady = null;
                try {
                    ForkRunner.run(spec, file, timeout, stdout::println);
                    done.put(new MergeOrder(k, specs.indexOf(spec), slot.round()), file);
                    steady = ForkMerge.steadiness(file, experiment.minSteady(settings));
                    discarded.put(file, experiment.coldStart() ? 0 : steady.discarded());
                    judged++;
                    allSteady &= experiment.coldStart() || steady.steady();
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
                int roundsDone = slot.round() + 1;
                if (slot.position() + 1 == specs.size()
                        && looks(sequential, roundsDone, settings.forks(), specs.size(), judged, allSteady)
                        && decided(experiment, shapes.get(k), done, discarded, run, settings.forks())) {
                    double saved = (settings.forks() - roundsDone) * specs.size() * perFork;
                    Map<String, String> constants = new LinkedHashMap<>(spec.params());
                    constants.remove(experiment.contender());
                    rounds = rounds.with(new RoundsFile.Stop(spec.benchmark(), constants, roundsDone, saved));
                    rounds.write(run.rounds(id));
                    progress.skipped(saved);
                    stdout.printf(Locale.ROOT, "   answer decided after %d of %d rounds: the shape stops (saves about %s)%n",
                            roundsDone, settings.forks(), Progress.format(saved));
                    break;
                }
            }
            if (!done.isEmpty()) {
                mergeTo(done, discarded, run.results(id));
            }
        }
        if (done.isEmpty() && failures.size() == failedBefore) {
            failures.add(id + ": no fork ran");
        }
        return rounds.stops();
    }

    /**
     * Whether a shape is looked at once {@code roundsDone} rounds have run: the user did not fix the
     * rounds, it is a look's round ({@link RoundPlan#looksAfter}), and every fork so far was judged steady.
     */
    static boolean looks(boolean sequential, int roundsDone, int rounds, int contenders, int judged,
                         boolean allSteady) {
        return sequential && allSteady && judged == roundsDone * contenders && RoundPlan.looksAfter(roundsDone, rounds);
    }

    /**
     * Whether the shape's forks so far decide its answer at one of its sequential looks ({@link
     * SummarySection#decided}); the experiment's merged file is brought up to date first, so a look
     * reads what the report would. False when that file cannot be read or judged (a look never ends
     * the run).
     */
    private static boolean decided(Experiment experiment, Shapes.Shape shape, SortedMap<MergeOrder, Path> done,
                                   Map<Path, Integer> discarded, RunFolder run, int rounds) throws IOException {
        Path results = run.results(experiment.experimentId());
        mergeTo(done, discarded, results);
        try {
            List<JmhResult> ofShape = JmhJson.read(results).stream()
                    .filter(r -> r.benchmark().equals(shape.benchmark())
                            && shape.parameters().stream().anyMatch(p -> r.params().entrySet().containsAll(p.entrySet())))
                    .toList();
            return SummarySection.decided(experiment.id(), ofShape, RoundPlan.looks(rounds));
        } catch (ResultsException | RuntimeException e) {
            return false;
        }
    }

    private static void mergeTo(SortedMap<MergeOrder, Path> done, Map<Path, Integer> discarded, Path target)
            throws IOException {
        List<Path> files = new ArrayList<>(done.values());
        ForkMerge.mergeTo(files, files.stream().mapToInt(f -> discarded.getOrDefault(f, 0)).toArray(), target);
    }

    /** Where a fork's result goes in the merged file: JMH's order of parameter sets, then the round. */
    private record MergeOrder(int shape, int contender, int round) {
        static final Comparator<MergeOrder> JMH = Comparator.comparingInt(MergeOrder::shape)
                .thenComparingInt(MergeOrder::contender).thenComparingInt(MergeOrder::round);
    }

    /** Renders each run folder's report, and one comparing them when several JVMs ran; never fails the run. */
    private void report() {
        List<List<Path>> pages = new ArrayList<>(written.stream().map(List::of).toList());
        if (written.size() > 1) {
            pages.add(List.copyOf(written));
        }
        for (List<Path> runs : pages) {
            try {
                Path page = ReportCommand.render(runs, ReportCommand.DEFAULT_BASELINE, null);
                stdout.println("stealbench: report " + page.toAbsolutePath().normalize());
            } catch (ResultsException | RuntimeException e) {
                stdout.println("stealbench: no report for " + runs + ": " + e.getMessage()
                        + " (render it with scripts/report)");
            }
        }
    }

    /** Measures footprints with the run's JVM, in a process of its own. */
    private void footprint(Path java, List<String> jvmArgs, RunFolder run, List<String> failures)
            throws InterruptedException {
        stdout.println("\n== footprint (JOL) ==");
        try {
            List<String> commandLine = new ArrayList<>(List.of(java.toString(), "-Djdk.attach.allowAttachSelf=true"));
            commandLine.addAll(jvmArgs);
            commandLine.addAll(List.of("-cp", BenchRequest.benchmarksJar().toString(), "org.stealbench.harness.bench.Footprint",
                    run.footprint().toString()));
            Process p = new ProcessBuilder(commandLine).inheritIO().start();
            if (p.waitFor() != 0) {
                failures.add("footprint: exit code " + p.exitValue());
            }
        } catch (IOException e) {
            failures.add("footprint: " + e.getMessage());
        }
    }
}
