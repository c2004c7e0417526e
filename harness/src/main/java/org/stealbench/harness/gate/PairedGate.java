package org.stealbench.harness.gate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.stealbench.harness.gate.PairedJob.ForkValues;

/**
 * Turns a paired job's fork values into rows with verdicts: time (the score) and CPU time per
 * operation through {@link PairedDecision}, allocation per operation through a deterministic rule
 * (it barely moves with noise): a REGRESSION when every B fork allocates more than every A fork by
 * more than the row's allowance. Pure functions of the values and thresholds.
 */
final class PairedGate {

    static final String TIME = "time";
    static final String CPU = "cpu";
    static final String ALLOCATION = "allocation";

    private PairedGate() {
    }

    /**
     * One row of the report.
     *
     * @param label      {@code Class.method p=v ...}
     * @param metric     {@link #TIME}, {@link #CPU} or {@link #ALLOCATION}
     * @param unit       the unit of {@code a} and {@code b}
     * @param pairs      pairs judged
     * @param a          the baseline's typical value (geometric mean of forks; arithmetic for allocation)
     * @param b          the current's typical value
     * @param slowdown   the estimated change, a fraction (+0.10 = 10% slower or more allocation)
     * @param threshold  the practical threshold (a fraction; B/op for allocation)
     * @param detectable the smallest slowdown this run could have detected (NaN for allocation)
     * @param bimodal    whether either side's forks fell into two clusters
     * @param p          Holm-adjusted one-sided p-value (NaN for allocation)
     * @param look       the look that decided the row
     * @param verdict    the verdict
     * @param reason     why
     */
    record Row(String label, String metric, String unit, int pairs, double a, double b, double slowdown,
               double threshold, double detectable, boolean bimodal, double p, int look, GateVerdict verdict,
               String reason) {

        /** {@code Class.method}, the JUnit class name. */
        String shortName() {
            int space = label.indexOf(' ');
            return space < 0 ? label : label.substring(0, space);
        }

        /** {@code p=v ...}. */
        String params() {
            int space = label.indexOf(' ');
            return space < 0 ? "" : label.substring(space + 1);
        }
    }

    /** The time and CPU rows of these labels at one look. */
    static List<Row> judge(Map<String, List<ForkValues[]>> values, Collection<String> labels, GateThresholds thresholds,
                           double alpha, int look, int looks) {
        List<PairedDecision.Row> rows = new ArrayList<>();
        List<String[]> meta = new ArrayList<>();
        for (String label : labels) {
            List<ForkValues[]> pairs = values.get(label);
            Threshold t = thresholds.forBenchmark(label, label.split(" ")[0]);
            rows.add(new PairedDecision.Row(label + " [time]", PairedJob.timeLogRatios(pairs), t.time(),
                    PairedDecision.bimodal(PairedJob.side(pairs, 0, TIME))
                            || PairedDecision.bimodal(PairedJob.side(pairs, 1, TIME))));
            meta.add(new String[]{label, TIME, pairs.get(0)[0].unit()});
            if (!Double.isNaN(pairs.get(0)[0].cpu())) {
                rows.add(new PairedDecision.Row(label + " [cpu]", PairedJob.cpuLogRatios(pairs), t.cpu(),
                        PairedDecision.bimodal(PairedJob.side(pairs, 0, CPU))
                                || PairedDecision.bimodal(PairedJob.side(pairs, 1, CPU))));
                meta.add(new String[]{label, CPU, "ns/op"});
            }
        }
        List<PairedDecision.Outcome> outcomes = PairedDecision.decide(rows, alpha, look, looks);
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < outcomes.size(); i++) {
            PairedDecision.Outcome o = outcomes.get(i);
            String label = meta.get(i)[0];
            String metric = meta.get(i)[1];
            List<ForkValues[]> pairs = values.get(label);
            out.add(new Row(label, metric, meta.get(i)[2], o.pairs(), geometricMean(PairedJob.side(pairs, 0, metric)),
                    geometricMean(PairedJob.side(pairs, 1, metric)), o.slowdown(), o.row().threshold(), o.detectable(),
                    o.row().bimodal(), o.pHolm(), look, o.verdict(), o.reason()));
        }
        return out;
    }

    /** The allocation rows of every label measured with {@code -prof gc}. */
    static List<Row> allocation(Map<String, List<ForkValues[]>> values, GateThresholds thresholds) {
        List<Row> out = new ArrayList<>();
        for (Map.Entry<String, List<ForkValues[]>> e : values.entrySet()) {
            List<ForkValues[]> pairs = e.getValue();
            if (pairs.isEmpty() || Double.isNaN(pairs.get(0)[0].allocation())) {
                continue;
            }
            List<Double> a = PairedJob.side(pairs, 0, ALLOCATION);
            List<Double> b = PairedJob.side(pairs, 1, ALLOCATION);
            double meanA = PairedDecision.mean(a);
            double meanB = PairedDecision.mean(b);
            double allowance = thresholds.forBenchmark(e.getKey(), e.getKey().split(" ")[0]).allocationAllowance(meanA);
            double grew = b.stream().mapToDouble(Double::doubleValue).min().orElse(0)
                    - a.stream().mapToDouble(Double::doubleValue).max().orElse(0);
            GateVerdict v = grew > allowance ? GateVerdict.REGRESSION : GateVerdict.PASS;
            String reason = v == GateVerdict.REGRESSION
                    ? String.format(java.util.Locale.ROOT, "every current fork allocates over %.1f B/op more than every baseline fork (allowance %.1f)", grew, allowance)
                    : String.format(java.util.Locale.ROOT, "within the allowance of %.1f B/op", allowance);
            out.add(new Row(e.getKey(), ALLOCATION, "B/op", pairs.size(), meanA, meanB,
                    meanA == 0 ? (meanB == 0 ? 0 : Double.POSITIVE_INFINITY) : meanB / meanA - 1, allowance, Double.NaN,
                    false, Double.NaN, 0, v, reason));
        }
        return out;
    }

    /** Labels with an undecided (INCONCLUSIVE) time or CPU row. */
    static List<String> undecided(List<Row> rows) {
        return rows.stream().filter(r -> r.verdict() == GateVerdict.INCONCLUSIVE).map(Row::label).distinct()
                .collect(Collectors.toList());
    }

    static double geometricMean(List<Double> values) {
        return Math.exp(values.stream().mapToDouble(Math::log).average().orElse(Double.NaN));
    }
}
