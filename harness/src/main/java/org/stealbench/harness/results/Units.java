package org.stealbench.harness.results;

import java.util.Locale;
import java.util.Map;

/** JMH score units: direction (is higher better?) and conversion between time units. */
public final class Units {

    private static final Map<String, Double> SECONDS = Map.of(
            "ns", 1e-9, "us", 1e-6, "ms", 1e-3, "s", 1.0, "min", 60.0, "m", 60.0, "h", 3600.0);

    private Units() {
    }

    /** True for throughput units ({@code ops/s}); false for time per operation ({@code ns/op}) and others. */
    public static boolean higherIsBetter(String unit) {
        return unit != null && unit.toLowerCase(Locale.ROOT).startsWith("ops/");
    }

    /**
     * Seconds per one of the unit's time part: {@code ms/op} -> 1e-3, {@code ops/us} -> 1e-6.
     *
     * @throws IllegalArgumentException if the unit has no time part this class knows
     */
    public static double secondsOf(String unit) {
        String[] parts = unit.split("/");
        String time = higherIsBetter(unit) ? parts[parts.length - 1] : parts[0];
        Double s = SECONDS.get(time.trim());
        if (s == null) {
            throw new IllegalArgumentException("not a JMH time unit: '" + unit + "'");
        }
        return s;
    }

    /**
     * Converts a score from one unit to another of the same kind (both time per op or both
     * throughput), e.g. 1500 ns/op to 1.5 us/op.
     *
     * @throws IllegalArgumentException if the units are of different kinds or unknown
     */
    public static double convert(double score, String from, String to) {
        if (higherIsBetter(from) != higherIsBetter(to)) {
            throw new IllegalArgumentException("cannot convert between '" + from + "' and '" + to + "'");
        }
        double ratio = secondsOf(from) / secondsOf(to);
        return higherIsBetter(from) ? score / ratio : score * ratio;
    }
}
