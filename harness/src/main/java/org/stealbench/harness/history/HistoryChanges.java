package org.stealbench.harness.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stealbench.harness.stats.LogRatios;
import org.stealbench.harness.stats.RatioEstimate;

/**
 * The change points of every series ({@link EDivisive} over its points' geometric means), each with
 * the commit range it lies in and its size: the ratio of the geometric means of the points after
 * and before it (up to the neighbouring change points), with a Welch t interval on the logarithms.
 * Changes of one chart at the same commit range are reported together, naming every contender
 * affected.
 */
public final class HistoryChanges {

    private HistoryChanges() {
    }

    /**
     * One contender's change between two runs: {@code ratio} is after over before (geometric means of
     * the points), in [{@code low}, {@code high}] at {@link HistorySeries#CONFIDENCE}; {@code pValue}
     * the permutation test's.
     */
    public record Change(String contender, HistoryRun lastBefore, HistoryRun firstAfter, double ratio, double low,
                         double high, double pValue) {
    }

    /** The changes of one chart at one commit range, one per contender affected. */
    public record Group(HistorySeries.Key key, HistoryRun lastBefore, HistoryRun firstAfter, List<Change> changes) {
    }

    /** The changes of every chart, grouped by chart and commit range. */
    public static List<Group> find(List<HistorySeries.Chart> charts, EDivisive method) {
        List<Group> out = new ArrayList<>();
        for (HistorySeries.Chart chart : charts) {
            Map<String, List<Change>> byRange = new LinkedHashMap<>();
            chart.series().forEach((contender, points) -> {
                double[] logs = points.stream().mapToDouble(p -> Math.log(p.mean().value())).toArray();
                List<EDivisive.ChangePoint> found = method.find(logs);
                for (int c = 0; c < found.size(); c++) {
                    int at = found.get(c).index();
                    int from = c == 0 ? 0 : found.get(c - 1).index();
                    int to = c + 1 < found.size() ? found.get(c + 1).index() : logs.length;
                    Change change = change(contender, points, from, at, to, found.get(c).pValue());
                    String range = change.lastBefore().runId() + "\0" + change.firstAfter().runId();
                    byRange.computeIfAbsent(range, r -> new ArrayList<>()).add(change);
                }
            });
            byRange.values().forEach(changes -> out.add(new Group(chart.key(), changes.get(0).lastBefore(),
                    changes.get(0).firstAfter(), changes)));
        }
        return out;
    }

    /** The change between {@code points[from, at)} and {@code points[at, to)}: the ratio of their geometric means. */
    private static Change change(String contender, List<HistorySeries.Point> points, int from, int at, int to,
                                 double p) {
        RatioEstimate r = LogRatios.ratio(means(points.subList(from, at)), means(points.subList(at, to)),
                HistorySeries.CONFIDENCE);
        return new Change(contender, points.get(at - 1).run(), points.get(at).run(), r.ratio(), r.low(), r.high(), p);
    }

    private static List<Double> means(List<HistorySeries.Point> points) {
        return points.stream().map(p -> p.mean().value()).toList();
    }
}
