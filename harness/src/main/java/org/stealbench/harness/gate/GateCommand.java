package org.stealbench.harness.gate;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.stealbench.harness.results.AtomicFiles;
import org.stealbench.harness.results.ResultsException;
import org.stealbench.harness.results.RunData;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code scripts/gate}: compares a current run against a baseline and exits 0 (pass), 1 (a
 * regression), 2 (bad input or usage: the message names the file and the problem) or 3
 * (INCONCLUSIVE rows under {@code --strict}). {@code --promote RUN} makes a run folder the baseline.
 * The decision is {@link GateComparison}'s; this class reads, checks and writes.
 */
@Command(name = "gate", mixinStandardHelpOptions = true, versionProvider = org.stealbench.harness.VersionProvider.class, sortOptions = false,
        description = {"Compares a benchmark run against a baseline and fails on a regression beyond a threshold.",
                "BASE and CUR are each a run folder (env.json + jmh-*.json, as scripts/bench writes it) or a "
                        + "JMH JSON file."},
        footer = {"", "Exit codes: 0 pass (INCONCLUSIVE and IMPROVEMENT rows are listed),",
                "1 at least one REGRESSION, 2 bad input or usage, 3 INCONCLUSIVE rows under --strict.",
                "Refresh the baseline: scripts/gate-bench, then scripts/gate --promote results/runs/<run>."})
public final class GateCommand implements Callable<Integer> {

    /** The project root, for the default paths; scripts/gate sets it. */
    static final String ROOT_PROPERTY = "stealbench.root";

    @Option(names = "--baseline", paramLabel = "BASE", description = "The baseline run folder or JMH JSON file.")
    Path baseline;

    @Option(names = "--current", paramLabel = "CUR", description = "The run folder or JMH JSON file to judge.")
    Path current;

    @Option(names = "--thresholds", paramLabel = "FILE",
            description = "GateThresholds config (default: results/gate-thresholds.json, else built-in defaults).")
    Path thresholds;

    @Option(names = "--threshold", paramLabel = "FRACTION",
            description = "Replace every time threshold of the config, e.g. 0.5 for +50%%.")
    Double threshold;

    @Option(names = "--cpu-threshold", paramLabel = "FRACTION",
            description = "Replace every CPU time threshold of the config, e.g. 0.2 for +20%%.")
    Double cpuThreshold;

    @Option(names = "--confidence", paramLabel = "LEVEL", defaultValue = "0.95",
            description = "Family-wise confidence over all benchmarks compared (default: ${DEFAULT-VALUE}).")
    double confidence;

    @Option(names = "--min-forks", paramLabel = "N", defaultValue = "3",
            description = "Fewest forks per side for a verdict; fewer is INCONCLUSIVE (default: ${DEFAULT-VALUE}).")
    int minForks;

    @Option(names = "--normalize", paramLabel = "BENCHMARK",
            description = "Divide every time and cpu ratio by this reference benchmark's, a glob over labels such as "
                    + "'DequeOpsBenchmark.pushPop depth=0 queue=jdk-cld'.")
    String normalize;

    @Option(names = "--allow-env-mismatch",
            description = "Compare runs from different JDKs or JVM flags (refused otherwise; normalize then).")
    boolean allowEnvMismatch;

    @Option(names = "--strict", description = "Exit 3 when any row is INCONCLUSIVE (and nothing regressed).")
    boolean strict;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Also write the report as Markdown.")
    Path markdown;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write the report as JUnit XML.")
    Path junit;

    @Option(names = "--promote", paramLabel = "RUN",
            description = "Make this run folder the baseline (copies its jmh-*.json and env.json), then exit.")
    Path promote;

    @Option(names = "--baseline-dir", paramLabel = "DIR",
            description = "Where --promote writes the baseline (default: results/stored-baseline).")
    Path baselineDir;

