package org.stealbench.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Runs one {@link ForkSpec} in a process of its own and leaves JMH's JSON result in a file:
 * <pre>
 * java [-D...] -cp JAR org.openjdk.jmh.Main '^BENCHMARK$' -f 1 -foe true -p k=v ... JMH-OPTIONS
 *      -jvmArgs 'JVM-ARGS' -rf json -rff RESULT
 * </pre>
 * The spec's JVM arguments go to the measured (forked) JVM through JMH's {@code -jvmArgs}, so the
 * JMH host process does not pre-touch a second heap; the {@code -D} properties among them also
 * go to the host (e.g. {@code -Djmh.ignoreLock=true}, which the host reads), and so does
 * {@code jmh.ignoreLock} when this process has it set. Every wait is bounded: a fork that outlives
 * its timeout is killed with its children. A fork fails with a {@link ForkException} whose
 * message is JMH's reason (the exception line after JMH's {@code <failure>}, or its last error
 * line) when the process exits non-zero, times out, or leaves no result.
 */
public final class ForkRunner {

    /** The least bound on one fork (a run bounds each at three times its estimate, at least this). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(20);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TAIL_LINES = 400;
    private static final Pattern EXCEPTION = Pattern.compile("^(?:Caused by: )?[\\w$.]+(?:Exception|Error)\\b.*");

    private ForkRunner() {
    }

    /**
     * Runs {@code spec}, passing each line JMH prints to {@code output}.
     *
     * @return {@code resultFile}, holding a JMH JSON array with at least one result
     * @throws ForkException with JMH's reason when the fork failed, timed out or wrote no result
     */
    public static Path run(ForkSpec spec, Path resultFile, Duration timeout, Consumer<String> output)
            throws ForkException, InterruptedException {
        List<String> command = command(spec, resultFile);
        Path absolute = resultFile.toAbsolutePath();
        try {
            Files.createDirectories(absolute.getParent());
            Files.deleteIfExists(absolute);
        } catch (IOException e) {
            throw new ForkException(spec.label() + ": cannot prepare " + absolute + " (" + e.getMessage() + ")", e);
        }
        String reason = runProcess(spec.label(), command, timeout, output);
        if (!hasResult(absolute)) {
            throw new ForkException(spec.label() + ": " + (reason == null ? "JMH wrote no result" : reason));
        }
        return resultFile;
    }

    /**
     * Runs a child JVM's command to its end, passing each line it prints to {@code output}: killed
     * (with its own children) on timeout, on interrupt, or when this JVM is stopped (Ctrl-C).
     * Used for JMH forks and for the gate's alternating forks.
     *
     * @return the failure reason its output names, if any (see {@link #reasonIn}), though it exited 0
     * @throws ForkException when it cannot start, times out, or exits non-zero (with the reason)
     */
    public static String runProcess(String label, List<String> command, Duration timeout, Consumer<String> output)
            throws ForkException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new ForkException(label + ": cannot start " + command.get(0) + " (" + e.getMessage() + ")", e);
        }
        // a run stopped with Ctrl-C or a signal takes its fork (and the fork's own JVM) with it
        Thread reaper = new Thread(() -> kill(process), "fork-reaper-" + label);
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            return await(label, timeout, output, process);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook is running or has run
            }
        }
    }

    private static String await(String label, Duration timeout, Consumer<String> output, Process process)
            throws ForkException, InterruptedException {
        Deque<String> tail = new ArrayDeque<>();
        Thread reader = new Thread(() -> pump(process, tail, output), "fork-output-" + label);
        reader.setDaemon(true);
        reader.start();
        boolean finished;
        try {
            finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            kill(process);
            throw e;
        }
        if (!finished) {
            kill(process);
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        if (!finished) {
            throw new ForkException(label + ": timed out after " + Progress.format(timeout.toSeconds())
                    + " and was killed");
        }
        String reason = reasonIn(snapshot(tail));
        if (process.exitValue() != 0) {
            throw new ForkException(label + ": " + (reason == null ? "exited with code " + process.exitValue() : reason));
        }
        return reason;
    }

    /** The command line that runs {@code spec}, for the log and for tests. */
    static List<String> command(ForkSpec spec, Path resultFile) {
        List<String> command = new ArrayList<>(List.of(spec.java().toString()));
        for (String arg : spec.jvmArgs()) {
            if (arg.isBlank() || arg.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException(spec.label() + ": JVM argument '" + arg
                        + "' holds white space, which JMH's -jvmArgs cannot pass");
            }
            if (arg.startsWith("-D")) {
                command.add(arg);
            }
        }
        if ("true".equals(System.getProperty("jmh.ignoreLock")) && !command.contains("-Djmh.ignoreLock=true")) {
            command.add("-Djmh.ignoreLock=true");
        }
        command.addAll(List.of("-cp", spec.jar().toString(), "org.openjdk.jmh.Main",
                "^" + Pattern.quote(spec.benchmark()) + "$", "-f", "1", "-foe", "true"));
        for (Map.Entry<String, String> p : spec.params().entrySet()) {
            command.addAll(List.of("-p", p.getKey() + "=" + p.getValue()));
        }
        command.addAll(spec.jmhOptions());
        if (!spec.jvmArgs().isEmpty()) {
            command.addAll(List.of("-jvmArgs", String.join(" ", spec.jvmArgs())));
        }
        command.addAll(List.of("-rf", "json", "-rff", resultFile.toAbsolutePath().toString()));
        return command;
    }

    /**
     * JMH's reason for a failure in its output: the exception after {@code <failure>} (which JMH
     * prints at the end of the failed iteration's line, "# Warmup Iteration   1: <failure>"), or
     * an error line. Not JMH's closing "ERROR: ...RunnerException: Benchmark caught the exception"
     * when the benchmark's own exception was printed.
     */
    static String reasonIn(List<String> lines) {
        boolean afterFailure = false;
        String error = null;
        for (String raw : lines) {
            String line = raw.strip();
            if (line.endsWith("<failure>")) {
                afterFailure = true;
            } else if (afterFailure && EXCEPTION.matcher(line).matches()) {
                return line;
            } else if (error == null && (line.startsWith("ERROR") || line.startsWith("Error:")
                    || line.startsWith("No matching benchmarks") || line.startsWith("Exception in thread"))) {
                error = line;
            }
        }
        return error;
    }

    private static boolean hasResult(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) == 0) {
                return false;
            }
            JsonNode root = JSON.readTree(file.toFile());
            return root.isArray() && !root.isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static void pump(Process process, Deque<String> tail, Consumer<String> output) {
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                output.accept(line);
                synchronized (tail) {
                    tail.addLast(line);
                    if (tail.size() > TAIL_LINES) {
                        tail.removeFirst();
                    }
                }
            }
        } catch (IOException e) {
            // the process was killed or closed its output: what was read is kept
        }
    }

    private static List<String> snapshot(Deque<String> tail) {
        synchronized (tail) {
            return new ArrayList<>(tail);
        }
    }

    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
