package org.stealbench.harness.report;

import java.util.List;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.results.Units;
import org.stealbench.harness.stats.GeometricMean;
import org.stealbench.harness.stats.LogRatios;
import org.stealbench.harness.stats.RatioEstimate;

/** Cells and values shared by the sections: a metric's mean with its interval, a ratio, a verdict. */
final class Cells {

    private Cells() {
    }

    /** The contender id of a result: its pool, queue or partitioner parameter. */
    static String contender(JmhResult r) {
        for (String p : List.of("pool", "queue", "partitioner")) {
            if (r.param(p) != null && !(p.equals("pool") && r.param("partitioner") != null)) {
                return r.param(p);
            }
        }
        return r.shortName();
    }

    /** The metric's summary over its samples, with the interval from its replicates. */
    static ReportStats.Summary summary(Metric m, double confidence) {
        return ReportStats.summarize(m.samples(), ReportStats.halfWidth(ReportStats.replicates(m), confidence));
    }

    /** Whether the interval is wider than the threshold's fraction of the mean. */
    static boolean wide(ReportStats.Summary s, ReportThresholds t) {
        return s.relativeHalfWidth() > t.wideErrorFraction();
    }

    /**
     * The geometric mean with its log-scale interval, {@code 53.6 [48.1, 59.7]}, highlighted when
     * wide. Samples with a 0 and none negative (idle CPU) give the arithmetic mean with its interval
     * cut at 0, {@code 13.2 [0, 53.7]} (a mean that cannot be negative is covered as often by the
     * cut interval); other samples with a value that is not positive give {@code mean ± half}.
     */
    static Html.Cell score(Metric m, ReportThresholds t) {
        List<Double> reps = ReportStats.replicates(m);
        if (reps.stream().allMatch(v -> v > 0 && !Double.isInfinite(v))) {
            GeometricMean g = GeometricMean.of(reps, t.confidence());
            Html.Cell c = geometric(g);
            if (g.spreadFactor() - 1 > t.wideErrorFraction()) {
                c = c.withClass("wide").withTitle("interval within a factor " + NumberText.num(g.spreadFactor())
                        + " of the geometric mean: wider than " + Math.round(100 * t.wideErrorFraction()) + "%");
            }
            return c;
        }
        ReportStats.Summary s = summary(m, t.confidence());
        boolean nonNegative = reps.stream().allMatch(v -> v >= 0 && !Double.isInfinite(v));
        String text = nonNegative && !Double.isNaN(s.halfWidth()) ? NumberText.num(s.mean()) + " ["
                + NumberText.num(Math.max(0, s.mean() - s.halfWidth())) + ", " + NumberText.num(s.mean() + s.halfWidth()) + "]"
                : NumberText.withError(s.mean(), s.halfWidth());
        Html.Cell c = Html.Cell.num(text, s.mean());
        if (wide(s, t)) {
            c = c.withClass("wide").withTitle("interval \u00b1" + Math.round(100 * s.relativeHalfWidth())
                    + "% of the mean: wider than " + Math.round(100 * t.wideErrorFraction()) + "%");
        }
        return c;
    }

    /** A geometric mean with its log-scale interval: {@code 53.6 [48.1, 59.7]}; no interval below two values. */
    static Html.Cell geometric(GeometricMean g) {
        String text = g.hasInterval() && g.low() < g.high() ? NumberText.num(g.value()) + " [" + NumberText.num(g.low()) + ", "
                + NumberText.num(g.high()) + "]" : NumberText.num(g.value());
        return Html.Cell.num(text, g.value());
    }

    /**
     * The items sorted, best first and stably, by the mean log of their metrics' replicates (the
     * geometric mean over a row's columns); items without a positive value last, in their order.
     */
    static <T> List<T> byScore(List<T> items, java.util.function.Function<T, List<Metric>> metrics) {
        java.util.Map<T, Double> key = new java.util.IdentityHashMap<>();
        for (T item : items) {
            double sum = 0;
            int n = 0;
            boolean higher = false;
            for (Metric m : metrics.apply(item)) {
                if (m == null) {
                    continue;
                }
                higher = m.higherIsBetter();
                for (double v : ReportStats.replicates(m)) {
                    if (v > 0 && !Double.isInfinite(v)) {
                        sum += Math.log(v);
                        n++;
                    }
                }
            }
            key.put(item, n == 0 ? Double.POSITIVE_INFINITY : higher ? -sum / n : sum / n);
        }
        return items.stream().sorted(java.util.Comparator.comparingDouble(key::get)).toList();
    }

    /** The geometric mean of a metric's replicates with its interval, or null when a value is not positive. */
    static GeometricMean geometricOrNull(Metric m, double confidence) {
        return geometricAbove(m, 0, confidence);
    }

    /**
     * The geometric mean with its interval of the metric's replicates plus {@code floor}, for a
     * measure that can be exactly 0 (as the summary ranks it); null when it cannot be formed.
     */
    static GeometricMean geometricAbove(Metric m, double floor, double confidence) {
        try {
            return GeometricMean.of(SummarySection.shifted(ReportStats.replicates(m), floor), confidence);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static Html.Cell number(double value) {
        return Html.Cell.num(NumberText.num(value), value);
    }

    /** The cell for a ratio {@code current / baseline} where lower is better. */
    static Html.Cell ratio(RatioEstimate r) {
        String cls = r.below(1) ? "good" : r.above(1) ? "bad" : "neutral";
        String title = r.below(1) ? "significantly lower than the baseline"
                : r.above(1) ? "significantly higher than the baseline" : "interval contains 1: no clear difference";
        return Html.Cell.num(NumberText.ratio(r), r.ratio()).withClass(cls).withTitle(title);
    }

    /** The ratio of two metrics' replicates, or null when either has fewer than two positive values. */
    static RatioEstimate ratio(Metric baseline, Metric current, double confidence) {
        try {
            return LogRatios.ratio(ReportStats.replicates(baseline), ReportStats.replicates(current), confidence);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A ratio cell, or an en dash with the reason when no ratio could be formed. */
    static Html.Cell ratioOrDash(RatioEstimate r) {
        return r == null ? dash().withTitle("fewer than two positive samples") : ratio(r);
    }

    /** The metric in another unit of its kind, e.g. us/op as ms/op (IllegalArgumentException for another kind). */
    static Metric inUnit(Metric m, String unit) {
        if (m.unit().equals(unit)) {
            return m;
        }
        List<List<Double>> raw = m.rawData().stream()
                .map(f -> f.stream().map(v -> Units.convert(v, m.unit(), unit)).toList()).toList();
        return new Metric(Units.convert(m.score(), m.unit(), unit), Math.abs(Units.convert(m.scoreError(), m.unit(), unit)),
                unit, raw);
    }

    /** A row per result: its contender, then each secondary metric of {@code counters}, or a dash. */
    static Html.Table counters(String id, String caption, List<String> headings, List<String> counters,
                               List<JmhResult> results, ReportContext ctx, String note) {
        return new Html.TableBuilder(id, caption).header("pool", headings).rows(results,
                r -> Correctness.nameCell(contender(r)), counters, (r, counter) -> r.secondary().get(counter) == null
                        ? dash() : score(r.secondary().get(counter), ctx.thresholds()), r -> "").note(note).build();
    }

    static Html.Cell dash() {
        return Html.Cell.text("\u2013");
    }
}
