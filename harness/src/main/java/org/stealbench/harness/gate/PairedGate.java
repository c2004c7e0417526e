package org.stealbench.harness.gate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.stealbench.harness.gate.PairedJob.ForkValues;
import org.stealbench.harness.stats.GeometricMean;
import org.stealbench.harness.stats.Modes;

/**
 * Turns a paired job's fork values into rows with verdicts: time (the score), CPU time per
 * operation and allocation per operation, all through {@link PairedDecision} in one Holm family
 * (allocation on offset ratios, see {@link #allocationLogRatios}). Pure functions of the values and
 * thresholds.
 */
final class PairedGate {

    static final String TIME = "time";
    static final String CPU = "cpu";
    static final String ALLOCATION = "allocation";

    private PairedGate() {
    }

    /**
     * One row of the report, for a {@code Class.method p=v ...} label and a metric ({@link #TIME},
     * {@link #CPU} or {@link #ALLOCATION}).
     *
     * @param a          the baseline's typical value in {@code unit} (geometric mean of forks;
     *                   arithmetic for allocation), {@code b} the current's
     * @param slowdown   the estimated change, a fraction (+0.10 = 10% slower or more allocation)
     * @param threshold  the practical threshold (a fraction; B/op for allocation)
     * @param detectable the smallest slowdown this run could have detected (NaN for allocation)
     * @param p          Holm-adjusted one-sided p-value (NaN for allocation)
     * @param look       the look that decided the row
     */
    record Row(String label, String metric, String unit, int pairs, double a, double b, double slowdown,
               double threshold, double detectable, boolean bimodal, double p, int look, GateVerdict verdict,
               String reason) {
    }

    /**
     * Gives the undecided rows {@code pairs} pairs each for look {@code look} (1-based), or declines
     * (budget spent, or a saved job's pairs end): false ends the job at the previous look's verdicts.
     */
    interface MorePairs {
        boolean run(List<String> undecided, int pairs, int look) throws GateException, InterruptedException;
    }

    /**
     * The whole job's decision: look 1 on every row's first {@code looks[0]} pairs; at each later
     * look the rows still undecided get {@code more} pairs, up to {@code looks[k]}, and are judged
     * again on all their pairs, each look at {@code alpha / looks.size()}. Used by the live job and
     * to judge a saved job again ({@link #saved}).
     */
    static List<Row> decide(Map<String, List<ForkValues[]>> values, List<String> labels, GateThresholds thresholds,
                            double alpha, List<Integer> looks, int family, MorePairs more)
            throws GateException, InterruptedException {
        List<Row> decided = new ArrayList<>(judge(firstPairs(values, labels, looks.get(0)), labels, thresholds,
                alpha, 1, looks.size(), family));
        for (int look = 2; look <= looks.size(); look++) {
            List<String> undecided = undecided(decided);
            int pairs = looks.get(look - 1);
            if (undecided.isEmpty() || !more.run(undecided, pairs, look)) {
                break;
            }
            decided.removeIf(r -> undecided.contains(r.label()));
            decided.addAll(judge(firstPairs(values, undecided, pairs), undecided, thresholds, alpha, look, looks.size(),
                    family));
        }
        return decided;
    }

    /** The first {@code n} pairs (or all, if fewer) of each of {@code labels}. */
    private static Map<String, List<ForkValues[]>> firstPairs(Map<String, List<ForkValues[]>> values,
                                                               List<String> labels, int n) {
        Map<String, List<ForkValues[]>> out = new LinkedHashMap<>();
        labels.forEach(l -> out.put(l, values.get(l).subList(0, Math.min(n, values.get(l).size()))));
        return out;
    }

    /**
     * A saved job's {@link MorePairs}: a look happens again only when the saved pairs go past the
     * previous look's count for every undecided row (the live job ran it, or its budget stopped it).
     */
    static MorePairs saved(Map<String, List<ForkValues[]>> values, List<Integer> looks) {
        return (undecided, pairs, look) -> undecided.stream()
                .allMatch(l -> values.get(l).size() > looks.get(look - 2));
    }

