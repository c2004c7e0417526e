package org.stealbench.harness.gate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.stealbench.harness.results.ResultsException;
import org.stealbench.harness.results.RunData;

/**
 * {@code scripts/gate --promote RUN}: makes a run folder the committed baseline. Its JMH JSON files,
 * {@code env.json} and {@code command.txt} are copied into a fresh folder beside the baseline, which
 * then replaces the baseline folder, so a failure leaves the old baseline as it was.
 */
public final class Promotion {

    private Promotion() {
    }

    /**
     * Copies {@code run} into {@code baselineDir}, replacing what was there.
     *
     * @return the files now in the baseline
     * @throws GateException if {@code run} is not a readable run folder with an {@code env.json},
     *                       or the baseline cannot be written
     */
    public static List<Path> promote(Path run, Path baselineDir) throws GateException {
        if (!Files.isDirectory(run)) {
            throw new GateException(run + ": --promote needs a run folder (with env.json and jmh-*.json), "
                    + (Files.exists(run) ? "this is a file" : "no such folder"));
        }
        RunData data;
        try {
            data = RunData.loadStrict(run);
        } catch (ResultsException e) {
            throw new GateException(e.getMessage() + " (not promoted)", e);
        }
        if (!Files.isRegularFile(run.resolve("env.json"))) {
            throw new GateException(run + ": no env.json; a baseline must say which JVM and machine it ran on "
                    + "(not promoted)");
        }
        refuseUnfit(run, data);
        Path target = baselineDir.toAbsolutePath().normalize();
        if (target.equals(run.toAbsolutePath().normalize())) {
            throw new GateException(run + ": is already the baseline folder");
        }
        Path fresh = target.resolveSibling(target.getFileName() + ".promoting");
        Path old = target.resolveSibling(target.getFileName() + ".replaced");
        try {
            deleteTree(fresh);
            deleteTree(old);
            Files.createDirectories(fresh);
            List<Path> copied = new ArrayList<>();
            try (DirectoryStream<Path> files = Files.newDirectoryStream(run, "{jmh-*.json,env.json,command.txt}")) {
                for (Path f : files) {
                    copied.add(Files.copy(f, fresh.resolve(f.getFileName().toString())));
                }
            }
            Files.writeString(fresh.resolve("PROMOTED.txt"), "promoted from " + run.normalize()
                    + " at " + Instant.now() + " by scripts/gate --promote\n");
            if (Files.exists(target)) {
                Files.move(target, old);
            }
            Files.move(fresh, target);
            deleteTree(old);
            return copied.stream().map(p -> target.resolve(p.getFileName())).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw new GateException(baselineDir + ": cannot write the baseline (" + e.getMessage() + ")", e);
        }
    }

    /** Fewest forks per benchmark a promoted run needs: the gate's default --min-forks. */
    static final int MIN_FORKS = 3;
    /** The stored gate's subset (scripts/gate-bench): pushPop on each of these queues, depth 0. */
    static final List<String> SUBSET_QUEUES = List.of("locked", "blocking", "jdk-cld");

    /** Refuses a run that failed, ran on a dirty tree, has too few forks or lacks the subset. */
    static void refuseUnfit(Path run, RunData data) throws GateException {
        if (Files.exists(run.resolve("failures.txt"))) {
            throw new GateException(run + ": has failures.txt, so some benchmarks failed (not promoted)");
        }
        if (Boolean.TRUE.equals(data.env().get("gitDirty"))) {
            throw new GateException(run + ": ran from a working tree with uncommitted changes (env.json gitDirty), "
                    + "so the baseline is no commit's code (not promoted)");
        }
        for (var r : data.allResults()) {
            if (r.primary().forks() < MIN_FORKS) {
                throw new GateException(run + ": " + GateComparison.label(r) + " has " + r.primary().forks()
                        + " fork(s); the gate needs at least " + MIN_FORKS + " (not promoted)");
            }
        }
        for (String queue : SUBSET_QUEUES) {
            boolean found = data.allResults().stream().anyMatch(r -> r.shortName().equals("DequeOpsBenchmark.pushPop")
                    && queue.equals(r.param("queue")) && "0".equals(r.param("depth")));
            if (!found) {
                throw new GateException(run + ": lacks the gate's subset (DequeOpsBenchmark.pushPop depth=0 queue="
                        + queue + "; run scripts/gate-bench) (not promoted)");
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
