package org.stealbench.harness.history;

import static org.stealbench.harness.history.HistoryException.throwIf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.stealbench.harness.gate.GateException;
import org.stealbench.harness.gate.PairedJob;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.results.ResultsException;
import org.stealbench.harness.results.RunData;
import org.stealbench.harness.results.RunFolder;
import org.stealbench.harness.run.Experiment;

/**
 * Turns what {@code ingest} is given into {@link Ingest}s, through the owners of each format: a
 * run folder ({@link RunData#loadStrict}: a damaged file refuses the whole folder), a paired gate
 * job's folder ({@link PairedJob#currentSide}: side B, the build the job judged) and a plain JMH JSON file
 * (with its commit given). Each fork's mean is one {@link Measurement}; an interleaved experiment's
 * rows are its forks, numbered in file order.
 */
public final class HistorySources {

    private static final Pattern SHA = Pattern.compile("[0-9a-f]{7,40}");
    private static final String UNKNOWN = "unknown";

    private HistorySources() {
    }

    /**
     * Reads one source.
     *
     * @param commit  the commit of a plain JMH JSON file (required for one, ignored otherwise)
     * @param machine the machine's name, or null to name it by its CPU, cores and memory
     * @throws HistoryException naming the source and what is wrong with it
     */
    public static Ingest read(Path source, String commit, String machine) throws HistoryException {
        throwIf(!Files.exists(source), source + ": no such file or folder");
        if (Files.isDirectory(source) && PairedJob.isJob(source)) {
            return gateJob(source, machine);
        }
        RunData data;
        try {
            data = RunData.loadStrict(source);
        } catch (ResultsException e) {
            throw new HistoryException(e.getMessage(), e);
        }
        if (Files.isDirectory(source)) {
            return runFolder(source, data, machine);
        }
        throwIf(commit == null, source + ": a plain JMH JSON file needs --commit SHA (it records no commit)");
        return jmhFile(source, data, commit, machine);
    }

    private static Ingest runFolder(Path dir, RunData data, String machine) throws HistoryException {
        Map<String, Object> env = data.env();
        String name = dir.toAbsolutePath().normalize().getFileName().toString();
        String started = text(env, "startedAt").orElseGet(() -> stampOf(name));
        HistoryRun run = run(name, HistoryRun.RUN, dir, text(env, "gitSha").orElse(UNKNOWN),
                Boolean.TRUE.equals(env.get("gitDirty")), started, env, machine, data);
        return new Ingest(run, measurements(data));
    }

    /** Every fork's mean of every result's primary and secondary metrics. */
    private static List<Measurement> measurements(RunData data) {
        List<Measurement> out = new ArrayList<>();
        Map<Map.Entry<Shape, String>, Integer> forks = new HashMap<>();
        data.experiments().forEach((experiment, results) -> {
            for (JmhResult r : results) {
                Shape shape = Shape.of(experiment, r.shortName(), r.params());
                add(out, forks, shape, Measurement.SCORE, r.primary());
                r.secondary().forEach((metric, m) -> add(out, forks, shape, metric, m));
            }
        });
        return out;
    }

    /**
     * What a {@link Measurement} holds but its measure, fork and value: the contender ({@link
     * #contenderParam}'s value, empty without one) and the other parameters as {@link Measurement#params()}.
     */
    record Shape(String experiment, String benchmark, String params, String contender) {

        static Shape of(String experiment, String benchmark, Map<String, String> params) {
            String contenderParam = contenderParam(experiment, params);
            SortedMap<String, String> rest = new TreeMap<>(params);
            if (contenderParam != null) {
                rest.remove(contenderParam);
            }
            return new Shape(experiment, benchmark,
                    String.join(" ", rest.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()),
                    contenderParam == null ? "" : params.get(contenderParam));
        }

        Measurement measurement(String measure, int fork, double value, String unit) {
            return new Measurement(experiment, benchmark, params, contender, measure, fork, value, unit);
        }
    }

    private static Ingest gateJob(Path dir, String machine) throws HistoryException {
        List<PairedJob.CurrentRow> rows;
        try {
            rows = PairedJob.currentSide(dir);
        } catch (GateException e) {
            throw new HistoryException(e.getMessage(), e);
        }
        Map<String, Object> env = readEnv(dir);
        String commit = current(env).orElseGet(() -> text(env, "gitSha").orElse(UNKNOWN));
        String name = dir.toAbsolutePath().normalize().getFileName().toString();
        String started = PairedJob.started(dir).or(() -> text(env, "startedAt")).orElse(UNKNOWN);
        HistoryRun run = run(name + "-" + hash(PairedJob.pairs(dir)), HistoryRun.GATE, dir, commit,
                Boolean.TRUE.equals(env.get("gitDirty")), started, env, machine, null);
        List<Measurement> out = new ArrayList<>();
        for (PairedJob.CurrentRow row : rows) {
            String experiment = experimentOf(row.benchmark()).map(Experiment::id).orElse(HistoryRun.GATE);
            Shape shape = Shape.of(experiment, row.benchmark(), row.params());
            for (int f = 0; f < row.forks().size(); f++) {
                PairedJob.ForkValues fork = row.forks().get(f);
                out.add(shape.measurement(Measurement.SCORE, f, fork.time(), fork.unit()));
                if (!Double.isNaN(fork.cpu())) {
                    out.add(shape.measurement(Metric.CPU_TIME_NORM, f, fork.cpu(), "ns/op"));
                }
                if (!Double.isNaN(fork.allocation())) {
                    out.add(shape.measurement(Metric.ALLOCATION_NORM, f, fork.allocation(), "B/op"));
                }
            }
        }
        return new Ingest(run, out);
    }

