package org.stealbench.harness.run;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.util.Version;
import org.stealbench.harness.VersionProvider;

/**
 * What a run ran on, for {@code env.json}: the benchmark JVM (asked directly, since it may not be
 * the JVM running this command), its flags, GC and heap, the CPU, cores, memory, OS, the JMH
 * version, the jar that ran and the git commit it was built from, the profile and the CPU pinning.
 *
 * <p>The commit ({@code gitSha}, {@code gitDirty}) is the working tree's when the jar that runs
 * lives inside the repository this command runs in (its own build: the scripts rebuild it when
 * any source is newer), and otherwise the one the jar recorded when it was built (a copy run
 * with {@code STEALBENCH_JAR}, or a jar run from anywhere else), so a run folder names the code
 * it measured; {@code gitShaSource} says which.
 */
public final class RunEnvironment {

    private RunEnvironment() {
    }

    /** The jar (or, in tests, the classes folder) this class was loaded from, or null if unknown. */
    static Path runningJar() {
        try {
            CodeSource source = RunEnvironment.class.getProtectionDomain().getCodeSource();
            return source == null ? null : Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return null;
        }
    }

    /** {@code path} with symbolic links resolved, or made absolute and normalized if it does not exist. */
    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    /** The facts about {@code java} (a java executable) and this machine, in a stable order. */
    public static Map<String, Object> describe(Path java, String profile, String cpus, List<String> jvmArgs)
            throws IOException, InterruptedException {
        Map<String, Object> env = new LinkedHashMap<>();
        List<String> probe = new ArrayList<>(List.of(java.toString()));
        probe.addAll(jvmArgs);
        probe.addAll(List.of("-XshowSettings:properties", "-XX:+PrintCommandLineFlags", "-version"));
        String settings = run(probe);
        Map<String, Object> jdk = new LinkedHashMap<>();
        jdk.put("version", property(settings, "java.version"));
        jdk.put("vendor", property(settings, "java.vendor"));
        jdk.put("vmName", property(settings, "java.vm.name"));
        jdk.put("vmVersion", property(settings, "java.vm.version"));
        jdk.put("home", property(settings, "java.home"));
        jdk.put("executable", java.toString());
        env.put("jdk", jdk);
        String flags = match(settings, "(?m)^(-XX:.*)$");
        env.put("jvmFlags", flags);
        env.put("jvmArgs", jvmArgs);
        env.put("gc", match(flags, "-XX:\\+Use(\\w+)GC"));
        String heap = match(flags, "-XX:MaxHeapSize=(\\d+)");
        env.put("maxHeapBytes", heap == null ? null : Long.parseLong(heap));
        env.put("cpuModel", matchIn("/proc/cpuinfo", "(?m)^model name\\s*: (.*)$"));
        env.put("cores", Runtime.getRuntime().availableProcessors());
        env.put("cpuPinning", cpus);
        String memoryKb = matchIn("/proc/meminfo", "(?m)^MemTotal:\\s*(\\d+) kB");
        env.put("memoryBytes", memoryKb == null ? null : Long.parseLong(memoryKb) * 1024);
        env.put("transparentHugePages", transparentHugePages(TRANSPARENT_HUGE_PAGES));
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        String jmh = Version.getPlainVersion(); // "-" when JMH's jar lacks its jmh.properties
        env.put("jmhVersion", jmh.equals("-") ? null : jmh);
        Path jar = runningJar();
        env.put("jar", jar == null ? null : jar.toString());
        String built = VersionProvider.buildDescribe();
        env.put("jarBuild", built);
        Path here = Path.of(".");
        String top = git(here, "rev-parse", "--show-toplevel");
        env.putAll(commit(jar, top == null ? null : Path.of(top), git(here, "rev-parse", "HEAD"),
                git(here, "status", "--porcelain"), built));
        env.put("profile", profile);
        return env;
    }

