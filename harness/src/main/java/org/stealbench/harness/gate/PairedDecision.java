package org.stealbench.harness.gate;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.IntStream;
import org.apache.commons.math3.distribution.TDistribution;
import org.stealbench.harness.stats.Modes;

/**
 * The paired gate's decision ({@code scripts/gate-ab}), a pure function of per-pair log ratios
 * (docs/gate.md, "The decision").
 *
 * <p>Each row (one benchmark, one metric) holds one {@code log(B cost / A cost)} per pair of a
 * baseline (A) and a current (B) measurement taken side by side, so drifting load hits both and
 * cancels. A one-sided t test of the mean against 0 ("is B slower?") with Holm's step-down
 * correction over the rows keeps the family-wise chance of any false REGRESSION within
 * {@code alpha}. REGRESSION: significant and the estimated slowdown {@code exp(mean) - 1} above the
 * row's threshold; PASS: the one-sided upper bound below the threshold, or significant but within
 * it; else INCONCLUSIVE, and the job runs more pairs. Sequential rule: <b>Bonferroni over a fixed
 * number of looks</b>, each at {@code alpha / looks} (Holm inside the look), so by the union bound
 * the job stays within {@code alpha} however the pairs grow between looks. A bimodal row (forks in
 * two clusters) can be a REGRESSION but never a clear PASS.
 *
 * <p>Each row also states the smallest slowdown this run could have detected: with the row's
 * spread and pair count, the slowdown that a test at the strictest Holm level ({@code alpha /
 * (looks * rows)}) would call with 80% power, and at least the practical threshold.
 */
public final class PairedDecision {

    /**
     * The gate's family-wise false-alarm rate unless {@code --alpha} says otherwise; why 1% and not
     * 5%: docs/findings.md ("Why alpha is 0.01").
     */
    public static final String DEFAULT_ALPHA = "0.01";

    /** Power for the detectable slowdown each row prints. */
    public static final double POWER = 0.8;

    private PairedDecision() {
    }

    /**
     * One row to judge: {@code name} is {@code Class.method p=v ... [metric]}, {@code logRatios} one
     * finite {@code log(B / A)} cost ratio per pair, {@code threshold} a fraction (0.10 = +10%).
     */
    public record Row(String name, List<Double> logRatios, double threshold, boolean bimodal) {

