package org.stealbench.harness.gate;

import static org.stealbench.harness.gate.GateException.throwIf;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.stealbench.harness.results.AtomicFiles;
import org.stealbench.harness.results.RunFolder;
import org.stealbench.harness.run.BenchCommand;
import org.stealbench.harness.run.RunEnvironment;
import org.stealbench.harness.HarnessCommand;
import org.stealbench.harness.VersionProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code scripts/gate-ab}: the paired regression gate. Runs {@link GateSubset} from a baseline jar
 * (A: built from {@code --baseline-ref} in a temporary git worktree and cached by commit sha, or
 * {@code --baseline-jar}) and the current jar (B) in one job, both in each fork's JVM and run in
 * alternating batches ({@link AlternatingFork}), same JVM, flags and fixed heap, and judges per-pair log ratios
 * ({@link PairedDecision}). Exit 0 pass, 1 regression, 2 bad input, 3 inconclusive under
 * {@code --strict}. {@code --promote REF --reason TEXT} re-points {@code results/baseline/REF}.
 */
@Command(name = "gate-ab", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = VersionProvider.class,
        description = {"Paired regression gate: runs the gate's benchmark subset from a baseline jar (A) and the "
                + "current jar (B), both in each fork's JVM in alternating batches of a few ms, and fails on a "
                + "significant slowdown beyond the "
                + "per-row threshold."},
        footer = {"", "Exit codes: 0 pass, 1 regression, 2 bad input, 3 inconclusive rows under --strict.",
                "Accept a slowdown: scripts/gate-ab --promote HEAD --reason 'why', then commit results/baseline/.",
                "docs/gate.md explains the statistics, thresholds and calibration."})
public final class GateAbCommand extends HarnessCommand {

    @Option(names = "--baseline-ref", paramLabel = "REF",
            description = "Git ref whose benchmarks jar is side A (built once per commit, cached in results/jars/).")
    String baselineRef;

    @Option(names = "--baseline-jar", paramLabel = "FILE", description = "A benchmarks jar as side A.")
    Path baselineJar;

    @Option(names = "--current-jar", paramLabel = "FILE",
            description = "The benchmarks jar as side B (default: this tree's harness/target/benchmarks.jar).")
    Path currentJar;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Job folder (default: results/runs/gate-ab-<UTC stamp>); must not exist yet.")
    Path out;

    @Option(names = "--cpus", paramLabel = "LIST",
            description = "CPU list both sides are pinned to (scripts/gate-ab applies it with taskset); recorded.")
    String cpus;

    @Option(names = "--alpha", paramLabel = "LEVEL", defaultValue = PairedDecision.DEFAULT_ALPHA,
            description = "Family-wise false-alarm rate over all rows and looks (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--thresholds", paramLabel = "FILE",
            description = "Per-row practical thresholds (default: results/gate-ab-thresholds.json).")
    Path thresholds;

    @Option(names = "--strict", description = "Exit 3 when a row stays INCONCLUSIVE (and nothing regressed).")
    boolean strict;

    @Option(names = "--quick-check",
            description = "Tiny settings (2 pairs, 1 short iteration): proves the job runs; its verdicts mean nothing.")
    boolean quickCheck;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the fork order (default: from the clock).")
    Long seed;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write JUnit XML here (always written to the job folder).")
    Path junit;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Also write Markdown here (always written to the job folder).")
    Path markdown;

    @Option(names = "--dry-run", description = "Print the plan and its estimated duration; run nothing.")
    boolean dryRun;

    @Option(names = "--calibration-work", paramLabel = "PERCENT", hidden = true,
            description = "Calibration only: run the --calibration-path row alone, side B at PERCENT of A's work.")
    Integer calibrationWork;

    @Option(names = "--calibration-path", paramLabel = "PATH", hidden = true, defaultValue = "deque",
            description = "Calibration only: where --calibration-work plants the slowdown: deque, fork or submit.")
    String calibrationPath;

    @Option(names = "--promote", paramLabel = "REF",
            description = "Make REF's commit the baseline (results/baseline/REF), with --reason; then exit.")
    String promote;

    @Option(names = "--reason", paramLabel = "TEXT", description = "Why the baseline moves (with --promote).")
    String reason;

