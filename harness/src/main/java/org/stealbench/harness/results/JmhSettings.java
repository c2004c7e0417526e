package org.stealbench.harness.results;

/**
 * How JMH ran one benchmark, as its JSON records it; 0 and "" where the file does not say.
 *
 * @param forks                 forks requested
 * @param warmupIterations      warmup iterations per fork
 * @param warmupTime            warmup iteration time, e.g. {@code 500 ms} or {@code single-shot}
 * @param measurementIterations measurement iterations per fork
 * @param measurementTime       measurement iteration time
 */
public record JmhSettings(int forks, int warmupIterations, String warmupTime, int measurementIterations,
                          String measurementTime) {

    /** Settings of a result that does not record them. */
    public static final JmhSettings UNKNOWN = new JmhSettings(0, 0, "", 0, "");

    /** E.g. {@code 1 fork x (3 warmup + 10 measurement) single-shot}; "unknown" when not recorded. */
    public String describe() {
        if (this.equals(UNKNOWN)) {
            return "unknown";
        }
        String time = warmupTime.equals(measurementTime) ? " of " + measurementTime
                : ", warmup " + warmupTime + ", measurement " + measurementTime;
        return forks + (forks == 1 ? " fork" : " forks") + " x (" + warmupIterations + " warmup + "
                + measurementIterations + " measurement iterations)" + time;
    }
}
