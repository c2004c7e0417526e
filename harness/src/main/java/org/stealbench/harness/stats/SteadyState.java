package org.stealbench.harness.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * Where a fork's series of iteration times becomes steady, and what kind of run it was: the rule
 * that decides which measured iterations count. A pure function of the series.
 *
 * <p>The classes are those of Barrett, Bolz-Tereick, Killick, Mount and Tratt, "Virtual Machine
 * Warmup Blows Hot and Cold" (OOPSLA 2017): {@link Kind#FLAT} (no change point), {@link
 * Kind#WARM_UP} (the steady segment is the fastest), {@link Kind#SLOW_DOWN} (an earlier segment
 * was faster than the steady one) and {@link Kind#NO_STEADY_STATE} (the last segment is too short
 * to be a steady state, e.g. a drift or a change near the end). As Kalibera and Jones, "Rigorous
 * Benchmarking in Reasonable Time" (ISMM 2013), advise, the warm-up is decided by looking at each
 * run's series rather than by a fixed count of iterations.
 *
 * @param kind   the class of the run
 * @param start  0-based index of the first steady iteration (the count of warm-up iterations to
 *               discard); for {@link Kind#NO_STEADY_STATE}, the last segment's start
 * @param length the series' length
 */
public record SteadyState(Kind kind, int start, int length) {

    /* Implementation overview
     * Change points of the mean of log(time), found as Barrett et al. do (they use PELT, Killick,
     * Fearnhead and Eckley, JASA 2012): the segmentation minimising the segments' squared error
     * plus a penalty per change point. The series here are short (tens of iterations), so exact
     * optimal partitioning (the O(n^2) dynamic programme PELT prunes) is used; its result is the
     * same. Costs are scaled by the noise variance, estimated robustly from the first differences
     * (MAD / (0.6745 * sqrt 2)), which a level shift or a trend hardly moves, and floored at
     * MIN_NOISE so that a series of identical values does not make every tiny step a change.
     * The penalty is PENALTY_PER_LOG_N * log(n) per change point: stricter than BIC's, as Barrett
     * et al.'s 15 log n is, so that noise alone rarely splits a series. Segments have at least
     * MIN_SEGMENT iterations. Adjacent segments are joined afterwards, the least different pair
     * first, while their means differ by less than MIN_SHIFT (on the log scale) or not
     * significantly by Student's t test on the two segments' pooled variance at ALPHA: like
     * Barrett et al.'s "equivalent" segments, a shift too small to matter is no warm-up to
     * discard. The pooled variance is the model's (one noise level, shifting means) and carries
     * both segments' degrees of freedom, so a fresh JVM's two slow first shots stay a warm-up
     * (Welch's per-segment variances would leave such a pair one degree of freedom). The steady
     * segment is the last one; it must hold at least minSteady iterations and must not trend (its
     * least-squares slope of log time significant at TREND_ALPHA by a t test on its own residuals,
     * and worth MIN_SHIFT over the segment: a drift that a model of level shifts cuts into short
     * steps or, with few iterations, leaves whole), or the run has no steady state.
     */

    /** The kind of run, after Barrett et al. */
    public enum Kind {
        /** No change point: every iteration counts. */
        FLAT("flat"),
        /** Got faster, then steady: the iterations before the last change are warm-up. */
        WARM_UP("warm-up"),
        /** An earlier segment was faster than the steady one. */
        SLOW_DOWN("slow-down"),
        /** The last segment is shorter than a steady state must be: the run never settled. */
        NO_STEADY_STATE("no steady state");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** As the run folder and the report write it, e.g. {@code warm-up}. */
        public String label() {
            return label;
        }

        public boolean steady() {
            return this != NO_STEADY_STATE;
        }
    }

    /** Shortest segment between two change points, in iterations. */
    public static final int MIN_SEGMENT = 2;
    /** Penalty per change point, in multiples of log(n) (scaled noise variance units). */
    static final double PENALTY_PER_LOG_N = 6;
    /** Smallest noise the rule assumes, on the log scale: 0.5%. */
    static final double MIN_NOISE = 0.005;
    /** Smallest shift between segments that counts as a change, on the log scale: 2%. */
    static final double MIN_SHIFT = Math.log(1.02);
    /** Significance a shift between neighbouring segments must reach (two-sided t test on the pooled variance) to count. */
    static final double ALPHA = 0.001;
    /** Significance the steady segment's slope must reach (two-sided t test) to count as a trend. */
    static final double TREND_ALPHA = 0.01;

    /**
     * Classifies {@code times} (one value per measured iteration, in order).
     *
     * @param times           positive values, time per operation or per shot (lower is better),
     *                        or a rate when {@code higherIsBetter}
     * @param higherIsBetter  whether a larger value is faster (throughput)
     * @param minSteady       how many iterations a steady segment must hold, at least 1
     * @throws IllegalArgumentException on an empty series, a value that is not positive and
     *                                  finite, or {@code minSteady < 1}
     */
    public static SteadyState of(double[] times, boolean higherIsBetter, int minSteady) {
        if (times.length == 0 || minSteady < 1) {
            throw new IllegalArgumentException("a steady-state test needs values and minSteady >= 1 (got "
                    + times.length + " value(s), minSteady " + minSteady + ")");
        }
        int n = times.length;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(times[i] > 0) || Double.isInfinite(times[i])) {
                throw new IllegalArgumentException("values must be positive finite numbers, had " + times[i]);
            }
            // slower is larger on this scale, whatever the unit
            x[i] = higherIsBetter ? -Math.log(times[i]) : Math.log(times[i]);
        }
        double noise = Math.max(MIN_NOISE, noise(x));
        List<Integer> starts = joinSmallShifts(x, segmentStarts(x, noise));
        int last = starts.get(starts.size() - 1);
        Kind kind;
        if (n - last < minSteady || trends(x, last)) {
            kind = Kind.NO_STEADY_STATE;
        } else if (starts.size() == 1) {
            kind = Kind.FLAT;
        } else {
            double steady = StatUtils.mean(x, last, n - last);
            boolean fasterBefore = false;
            for (int k = 0; k + 1 < starts.size(); k++) {
                int from = starts.get(k);
                fasterBefore |= StatUtils.mean(x, from, starts.get(k + 1) - from) < steady;
            }
            kind = fasterBefore ? Kind.SLOW_DOWN : Kind.WARM_UP;
        }
        return new SteadyState(kind, last, n);
    }

    public boolean steady() {
        return kind.steady();
    }

    /** Optimal partitioning: the 0-based start of every segment, the first being 0. */
    private static List<Integer> segmentStarts(double[] x, double noise) {
        int n = x.length;
        double variance = noise * noise;
        double penalty = PENALTY_PER_LOG_N * Math.log(Math.max(n, 2));
        double[] sum = new double[n + 1];
        double[] squares = new double[n + 1];
        for (int i = 0; i < n; i++) {
            sum[i + 1] = sum[i] + x[i];
            squares[i + 1] = squares[i] + x[i] * x[i];
        }
        double[] best = new double[n + 1];
        int[] previous = new int[n + 1];
        best[0] = -penalty;
        for (int t = 1; t <= n; t++) {
            best[t] = Double.POSITIVE_INFINITY;
            for (int s = 0; s < t; s++) {
                boolean whole = s == 0 && t == n;
                if (t - s < MIN_SEGMENT && !whole || Double.isInfinite(best[s])) {
                    continue;
                }
                double length = t - s;
                double segmentSum = sum[t] - sum[s];
                double cost = (squares[t] - squares[s] - segmentSum * segmentSum / length) / variance;
                double total = best[s] + cost + penalty;
                if (total < best[t]) {
                    best[t] = total;
                    previous[t] = s;
                }
            }
        }
        List<Integer> starts = new ArrayList<>();
        for (int t = n; t > 0; t = previous[t]) {
            starts.add(0, previous[t]);
        }
        return starts;
    }

    /** Whether {@code x[from..]} trends, as the overview says (residual noise at least {@link #MIN_NOISE}). */
    private static boolean trends(double[] x, int from) {
        int m = x.length - from;
        if (m < 3) {
            return false;
        }
        SimpleRegression line = new SimpleRegression();
        for (int i = 0; i < m; i++) {
            line.addData(i, x[from + i]);
        }
        double slope = line.getSlope();
        double noise = Math.max(MIN_NOISE * MIN_NOISE, line.getSumSquaredErrors() / (m - 2));
        double t = Math.abs(slope) / Math.sqrt(noise / line.getXSumSquares());
        double p = 2 * (1 - new TDistribution(m - 2).cumulativeProbability(t));
        return p < TREND_ALPHA && Math.abs(slope) * (m - 1) >= MIN_SHIFT;
    }

    /** Adjacent segments joined, the least different pair first, as the overview says. */
    private static List<Integer> joinSmallShifts(double[] x, List<Integer> starts) {
        List<Integer> joined = new ArrayList<>(starts);
        while (joined.size() > 1) {
            int weakest = -1;
            double weakestP = -1;
            for (int k = 1; k < joined.size(); k++) {
                int end = k + 1 < joined.size() ? joined.get(k + 1) : x.length;
                double p = shiftP(x, joined.get(k - 1), joined.get(k), end);
                if (p > weakestP) {
                    weakestP = p;
                    weakest = k;
                }
            }
            if (weakestP < ALPHA) {
                break;
            }
            joined.remove(weakest);
        }
        return joined;
    }

    /** Student's t two-sided p between x[from, mid) and x[mid, to), pooled variance; 1 below {@link #MIN_SHIFT}. */
    private static double shiftP(double[] x, int from, int mid, int to) {
        double a = StatUtils.mean(x, from, mid - from);
        double b = StatUtils.mean(x, mid, to - mid);
        if (Math.abs(a - b) < MIN_SHIFT) {
            return 1;
        }
        int n1 = mid - from;
        int n2 = to - mid;
        double squares = StatUtils.variance(x, from, n1) * (n1 - 1) + StatUtils.variance(x, mid, n2) * (n2 - 1);
        double pooled = Math.max(MIN_NOISE * MIN_NOISE, squares / Math.max(1, n1 + n2 - 2));
        double t = Math.abs(a - b) / Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
        return 2 * (1 - new TDistribution(Math.max(1, n1 + n2 - 2)).cumulativeProbability(t));
    }

    /** Robust standard deviation of the noise: MAD of the first differences / (0.6745 * sqrt 2). */
    private static double noise(double[] x) {
        if (x.length < 3) {
            return 0;
        }
        double[] diffs = IntStream.range(1, x.length).mapToDouble(i -> x[i] - x[i - 1]).toArray();
        double median = median(diffs);
        return median(Arrays.stream(diffs).map(d -> Math.abs(d - median)).toArray()) / (0.6745 * Math.sqrt(2));
    }

    private static double median(double[] values) {
        double[] sorted = Arrays.stream(values).sorted().toArray();
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
    }
}