        public Row {
            Objects.requireNonNull(name, "name");
            logRatios = List.copyOf(logRatios);
            for (double v : logRatios) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException(name + ": a pair's log ratio is not a finite number (" + v + ")");
                }
            }
            if (!(threshold >= 0 && threshold < 10)) {
                throw new IllegalArgumentException(name + ": threshold must lie in [0, 10), was " + threshold);
            }
        }
    }

    /**
     * What the rule says about one row at one look.
     *
     * @param slowdown   the estimate, {@code exp(mean log ratio) - 1}; NaN with fewer than 2 pairs
     * @param p          the one-sided p-value of "B is not slower"
     * @param pHolm      the Holm-adjusted p-value within this look (capped at 1)
     * @param detectable the smallest slowdown this run could have detected (see the class comment)
     */
    public record Outcome(Row row, int pairs, double slowdown, double p, double pHolm,
                          double detectable, GateVerdict verdict, String reason) {
    }

    /**
     * Judges the rows at look {@code look} (1-based) of {@code looks}, as if they were
     * {@code family} rows (at least their own number; 0 for just them): Holm's
     * correction and the detectable slowdown then use the larger family. A calibration job runs one
     * row but must be judged as strictly as a row of the CI gate's whole subset; counting the
     * missing rows as never significant makes its verdict at most as lenient as the real job's.
     *
     * @throws IllegalArgumentException if alpha is not in (0, 1) or the look is out of range
     */
    public static List<Outcome> decide(List<Row> rows, double alpha, int look, int looks, int family) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must lie in (0, 1), was " + alpha);
        }
        if (looks < 1 || look < 1 || look > looks) {
            throw new IllegalArgumentException("look " + look + " of " + looks + " is out of range");
        }
        double level = alpha / looks;
        int size = Math.max(rows.size(), family);
        double[] p = rows.stream().mapToDouble(r -> pValue(r.logRatios())).toArray();
        double[] holm = holm(p, size);
        return IntStream.range(0, p.length).mapToObj(i -> judge(rows.get(i), p[i], holm[i], level, Math.max(1, size)))
                .toList();
    }

    private static Outcome judge(Row row, double p, double pHolm, double level, int rows) {
        List<Double> x = row.logRatios();
        int n = x.size();
        if (n < 2) {
            return new Outcome(row, n, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    GateVerdict.INCONCLUSIVE, "fewer than 2 pairs");
        }
        double mean = mean(x);
        double se = standardError(x, mean);
        TDistribution t = new TDistribution(n - 1);
        double slowdown = Math.expm1(mean);
        double upper = Math.expm1(mean + t.inverseCumulativeProbability(1 - level) * se);
        double strictest = level / rows;
        double detectLog = (t.inverseCumulativeProbability(1 - strictest) + t.inverseCumulativeProbability(POWER)) * se;
        double detectable = Math.max(row.threshold(), Math.expm1(detectLog));
        boolean significant = pHolm <= level;
        GateVerdict verdict;
        String reason;
        if (significant && slowdown > row.threshold()) {
            verdict = GateVerdict.REGRESSION;
            reason = "slower by " + pct(slowdown) + " (significant, above the +" + pct(row.threshold()) + " threshold)";
        } else if (row.bimodal()) {
            verdict = GateVerdict.INCONCLUSIVE;
            reason = "bimodal forks: cannot call it fine";
        } else if (significant) {
            verdict = GateVerdict.PASS;
            reason = "slower by " + pct(slowdown) + ", significant but within the +" + pct(row.threshold())
                    + " threshold";
        } else if (upper < row.threshold()) {
            verdict = GateVerdict.PASS;
            reason = slowdown < 0 ? "faster by " + pct(-slowdown) : "within +" + pct(row.threshold())
                    + " (upper bound " + signed(upper) + ")";
        } else {
            verdict = GateVerdict.INCONCLUSIVE;
            reason = "neither clearly within +" + pct(row.threshold()) + " nor significantly slower (upper bound "
                    + signed(upper) + ")";
        }
        return new Outcome(row, n, slowdown, p, Math.min(1, pHolm), detectable, verdict, reason);
    }

    /** One-sided p-value of "mean log ratio is not above 0"; 1 with fewer than 2 values. */
    static double pValue(List<Double> x) {
        int n = x.size();
        if (n < 2) {
            return 1;
        }
        double mean = mean(x);
        double se = standardError(x, mean);
        if (se == 0) {
            return mean > 0 ? 0 : 1;
        }
        return 1 - new TDistribution(n - 1).cumulativeProbability(mean / se);
    }

    /**
     * Holm's adjusted p-values in a family of {@code family} hypotheses (at least the
     * {@code p.length} tested; the others taken as p = 1, so they sort last): the i-th smallest
     * (0-based) is multiplied by {@code family - i}, made monotone, capped at 1. A row is
     * significant at level a when its adjusted value is at most a.
     */
    static double[] holm(double[] p, int family) {
        int m = p.length;
        int size = Math.max(m, family);
        Integer[] order = IntStream.range(0, m).boxed().sorted(Comparator.comparingDouble(i -> p[i]))
                .toArray(Integer[]::new);
        double[] adjusted = new double[m];
        double running = 0;
        for (int k = 0; k < m; k++) {
            int i = order[k];
            running = Math.max(running, Math.min(1, (size - k) * p[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }

    /**
     * When a side's fork values fall into two clusters ({@link Modes}): at least 4 forks, at least
     * 2 in each cluster, their means at least 15% apart, and the empty gap between them at least
     * 70% of the forks' whole range.
     */
    public static final Modes.Rule BIMODAL_FORKS = new Modes.Rule(4, 0, 0, 1.15, 0.7);

    static double mean(List<Double> x) {
        return x.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static double standardError(List<Double> x, double mean) {
        double squares = x.stream().mapToDouble(v -> (v - mean) * (v - mean)).reduce(0, Double::sum);
        return Math.sqrt(squares / (x.size() - 1)) / Math.sqrt(x.size());
    }

    static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }

    static String signed(double fraction) {
        return String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
    }
}