    private static Ingest jmhFile(Path file, RunData data, String commit, String machine) throws HistoryException {
        throwIf(!SHA.matcher(commit).matches(), "--commit " + commit + ": expected a git sha (7 to 40 hex digits)");
        String name = file.getFileName().toString().replaceFirst("\\.json$", "");
        String started;
        try {
            started = Files.getLastModifiedTime(file).toInstant().toString();
        } catch (IOException e) {
            throw new HistoryException(file + ": cannot be read (" + e.getMessage() + ")", e);
        }
        HistoryRun run = run(name + "-" + hash(file), HistoryRun.JMH, file, commit, false, started, Map.of(), machine,
                data);
        return new Ingest(run, measurements(data));
    }

    private static HistoryRun run(String id, String kind, Path source, String commit, boolean dirty, String started,
                                  Map<String, Object> env, String machine, RunData data) {
        Map<String, Object> jdk = map(env.get("jdk"));
        String cpu = text(env, "cpuModel").orElse(UNKNOWN);
        int cores = env.get("cores") instanceof Number n ? n.intValue() : 0;
        JmhResult first = data == null || data.allResults().isEmpty() ? null : data.allResults().get(0);
        String jdkName = jdk.isEmpty() ? (first != null && first.jdkVersion() != null ? first.jdkVersion() : UNKNOWN)
                : text(jdk, "vendor").orElse("") + " " + text(jdk, "version").orElse(UNKNOWN);
        String flags = text(env, "jvmFlags").orElseGet(() -> first == null ? "" : first.jvmArgs());
        String memory = env.get("memoryBytes") instanceof Number n
                ? ", " + Math.round(n.doubleValue() / (1L << 30)) + " GiB" : "";
        String named = machine != null ? machine : text(env, "machine")
                .orElse(cpu + ", " + (cores > 0 ? cores : "?") + " cores" + memory);
        return new HistoryRun(id, kind, source.toString(), commit, dirty, started, named, cpu, cores, jdkName.strip(),
                flags, text(env, "os").orElse(UNKNOWN), text(env, "profile").orElse(kind));
    }

    private static void add(List<Measurement> out, Map<Map.Entry<Shape, String>, Integer> forks, Shape shape,
                            String measure, Metric m) {
        for (double mean : m.forkMeans()) {
            if (Double.isFinite(mean)) {
                int fork = forks.merge(Map.entry(shape, measure), 1, Integer::sum) - 1;
                out.add(shape.measurement(measure, fork, mean, m.unit()));
            }
        }
    }

    /** The experiment whose benchmark class has this simple name ({@code Class.method} given). */
    private static Optional<Experiment> experimentOf(String classAndMethod) {
        String simple = classAndMethod.substring(0, Math.max(0, classAndMethod.indexOf('.')));
        return Arrays.stream(Experiment.values()).filter(e -> e.benchmarkClass().getSimpleName().equals(simple))
                .findFirst();
    }

    /** The parameter naming the contenders: the experiment's own, else {@code pool} or {@code queue}. */
    private static String contenderParam(String experiment, Map<String, String> params) {
        return Arrays.stream(Experiment.values()).filter(e -> e.id().equals(experiment)).map(Experiment::contender)
                .filter(params::containsKey).findFirst()
                .orElse(params.containsKey("pool") ? "pool" : params.containsKey("queue") ? "queue" : null);
    }

    private static Optional<String> current(Map<String, Object> env) {
        Object sha = map(env.get("current")).get("sha");
        return sha instanceof String s && SHA.matcher(s).matches() ? Optional.of(s) : Optional.empty();
    }

    private static Map<String, Object> readEnv(Path dir) throws HistoryException {
        RunFolder folder = RunFolder.at(dir);
        try {
            return folder.readEnv();
        } catch (IOException e) {
            throw new HistoryException(folder.env() + ": not readable JSON (" + e.getMessage() + ")", e);
        }
    }

    /** The UTC stamp a run folder's name starts with, as ISO-8601; "unknown" when it has none. */
    static String stampOf(String name) {
        return RunFolder.started(name).map(Instant::toString).orElse(UNKNOWN);
    }

    private static String hash(Path file) throws HistoryException {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (IOException e) {
            throw new HistoryException(file + ": cannot be read (" + e.getMessage() + ")", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Optional<String> text(Map<String, Object> map, String key) {
        return map.get(key) instanceof String s && !s.isBlank() ? Optional.of(s) : Optional.empty();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
