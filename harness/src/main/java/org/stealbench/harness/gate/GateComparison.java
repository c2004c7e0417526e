package org.stealbench.harness.gate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.stats.LogRatios;
import org.stealbench.harness.stats.RatioEstimate;

/**
 * The gate's decision, a pure function of two result lists and the settings.
 *
 * <p>Statistics. Forks are the unit of replication (iterations inside one fork share its JIT
 * decisions and memory layout, so they are correlated): each side of a benchmark is the list of its
 * fork means. The time ratio (current cost / baseline cost; the inverse score ratio for throughput
 * units) is a ratio of geometric means with a Welch t interval on the log fork means
 * ({@link LogRatios}); the intervals are Bonferroni-corrected, each at
 * {@code 1 - (1 - confidence) / k} over the {@code k} benchmarks compared, so the family's chance of
 * any false call stays within {@code 1 - confidence}. A regression is called only when the whole
 * interval lies above {@code 1 + threshold}: statistical significance alone is not enough, since
 * run-to-run shifts of a shared machine are real differences that a practical threshold must absorb.
 * The interval reaching past the threshold (an error as wide as the threshold) is INCONCLUSIVE, as
 * are too few forks and mismatched modes or units.
 *
 * <p>CPU time per operation ({@code cpu.time.norm}, where both sides measured it) is judged the
 * same way with its own threshold: on a shared machine wall time swells with every other process
 * on the cores and CPU time far less, so it can call a regression that wall time cannot decide.
 * Its rows join the same Bonferroni family.
 *
 * <p>Normalization divides every time ratio by the time ratio of a reference benchmark measured in
 * the same runs, as a contrast of four log means, so a uniformly slower machine cancels out.
 *
 * <p>Allocation ({@code gc.alloc.rate.norm}) is nearly deterministic, so it is gated without an
 * interval: a regression when the lowest current fork exceeds the highest baseline fork by more
 * than the larger of {@code allocationBytes} and {@code allocationFraction} of the baseline.
 */
public final class GateComparison {

    /** The secondary metric of JMH's {@code -prof gc} that the allocation gate reads. */
    public static final String ALLOCATION = Metric.ALLOCATION_NORM;
    /** A time row's metric: the benchmark's score (its primary metric). */
    public static final String TIME = "time";
    /** A time row's metric: CPU time per operation, {@code cpu.time.norm} from CpuTimeProfiler. */
    public static final String CPU = "cpu";
    /** The secondary metric that {@link #CPU} rows read. */
    public static final String CPU_METRIC = Metric.CPU_TIME_NORM;

    private GateComparison() {
    }

