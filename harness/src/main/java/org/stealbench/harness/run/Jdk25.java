package org.stealbench.harness.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * JDK 25 as looked up, the one place that looks for it: {@code scripts/bench} (through
 * {@link BenchRequest}) and {@code .ci/run} (through {@link #main}) both ask here. The lookup: the
 * property {@value #PROPERTY}, else {@code $STEALBENCH_JDK25} (a java executable or a JDK home),
 * else the single {@code /usr/lib/jvm/*25*}{@code /bin/java}.
 *
 * @param java  the java executable, null when none was found
 * @param where where it came from, or why there is none
 */
public record Jdk25(Path java, String where) {

    /** The environment variable naming JDK 25: its java executable or its home. */
    static final String ENV = "STEALBENCH_JDK25";
    /** A system property that wins over {@link #ENV} (tests set it; the environment is fixed per process). */
    static final String PROPERTY = "stealbench.jdk25";
    /** Where JDK 25 is looked for when neither names it: the one {@code <root>/*25*}{@code /bin/java}. */
    static final Path JVM_ROOT = Path.of("/usr/lib/jvm");

    /**
     * Prints JDK 25's home on standard output and exits 0; when there is none, one line on standard
     * error saying why, exit 1 (exit 2 when {@code $STEALBENCH_JDK25} names no java). For
     * {@code .ci/run}: {@code java -cp harness/target/benchmarks.jar org.stealbench.harness.run.Jdk25}.
     */
    public static void main(String[] args) {
        System.exit(print(System.out, System.err));
    }

    /** What {@link #main} prints; returns its exit code. */
    static int print(PrintStream out, PrintStream err) {
        try {
            Jdk25 jdk25 = find();
            if (jdk25.java() == null) {
                err.println("jdk25: " + jdk25.where());
                return 1;
            }
            out.println(jdk25.java().getParent().getParent());
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("jdk25: " + e.getMessage());
            return 2;
        }
    }

    /** JDK 25 named by the property, the environment or found under {@link #JVM_ROOT}. */
    static Jdk25 find() {
        return find(System.getProperty(PROPERTY, System.getenv(ENV)), JVM_ROOT);
    }

    /**
     * Looks for JDK 25: {@code named} (a java executable or a JDK home), else the single
     * {@code <jvmRoot>/*25*}{@code /bin/java}. None or several there is no JDK 25 (with the reason);
     * a {@code named} that is no java executable throws {@link IllegalArgumentException}.
     */
    static Jdk25 find(String named, Path jvmRoot) {
        if (named != null && !named.isBlank()) {
            Path path = Path.of(named);
            Path java = Files.isDirectory(path) ? path.resolve("bin").resolve("java") : path;
            if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
                throw new IllegalArgumentException(ENV + "=" + named
                        + " is neither a java executable nor a JDK home with an executable bin/java");
            }
            return new Jdk25(java, ENV);
        }
        String pattern = jvmRoot.resolve("*25*").resolve("bin").resolve("java").toString();
        List<Path> found = List.of();
        if (Files.isDirectory(jvmRoot)) {
            try (DirectoryStream<Path> dirs = Files.newDirectoryStream(jvmRoot, "*25*")) {
                found = StreamSupport.stream(dirs.spliterator(), false).map(d -> d.resolve("bin").resolve("java"))
                        .filter(java -> Files.isRegularFile(java) && Files.isExecutable(java)).sorted().toList();
            } catch (IOException e) {
                return new Jdk25(null, "cannot list " + jvmRoot + ": " + e.getMessage());
            }
        }
        if (found.size() == 1) {
            return new Jdk25(found.get(0), pattern);
        }
        return new Jdk25(null, found.isEmpty() ? "no " + pattern
                : found.size() + " javas match " + pattern + " (" + found.stream().map(Path::toString)
                        .collect(Collectors.joining(", ")) + ")");
    }
}
