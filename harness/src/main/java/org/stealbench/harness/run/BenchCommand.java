package org.stealbench.harness.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.stealbench.harness.HarnessCommand;
import org.stealbench.harness.VersionProvider;
import org.stealbench.harness.results.RunFolder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code scripts/bench}'s engine: runs a profile's experiments and writes a {@link RunFolder} per
 * JVM. The command line is checked into a {@link BenchRequest} (JMH options after the profile pass
 * through to every fork and win over the profile's settings; {@code -f} is the number of rounds),
 * planned there and run by {@link BenchRun}. Every fork gets a fixed, pre-touched heap
 * ({@link BenchRequest#defaultHeapFlags}). Everything the command line names is checked before a
 * folder is created; bad input exits 2 with one line.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        description = "Runs a benchmark profile and writes a run folder under results/runs/.",
        footer = {"", "Profiles: quick (default), full, or one experiment alone: seed-002, deque-ops, ...",
                "Exit codes: 0 every experiment ran, 1 some failed (what finished is kept), 2 bad usage."})
public final class BenchCommand extends HarnessCommand {

    /**
     * The measured JVM's heap unless the user sets one: fixed, so GC does not resize it mid-run, and
     * pre-touched, so no shot pays the first touch of heap pages.
     */
    public static final List<String> HEAP_FLAGS = List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch");

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

    @Option(names = "--seed", paramLabel = "N",
            description = "Seed of the rounds' random order (default: drawn, and recorded in rounds-*.json).")
    Long seed;

    @Option(names = "--no-report", description = "Do not render the HTML report at the end (scripts/report renders it later).")
    boolean noReport;

    @Option(names = "--dry-run", description = "Print the plan and its estimated duration, run nothing.")
    boolean dryRun;

    @Option(names = "--fork-start", paramLabel = "SECONDS",
            description = "Seconds a fork takes to start (the JVM with the forks' flags, its heap's pre-touch and"
                    + " JMH), for the estimate (default: measured once per JVM by starting it with those flags).")
    Double forkStart;

    @Option(names = "--no-footprint",
            description = "Skip the JOL footprint measurement (about a minute), e.g. for the regression gate's subset.")
    boolean noFootprint;

    public static void main(String[] args) {
        System.exit(execute(System.out, System.err, args));
    }

    /** Runs the command with these streams; returns the exit code. */
    static int execute(PrintStream out, PrintStream err, String... args) {
        return commandLine(new BenchCommand(), out, err, "see scripts/bench --help")
                .setUnmatchedOptionsArePositionalParams(true)
                .execute(args);
    }

    @Override
    public Integer call() throws Exception {
        BenchRequest request;
        List<ForkStart> starts;
        try {
            request = parse();
            starts = request.forkStarts(forkStart);
        } catch (IllegalArgumentException e) {
            stderr.println("bench: " + e.getMessage());
            return 2;
        }
        request.print(cpus, starts, stdout);
        if (dryRun) {
            return 0;
        }
        return new BenchRun(this, request, starts, stdout).run();
    }

    /** Checks the command line; throws with a one-line message naming what is wrong. */
    BenchRequest parse() {
        return BenchRequest.parse(arguments, only, jvms, bothJdks, threads);
    }

    /**
     * What an interleaved run of this command line would start, running nothing
     * ({@link BenchRequest#forkCommands}); throws as the run would on a command line it refuses.
     */
    static Map<String, List<List<String>>> plannedForkCommands(String... args) {
        BenchCommand command = new BenchCommand();
        new CommandLine(command).setUnmatchedOptionsArePositionalParams(true).parseArgs(args);
        return command.parse().forkCommands();
    }

    /** The arguments that choose what runs, for the command a run folder records. */
    List<String> rawArgs() {
        List<String> all = new ArrayList<>(arguments);
        jvms.forEach(j -> all.add("--jvm " + j));
        if (bothJdks) {
            all.add("--both-jdks");
        }
        return all;
    }
}