    /**
     * The time, CPU and allocation rows of these labels at one look, judged in a Holm family of at
     * least {@code family} rows ({@link GateSubset#family()}; 0: the rows judged).
     */
    static List<Row> judge(Map<String, List<ForkValues[]>> values, Collection<String> labels, GateThresholds thresholds,
                           double alpha, int look, int looks, int family) {
        List<PairedDecision.Row> rows = new ArrayList<>();
        List<String[]> meta = new ArrayList<>();
        for (String label : labels) {
            List<ForkValues[]> pairs = values.get(label);
            Threshold t = thresholds.forBenchmark(label, GateSubset.Entry.benchmarkOf(label));
            rows.add(new PairedDecision.Row(label + " [time]", PairedJob.timeLogRatios(pairs), t.time(),
                    bimodal(pairs, TIME)));
            meta.add(new String[]{label, TIME, pairs.get(0)[0].unit()});
            if (!Double.isNaN(pairs.get(0)[0].cpu())) {
                rows.add(new PairedDecision.Row(label + " [cpu]", PairedJob.cpuLogRatios(pairs), t.cpu(),
                        bimodal(pairs, CPU)));
                meta.add(new String[]{label, CPU, "ns/op"});
            }
            if (!Double.isNaN(pairs.get(0)[0].allocation())) {
                double offset = Math.max(1, t.allocationBytes());
                rows.add(new PairedDecision.Row(label + " [allocation]", allocationLogRatios(pairs, offset),
                        t.allocationFraction(), false));
                meta.add(new String[]{label, ALLOCATION, "B/op"});
            }
        }
        List<PairedDecision.Outcome> outcomes = PairedDecision.decide(rows, alpha, look, looks, family);
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < outcomes.size(); i++) {
            PairedDecision.Outcome o = outcomes.get(i);
            String label = meta.get(i)[0];
            String metric = meta.get(i)[1];
            List<ForkValues[]> pairs = values.get(label);
            boolean alloc = ALLOCATION.equals(metric);
            List<Double> a = PairedJob.side(pairs, 0, metric);
            List<Double> b = PairedJob.side(pairs, 1, metric);
            double meanA = alloc ? PairedDecision.mean(a) : GeometricMean.point(a);
            double meanB = alloc ? PairedDecision.mean(b) : GeometricMean.point(b);
            out.add(new Row(label, metric, meta.get(i)[2], o.pairs(), meanA, meanB, o.slowdown(), o.row().threshold(),
                    o.detectable(), o.row().bimodal(), o.pHolm(), look, o.verdict(),
                    alloc ? o.reason().replace("slower", "more allocation").replace("faster", "less allocation") : o.reason()));
        }
        return out;
    }

    /** Whether either side's fork values of a metric fall into two clusters. */
    private static boolean bimodal(List<ForkValues[]> pairs, String metric) {
        return Modes.of(PairedJob.side(pairs, 0, metric), PairedDecision.BIMODAL_FORKS).bimodal()
                || Modes.of(PairedJob.side(pairs, 1, metric), PairedDecision.BIMODAL_FORKS).bimodal();
    }

    /**
     * {@code log((B + offset) / (A + offset))} of every pair's allocation per op: the offset (the
     * thresholds' {@code allocationBytes}, at least 1 B) keeps a benchmark that allocates nothing
     * finite and damps JMH's few bytes of its own per iteration, so allocation is tested like time,
     * in the same Holm family, instead of by a rule whose false-alarm rate nobody controls.
     */
    static List<Double> allocationLogRatios(List<ForkValues[]> pairs, double offset) {
        return pairs.stream().map(p -> Math.log((p[1].allocation() + offset) / (p[0].allocation() + offset))).toList();
    }

    /** Labels with an undecided (INCONCLUSIVE) time or CPU row. */
    static List<String> undecided(List<Row> rows) {
        return rows.stream().filter(r -> r.verdict() == GateVerdict.INCONCLUSIVE).map(Row::label).distinct()
                .collect(Collectors.toList());
    }
}
