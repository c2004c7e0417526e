package org.stealbench.harness.history;

import static org.stealbench.harness.history.HistoryException.throwIf;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.stealbench.harness.HarnessCommand;
import org.stealbench.harness.VersionProvider;
import org.stealbench.harness.report.HistoryPage;
import org.stealbench.harness.results.AtomicFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code scripts/history}'s engine: the results history (docs/history.md), one subcommand per task
 * (their descriptions say which); those on the store take {@code --db JDBC_URL} (default
 * {@code jdbc:sqlite:<repository>/results/history.db}). Bad input: one line on standard error and
 * exit 2, before the store or any file is touched.
 */
@Command(name = "history", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "The results history: every run and gate job in one store, trends and change points.",
        subcommands = {HistoryCommand.IngestCommand.class, HistoryCommand.ListCommand.class,
                HistoryCommand.PageCommand.class, HistoryCommand.ChangesCommand.class,
                HistoryCommand.ExportCommand.class, HistoryCommand.SummarizeCommand.class,
                HistoryCommand.FiguresCommand.class},
        footer = {"", "Exit codes: 0 done, 2 bad usage, bad input or a store that cannot be used."})
public final class HistoryCommand extends HarnessCommand {

    public static void main(String[] args) {
        System.exit(execute(System.out, System.err, args));
    }

    /** Runs the command with these streams; returns the exit code. */
    static int execute(PrintStream out, PrintStream err, String... args) {
        System.setProperty("java.awt.headless", "true");
        return commandLine(new HistoryCommand(), out, err, "see scripts/history --help", HistoryException.class)
                .execute(args);
    }

    @Override
    public Integer call() throws HistoryException {
        throw new HistoryException("a subcommand is needed: ingest, list, report, changes, export, summarize or figures "
                + "(see --help)");
    }

    /** What every subcommand has: the command's streams. */
    abstract static class Subcommand implements Callable<Integer> {

        @CommandLine.ParentCommand
        HistoryCommand parent;

        int print(String text) {
            parent.stdout.print(text);
            parent.stdout.flush();
            return 0;
        }
    }

    /** A subcommand on the store, with the {@code --db} option. */
    abstract static class StoreSubcommand extends Subcommand {

        @Option(names = "--db", paramLabel = "JDBC_URL",
                description = "The store: jdbc:sqlite:FILE or jdbc:postgresql://HOST/DB?user=U&password=P "
                        + "(default: jdbc:sqlite:results/history.db in the repository).")
        String url;

        String url() {
            return url != null ? url : "jdbc:sqlite:" + root().resolve(HistoryStore.DEFAULT_FILE);
        }

        /** Opens an existing store for reading: a missing SQLite file is bad input, not a new store. */
        HistoryStore openExisting() throws HistoryException {
            String u = url();
            throwIf(u.startsWith("jdbc:sqlite:") && !Files.isRegularFile(Path.of(u.substring("jdbc:sqlite:".length()))),
                    "--db " + u + ": no such store (ingest something first)");
            return HistoryStore.open(u);
        }
    }

    @Command(name = "ingest", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = "Adds run folders, gate job folders (pairs.json) and JMH JSON files to the store, all in one "
                    + "transaction; runs already there are skipped.")
    static final class IngestCommand extends StoreSubcommand {

        @Parameters(arity = "1..*", paramLabel = "RUN_OR_JOB", description = "Run folders, gate job folders or JMH JSON files.")
        List<Path> sources = new ArrayList<>();

        @Option(names = "--commit", paramLabel = "SHA", description = "The commit of the plain JMH JSON files given.")
        String commit;

        @Option(names = "--machine", paramLabel = "NAME",
                description = "The machine's name (default: its CPU model, cores and memory as the run recorded them).")
        String machine;

