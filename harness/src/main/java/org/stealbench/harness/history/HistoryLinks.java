package org.stealbench.harness.history;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.stealbench.harness.results.RunFolder;

/**
 * Where the history page links a run: its source as {@code ingest} was given it, when that still
 * exists where the page is written (a relative source is taken from the working directory). A run
 * folder links to its report page ({@code report/index.html}) if it has one, else to the folder; a
 * gate job to its folder ({@code gate.md}, {@code pairs.json}); a JMH file to the file. The link is
 * relative to the page's folder, so the page and the results can move together.
 */
public final class HistoryLinks {

    private HistoryLinks() {
    }

    /** The relative links from {@code pageDir} of the runs whose source is reachable, by run id. */
    public static Map<String, String> reachable(List<HistoryRun> runs, Path pageDir) {
        Map<String, String> out = new LinkedHashMap<>();
        for (HistoryRun run : runs) {
            target(run).ifPresent(t -> out.put(run.runId(), relative(pageDir, t)));
        }
        return out;
    }

    /** What a run links to, if its source exists here. */
    static Optional<Path> target(HistoryRun run) {
        Path source;
        try {
            source = Path.of(run.source());
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.empty();
        }
        if (run.kind().equals(HistoryRun.RUN) && Files.isDirectory(source)) {
            Path page = RunFolder.at(source).reportDir().resolve("index.html");
            return Optional.of(Files.isRegularFile(page) ? page : source);
        }
        return Files.exists(source) ? Optional.of(source) : Optional.empty();
    }

    /** {@code target} relative to {@code from}, with {@code /} separators and percent-encoded as a URI path. */
    static String relative(Path from, Path target) {
        Path rel = from.toAbsolutePath().normalize().relativize(target.toAbsolutePath().normalize());
        String path = String.join("/", java.util.stream.StreamSupport.stream(rel.spliterator(), false)
                .map(Path::toString).toList());
        if (Files.isDirectory(target)) {
            path = path.isEmpty() ? "./" : path + "/";
        }
        if (path.split("/", 2)[0].contains(":")) {
            path = "./" + path; // else the first segment would read as a URI scheme
        }
        try {
            return new URI(null, null, path, null).getRawPath();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(target + ": not a link", e);
        }
    }
}