    /** {@code param=value ...} sorted by name. */
    public static String params(JmhResult r) {
        return r.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    /** {@code Class.method param=value ...}: what thresholds and --normalize match. */
    public static String label(JmhResult r) {
        String p = params(r);
        return p.isEmpty() ? r.shortName() : r.shortName() + " " + p;
    }

    private record Pair(JmhResult baseline, JmhResult current) {
    }

    /**
     * Compares the current results against the baseline.
     *
     * @throws GateException if a benchmark appears twice on one side, or the normalization
     *                       reference is missing, ambiguous or has too few forks
     */
    public static GateReport compare(String baselineName, List<JmhResult> baseline, String currentName,
                                     List<JmhResult> current, GateSettings settings) throws GateException {
        Map<String, JmhResult> base = index(baselineName, baseline);
        Map<String, JmhResult> cur = index(currentName, current);

        List<Pair> pairs = new ArrayList<>();
        Map<String, JmhResult> baseByKey = new LinkedHashMap<>();
        base.forEach((k, r) -> {
            if (cur.containsKey(k)) {
                pairs.add(new Pair(r, cur.get(k)));
            } else {
                baseByKey.put(r.key(), r);
            }
        });
        List<String> added = new ArrayList<>();
        for (Map.Entry<String, JmhResult> e : cur.entrySet()) {
            if (base.containsKey(e.getKey())) {
                continue;
            }
            JmhResult other = baseByKey.remove(e.getValue().key());
            if (other != null) {
                pairs.add(new Pair(other, e.getValue()));
            } else {
                added.add(label(e.getValue()));
            }
        }
        List<String> removed = baseByKey.values().stream().map(GateComparison::label).sorted().toList();
        added.sort(null);
        pairs.sort(Comparator.comparing(p -> label(p.baseline())));

        Pair reference = reference(settings, pairs);
        List<String> notes = new ArrayList<>();
        RatioEstimate referenceSlowdown = null;
        if (reference != null) {
            referenceSlowdown = slowdown(reference, TIME, null, settings.confidence());
            notes.add("normalized by " + label(reference.baseline()) + ": every time ratio is divided by its "
                    + "own time ratio, " + ratio(referenceSlowdown)
                    + (structuralProblem(reference, CPU, settings.minForks()) == null
                    ? ", and every cpu ratio by its own cpu ratio" : "; cpu ratios are not normalized"));
        }

        int comparisons = 0;
        for (Pair p : pairs) {
            for (String metric : List.of(TIME, CPU)) {
                if (p != reference && metric(p.baseline(), metric) != null && metric(p.current(), metric) != null
                        && structuralProblem(p, metric, settings.minForks()) == null) {
                    comparisons++;
                }
            }
        }
        double level = LogRatios.bonferroni(settings.confidence(), comparisons);

        List<TimeRow> time = new ArrayList<>();
        List<AllocationRow> allocation = new ArrayList<>();
        for (Pair p : pairs) {
            Threshold threshold = settings.thresholds().forBenchmark(label(p.current()), p.current().shortName());
            if (p != reference) {
                time.add(timeRow(p, TIME, reference, threshold, settings.minForks(), level, comparisons));
                if (metric(p.baseline(), CPU) != null && metric(p.current(), CPU) != null) {
                    Pair cpuReference = reference != null
                            && structuralProblem(reference, CPU, settings.minForks()) == null ? reference : null;
                    time.add(timeRow(p, CPU, cpuReference, threshold, settings.minForks(), level, comparisons));
                }
            }
            AllocationRow a = allocationRow(p, threshold);
            if (a != null) {
                allocation.add(a);
            } else if (p.baseline().secondary().containsKey(ALLOCATION)
                    != p.current().secondary().containsKey(ALLOCATION)) {
                notes.add("allocation of " + label(p.current()) + " was measured on one side only (-prof gc)");
            }
        }
        return new GateReport(baselineName, currentName, settings, comparisons, level,
                reference == null ? null : label(reference.baseline()), referenceSlowdown, time, allocation,
                added, removed, notes);
    }

    /** The metric a time row of kind {@code metric} reads, or null if the result lacks it (with data). */
    static Metric metric(JmhResult r, String metric) {
        if (TIME.equals(metric)) {
            return r.primary();
        }
        Metric m = r.secondary().get(CPU_METRIC);
        return m == null || m.forks() == 0 ? null : m;
    }

    private static Map<String, JmhResult> index(String name, List<JmhResult> results) throws GateException {
        Map<String, JmhResult> byKey = new TreeMap<>();
        for (JmhResult r : results) {
            String k = r.key() + " [" + r.mode() + "]";
            if (byKey.put(k, r) != null) {
                throw new GateException(name + ": " + label(r) + " (mode " + r.mode()
                        + ") appears twice; give one result per benchmark and parameters");
            }
        }
        return byKey;
    }

    private static Pair reference(GateSettings settings, List<Pair> pairs) throws GateException {
        if (settings.normalize() == null) {
            return null;
        }
        Pattern glob = GateThresholds.glob(settings.normalize());
        List<Pair> matches = pairs.stream().filter(p -> glob.matcher(label(p.baseline())).matches()
                || glob.matcher(p.baseline().shortName()).matches()).toList();
        if (matches.size() != 1) {
            throw new GateException("--normalize '" + settings.normalize() + "' must match exactly one benchmark "
                    + "present in both runs (labels look like 'DequeOpsBenchmark.pushPop depth=0 queue=jdk-cld'); "
                    + (matches.isEmpty() ? "it matches none" : "it matches " + matches.size() + ": "
                    + matches.stream().map(p -> label(p.baseline())).collect(Collectors.joining(", "))));
        }
        Pair ref = matches.get(0);
        String problem = structuralProblem(ref, TIME, settings.minForks());
        if (problem != null) {
            throw new GateException("--normalize: the reference " + label(ref.baseline()) + " cannot be used: "
                    + problem);
        }
        return ref;
    }

    /** Why a pair cannot get an interval for the metric, or null if it can. */
    private static String structuralProblem(Pair p, String metric, int minForks) {
        Metric b = metric(p.baseline(), metric);
        Metric c = metric(p.current(), metric);
        if (b == null || c == null) {
            return "not measured on both sides";
        }
        if (!p.baseline().mode().equals(p.current().mode())) {
            return "different modes: " + p.baseline().mode() + " vs " + p.current().mode();
        }
        if (!b.unit().equals(c.unit())) {
            return "different units: " + b.unit() + " vs " + c.unit();
        }
        if (b.forks() < minForks || c.forks() < minForks) {
            return "too few forks: " + b.forks() + " vs " + c.forks() + " (at least " + minForks + " each)";
        }
        if (!positive(b.forkMeans()) || !positive(c.forkMeans())) {
            return "a fork's mean is not a positive number";
        }
        return null;
    }

    private static boolean positive(List<Double> values) {
        return values.stream().allMatch(v -> v > 0 && Double.isFinite(v));
    }

    /** The time ratio of a pair's metric (normalized by the reference's if given) at the given confidence. */
    private static RatioEstimate slowdown(Pair p, String metric, Pair reference, double confidence) {
        List<LogRatios.Term> terms = new ArrayList<>(costTerms(p, metric, 1));
        if (reference != null) {
            terms.addAll(costTerms(reference, metric, -1));
        }
        return LogRatios.contrast(terms, confidence);
    }

    /** Terms whose contrast is log(current cost / baseline cost), times {@code sign}. */
    private static List<LogRatios.Term> costTerms(Pair p, String metric, int sign) {
        Metric b = metric(p.baseline(), metric);
        Metric c = metric(p.current(), metric);
        int direction = c.higherIsBetter() ? -1 : 1;
        return List.of(new LogRatios.Term(c.forkMeans(), sign * direction),
                new LogRatios.Term(b.forkMeans(), -sign * direction));
    }

    private static TimeRow timeRow(Pair p, String metric, Pair reference, Threshold threshold, int minForks,
                                   double level, int comparisons) {
        Metric b = metric(p.baseline(), metric);
        Metric c = metric(p.current(), metric);
        String mode = p.baseline().mode().equals(p.current().mode())
                ? p.baseline().mode() : p.baseline().mode() + "/" + p.current().mode();
        String unit = b.unit().equals(c.unit()) ? b.unit() : b.unit() + " vs " + c.unit();
        String problem = structuralProblem(p, metric, minForks);
        if (problem != null) {
            return new TimeRow(p.current().benchmark(), label(p.current()), p.current().shortName(),
                    params(p.current()), metric, mode, unit, b.forks(), c.forks(), geometricMean(b.forkMeans()),
                    geometricMean(c.forkMeans()), null, Double.NaN, threshold, GateVerdict.INCONCLUSIVE, problem);
        }
        RatioEstimate s = slowdown(p, metric, reference, level);
        double limit = 1 + threshold.forMetric(metric);
        GateVerdict verdict;
        String reason;
        if (s.low() > limit) {
            verdict = GateVerdict.REGRESSION;
            reason = "slower: the whole interval is above " + fixed(limit);
        } else if (s.high() < 1 / limit) {
            verdict = GateVerdict.IMPROVEMENT;
            reason = "faster: the whole interval is below " + fixed(1 / limit);
        } else if (s.high() <= limit) {
            verdict = GateVerdict.PASS;
            reason = "within " + fixed(limit);
        } else {
            verdict = GateVerdict.INCONCLUSIVE;
            reason = "the interval reaches past " + fixed(limit)
                    + (s.high() / s.low() > limit ? " (error wider than the threshold)" : "");
        }
        return new TimeRow(p.current().benchmark(), label(p.current()), p.current().shortName(),
                params(p.current()), metric, mode, unit, b.forks(), c.forks(), geometricMean(b.forkMeans()),
                geometricMean(c.forkMeans()), s, Math.min(1, s.pValue() * Math.max(1, comparisons)), threshold,
                verdict, reason);
    }

    private static AllocationRow allocationRow(Pair p, Threshold threshold) {
        Metric b = p.baseline().secondary().get(ALLOCATION);
        Metric c = p.current().secondary().get(ALLOCATION);
        if (b == null || c == null || b.forks() == 0 || c.forks() == 0) {
            return null;
        }
        List<Double> bf = b.forkMeans();
        List<Double> cf = c.forkMeans();
        double baseline = PairedDecision.mean(bf);
        double current = PairedDecision.mean(cf);
        double allowance = threshold.allocationAllowance(baseline);
        String name = label(p.current());
        if (!b.unit().equals(c.unit())) {
            return new AllocationRow(name, p.current().shortName(), params(p.current()), b.unit() + " vs " + c.unit(),
                    b.forks(), c.forks(), baseline, current, allowance, threshold, GateVerdict.INCONCLUSIVE,
                    "different units");
        }
        double grewBy = min(cf) - max(bf);
        double shrankBy = min(bf) - max(cf);
        GateVerdict verdict;
        String reason;
        if (grewBy > allowance) {
            verdict = GateVerdict.REGRESSION;
            reason = "every current fork allocates at least " + fixed(grewBy) + " " + b.unit() + " more";
        } else if (shrankBy > allowance) {
            verdict = GateVerdict.IMPROVEMENT;
            reason = "every current fork allocates at least " + fixed(shrankBy) + " " + b.unit() + " less";
        } else {
            verdict = GateVerdict.PASS;
            reason = "within " + fixed(allowance) + " " + b.unit();
        }
        return new AllocationRow(name, p.current().shortName(), params(p.current()), b.unit(), b.forks(), c.forks(),
                baseline, current, allowance, threshold, verdict, reason);
    }

    static double geometricMean(List<Double> values) {
        if (!positive(values) || values.isEmpty()) {
            return PairedDecision.mean(values);
        }
        return Math.exp(values.stream().mapToDouble(Math::log).average().orElse(Double.NaN));
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    static String fixed(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : Math.abs(v) >= 10 ? "%.1f" : "%.2f", v);
    }

    static String ratio(RatioEstimate r) {
        return fixed(r.ratio()) + " [" + fixed(r.low()) + ", " + fixed(r.high()) + "]";
    }
}
