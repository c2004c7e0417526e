package org.stealbench.harness.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What a fork costs before its first iteration, for the estimate: JMH's start of the measured JVM
 * with the forks' flags (the heap's pre-touch included, seconds where page faults are slow) and its
 * link to JMH's host. Measured once per JVM, before anything runs, by starting that java with the
 * forks' arguments and {@code -version}; or given with {@code --fork-start}.
 *
 * @param seconds the start counted for every fork
 * @param how     where the figure comes from, for the plan
 */
record ForkStart(double seconds, String how) {

    /**
     * A fork's cost beyond {@code java <flags> -version}: JMH's host link, class loading and the
     * result's return (findings log, 2026-11-29, "what a fork costs to start").
     */
    static final double JMH_SECONDS = 0.3;

    /**
     * The start the profiles' budgets assume (quick: twelve minutes): a fork whose JVM starts and
     * pre-touches its heap in about a second, as on a machine whose page faults are fast.
     */
    static final double NOMINAL_SECONDS = 1.5;

    /** @throws IllegalArgumentException naming the option when {@code seconds} is not a count of seconds */
    static ForkStart given(double seconds) {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("--fork-start: expected seconds, at least 0; got " + seconds);
        }
        return new ForkStart(seconds, "given by --fork-start");
    }

    /**
     * Starts {@code java} with {@code jvmArgs} and {@code -version} and times it.
     *
     * @throws IllegalArgumentException with the JVM's first line of output when it does not start
     *                                  (or takes over a minute)
     */
    static ForkStart measure(Path java, List<String> jvmArgs) throws InterruptedException {
        List<String> command = new ArrayList<>(List.of(java.toString()));
        command.addAll(jvmArgs);
        command.add("-version");
        String failure;
        long started = System.nanoTime();
        Path output = null;
        try {
            // into a file, not a pipe: flags that print much (e.g. -XX:+PrintFlagsFinal) cannot block it
            output = Files.createTempFile("stealbench-fork-start", ".txt");
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            if (!p.waitFor(1, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                failure = "it takes over a minute";
            } else if (p.exitValue() != 0) {
                failure = Files.readAllLines(output, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank())
                        .findFirst().orElse("exit " + p.exitValue());
            } else {
                failure = null;
            }
        } catch (IOException e) {
            failure = e.getMessage();
        } finally {
            if (output != null) {
                try {
                    Files.deleteIfExists(output);
                } catch (IOException e) {
                    // a leftover temporary file is no reason to refuse the run
                }
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        if (failure != null) {
            throw new IllegalArgumentException("the forks' JVM does not start (`" + String.join(" ", command) + "`): "
                    + failure.strip());
        }
        return new ForkStart(seconds + JMH_SECONDS, String.format(Locale.ROOT,
                "measured: `java %s -version` took %.1f s, plus %.1f s for JMH", String.join(" ", jvmArgs), seconds,
                JMH_SECONDS));
    }
}
