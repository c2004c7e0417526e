package org.stealbench.harness.gate;

import static org.stealbench.harness.gate.GateException.throwIf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.stealbench.harness.HarnessCommand;
import org.stealbench.harness.VersionProvider;
import org.stealbench.harness.results.RunFolder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code scripts/gate-calibrate}: measures the paired gate on this machine. {@code run} makes
 * independent A/A {@code gate-ab} jobs (the same jar on both sides) and jobs with a real injected
 * slowdown ({@code GateCalibrationBenchmark}, side B doing more work per operation), in a shuffled
 * order so the machine's drift lands on every kind alike, and writes the table of false alarms and
 * detections.
 */
@Command(name = "gate-calibrate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Measures the regression gate's false alarms and detection power on this machine.",
        subcommands = {GateCalibrateCommand.Run.class, GateCalibrateCommand.Score.class})
public final class GateCalibrateCommand extends HarnessCommand {

    /** The summary {@code run} writes into its folder: the command and every job's pairs. */
    static final String SUMMARY = "calibration.json";
    /** What {@code run} made its folder with ({@link Setup}); {@code --resume} checks it. */
    static final String SETUP = "setup.json";

    /** The gate row the injected slowdown stands for: its thresholds judge the calibration row. */
    static final String MIRROR = "DequeOpsBenchmark.pushPop depth=0 queue=chase-lev";

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command and returns its exit code; never calls System.exit. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return commandLine(new GateCalibrateCommand(), out, err, "--help lists the options", Exception.class)
                .execute(args);
    }

    @Override
    public Integer call() throws GateException {
        throw new GateException("name a subcommand: run or score (--help lists them)");
    }

    @Command(name = "run", mixinStandardHelpOptions = true,
            description = {"Runs independent A/A gate-ab jobs and planted-slowdown jobs, then writes "
                    + "calibration.md and calibration.json in the folder.",
                    "An A/A job runs the whole subset, a slowdown job one row: 30 + 3 x 20 jobs take hours on 2 "
                            + "cores; run it on a quiet machine, in pieces with --resume."})
    static final class Run implements Callable<Integer> {

        @Option(names = "--jobs", paramLabel = "N", defaultValue = "30",
                description = "A/A jobs (default: ${DEFAULT-VALUE}).")
        int jobs;

        @Option(names = "--slowdown-jobs", paramLabel = "N", defaultValue = "20",
                description = "Jobs per planted slowdown and path (default: ${DEFAULT-VALUE}).")
        int slowdownJobs;

        @Option(names = "--slowdowns", paramLabel = "PERCENT", split = ",", defaultValue = "105,110,125",
                description = "Side B's work in percent of side A's (default: ${DEFAULT-VALUE}).")
        List<Integer> slowdowns;

        @Option(names = "--paths", paramLabel = "PATH", split = ",", defaultValue = "deque",
                description = "Where the slowdowns are planted: deque (owner push+pop), fork (a worker's fork path), "
                        + "submit (outside submission); each path gets --slowdown-jobs jobs per slowdown "
                        + "(default: ${DEFAULT-VALUE}).")
        List<String> paths;

        @Option(names = "--out", paramLabel = "DIR",
                description = "Folder (default: results/runs/gate-calibration-<UTC stamp>); must not exist.")
        Path out;

        @Option(names = "--resume", paramLabel = "DIR",
                description = "Add the jobs to this folder of an earlier run: same jar, rows and --quick-check "
                        + "(taken from the folder unless given); the table and summary then cover all its jobs.")
        Path resume;

        @Option(names = "--thresholds", paramLabel = "FILE",
                description = "Thresholds the jobs use (default: results/gate-ab-thresholds.json).")
        Path thresholds;

        @Option(names = "--quick-check", description = "Tiny jobs: proves the command runs; figures mean nothing.")
        boolean quickCheck;

        @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the job order.")
        long seed;

        @Option(names = "--dry-run", description = "Print the jobs and their estimated duration; run nothing.")
        boolean dryRun;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException, GateException, InterruptedException {
            PrintWriter stdout = spec.commandLine().getOut();
            throwIf(jobs < 0 || slowdownJobs < 0 || jobs + slowdownJobs == 0,
                    "--jobs and --slowdown-jobs must be 0 or more, and not both 0");
            for (int s : slowdowns) {
                throwIf(s <= 100 || s > 1000, "--slowdowns must lie in (100, 1000] percent, had " + s);
            }
            List<CalibrationScore.Kind> kinds = kinds();
            throwIf(out != null && resume != null, "give --out DIR or --resume DIR, not both");
            Setup had = resume == null ? null : inheritSetup(resume);
            GateSubset aa = GateSubset.of(quickCheck);
            Path root = root();
            Path source = root.resolve("harness/target/benchmarks.jar");
            throwIf(!Files.isRegularFile(source), source + ": no such file (build it with mvn package)");
            throwIf(thresholds != null && !Files.isRegularFile(thresholds),
                    "--thresholds " + thresholds + ": no such file");
            Setup setup = new Setup(quickCheck, aa.entries().stream().map(GateSubset.Entry::label).toList(),
                    new ArrayList<>());
            Path dir;
            int first;
            if (resume != null) {
                dir = resume;
                setup = resumable(resume, had, source, setup);
                first = nextJob(resume);
            } else {
                dir = out != null ? out : root.resolve("results/runs/gate-calibration-" + RunFolder.stamp(Instant.now()));
                throwIf(Files.exists(dir), "--out " + dir + ": already exists; give a new folder (or --resume it)");
                first = 0;
            }
            if (dryRun) {
                stdout.print(plan(kinds, aa));
                stdout.flush();
                return 0;
            }
            setup.commands().add("scripts/gate-calibrate " + String.join(" ", spec.commandLine().getParseResult()
                    .originalArgs()) + " (started " + Instant.now() + ")");
            Path copy = dir.resolve("benchmarks.jar");
            if (resume == null) {
                Files.createDirectories(dir);
                Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING);
            }
            PairedJob.writeJson(dir.resolve(SETUP), setup);

            for (int j = 0; j < kinds.size(); j++) {
                CalibrationScore.Kind kind = kinds.get(j);
                int number = first + j;
                Path jobDir = dir.resolve(String.format(Locale.ROOT, "job-%03d-%s", number, kind.folder()));
                List<String> args = new ArrayList<>(List.of("--baseline-jar", copy.toString(), "--current-jar",
                        copy.toString(), "--out", jobDir.toString(), "--seed", Long.toString(seed * 1000 + number)));
                if (!kind.aa()) {
                    args.addAll(List.of("--calibration-work", Integer.toString(kind.injected()), "--calibration-path",
                            kind.path()));
                }
                if (quickCheck) {
                    args.add("--quick-check");
                }
                if (thresholds != null) {
                    args.addAll(List.of("--thresholds", thresholds.toString()));
                }
                ByteArrayOutputStream text = new ByteArrayOutputStream();
                stdout.printf(Locale.ROOT, "gate-calibrate: %s job %d of %d: %s%n", Instant.now(), j + 1, kinds.size(),
                        kind.describe());
                stdout.flush();
                PrintStream log = new PrintStream(text, true, StandardCharsets.UTF_8);
                int code = GateAbCommand.run(args.toArray(String[]::new), log, log);
                Files.write(jobDir.resolveSibling(jobDir.getFileName() + ".log"), text.toByteArray());
                stdout.printf(Locale.ROOT, "gate-calibrate: %s: exit %d%n", jobDir.getFileName(), code);
            }
            GateThresholds t = GateAbCommand.thresholds(root, thresholds);
            String commands = String.join("; then ", setup.commands());
            String table = CalibrationScore.table(CalibrationScore.load(List.of(dir), t), t.describe().get(0), quickCheck)
                    + "\ncommand: " + commands + "\nended " + Instant.now() + "\n";
            PairedJob.write(dir.resolve("calibration.md"), table);
            Path summary = dir.resolve(SUMMARY);
            PairedJob.write(summary, CalibrationScore.summary(commands, CalibrationScore.saved(List.of(dir))));
            stdout.print(table);
            stdout.println("gate-calibrate: table in " + dir.resolve("calibration.md") + "; commit the summary "
                    + summary + " (as results/calibration/<name>.json), not the job folders");
            return 0;
        }

        /** The jobs to run, A/A and every path's slowdowns, shuffled (see the class comment). */
        private List<CalibrationScore.Kind> kinds() throws GateException {
            List<CalibrationScore.Kind> kinds = new ArrayList<>(Collections.nCopies(jobs, CalibrationScore.Kind.AA));
            for (String p : paths) {
                GateSubset.Planted path;
                try {
                    path = GateSubset.Planted.byId(p);
                } catch (IllegalArgumentException e) {
                    throw new GateException("--paths: " + e.getMessage());
                }
                slowdowns.forEach(s -> kinds.addAll(Collections.nCopies(slowdownJobs, new CalibrationScore.Kind(path.id(), s))));
            }
            Collections.shuffle(kinds, new Random(seed));
            return kinds;
        }

        /** The jobs per kind and their estimated time, as {@code gate-ab --dry-run} estimates one job. */
        private String plan(List<CalibrationScore.Kind> kinds, GateSubset aa) {
            StringBuilder s = new StringBuilder("gate-calibrate: plan (nothing runs with --dry-run)\n");
            double[] total = new double[2];
            new TreeMap<>(kinds.stream().collect(Collectors.groupingBy(k -> k,
                    Collectors.counting()))).forEach((kind, n) -> {
                        GateSubset g = kind.aa() ? aa : GateSubset.calibration(kind.planted(), kind.injected(), quickCheck);
                        double[] est = g.estimateSeconds();
                        total[0] += n * est[0];
                        total[1] += n * est[1];
                        s.append(String.format(Locale.ROOT, "  %d x %s: rows %s; %.0f to %.0f s of forks a job%n", n,
                                kind.describe(), g.entries().stream().map(GateSubset.Entry::label).toList(), est[0],
                                est[1]));
                    });
            s.append(String.format(Locale.ROOT, "  estimate: %.0f to %.0f min of forks (every job ending at its first "
                    + "look, or every job at its last)%n", total[0] / 60, total[1] / 60));
            return s.toString();
        }

        /** A resumed folder's setup; its {@code --quick-check} too, where this command line leaves it out. */
        private Setup inheritSetup(Path folder) throws GateException {
            Path file = folder.resolve(SETUP);
            throwIf(!Files.isRegularFile(file),
                    "--resume " + folder + ": no " + SETUP + " (not a folder made by gate-calibrate run)");
            Setup had = PairedJob.read(file, Setup.class);
            if (!spec.commandLine().getParseResult().hasMatchedOption("--quick-check")) {
                quickCheck = had.quickCheck();
            }
            return had;
        }

        /**
         * The folder's setup when {@code folder} may take more jobs: made by {@code run} with the same jar
         * (byte for byte) and the same A/A rows and settings as this run.
         */
        private static Setup resumable(Path folder, Setup had, Path source, Setup wanted) throws GateException {
            throwIf(!sameCode(folder.resolve("benchmarks.jar"), source),
                    "--resume " + folder + ": made with another jar than " + source
                    + " (another commit, or uncommitted changes); start a new folder (--out) for this jar");
            throwIf(wanted.quickCheck() != had.quickCheck() || !wanted.rows().equals(had.rows()),
                    "--resume " + folder + ": made with other rows (" + had.rows().size() + " rows"
                    + (had.quickCheck() ? ", quick check" : "") + "); this run has " + wanted.rows().size() + " rows"
                    + (wanted.quickCheck() ? ", quick check" : "") + " (the gate's rows changed: start a new folder)");
            return new Setup(had.quickCheck(), had.rows(), new ArrayList<>(had.commands()));
        }

        /**
         * Whether two jars hold the same code: the same bytes, or builds of one commit with no
         * uncommitted changes (a rebuild of a clean commit differs only in its timestamps).
         */
        static boolean sameCode(Path a, Path b) throws GateException {
            try {
                if (Files.mismatch(a, b) == -1) {
                    return true;
                }
            } catch (IOException e) {
                throw new GateException(a + " or " + b + ": cannot be read (" + e.getMessage() + ")", e);
            }
            VersionProvider.BuildCommit commitA = VersionProvider.BuildCommit.parse(GateAbCommand.jarCommit(a));
            VersionProvider.BuildCommit commitB = VersionProvider.BuildCommit.parse(GateAbCommand.jarCommit(b));
            return !commitA.dirty() && !commitA.sha().equals("unknown") && commitA.equals(commitB);
        }

        /** The number after the folder's highest job number. */
        static int nextJob(Path folder) throws GateException {
            try (Stream<Path> s = Files.list(folder)) {
                return s.map(p -> CalibrationScore.JOB_FOLDER.matcher(p.getFileName().toString()))
                        .filter(Matcher::matches).mapToInt(m -> Integer.parseInt(m.group(1)) + 1)
                        .max().orElse(0);
            } catch (IOException e) {
                throw new GateException("--resume " + folder + ": cannot be listed (" + e.getMessage() + ")", e);
            }
        }
    }

    /**
     * What a calibration folder was made with ({@value #SETUP}), so {@code --resume} adds only
     * comparable jobs: whether a quick check, the A/A jobs' rows, and every command that added jobs.
     * Folders made while the gate had a choice of subsets also name it; that is ignored.
     */
    record Setup(boolean quickCheck, List<String> rows, List<String> commands) {
    }

    @Command(name = "score", mixinStandardHelpOptions = true,
            description = {"Judges the calibration jobs saved under the folders (job-NNN-*/pairs.json) or in summary "
                    + "files again with "
                    + "--thresholds and prints the table; --propose writes per-row thresholds chosen from their A/A jobs.",
                    "Choose thresholds on one set of jobs (--propose) and score them on another (--thresholds)."})
    static final class Score implements Callable<Integer> {

        @Parameters(paramLabel = "DIR|FILE", arity = "1..*",
                description = "Folders written by gate-calibrate run, or their summaries (calibration.json).")
        List<Path> folders;

        @Option(names = "--summary", paramLabel = "FILE",
                description = "Also write the one folder's jobs as a summary to FILE (must not exist): the command "
                        + "and every job's pairs, what a committed calibration keeps.")
        Path summary;

        @Option(names = "--thresholds", paramLabel = "FILE",
                description = "Thresholds to judge with (default: results/gate-ab-thresholds.json).")
        Path thresholds;

        @Option(names = "--propose", paramLabel = "FILE",
                description = "Write per-row thresholds proposed from these folders' A/A jobs to FILE (must not exist).")
        Path propose;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws GateException, InterruptedException {
            for (Path folder : folders) {
                throwIf(!Files.exists(folder), folder + ": no such folder or file");
            }
            throwIf(summary != null && (folders.size() != 1 || !Files.isDirectory(folders.get(0))),
                    "--summary takes exactly one calibration folder");
            throwIf(summary != null && Files.exists(summary), "--summary " + summary + ": already exists");
            throwIf(thresholds != null && !Files.isRegularFile(thresholds),
                    "--thresholds " + thresholds + ": no such file");
            throwIf(propose != null && Files.exists(propose), "--propose " + propose + ": already exists");
            GateThresholds t = GateAbCommand.thresholds(root(), thresholds);
            List<CalibrationScore.Job> jobs = CalibrationScore.load(folders, t);
            PrintWriter out = spec.commandLine().getOut();
            out.print(CalibrationScore.table(jobs, t.describe().get(0), false));
            if (propose != null) {
                PairedJob.write(propose, CalibrationScore.proposed(jobs, t, MIRROR, String.valueOf(folders)));
                out.println("gate-calibrate: proposed thresholds in " + propose);
            }
            if (summary != null) {
                PairedJob.write(summary, CalibrationScore.summary(CalibrationScore.recordedCommand(folders.get(0)),
                        CalibrationScore.saved(folders)));
                out.println("gate-calibrate: summary in " + summary);
            }
            out.flush();
            return 0;
        }
    }
}
