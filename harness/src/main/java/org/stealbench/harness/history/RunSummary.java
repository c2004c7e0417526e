package org.stealbench.harness.history;

import static org.stealbench.harness.history.HistoryException.throwIf;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.stealbench.harness.results.AtomicFiles;
import org.stealbench.harness.results.ExperimentId;
import org.stealbench.harness.results.RunFolder;

/**
 * A committed run summary: the part of a run folder that the history and the docs' figures table
 * ({@link FiguresTable}) read, small enough for git, in {@value #DEFAULT_DIR}{@code /<run folder
 * name>/}: {@code env.json}, {@code command.txt}, and per experiment its JMH JSON and its rounds
 * file, copied unchanged. Each fork's own JSON, the footprint and the report stay out. A summary
 * is itself a run folder under the run's name, so {@code ingest} reads it as it reads the run,
 * under the same run id.
 */
public final class RunSummary {

    /** Where the summaries are, relative to the repository. */
    public static final String DEFAULT_DIR = "results/summaries";

    private RunSummary() {
    }

    /**
     * Copies each run's summary into {@code into}, after checking every run: a run folder by its
     * name, with its environment and command, whose figures the table can be made from
     * ({@link FiguresTable#read}, {@link FiguresTable#markdown}), and no summary of it in
     * {@code into} yet. A summary appears whole or not at all (copied beside it, then renamed).
     *
     * @return the summaries written, in the order given
     * @throws HistoryException naming the first run that fails a check (before anything is
     *                          written), or the summary that could not be written
     */
    public static List<Path> write(List<Path> runs, Path into) throws HistoryException {
        throwIf(Files.exists(into) && !Files.isDirectory(into), "--into " + into + ": exists and is not a folder");
        Set<String> names = new HashSet<>();
        for (Path run : runs) {
            check(run, into);
            throwIf(!names.add(name(run)), run + ": given twice");
        }
        List<Path> written = new ArrayList<>();
        for (Path run : runs) {
            written.add(copy(RunFolder.at(run), into.resolve(name(run))));
        }
        return written;
    }

    /** The summaries (or any folders) directly in {@code dir}, by name; none when it does not exist. */
    public static List<Path> all(Path dir) throws HistoryException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        } catch (IOException e) {
            throw new HistoryException(dir + ": cannot be listed (" + e.getMessage() + ")", e);
        }
    }

    private static void check(Path run, Path into) throws HistoryException {
        throwIf(!Files.isDirectory(run) || !RunFolder.hasRunFolderName(run.toAbsolutePath().normalize()),
                run + ": not a run folder (<UTC stamp>-<sha>[-jdk<N>], as scripts/bench names it)");
        RunFolder folder = RunFolder.at(run);
        for (Path needed : List.of(folder.env(), folder.command())) {
            throwIf(!Files.isRegularFile(needed), run + ": has no " + needed.getFileName());
        }
        FiguresTable.markdown(List.of(FiguresTable.read(run)));
        throwIf(Files.exists(into.resolve(name(run))),
                into.resolve(name(run)) + ": exists already (a summary is never rewritten)");
    }

    private static String name(Path run) {
        return run.toAbsolutePath().normalize().getFileName().toString();
    }

    private static Path copy(RunFolder run, Path target) throws HistoryException {
        List<Path> files = new ArrayList<>(List.of(run.env(), run.command()));
        Path temp = null;
        try {
            for (ExperimentId id : run.experiments()) {
                files.add(run.results(id));
                files.add(run.rounds(id));
            }
            Files.createDirectories(target.getParent());
            temp = Files.createTempDirectory(target.getParent(), "." + target.getFileName() + "-");
            for (Path f : files) {
                Files.copy(f, temp.resolve(f.getFileName()));
            }
            AtomicFiles.rename(temp, target, "rwxr-xr-x");
            return target;
        } catch (IOException e) {
            deleteQuietly(temp);
            throw new HistoryException(target + ": cannot be written (" + e.getMessage() + "); nothing of it was kept", e);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null || !Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a leftover hidden temporary folder: all() skips it, the next write makes its own
        }
    }
}
