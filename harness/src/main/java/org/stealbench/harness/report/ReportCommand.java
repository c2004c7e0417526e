package org.stealbench.harness.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.stealbench.harness.HarnessCommand;
import org.stealbench.harness.VersionProvider;
import org.stealbench.harness.results.AtomicFiles;
import org.stealbench.harness.results.ResultsException;
import org.stealbench.harness.results.RunData;
import org.stealbench.harness.results.RunFolder;
import org.stealbench.pools.PoolKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code scripts/report}'s engine: loads one or more run folders (or JMH JSON files) and writes one
 * self-contained HTML page: {@code RUN/report/index.html} for one run folder,
 * {@code results/reports/<stamp>/index.html} for several (or a lone JSON file), or {@code --out}.
 * Relative paths, {@code --out} included, are the caller's; {@code results/reports} is in the
 * repository ({@value HarnessCommand#ROOT_PROPERTY}). Files that cannot be read are named with the
 * problem on the console and on the page. When no result at all can be read, no page is written
 * and the command exits 2 naming each problem. Only the page is written, atomically.
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        description = "Renders run folders (or JMH JSON files) into one static HTML page.",
        footer = {"", "Exit codes: 0 page written (input problems are listed on it), 2 bad usage or no readable result."})
public final class ReportCommand extends HarnessCommand {

    /** The seed 003 baseline: the platform pool, as the seed compared against the CLR ThreadPool. */
    public static final String DEFAULT_BASELINE = "jdk-tpe";

    @Parameters(arity = "1..*", paramLabel = "RUN",
            description = "Run folders written by scripts/bench, or JMH JSON files; the first is the reference of the ratios between runs.")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "POOL", defaultValue = DEFAULT_BASELINE,
            description = "Pool the seed 003 ratio table is taken against (default: ${DEFAULT-VALUE}).")
    String baseline;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Folder that receives index.html (default: RUN/report for one run folder, else results/reports/<stamp>).")
    Path out;

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(System.out, System.err, args));
    }

    static int execute(PrintStream out, PrintStream err, String... args) {
        return commandLine(new ReportCommand(), out, err, "see scripts/report --help", ResultsException.class).execute(args);
    }

    @Override
    public Integer call() throws ResultsException {
        try {
            PoolKind.byId(baseline);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--baseline: " + e.getMessage());
        }
        if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
            throw new ParameterException(spec.commandLine(), "--out " + out + ": exists and is not a folder");
        }
        stdout.println("stealbench: report " + render(runs, baseline, out).toAbsolutePath().normalize());
        return 0;
    }

    /**
     * Loads the runs, renders the page and writes it; returns the page's path. Problems with
     * single files are printed to standard error and listed on the page.
     *
     * @throws ResultsException if a given folder or file does not exist or holds no result file,
     *                          if not one result of any source could be read (nothing written), or
     *                          if the page cannot be written
     */
    public static Path render(List<Path> sources, String baseline, Path outDir) throws ResultsException {
        System.setProperty("java.awt.headless", "true");
        List<RunData> loaded = new ArrayList<>();
        for (Path source : sources) {
            loaded.add(RunData.load(source));
        }
        if (loaded.stream().allMatch(d -> d.experiments().isEmpty())) {
            List<String> problems = loaded.stream().flatMap(d -> d.problems().stream()).toList();
            throw new ResultsException(sources.get(0), "no result could be read"
                    + (sources.size() == 1 ? "" : " from it or the " + (sources.size() - 1) + " other run(s)")
                    + ": " + String.join("; ", problems));
        }
        List<RunView> views = loaded.stream().map(data -> RunView.of(data, label(data.source()))).toList();
        views.forEach(view -> view.problems().forEach(p -> System.err.println("report: warning: " + p)));
        ReportContext ctx = new ReportContext(ReportThresholds.load(), baseline, Correctness.load());
        String html = Report.render(views, ctx);
        Path page = (outDir != null ? outDir : defaultFolder(sources)).resolve("index.html");
        try {
            AtomicFiles.write(page, html);
        } catch (IOException e) {
            throw new ResultsException(page, "cannot write the page (" + e + ")", e);
        }
        return page;
    }

    /** RUN/report for one run folder; results/reports/&lt;UTC stamp&gt; otherwise. */
    static Path defaultFolder(List<Path> sources) {
        return sources.size() == 1 && Files.isDirectory(sources.get(0)) ? sources.get(0).resolve("report")
                : root().resolve(Path.of("results", "reports", RunFolder.stamp(Instant.now())));
    }

    private static String label(Path source) {
        Path name = source.toAbsolutePath().normalize().getFileName();
        return name == null ? source.toString() : name.toString();
    }
}
