package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.RoundsFile;

/**
 * The forks whose measured iterations never became steady (the run engine's steady-state rule,
 * recorded per fork in the rounds file), for the summary: the list of them, and what an answer
 * resting on them must say. An answer whose contender has no steady fork at all says "not steady"
 * instead of ranking; one that rests on some unsettled forks ranks and names them.
 */
final class UnsettledForks {

    /**
     * One judged fork of a shape.
     *
     * @param experiment the experiment id
     * @param shapeKey   the shape's key without a measure ({@link SummarySection.Shape#key()}'s prefix)
     * @param contender  the contender id
     * @param round      0-based round
     * @param steadiness what the rule found
     */
    record Fork(String experiment, String shapeKey, String contender, int round, RoundsFile.Steadiness steadiness) {

        /** E.g. {@code ws-chase-lev round 2 (12 iterations)}. */
        String text() {
            return contender + " round " + (round + 1) + " (" + steadiness.iterations() + " iterations)";
        }
    }

    private final List<Fork> judged;

    private UnsettledForks(List<Fork> judged) {
        this.judged = judged;
    }

    /** Every judged fork of the run's interleaved experiments, in the order they ran. */
    static UnsettledForks of(RunView run) {
        List<Fork> judged = new ArrayList<>();
        for (Map.Entry<String, List<JmhResult>> e : run.data().experiments().entrySet()) {
            String param = ExperimentSection.contenderParam(e.getValue());
            RoundsFile rounds = run.rounds(e.getKey());
            if (param == null || rounds == null) {
                continue;
            }
            for (RoundsFile.Fork f : rounds.forks()) {
                if (f.steady() != null) {
                    Map<String, String> rest = new TreeMap<>(f.params());
                    rest.remove(param);
                    judged.add(new Fork(e.getKey(), e.getKey() + ":" + f.benchmark() + rest, f.params().get(param),
                            f.round(), f.steady()));
                }
            }
        }
        return new UnsettledForks(judged);
    }

    /** How many forks the rule judged. */
    int judged() {
        return judged.size();
    }

    /** The forks that never settled. */
    List<Fork> unsettled() {
        return judged.stream().filter(f -> !f.steadiness().steady()).toList();
    }

    /** The judged forks of a shape. */
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

    /**
     * The answer to show for a shape: {@code answer} as it is when every fork settled; "not
     * steady" instead of the ranking when a ranked contender has no steady fork; else the
     * answer followed by the unsettled forks it rests on.
     */
    String answer(SummarySection.Shape s, String answer) {
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

    /** Whether the shape's answer rests on an unsettled fork. */
    boolean affects(SummarySection.Shape s) {
        return of(s).stream().anyMatch(f -> !f.steadiness().steady());
    }

    /**
     * The list of unsettled forks with what the rule found, "none" when every judged fork
     * settled; null when the run has no judged fork (not interleaved, or made before the rule).
     */
    Html.Block block() {
        if (judged.isEmpty()) {
            return null;
        }
        List<Fork> unsettled = unsettled();
        long discarded = judged.stream().filter(f -> f.steadiness().steady() && f.steadiness().discarded() > 0).count();
        String counts = judged.size() + " forks judged; " + discarded + " discarded a warm-up before their steady segment";
        if (unsettled.isEmpty()) {
            return Html.Block.paragraph("Unsettled forks: none (" + counts + ").");
        }
        Html.TableBuilder t = new Html.TableBuilder("summary-unsettled", "Unsettled forks: " + unsettled.size()
                + " of " + judged.size() + " never became steady (" + counts + ")");
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
