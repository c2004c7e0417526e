package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.run.BenchmarkCatalog;
import org.stealbench.harness.run.Experiment;
import org.stealbench.harness.stats.GeometricMean;

/**
 * What the run engine's steady-state rule found in each fork (recorded per fork in the rounds
 * file), for the summary. Steady-state experiments: the forks that never became steady are listed,
 * an answer whose contender has no steady fork at all says "not steady" instead of ranking, and one
 * that rests on some unsettled forks ranks and names them. Cold-start experiments ({@link
 * Experiment#coldStart()}), where every shot counts and settling is what is measured: the answer
 * says "from a cold start" and gives each contender's time for its first shots and, per round,
 * the shots it took to settle.
 *
 * @param totals per shape key and contender, the geometric mean over forks of each fork's total time (cold start)
 */
record ForkSteadiness(List<Fork> judged, Map<String, Double> totals) {

    /**
     * One judged fork of a shape.
     *
     * @param shapeKey   the shape's key without a measure ({@link SummarySection.Shape#key()}'s prefix)
     * @param round      0-based round
     */
    record Fork(String experiment, String shapeKey, String contender, int round, RoundsFile.Steadiness steadiness) {

        /** E.g. {@code ws-chase-lev round 2 (12 iterations)}. */
        String text() {
            return contender + " round " + (round + 1) + " (" + steadiness.iterations() + " iterations)";
        }
    }

    /** Every judged fork of the run's interleaved experiments, in the order they ran. */
    static ForkSteadiness of(RunView run) {
        List<Fork> judged = new ArrayList<>();
        Map<String, Double> totals = new LinkedHashMap<>();
        for (Map.Entry<String, List<JmhResult>> e : run.data().experiments().entrySet()) {
            String param = ExperimentSection.contenderParam(e.getValue());
            RoundsFile rounds = run.rounds(e.getKey());
            if (param == null || rounds == null) {
                continue;
            }
            for (RoundsFile.Fork f : rounds.forks()) {
                if (f.steady() != null) {
                    judged.add(new Fork(e.getKey(), SummarySection.shapeKey(e.getKey(), f.benchmark(), f.params(), param),
                            f.params().get(param), f.round(), f.steady()));
                }
            }
            if (coldStart(e.getKey())) {
                for (JmhResult r : e.getValue()) {
                    List<Double> forkTotals = r.primary().rawData().stream().filter(row -> !row.isEmpty())
                            .map(row -> row.stream().mapToDouble(Double::doubleValue).sum()).toList();
                    if (!forkTotals.isEmpty()) {
                        totals.put(SummarySection.shapeKey(e.getKey(), r.benchmark(), BenchmarkCatalog.completeParams(r), param) + " "
                                + r.param(param), GeometricMean.of(forkTotals, 0.95).value());
                    }
                }
            }
        }
        return new ForkSteadiness(judged, totals);
    }

    /** The judged forks of steady-state (not cold-start) experiments. */
    List<Fork> steadyState() {
        return judged.stream().filter(f -> !coldStart(f.experiment())).toList();
    }

    /** The forks of steady-state experiments that never settled. */
    List<Fork> unsettled() {
        return steadyState().stream().filter(f -> !f.steadiness().steady()).toList();
    }

    static boolean coldStart(String experiment) {
        return Arrays.stream(Experiment.values()).anyMatch(e -> e.id().equals(experiment) && e.coldStart());
    }

    private List<Fork> of(SummarySection.Shape s) {
        return judged.stream().filter(f -> s.key().equals(f.shapeKey()) || s.key().startsWith(f.shapeKey() + " by "))
                .toList();
    }

    /** The ranked contenders of the shape none of whose forks settled. */
    List<String> neverSteady(SummarySection.Shape s) {
        Map<String, Boolean> anySteady = new LinkedHashMap<>();
        of(s).forEach(f -> anySteady.merge(f.contender(), f.steadiness().steady(), Boolean::logicalOr));
        return s.ranked().stream().map(SummarySection.Entry::contender)
                .filter(c -> Boolean.FALSE.equals(anySteady.get(c))).toList();
    }

