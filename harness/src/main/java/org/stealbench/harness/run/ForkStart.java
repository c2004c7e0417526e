package org.stealbench.harness.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
        double seconds = 0;
        try {
            RunEnvironment.Outcome start = RunEnvironment.execute(new ProcessBuilder(command).redirectErrorStream(true));
            seconds = start.seconds();
            failure = start.exit() < 0 ? "it takes over a minute"
                    : start.ok() ? null
                    : start.output().lines().filter(l -> !l.isBlank()).findFirst().orElse("exit " + start.exit());
        } catch (IOException e) {
            failure = e.getMessage();
        }
        if (failure != null) {
            throw new IllegalArgumentException("the forks' JVM does not start (`" + String.join(" ", command) + "`): "
                    + failure.strip());
        }
        return new ForkStart(seconds + JMH_SECONDS, String.format(Locale.ROOT,
                "measured: `java %s -version` took %.1f s, plus %.1f s for JMH", String.join(" ", jvmArgs), seconds,
                JMH_SECONDS));
    }
}