        @Override
        public Integer call() throws HistoryException {
            List<Ingest> ingests = new ArrayList<>();
            for (Path source : sources) {
                ingests.add(HistorySources.read(source, commit, machine));
            }
            try (HistoryStore s = HistoryStore.open(url())) {
                HistoryStore.Added added = s.ingest(ingests);
                parent.stdout.println("history: " + added.runs() + " run(s) added with " + added.measurements()
                        + " figure(s); " + added.skippedRuns() + " already in the store (" + url() + ")");
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = "Lists the store's runs, oldest first.")
    static final class ListCommand extends StoreSubcommand {

        @Override
        public Integer call() throws HistoryException {
            try (HistoryStore s = openExisting()) {
                for (HistoryRun r : s.runs()) {
                    parent.stdout.println(String.join("  ", r.startedAt(), r.commitLabel(),
                            r.kind(), r.runId(), r.machine(), r.jdk(), r.profile()));
                }
            }
            return 0;
        }
    }

    @Command(name = "report", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = "Writes the history page: per experiment and measure, one series per contender over the runs, "
                    + "split by machine and JDK, and the change points.")
    static final class PageCommand extends StoreSubcommand {

        @Option(names = "--out", paramLabel = "DIR", required = true, description = "Folder that receives index.html.")
        Path out;

        @Override
        public Integer call() throws HistoryException {
            throwIf(Files.exists(out) && !Files.isDirectory(out), "--out " + out + ": exists and is not a folder");
            try (HistoryStore s = openExisting()) {
                List<HistorySeries.Chart> charts = HistorySeries.charts(s.rows());
                List<HistoryRun> runs = s.runs();
                String html = HistoryPage.render(charts, runs, HistoryChanges.find(charts, EDivisive.standard()),
                        url(), HistoryLinks.reachable(runs, out));
                Path page = out.resolve("index.html");
                AtomicFiles.write(page, html);
                parent.stdout.println("history: page " + page.toAbsolutePath().normalize());
            } catch (IOException e) {
                throw new HistoryException("--out " + out + ": cannot write the page (" + e.getMessage() + ")", e);
            }
            return 0;
        }
    }

    @Command(name = "changes", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Lists the change points of every series: E-divisive means (Matteson and James 2014), each split "
                    + "kept only if a permutation test (199 permutations) rejects 'no change' at level 0.05, so a series "
                    + "without a change shows one with probability at most 0.05."})
    static final class ChangesCommand extends StoreSubcommand {

        @Override
        public Integer call() throws HistoryException {
            try (HistoryStore s = openExisting()) {
                List<HistoryChanges.Group> groups = HistoryChanges.find(HistorySeries.charts(s.rows()),
                        EDivisive.standard());
                for (HistoryChanges.Group g : groups) {
                    parent.stdout.println(g.key().title() + " [" + g.key().where() + "]: between "
                            + g.lastBefore().shortCommit() + " (" + g.lastBefore().startedAt() + ") and "
                            + g.firstAfter().shortCommit() + " (" + g.firstAfter().startedAt() + ")");
                    for (HistoryChanges.Change c : g.changes()) {
                        parent.stdout.println(String.format(Locale.ROOT, "  %s: x%.3f%s, p=%.3f",
                                c.contender().isEmpty() ? "-" : c.contender(), c.ratio(), Double.isNaN(c.low()) ? ""
                                        : String.format(Locale.ROOT, " [%.3f, %.3f]", c.low(), c.high()), c.pValue()));
                    }
                }
                parent.stdout.println("history: " + groups.size() + " change point(s)");
            }
            return 0;
        }
    }

    enum Format { csv, json, markdown }

    @Command(name = "export", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Writes the store's figures for other tools: csv and json (one record per fork), or markdown "
                    + "(per machine and JDK, each series' latest run: its geometric mean and interval, for docs)."})
    static final class ExportCommand extends StoreSubcommand {

        private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

        @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "csv",
                description = "csv, json or markdown (default: ${DEFAULT-VALUE}).")
        Format format;

        @Option(names = "--out", paramLabel = "FILE", description = "File to write (default: standard output).")
        Path out;

        @Option(names = "--experiment", paramLabel = "ID",
                description = "Only this experiment's figures (repeat for several; default: all).")
        List<String> experiments = new ArrayList<>();

        @Option(names = "--measure", paramLabel = "NAME",
                description = "Only this measure: score, or a secondary metric's name (repeat for several; default: all).")
        List<String> measures = new ArrayList<>();

