package org.stealbench.harness.run;

import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/** Progress of a run: estimated and measured time, so "left" rescales from what was measured. */
final class Progress {

    private double total;
    private final LongSupplier elapsedNanos;
    private double estimateDone;

    /** Progress from now on, of a run estimated at {@code totalEstimateSeconds}, timed by {@code nanoClock}. */
    Progress(double totalEstimateSeconds, LongSupplier nanoClock) {
        long started = nanoClock.getAsLong();
        this.total = totalEstimateSeconds;
        this.elapsedNanos = () -> nanoClock.getAsLong() - started;
    }

    /** Marks work whose estimate was {@code seconds} as done. */
    void done(double seconds) {
        estimateDone += seconds;
    }

    /** Takes work whose estimate was {@code seconds} out of the run (a shape that stopped early): nothing was measured for it. */
    void skipped(double seconds) {
        total -= seconds;
    }

    double elapsed() {
        return elapsedNanos.getAsLong() / 1e9;
    }

    /** The estimate of what is left, scaled by how the measured time compared with the estimate so far. */
    double left() {
        double rest = Math.max(0, total - estimateDone);
        return estimateDone > 0 ? rest * elapsed() / estimateDone : rest;
    }

    /** A duration for people: {@code 4m05s}, or {@code 1h02m} from an hour on. */
    static String format(double seconds) {
        Duration d = Duration.ofSeconds(Math.max(0, Math.round(seconds)));
        return d.toHours() > 0
                ? String.format(Locale.ROOT, "%dh%02dm", d.toHours(), d.toMinutesPart())
                : String.format(Locale.ROOT, "%dm%02ds", d.toMinutes(), d.toSecondsPart());
    }
}
