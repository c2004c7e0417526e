package org.stealbench.harness.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Change points of a series by E-divisive means (Matteson and James, "A nonparametric approach for
 * multiple change point analysis of multivariate data", JASA 2014), the method Hunter / Apache
 * Otava run on MongoDB's and DataStax's benchmark histories (Daly et al., ICPE 2020).
 *
 * <p>Contract: {@link #find} returns the indices where a new segment starts, in order. Each split
 * is kept only if a permutation test rejects "no change in this segment" at level {@link #ALPHA};
 * the search stops at the first split that fails. So on a series with no change (exchangeable
 * values) the chance of reporting any change point is at most {@link #ALPHA}: that is the
 * method's false-alarm control, per series.
 */
/*
 * Implementation overview
 *
 * For a segment Z of n values split at t into X = Z[0, t) and Y = Z[t, n), with exponent 1:
 *   Q(t) = t(n-t)/n * ( 2/(t(n-t)) sum |x-y|  -  sum_{i<k} |x_i-x_k| / C(t,2)  -  sum_{j<k} |y_j-y_k| / C(n-t,2) ),
 * the energy distance between the two sides scaled by their sizes. The within-side sums are kept
 * incrementally over t (each step moves one value from Y to X), so one sweep over every t is
 * O(n^2). Hierarchical search: among the current segments, the best split (largest Q) is tested by
 * permuting that segment's values R times; p = (1 + #{Q_perm >= Q}) / (R + 1). Accepted splits
 * divide their segment and the search goes on; the first rejected one ends it. Permutations use a
 * seeded Random, so a history gives the same answer every time.
 */
public final class EDivisive {

    /** The level of each permutation test, and so the per-series false-alarm rate of a flat series. */
    public static final double ALPHA = 0.05;
    /** Permutations per test: enough that p can reach well below {@link #ALPHA}. */
    public static final int PERMUTATIONS = 199;
    /** The fewest values a segment keeps on each side of a split. */
    public static final int MIN_SIZE = 3;

    private static final long SEED = 20140101L;
    private static final EDivisive STANDARD = new EDivisive();

    private EDivisive() {
    }

    /** The method at {@link #ALPHA}, {@link #PERMUTATIONS}, {@link #MIN_SIZE}, a fixed seed. */
    public static EDivisive standard() {
        return STANDARD;
    }

    /** One accepted split: the first index of the new segment, and the permutation test's p-value. */
    public record ChangePoint(int index, double pValue) {
    }

    /** The change points of {@code x}, by index. */
    public List<ChangePoint> find(double[] x) {
        Random random = new Random(SEED);
        List<int[]> segments = new ArrayList<>(List.of(new int[] {0, x.length}));
        List<ChangePoint> found = new ArrayList<>();
        while (true) {
            int[] bestSegment = null;
            double[] best = null;
            for (int[] s : segments) {
                double[] split = bestSplit(x, s[0], s[1]);
                if (split != null && (best == null || split[1] > best[1])) {
                    best = split;
                    bestSegment = s;
                }
            }
            if (best == null) {
                break;
            }
            double p = pValue(x, bestSegment[0], bestSegment[1], best[1], random);
            if (p > ALPHA) {
                break;
            }
            int at = (int) best[0];
            found.add(new ChangePoint(at, p));
            segments.remove(bestSegment);
            segments.add(new int[] {bestSegment[0], at});
            segments.add(new int[] {at, bestSegment[1]});
        }
        found.sort(Comparator.comparingInt(ChangePoint::index));
        return found;
    }

    private double pValue(double[] x, int from, int to, double q, Random random) {
        List<Double> values = new ArrayList<>(Arrays.stream(x, from, to).boxed().toList());
        int asLarge = 0;
        for (int r = 0; r < PERMUTATIONS; r++) {
            Collections.shuffle(values, random);
            double[] shuffled = values.stream().mapToDouble(Double::doubleValue).toArray();
            if (bestSplit(shuffled, 0, shuffled.length)[1] >= q) {
                asLarge++;
            }
        }
        return (1.0 + asLarge) / (PERMUTATIONS + 1.0);
    }

    /** {index, Q} of the best split of x[from, to), or null when the segment is too short to split. */
    double[] bestSplit(double[] x, int from, int to) {
        int n = to - from;
        if (n < 2 * MIN_SIZE) {
            return null;
        }
        double[] rowLeft = new double[n];
        double[] rowRight = new double[n];
        double total = 0;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                double d = Math.abs(x[from + i] - x[from + k]);
                if (k < i) {
                    rowLeft[i] += d;
                } else if (k > i) {
                    rowRight[i] += d;
                }
            }
            total += rowRight[i];
        }
        // withinY[t] = sum over pairs inside [t, n)
        double[] withinY = new double[n + 1];
        for (int t = n - 1; t >= 0; t--) {
            withinY[t] = withinY[t + 1] + rowRight[t];
        }
        double withinX = 0;
        double bestQ = Double.NEGATIVE_INFINITY;
        int bestT = -1;
        for (int t = 1; t <= n - 1; t++) {
            withinX += rowLeft[t - 1];
            if (t < MIN_SIZE || n - t < MIN_SIZE) {
                continue;
            }
            double between = total - withinX - withinY[t];
            double m = n - t;
            double q = t * m / n * (2 * between / (t * m) - withinX / (t * (t - 1) / 2.0)
                    - withinY[t] / (m * (m - 1) / 2.0));
            if (q > bestQ) {
                bestQ = q;
                bestT = t;
            }
        }
        return new double[] {from + bestT, bestQ};
    }
}