    private PrintStream out = System.out;
    private PrintStream err = System.err;

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the gate with these arguments and returns its exit code; never calls System.exit. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        GateCommand command = new GateCommand();
        command.out = out;
        command.err = err;
        CommandLine cli = new CommandLine(command)
                .setOut(new PrintWriter(out, true, StandardCharsets.UTF_8))
                .setErr(new PrintWriter(err, true, StandardCharsets.UTF_8))
                .setParameterExceptionHandler((e, a) -> {
                    err.println("gate: " + e.getMessage());
                    err.println("gate: usage: scripts/gate --baseline BASE --current CUR [options]; --help lists them");
                    return 2;
                })
                .setExecutionExceptionHandler((e, c, p) -> {
                    err.println("gate: unexpected error (a bug in the gate, please report it): " + e);
                    e.printStackTrace(err);
                    return 2;
                });
        return cli.execute(args);
    }

    @Override
    public Integer call() {
        try {
            return promote != null ? promote() : gate();
        } catch (GateException e) {
            err.println("gate: " + e.getMessage());
            return 2;
        }
    }

    private static Path root() {
        return Path.of(System.getProperty(ROOT_PROPERTY, "."));
    }

    private int promote() throws GateException {
        if (baseline != null || current != null) {
            throw new GateException("--promote RUN takes no --baseline or --current");
        }
        Path target = baselineDir != null ? baselineDir : root().resolve("results/stored-baseline");
        List<Path> files = Promotion.promote(promote, target);
        out.println("gate: " + promote + " is now the baseline in " + target + ":");
        files.forEach(f -> out.println("  " + f));
        out.println("gate: commit it (git add " + target + ") so CI gates against it");
        return 0;
    }

    private int gate() throws GateException {
        if (baseline == null || current == null) {
            throw new GateException("both --baseline BASE and --current CUR are needed (or --promote RUN); "
                    + "--help lists the options");
        }
        if (baselineDir != null) {
            throw new GateException("--baseline-dir goes with --promote only");
        }
        GateSettings settings;
        try {
            GateThresholds t = thresholds();
            t = threshold == null ? t : t.withTime(threshold);
            t = cpuThreshold == null ? t : t.withCpu(cpuThreshold);
            settings = new GateSettings(t, confidence, minForks, normalize);
        } catch (IllegalArgumentException e) {
            throw new GateException(e.getMessage());
        }
        RunData base = load(baseline, "--baseline");
        RunData cur = load(current, "--current");

        List<String> notes = new ArrayList<>();
        List<String> jvm = Environments.jvmDifferences(base, cur);
        if (!jvm.isEmpty()) {
            if (!allowEnvMismatch) {
                boolean heap = jvm.stream().anyMatch(d -> d.contains("JVM arguments") && d.contains("AlwaysPreTouch"));
                throw new GateException("the runs come from different JVMs or JVM flags, so their scores are not "
                        + "comparable:\n  " + String.join("\n  ", jvm) + (heap ? "\nOne run predates the fixed, "
                        + "pre-touched heap that scripts/bench now gives every fork: re-record the stored baseline "
                        + "(scripts/gate-bench, then scripts/gate --promote RUN), or gate a change with "
                        + "scripts/gate-ab, which measures both sides alike in one job." : "\nRe-run the baseline on "
                        + "this JVM, or pass --allow-env-mismatch (with --normalize to cancel a uniform speed "
                        + "difference)."));
            }
            jvm.forEach(d -> notes.add("environment differs (allowed): " + d));
            if (normalize == null) {
                notes.add("recommended: --normalize REFERENCE, so a JVM or machine that is uniformly faster or "
                        + "slower does not look like a change");
            }
        }
        Environments.machineDifferences(base, cur).forEach(d -> notes.add("machine differs: " + d));

        GateReport report = GateComparison.compare(baseline.toString(), base.allResults(), current.toString(),
                cur.allResults(), settings);
        if (!notes.isEmpty()) {
            List<String> all = new ArrayList<>(report.notes());
            all.addAll(notes);
            report = new GateReport(report.baseline(), report.current(), report.settings(), report.comparisons(),
                    report.perComparisonConfidence(), report.reference(), report.referenceSlowdown(), report.time(),
                    report.allocation(), report.added(), report.removed(), all);
        }
        if (markdown != null) {
            write(markdown, GateOutput.markdown(report, strict));
        }
        if (junit != null) {
            write(junit, GateOutput.junit(report, strict));
        }
        out.print(GateOutput.text(report, strict));
        out.flush();
        return report.exitCode(strict);
    }

    /** Writes a result file through the suite's one atomic helper (readable, 0644). */
    static void write(Path target, String content) throws GateException {
        try {
            AtomicFiles.write(target, content);
        } catch (IOException e) {
            throw new GateException(target + ": cannot be written (" + e.getMessage() + ")", e);
        }
    }

    private GateThresholds thresholds() throws GateException {
        if (thresholds != null) {
            return GateThresholds.load(thresholds);
        }
        Path checkedIn = root().resolve("results/gate-thresholds.json");
        Path here = Path.of("").toAbsolutePath();
        if (checkedIn.toAbsolutePath().startsWith(here)) {
            checkedIn = here.relativize(checkedIn.toAbsolutePath());
        }
        return Files.exists(checkedIn) ? GateThresholds.load(checkedIn) : GateThresholds.builtIn();
    }

    private static RunData load(Path source, String option) throws GateException {
        try {
            RunData run = RunData.loadStrict(source);
            if (run.allResults().isEmpty()) {
                throw new GateException(source + ": holds no benchmark result (" + option + ")");
            }
            return run;
        } catch (ResultsException e) {
            throw new GateException(e.getMessage() + " (" + option + ")", e);
        }
    }
}