    /**
     * {@code gitSha}, {@code gitDirty} and {@code gitShaSource}: the working tree's commit
     * ({@code head}, {@code status}: git's {@code rev-parse HEAD} and {@code status --porcelain}) when
     * {@code jar} lies inside the tree at {@code top}, else the one in {@code built} (the jar's
     * {@link VersionProvider#buildDescribe()}, see the class comment); nulls for what is unknown.
     */
    static Map<String, Object> commit(Path jar, Path top, String head, String status, String built) {
        Map<String, Object> commit = new LinkedHashMap<>();
        if (jar != null && top != null && realPath(jar).startsWith(realPath(top))) {
            commit.put("gitSha", head);
            commit.put("gitDirty", status == null ? null : !status.isBlank());
            commit.put("gitShaSource", "working tree");
        } else {
            VersionProvider.BuildCommit build = VersionProvider.BuildCommit.parse(built);
            commit.put("gitSha", build == null ? null : build.sha());
            commit.put("gitDirty", build == null ? null : build.dirty());
            commit.put("gitShaSource", "jar build");
        }
        return commit;
    }

    /** The major version of the JVM, e.g. "17", for run folder names. */
    public static String majorVersion(Map<String, Object> env) {
        Object version = ((Map<?, ?>) env.get("jdk")).get("version");
        return majorVersion(version == null ? null : version.toString());
    }

    /** The major version of a JDK version string, e.g. "17" of "17.0.15"; "unknown" for null. */
    public static String majorVersion(String version) {
        if (version == null) {
            return "unknown";
        }
        int dot = version.indexOf('.');
        return dot < 0 ? version : version.substring(0, dot);
    }

    static String property(String settings, String name) {
        return match(settings, "(?m)^\\s*" + Pattern.quote(name) + " = (.*)$");
    }

    private static String match(String text, String regex) {
        if (text == null) {
            return null;
        }
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? m.group(1).trim() : null;
    }

    /** {@link #match} in a file's text; null where the file cannot be read. */
    private static String matchIn(String file, String regex) throws IOException {
        Path path = Path.of(file);
        return Files.isReadable(path) ? match(Files.readString(path), regex) : null;
    }

    /** Linux's transparent huge page mode file: each mode, the chosen in brackets ({@code always [madvise] never}). */
    static final Path TRANSPARENT_HUGE_PAGES = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

    /**
     * The kernel's selected transparent huge page mode in {@code modeFile} ({@code always},
     * {@code madvise} or {@code never}), or null where there is no such file (not Linux, or a kernel
     * without them) or it cannot be read.
     */
    static String transparentHugePages(Path modeFile) {
        try {
            return match(Files.readString(modeFile), "\\[(\\w+)]");
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /**
     * {@code git -C dir args...}: its standard output, stripped; null when git fails, takes over a
     * minute or is interrupted (the interrupt is kept).
     */
    public static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            Outcome git = execute(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD));
            return git.ok() ? git.output().strip() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Runs a command, returning its combined output, or null if it failed or took over a minute. */
    static String run(List<String> command) throws IOException, InterruptedException {
        Outcome outcome = execute(new ProcessBuilder(command).redirectErrorStream(true));
        return outcome.ok() ? outcome.output() : null;
    }

    /**
     * What a child process did.
     *
     * @param exit    its exit value, or -1 when it ran over the minute and was killed
     * @param output  what it wrote to its standard output (and standard error where the builder merged them)
     * @param seconds from its start to its end or its kill
     */
    record Outcome(int exit, String output, double seconds) {

        boolean ok() {
            return exit == 0;
        }
    }

    /** Runs {@code command} for at most a minute, its output into a temporary file. */
    static Outcome execute(ProcessBuilder command) throws IOException, InterruptedException {
        // A file, not a pipe: a child that prints much (e.g. -XX:+PrintFlagsFinal) cannot block on a
        // full pipe, and the minute's bound holds even for a child that keeps its output open.
        Path file = Files.createTempFile("stealbench-child", ".txt");
        try {
            long started = System.nanoTime();
            Process p = command.redirectOutput(file.toFile()).start();
            boolean ended = p.waitFor(1, TimeUnit.MINUTES);
            if (!ended) {
                p.destroyForcibly().waitFor();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            return new Outcome(ended ? p.exitValue() : -1,
                    new String(Files.readAllBytes(file), StandardCharsets.UTF_8), seconds);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a leftover temporary file is no reason to fail the command
            }
        }
    }
}
