package org.stealbench.harness.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.stealbench.harness.results.ResultsException;
import org.stealbench.harness.results.RunData;
import org.stealbench.pools.PoolKind;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code scripts/report}'s engine: loads one or more run folders (or JMH JSON files) and writes one
 * self-contained HTML page: {@code RUN/report/index.html} for one run folder,
 * {@code results/reports/<stamp>/index.html} for several (or a lone JSON file), or {@code --out}.
 * Files that cannot be read are named with the problem on the console and on the page; the
 * sections they would feed say "not in this run". Nothing but the page is written: a run's JSON
 * is never touched.
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Renders run folders (or JMH JSON files) into one static HTML page.",
        footer = {"", "Exit codes: 0 page written (input problems are listed on it), 2 bad usage or no readable run."})
public final class ReportCommand implements Callable<Integer> {

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

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        CommandLine cli = new CommandLine(new ReportCommand()).setParameterExceptionHandler((e, a) -> {
            System.err.println("report: " + e.getMessage());
            e.getCommandLine().usage(System.err);
            return 2;
        });
        System.exit(cli.execute(args));
    }

    @Override
    public Integer call() {
        try {
            PoolKind.byId(baseline);
        } catch (IllegalArgumentException e) {
            System.err.println("report: --baseline: " + e.getMessage());
            return 2;
        }
        try {
            Path page = render(runs, baseline, out);
            System.out.println("stealbench: report " + page.toAbsolutePath().normalize());
            return 0;
        } catch (ResultsException e) {
            System.err.println("report: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            System.err.println("report: cannot write the page: " + e.getMessage());
            return 2;
        }
    }

    /**
     * Loads the runs, renders the page and writes it; returns the page's path. Problems with
     * single files are printed to standard error and listed on the page.
     *
     * @throws ResultsException if a given folder or file does not exist or holds no result file
     */
    public static Path render(List<Path> sources, String baseline, Path outDir) throws ResultsException, IOException {
        System.setProperty("java.awt.headless", "true");
        List<RunView> views = new ArrayList<>();
        for (Path source : sources) {
            RunData data = RunData.load(source);
            RunView view = RunView.of(data, label(source));
            view.problems().forEach(p -> System.err.println("report: warning: " + p));
            views.add(view);
        }
        ReportContext ctx = new ReportContext(ReportThresholds.load(), baseline, Correctness.load());
        String html = Report.render(views, ctx);
        Path dir = outDir != null ? outDir : defaultFolder(sources);
        Files.createDirectories(dir);
        Path page = dir.resolve("index.html");
        Path tmp = Files.createTempFile(dir, "index", ".html.tmp");
        Files.writeString(tmp, html, StandardCharsets.UTF_8);
        try {
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the temporary file's default permissions stay
        }
        Files.move(tmp, page, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return page;
    }

    /** RUN/report for one run folder; results/reports/&lt;UTC stamp&gt; otherwise. */
    static Path defaultFolder(List<Path> sources) {
        if (sources.size() == 1 && Files.isDirectory(sources.get(0))) {
            return sources.get(0).resolve("report");
        }
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT)
                .format(ZonedDateTime.now(ZoneOffset.UTC));
        return Path.of("results", "reports", stamp);
    }

    private static String label(Path source) {
        Path name = source.toAbsolutePath().normalize().getFileName();
        return name == null ? source.toString() : name.toString();
    }
}