    private String stepSummary;
    private final Instant started = Instant.now();

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command and returns its exit code; never calls System.exit. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, System.getenv("GITHUB_STEP_SUMMARY"));
    }

    /** The same, appending the Markdown report to {@code stepSummary} (GitHub's job summary file) when not null. */
    static int run(String[] args, PrintStream out, PrintStream err, String stepSummary) {
        GateAbCommand command = new GateAbCommand();
        command.stepSummary = stepSummary;
        return commandLine(command, out, err, "--help lists the options")
                .setExecutionExceptionHandler((e, c, p) -> {
                    err.println("gate-ab: unexpected error (a bug, please report it): " + e);
                    return 2;
                })
                .execute(args);
    }

    @Override
    public Integer call() throws InterruptedException {
        Inputs in;
        try {
            if (promote != null) {
                return promote();
            }
            in = inputs();
        } catch (GateException e) {
            stderr.println("gate-ab: " + e.getMessage());
            if (promote == null) {
                // bad input: nothing else is created, but the reason goes where CI reads the outcome
                writeBadInput(e.getMessage(), out != null && !Files.exists(out) ? out : null, "unknown", "unknown", null);
            }
            return 2;
        }
        return dryRun ? dryRun(in) : job(in);
    }

    /** Everything checked before a file is written. */
    private record Inputs(Path baselineJar, String baselineName, String baselineSha, Path currentJar,
                          String currentName, String currentSha, Path out, GateThresholds thresholds, GateSubset subset, long seed) {
    }

    private Inputs inputs() throws GateException, InterruptedException {
        throwIf((baselineRef == null) == (baselineJar == null),
                "give exactly one of --baseline-ref REF and --baseline-jar FILE");
        throwIf(reason != null, "--reason goes with --promote only");
        throwIf(!(alpha > 0 && alpha < 0.5), "--alpha must lie in (0, 0.5), was " + alpha);
        throwIf(cpus != null && !cpus.matches("[0-9]+([-,][0-9]+)*"),
                "--cpus must be a CPU list such as 0,1 or 0-1, was '" + cpus + "'");
        GateSubset subset = subset();
        Path root = root();
        if (baselineJar != null) {
            requireJar(baselineJar, "--baseline-jar");
        }
        String baselineSha = baselineJar != null ? jarCommit(baselineJar) : resolve(root, baselineRef, "--baseline-ref");
        Path current = currentJar != null ? currentJar : root.resolve("harness/target/benchmarks.jar");
        requireJar(current, "--current-jar");
        Path jobDir = out != null ? out : root.resolve("results/runs/gate-ab-" + RunFolder.stamp(started));
        throwIf(Files.exists(jobDir), "--out " + shown(jobDir) + ": already exists; give a new folder");
        GateThresholds t = thresholds(root, thresholds);
        String currentSha = currentJar != null ? jarCommit(currentJar) : head(root);
        String currentName = currentJar != null ? "jar " + currentJar.getFileName() : "working tree";
        return new Inputs(baselineJar, baselineName(), baselineSha, current, currentName, currentSha, jobDir, t,
                subset, seed != null ? seed : started.toEpochMilli());
    }

    /** Side A as the options name it: the ref, else the jar's file name. */
    private String baselineName() {
        return baselineRef != null ? baselineRef : baselineJar != null ? "jar " + baselineJar.getFileName() : "unknown";
    }

    private GateSubset subset() throws GateException {
        if (calibrationWork == null) {
            return GateSubset.of(quickCheck);
        }
        try {
            return GateSubset.calibration(GateSubset.Planted.byId(calibrationPath), calibrationWork, quickCheck);
        } catch (IllegalArgumentException e) {
            throw new GateException("--calibration-work/--calibration-path: " + e.getMessage());
        }
    }

    /** The thresholds file given, else the checked-in one, else the built-in defaults. */
    static GateThresholds thresholds(Path root, Path given) throws GateException {
        if (given != null) {
            return GateThresholds.load(given);
        }
        Path checkedIn = root.resolve("results/gate-ab-thresholds.json");
        return Files.exists(checkedIn) ? GateThresholds.load(checkedIn) : GateThresholds.builtIn();
    }

    private static void requireJar(Path jar, String option) throws GateException {
        throwIf(!Files.isRegularFile(jar), option + " " + shown(jar) + ": no such file");
        try {
            listed(jar);
        } catch (GateException e) {
            throw new GateException(option + " " + e.getMessage());
        }
    }

    /** The working tree's HEAD, with "-dirty" when tracked files have uncommitted changes; "unknown" without git. */
    private static String head(Path root) {
        String head = RunEnvironment.git(root, "rev-parse", "HEAD");
        String dirty = RunEnvironment.git(root, "status", "--porcelain", "--untracked-files=no");
        return head == null ? "unknown" : head + (dirty != null && !dirty.isBlank() ? "-dirty" : "");
    }

    /** The full sha of a ref, or a GateException naming it. */
    static String resolve(Path root, String ref, String option) throws GateException {
        throwIf(ref.isBlank() || ref.startsWith("-"), option + " '" + ref + "': not a git ref");
        String sha = RunEnvironment.git(root, "rev-parse", "--verify", "--quiet", ref + "^{commit}");
        throwIf(sha == null || !sha.matches("[0-9a-f]{40}"), option + " '" + ref + "': not a commit in " + root);
        return sha;
    }

    private int dryRun(Inputs in) {
        GateSubset s = in.subset();
        double[] est = s.estimateSeconds();
        stdout.println("gate-ab: plan (nothing runs with --dry-run)");
        stdout.println("  A: " + in.baselineName() + " @ " + in.baselineSha() + (in.baselineJar() == null
                ? (Files.exists(cachedJar(in.baselineSha())) ? " (cached jar)" : " (jar to build, about 1-2 min)") : ""));
        stdout.println("  B: " + in.currentName() + " @ " + in.currentSha());
        for (GateSubset.Entry e : s.entries()) {
            AlternatingFork.Spec a = s.alternation(e, "A", "B");
            stdout.printf(Locale.ROOT, "  row %s: A and B alternating in one JVM, warm-up %d ms, measured %d ms, "
                    + "%s%n", e.label(), a.warmupMillis(), a.measureMillis(), e.singleShot()
                    ? "one invocation a batch" : "batches of " + a.batchMicros() / 1000 + " ms");
        }
        stdout.printf(Locale.ROOT, "  %d pairs (forks) a row, then %s for rows still undecided (a look is skipped "
                + "when it would end past %.0f s of forks); JVM args %s%n", s.firstPairs(),
                s.looks().subList(1, s.looks().size()), s.budgetSeconds(), BenchCommand.HEAP_FLAGS);
        stdout.printf(Locale.ROOT, "  estimate: %.0f s for the first look, %.0f s at most, plus the baseline jar's build "
                + "when it is not cached%n", est[0], est[1]);
        return 0;
    }

    private Path cachedJar(String sha) {
        return root().resolve("results/jars/" + sha + ".jar");
    }

    private int job(Inputs in) throws InterruptedException {
        Path dir = in.out();
        List<String> notes = new ArrayList<>();
        String machine = "unknown";
        String jdk = "unknown";
        try {
            // the folder first: a failed baseline build is then reported in its gate-junit.xml too
            Files.createDirectories(dir);
            Path aJar = in.baselineJar() != null ? in.baselineJar() : baselineJar(in.baselineSha());
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            Map<String, Object> env = RunEnvironment.describe(java, "gate-ab", cpus, BenchCommand.HEAP_FLAGS);
            env.put("baseline", Map.of("name", in.baselineName(), "sha", in.baselineSha(), "jar", shown(aJar)));
            env.put("current", Map.of("name", in.currentName(), "sha", in.currentSha(), "jar", shown(in.currentJar())));
            RunFolder.at(dir).writeEnv(env);
            machine = env.get("cpuModel") + ", " + env.get("cores") + " cores"
                    + (cpus == null ? "" : ", pinned to " + cpus);
            jdk = ((Map<?, ?>) env.get("jdk")).get("vendor") + " " + ((Map<?, ?>) env.get("jdk")).get("version")
                    + " " + BenchCommand.HEAP_FLAGS;
            GateSubset subset = in.subset();
            Map<String, Set<String>> aList = listed(aJar);
            Map<String, Set<String>> bList = listed(in.currentJar());
            List<String> driver = new ArrayList<>(List.of(java.toString()));
            driver.addAll(BenchCommand.HEAP_FLAGS);
            driver.addAll(List.of("-cp", System.getProperty("java.class.path")));
            List<PairedJob.AlternatingRow> alternating = new ArrayList<>();
            List<String> labels = new ArrayList<>();
            List<String> added = new ArrayList<>();
            List<String> removed = new ArrayList<>();
            for (GateSubset.Entry e : subset.entries()) {
                boolean inA = present(aList, e);
                boolean inB = present(bList, e);
                if (inA && inB) {
                    labels.add(e.label());
                    alternating.add(new PairedJob.AlternatingRow(e.label(), driver,
                            subset.alternation(e, aJar.toAbsolutePath().toString(),
                                    in.currentJar().toAbsolutePath().toString())));
                } else if (inB) {
                    added.add(e.label());
                } else if (inA) {
                    removed.add(e.label());
                } else {
                    notes.add("in neither jar: " + e.label());
                }
            }
            throwIf(labels.isEmpty(), "nothing compared: no row of the gate's subset is in both jars");
            requireWorkloads(aJar, "A (" + in.baselineName() + ")");
            requireWorkloads(in.currentJar(), "B (current)");
            if (quickCheck) {
                notes.add("QUICK CHECK: tiny settings; the verdicts below mean nothing");
            }
            List<Integer> looks = subset.looks();
            PairedJob runner = new PairedJob(dir, in.seed(), Duration.ofMinutes(5), stderr::println);
            double[] est = subset.estimateSeconds();
            int compared = labels.size();
            stderr.printf(Locale.ROOT, "gate-ab: %d rows, %d pairs each (up to %s when undecided), A and B alternating "
                    + "inside each fork: about %.0f s, at most %.0f s; order in %s%n", compared, subset.firstPairs(),
                    looks.subList(1, looks.size()), est[0] * compared / subset.entries().size(),
                    est[1] * compared / subset.entries().size(), dir.resolve(PairedJob.ORDER_FILE));
            Instant forksStarted = Instant.now();
            runner.runAlternating(alternating, subset.firstPairs(), 1);
            List<PairedGate.Row> decided = PairedGate.decide(runner.values(), labels, in.thresholds(), alpha, looks,
                    subset.family(), (undecided, pairs, n) -> {
                        int more = pairs - looks.get(n - 2);
                        double spent = Duration.between(forksStarted, Instant.now()).toMillis() / 1000.0;
                        double need = more * subset.entries().stream().filter(e -> undecided.contains(e.label()))
                                .mapToDouble(subset::alternatingForkSeconds).sum();
                        if (spent + need > subset.budgetSeconds()) {
                            notes.add(String.format(Locale.ROOT, "look %d skipped: its %d more pairs of %d row(s) "
                                    + "(about %.0f s) would end past the %.0f s budget of forks (%.0f s spent)", n, more,
                                    undecided.size(), need, subset.budgetSeconds(), spent));
                            stderr.println("gate-ab: " + notes.get(notes.size() - 1));
                            return false;
                        }
                        stderr.println("gate-ab: " + undecided.size() + " row(s) undecided after " + looks.get(n - 2)
                                + " pairs, running " + more + " more (look " + n + "): " + undecided);
                        runner.runAlternating(alternating.stream().filter(r -> undecided.contains(r.label()))
                                .toList(), more, n);
                        return true;
                    });
            PairedJob.writePairs(dir, new PairedJob.Saved(looks, subset.family(), alpha,
                    calibrationWork == null ? 100 : calibrationWork, runner.values()));
            String stats = String.format(Locale.ROOT, "statistics: a pair is one fork running A and B in alternating "
                    + "batches (geometric means of its batches); one-sided t test on the mean per-pair log ratio, Holm "
                    + "over rows, Bonferroni over %d look(s) at %s pairs (alpha %s family-wise); REGRESSION = "
                    + "significant and slower than the row's threshold; seed %d; %s", looks.size(), looks, alpha,
                    in.seed(), in.thresholds().describe().get(0));
            GateAbOutput.Report report = new GateAbOutput.Report(in.baselineName(), in.baselineSha(),
                    in.currentName(), in.currentSha(), machine, jdk, stats, decided, runner.seconds(), added, removed,
                    notes, seconds(), null);
            write(report, dir);
            stdout.print(GateAbOutput.text(report, strict));
            stdout.println("gate-ab: report in " + shown(dir.resolve("gate.md")));
            stdout.flush();
            return report.exitCode(strict);
        } catch (GateException | IOException e) {
            stderr.println("gate-ab: " + e.getMessage());
            writeBadInput(String.valueOf(e.getMessage()), Files.isDirectory(dir) ? dir : null, machine, jdk, in);
            return 2;
        }
    }

    private double seconds() {
        return Duration.between(started, Instant.now()).toMillis() / 1000.0;
    }

    /** gate.md, gate-junit.xml and gate.txt in the job folder (when there is one), the files asked for, the step summary. */
    private void write(GateAbOutput.Report report, Path dir) throws GateException {
        String md = GateAbOutput.markdown(report, strict);
        String xml = GateAbOutput.junit(report, strict);
        if (dir != null) {
            PairedJob.write(dir.resolve("gate.md"), md);
            PairedJob.write(dir.resolve("gate-junit.xml"), xml);
            PairedJob.write(dir.resolve("gate.txt"), GateAbOutput.text(report, strict));
        }
        if (markdown != null) {
            PairedJob.write(markdown, md);
        }
        if (junit != null) {
            PairedJob.write(junit, xml);
        }
        if (stepSummary != null && !stepSummary.isBlank()) {
            try {
                Files.writeString(Path.of(stepSummary), md + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            } catch (IOException e) {
                stderr.println("gate-ab: cannot append to $GITHUB_STEP_SUMMARY (" + e.getMessage() + ")");
            }
        }
    }

    /** Writes the reason for a stopped job everywhere {@link #write} writes a report; never throws. */
    private void writeBadInput(String message, Path dir, String machine, String jdk, Inputs in) {
        GateAbOutput.Report r = GateAbOutput.Report.badInput(baselineName(), in == null ? "unknown" : in.baselineSha(),
                in == null ? "working tree" : in.currentName(), in == null ? "unknown" : in.currentSha(), machine, jdk,
                seconds(), message);
        try {
            write(r, dir);
        } catch (GateException e) {
            stderr.println("gate-ab: " + e.getMessage());
        }
    }

    /** A path as a report may show it: relative to the project root when inside it, else its file name. */
    static String shown(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path root = root();
        return abs.startsWith(root) ? root.relativize(abs).toString() : String.valueOf(abs.getFileName());
    }

    /** The commit a benchmarks jar records (as {@code -V} prints it), with "-dirty" kept; "unknown" when absent. */
    static String jarCommit(Path jar) {
        try (JarFile j = new JarFile(jar.toFile())) {
            JarEntry e = j.getJarEntry(VersionProvider.SHA_RESOURCE.substring(1));
            if (e == null) {
                return "unknown";
            }
            try (InputStream in = j.getInputStream(e)) {
                return VersionProvider.known(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Refuses a jar without the gate's workloads (one built before the alternating engine existed). */
    static void requireWorkloads(Path jar, String side) throws GateException {
        String entry = AlternatingFork.WORKLOADS.replace('.', '/') + ".class";
        try (JarFile j = new JarFile(jar.toFile())) {
            throwIf(j.getEntry(entry) == null,
                    "side " + side + ": " + shown(jar) + " has no " + AlternatingFork.WORKLOADS
                    + " (built before the alternating engine); gate against a newer baseline");
        } catch (IOException e) {
            throw new GateException("side " + side + ": " + shown(jar) + " is not a readable jar (" + e.getMessage() + ")", e);
        }
    }

    /**
     * The benchmarks of a jar's {@code META-INF/BenchmarkList} (what JMH's {@code -lp} lists; JMH is
     * 1.37 in every commit, so one reader serves both sides), each with its parameters' names.
     */
    static Map<String, Set<String>> listed(Path jar) throws GateException {
        try (JarFile j = new JarFile(jar.toFile())) {
            JarEntry list = j.getJarEntry(BenchmarkList.BENCHMARK_LIST.substring(1));
            throwIf(list == null, shown(jar) + ": not a JMH benchmarks jar (no META-INF/BenchmarkList)");
            Map<String, Set<String>> out = new HashMap<>();
            try (InputStream in = j.getInputStream(list)) {
                for (BenchmarkListEntry e : BenchmarkList.readBenchmarkList(in)) {
                    out.computeIfAbsent(e.getUsername(), k -> new HashSet<>())
                            .addAll(e.getParams().hasValue() ? e.getParams().get().keySet() : Set.of());
                }
            }
            return out;
        } catch (IOException | RuntimeException e) {
            throw new GateException(shown(jar) + ": not a readable jar (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Whether a listing holds the row's benchmark with every parameter it sets (by name: a value
     * outside the {@code @Param} list still runs when the parameter exists).
     */
    static boolean present(Map<String, Set<String>> listing, GateSubset.Entry e) {
        return listing.containsKey(e.benchmark()) && listing.get(e.benchmark()).containsAll(e.params().keySet());
    }

    /** The baseline commit's benchmarks jar: cached in results/jars/, else built in a temporary worktree. */
    private Path baselineJar(String sha) throws GateException, InterruptedException {
        Path cached = cachedJar(sha);
        if (Files.isRegularFile(cached)) {
            stderr.println("gate-ab: baseline jar " + cached + " (cached)");
            return cached;
        }
        Path root = root();
        Path tree;
        try {
            tree = Files.createTempDirectory("stealbench-baseline-");
        } catch (IOException e) {
            throw new GateException("cannot create a temporary folder (" + e.getMessage() + ")", e);
        }
        long t0 = System.nanoTime();
        stderr.println("gate-ab: building the baseline jar of " + sha + " in a temporary worktree " + tree);
        try {
            exec(root, List.of("git", "worktree", "add", "--detach", "--force", tree.toString(), sha), "git worktree add");
            exec(tree, List.of("mvn", "-B", "-q", "-DskipTests", "package"), "mvn package of " + sha);
            Path built = tree.resolve("harness/target/benchmarks.jar");
            throwIf(!Files.isRegularFile(built), sha + ": its build made no harness/target/benchmarks.jar");
            AtomicFiles.write(cached, Files.readAllBytes(built));
            stderr.printf(Locale.ROOT, "gate-ab: built and cached %s in %.0f s%n", cached,
                    (System.nanoTime() - t0) / 1e9);
            return cached;
        } catch (IOException e) {
            throw new GateException("cannot cache the baseline jar (" + e.getMessage() + ")", e);
        } finally {
            try {
                exec(root, List.of("git", "worktree", "remove", "--force", tree.toString()), "git worktree remove");
            } catch (GateException e) {
                stderr.println("gate-ab: " + e.getMessage() + "; remove " + tree + " and run git worktree prune");
            }
        }
    }

    private void exec(Path dir, List<String> command, String what) throws GateException, InterruptedException {
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(false).start();
            byte[] err = p.getErrorStream().readAllBytes();
            if (!p.waitFor(20, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                String msg = new String(err, StandardCharsets.UTF_8).strip();
                throw new GateException(what + " failed" + (msg.isEmpty() ? "" : ": "
                        + msg.lines().reduce((a, b) -> b).orElse("")));
            }
        } catch (IOException e) {
            throw new GateException(what + ": cannot start " + command.get(0) + " (" + e.getMessage() + ")", e);
        }
    }

    /**
     * {@code --promote REF --reason TEXT}: writes REF's full sha to {@code results/baseline/REF} (one
     * atomic rename) and appends the reason to {@code results/baseline/REF.log}. Refused when the
     * ref is not a commit, the reason is missing, or REF names the working tree's HEAD while it has
     * uncommitted changes (the baseline would not be what was measured).
     */
    private int promote() throws GateException {
        throwIf(reason == null || reason.isBlank(), "--promote needs --reason TEXT (why the baseline moves)");
        throwIf(baselineRef != null || baselineJar != null || currentJar != null,
                "--promote REF takes no --baseline-ref, --baseline-jar or --current-jar");
        Path root = root();
        String sha = resolve(root, promote, "--promote");
        throwIf(head(root).equals(sha + "-dirty"),
                "--promote " + promote + ": the working tree has uncommitted changes; commit "
                + "them first, so the baseline is the code that was gated");
        Path ref = root.resolve("results/baseline/REF");
        Path log = root.resolve("results/baseline/REF.log");
        try {
            String old = Files.exists(ref) ? Files.readString(ref).strip() : "none";
            AtomicFiles.write(log, (Files.exists(log) ? Files.readString(log) : "") + Instant.now() + " " + old + " -> "
                    + sha + ": " + reason.replace('\n', ' ').strip() + "\n");
            AtomicFiles.write(ref, sha + "\n");
        } catch (IOException e) {
            throw new GateException(ref + ": cannot be written (" + e.getMessage() + ")", e);
        }
        stdout.println("gate-ab: results/baseline/REF is now " + sha + " (" + promote + "); reason logged in "
                + "results/baseline/REF.log; commit both");
        return 0;
    }
}