        @Override
        public Integer call() throws HistoryException {
            throwIf(out != null && Files.isDirectory(out), "--out " + out + ": is a folder");
            String text;
            try (HistoryStore s = openExisting()) {
                List<HistoryStore.Row> rows = s.rows().stream()
                        .filter(r -> experiments.isEmpty() || experiments.contains(r.measurement().experiment()))
                        .filter(r -> measures.isEmpty() || measures.contains(r.measurement().measure())).toList();
                text = switch (format) {
                    case csv -> HistoryExport.csv(rows);
                    case json -> JSON.writeValueAsString(HistoryExport.records(rows)) + "\n";
                    case markdown -> HistoryExport.markdown(HistorySeries.charts(rows));
                };
            } catch (IOException e) {
                throw new HistoryException("cannot write JSON (" + e.getMessage() + ")", e);
            }
            if (out == null) {
                return print(text);
            }
            try {
                AtomicFiles.write(out, text);
            } catch (IOException e) {
                throw new HistoryException("--out " + out + ": cannot be written (" + e.getMessage() + ")", e);
            }
            return 0;
        }
    }

    @Command(name = "summarize", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Copies each run folder's summary for git (env.json, command.txt, jmh-*.json, rounds-*.json) "
                    + "into results/summaries/<run>/, the runs the docs' figures are made from. Every run is checked "
                    + "first (an interleaved run folder the figures can be made from, not summarized yet); a summary "
                    + "is never rewritten."})
    static final class SummarizeCommand extends Subcommand {

        @Parameters(arity = "1..*", paramLabel = "RUN", description = "Run folders (results/runs/<stamp>-<sha>[-jdk<N>]).")
        List<Path> runs = new ArrayList<>();

        @Option(names = "--into", paramLabel = "DIR",
                description = "Folder of the summaries (default: results/summaries in the repository).")
        Path into;

        @Override
        public Integer call() throws HistoryException {
            for (Path summary : RunSummary.write(runs, into != null ? into : root().resolve(RunSummary.DEFAULT_DIR))) {
                parent.stdout.println("history: summary " + summary);
            }
            return 0;
        }
    }

    @Command(name = "figures", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Writes the docs' figures table from run summaries: per machine, a row per workload and JDK "
                    + "with " + FiguresTable.POOL + "'s time as a ratio to " + FiguresTable.BASELINE + "'s (the "
                    + "geometric mean of the per-round ratios, 95%% interval) from the latest run of both, its rounds, "
                    + "the forks that never became steady, commit and date; 'not steady' where a contender has no "
                    + "steady fork."})
    static final class FiguresCommand extends Subcommand {

        @Parameters(arity = "0..*", paramLabel = "SUMMARY",
                description = "Run summaries or run folders (default: every summary in results/summaries).")
        List<Path> sources = new ArrayList<>();

        @Option(names = "--doc", paramLabel = "FILE",
                description = "Put the table between the figures marker lines of this Markdown file (docs/using.md) "
                        + "instead of printing it.")
        Path doc;

        @Override
        public Integer call() throws HistoryException {
            Path dir = root().resolve(RunSummary.DEFAULT_DIR);
            List<Path> summaries = sources.isEmpty() ? RunSummary.all(dir) : sources;
            throwIf(summaries.isEmpty(), dir + ": no run summary (add one with scripts/history summarize RUN)");
            List<FiguresTable.Run> runs = new ArrayList<>();
            for (Path s : summaries) {
                runs.add(FiguresTable.read(s));
            }
            String table = FiguresTable.markdown(runs);
            if (doc == null) {
                return print(table);
            }
            throwIf(!Files.isRegularFile(doc), "--doc " + doc + ": no such file");
            try {
                AtomicFiles.write(doc, FiguresTable.intoDoc(Files.readString(doc), table, doc));
            } catch (IOException e) {
                throw new HistoryException("--doc " + doc + ": cannot be read or written (" + e.getMessage() + ")", e);
            }
            parent.stdout.println("history: figures of " + runs.size() + " run(s) in " + doc);
            return 0;
        }
    }
}
