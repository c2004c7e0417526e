package org.stealbench.harness.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A run folder, {@code results/runs/<UTC stamp>-<git short sha>[-jdk<major>]/}, and the one
 * place its layout is spelled:
 * <ul>
 *   <li>{@code env.json}: what the run ran on (see {@code RunEnvironment}), with
 *       {@code startedAt}, {@code interleaved} and {@code rounds};</li>
 *   <li>{@code command.txt}: the command line;</li>
 *   <li>{@code jmh-<experiment>.json}: JMH JSON, one per experiment, written as it finishes;</li>
 *   <li>{@code rounds-<experiment>.json} and {@code forks/<experiment>/*.json}: for an
 *       interleaved experiment, the order its forks ran in ({@link RoundsFile}) and each fork's
 *       own JMH JSON;</li>
 *   <li>{@code footprint.json}: object footprints (JOL);</li>
 *   <li>{@code failures.txt}: one line per part that failed, absent when none did;</li>
 *   <li>{@code report/}: the rendered report (derived; measurement files are never rewritten).</li>
 * </ul>
 */
public final class RunFolder {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);
    private static final Pattern STARTED = Pattern.compile("(\\d{8}T\\d{6}Z)-");
    private static final Pattern NAME = Pattern.compile("\\d{8}T\\d{6}Z-[0-9a-z]+(?:-jdk[0-9a-z]+)?");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path dir;

    private RunFolder(Path dir) {
        this.dir = dir;
    }

    /** An existing (or planned) run folder at {@code dir}; nothing is checked or created. */
    public static RunFolder at(Path dir) {
        return new RunFolder(dir);
    }

    /**
     * The folder name: {@code <UTC stamp>-<first 7 of gitSha, or "nogit">[-jdk<jdkMajor>]}.
     *
     * @param jdkMajor the JDK's major version when several JVMs run, else null
     */
    public static String name(Instant started, String gitSha, String jdkMajor) {
        String sha = gitSha == null || gitSha.length() < 7 ? "nogit" : gitSha.substring(0, 7);
        return STAMP.format(started) + "-" + sha + (jdkMajor == null ? "" : "-jdk" + jdkMajor);
    }

    /** A UTC time as folder names write it, e.g. {@code 20261122T032225Z}. */
    public static String stamp(Instant time) {
        return STAMP.format(time);
    }

    /** When the run of a folder of this name started: the stamp it begins with, or empty when it has none. */
    public static Optional<Instant> started(String name) {
        Matcher m = STARTED.matcher(name);
        return m.lookingAt() ? Optional.of(STAMP.parse(m.group(1), Instant::from)) : Optional.empty();
    }

    /** Creates the folder {@link #name} under {@code parent}; fails if it exists already. */
    public static RunFolder create(Path parent, Instant started, String gitSha, String jdkMajor) throws IOException {
        Files.createDirectories(parent);
        return new RunFolder(Files.createDirectory(parent.resolve(name(started, gitSha, jdkMajor))));
    }

    public static boolean hasRunFolderName(Path dir) {
        return dir.getFileName() != null && NAME.matcher(dir.getFileName().toString()).matches();
    }

    /**
     * The newest run folder directly under {@code parent} (by its name's stamp), or empty when
     * there is none: for scripts that want "the run just made" without globbing.
     */
    public static Optional<RunFolder> latestIn(Path parent) throws IOException {
        if (!Files.isDirectory(parent)) {
            return Optional.empty();
        }
        try (Stream<Path> children = Files.list(parent)) {
            return children.filter(c -> Files.isDirectory(c) && hasRunFolderName(c))
                    .max(Comparator.comparing(c -> c.getFileName().toString())).map(RunFolder::new);
        }
    }

    /**
     * For scripts: {@code java -cp benchmarks.jar org.stealbench.harness.results.RunFolder --latest DIR}
     * prints the newest run folder under DIR, or exits 2 with a message when there is none.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !args[0].equals("--latest")) {
            System.err.println("usage: RunFolder --latest DIR");
            System.exit(2);
        }
        Optional<RunFolder> latest = latestIn(Path.of(args[1]));
        if (latest.isEmpty()) {
            System.err.println("RunFolder: no run folder under " + args[1]);
            System.exit(2);
        }
        System.out.println(latest.get().dir());
    }

    public Path dir() {
        return dir;
    }

    public Path env() {
        return dir.resolve("env.json");
    }

    public Path command() {
        return dir.resolve("command.txt");
    }

    public Path footprint() {
        return dir.resolve("footprint.json");
    }

    public Path failures() {
        return dir.resolve("failures.txt");
    }

    public Path reportDir() {
        return dir.resolve("report");
    }

    /** {@code jmh-<experiment>.json}. */
    public Path results(ExperimentId experiment) {
        return dir.resolve(experiment.resultFileName());
    }

    /** {@code rounds-<experiment>.json}; the experiment is interleaved iff it exists. */
    public Path rounds(ExperimentId experiment) {
        return dir.resolve(experiment.roundsFileName());
    }

    /** Whether the experiment's forks ran interleaved in rounds (its rounds file exists). */
    public boolean interleaved(ExperimentId experiment) {
        return Files.isRegularFile(rounds(experiment));
    }

    /** A fork's file, {@code forks/<experiment>/<name>.json}. */
    public Path fork(ExperimentId experiment, String name) {
        return dir.resolve("forks").resolve(experiment.value()).resolve(name + ".json");
    }

    /** A path inside the folder as the folder's files record it (relative, with '/'). */
    public String relative(Path inside) {
        return dir.relativize(inside).toString().replace('\\', '/');
    }

    /** The experiments with a result file, sorted by id. */
    public List<ExperimentId> experiments() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.flatMap(f -> ExperimentId.ofResultFile(f.getFileName().toString()).stream()).sorted().toList();
        }
    }

    /** The run's {@code env.json} as written, or an empty map when there is none. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> readEnv() throws IOException {
        return Files.exists(env()) ? JSON.readValue(env().toFile(), LinkedHashMap.class) : Map.of();
    }

    public void writeEnv(Map<String, Object> env) throws IOException {
        AtomicFiles.write(env(), JSON.writeValueAsString(env) + System.lineSeparator());
    }

    public void writeCommand(String command) throws IOException {
        AtomicFiles.write(command(), command + System.lineSeparator());
    }

    public void writeFailures(List<String> failures) throws IOException {
        AtomicFiles.write(failures(), String.join(System.lineSeparator(), failures) + System.lineSeparator());
    }

    @Override
    public String toString() {
        return dir.toString();
    }
}