    /** The answer to show for a shape, as the class says. */
    String answer(SummarySection.Shape s, String answer) {
        if (coldStart(s.experiment())) {
            return coldStartAnswer(s, answer);
        }
        List<Fork> unsettled = of(s).stream().filter(f -> !f.steadiness().steady()).toList();
        if (unsettled.isEmpty()) {
            return answer;
        }
        List<String> never = neverSteady(s);
        String forks = String.join(", ", unsettled.stream().map(Fork::text).toList());
        if (!never.isEmpty()) {
            return s.label() + ": not steady (" + String.join(", ", never) + " never settled: " + forks
                    + "): no ranking; give the forks more iterations (-i)";
        }
        return answer + " [rests on " + unsettled.size() + " unsettled fork" + (unsettled.size() == 1 ? "" : "s")
                + ": " + forks + "]";
    }

    /**
     * E.g. {@code from a cold start, on 2 cores, cold-start-fib: jdk-fjp; ws-chase-lev costs 2x [first 20
     * shots in all: jdk-fjp 236 ms, ws-chase-lev 469 ms; shots until steady by round: jdk-fjp 4/6/5,
     * ws-chase-lev 12/never/9]}: a total is the geometric mean over rounds of each fork's sum of its shots.
     */
    private String coldStartAnswer(SummarySection.Shape s, String answer) {
        List<Fork> forks = of(s);
        StringBuilder b = new StringBuilder("from a cold start, ").append(answer);
        if (forks.isEmpty()) {
            return b.toString();
        }
        int shots = forks.get(0).steadiness().iterations();
        List<String> totals = new ArrayList<>();
        List<String> settling = new ArrayList<>();
        for (SummarySection.Entry e : s.entries()) {
            Double total = this.totals.get(forks.get(0).shapeKey() + " " + e.contender());
            totals.add(e.contender() + " " + (total == null ? "\u2013" : NumberText.num(total) + " "
                    + s.unit().replace("/op", "")));
            settling.add(e.contender() + " " + String.join("/", forks.stream().filter(f -> f.contender().equals(e.contender()))
                    .sorted(java.util.Comparator.comparingInt(Fork::round))
                    .map(f -> f.steadiness().steady() ? Integer.toString(f.steadiness().discarded()) : "never").toList()));
        }
        return b.append(" [first ").append(shots).append(" shots in all: ").append(String.join(", ", totals))
                .append("; shots until steady by round: ").append(String.join(", ", settling)).append("]").toString();
    }

    /** Whether the shape's answer rests on an unsettled fork (never for a cold start, which measures settling). */
    boolean affects(SummarySection.Shape s) {
        return !coldStart(s.experiment()) && of(s).stream().anyMatch(f -> !f.steadiness().steady());
    }

    /** The list of unsettled forks, "none" when every judged fork settled; null when no fork was judged. */
    Html.Block block() {
        List<Fork> unsettled = unsettled();
        List<Fork> steadyState = steadyState();
        if (steadyState.isEmpty()) {
            return null;
        }
        long discarded = steadyState.stream().filter(f -> f.steadiness().steady() && f.steadiness().discarded() > 0).count();
        String counts = steadyState.size() + " forks judged; " + discarded + " discarded a warm-up before their steady segment";
        if (unsettled.isEmpty()) {
            return Html.Block.paragraph("Unsettled forks: none (" + counts + ").");
        }
        Html.TableBuilder t = new Html.TableBuilder("summary-unsettled", "Unsettled forks: " + unsettled.size()
                + " of " + steadyState.size() + " never became steady (" + counts + ")");
        t.header("experiment", "shape", "contender", "round", "iterations", "kept (the last)");
        for (Fork f : unsettled) {
            String benchmark = f.shapeKey().substring(f.shapeKey().indexOf(':') + 1, f.shapeKey().indexOf('{'));
            String params = f.shapeKey().substring(f.shapeKey().indexOf('{') + 1, f.shapeKey().length() - 1);
            t.row(List.of(Html.Cell.text(f.experiment()),
                    Html.Cell.text(benchmark.substring(benchmark.lastIndexOf('.') + 1) + " (" + params + ")"),
                    Html.Cell.text(f.contender()), Cells.number(f.round() + 1),
                    Cells.number(f.steadiness().iterations()),
                    Cells.number(f.steadiness().iterations() - f.steadiness().discarded())));
        }
        t.note("A fork is steady when its measured iterations end in a segment of at "
                + "least the profile's measured count with no shift and no trend; an unsettled fork's last "
                + "iterations are kept, and the answers resting on it say so (docs/running.md).");
        return Html.Block.table(t.build());
    }
}
