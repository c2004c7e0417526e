package org.stealbench.harness.gate;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.stealbench.harness.stats.RatioEstimate;

/**
 * Everything the gate found: one row per benchmark on both sides (time, and allocation where both
 * sides measured it), the benchmarks on one side only, and notes (environment, normalization).
 *
 * @param baseline                what the baseline was read from
 * @param current                 what the current run was read from
 * @param settings                how the gate decided
 * @param comparisons             intervals in the Bonferroni family
 * @param perComparisonConfidence the confidence of each interval
 * @param reference               the normalization reference's label, or null
 * @param referenceSlowdown       the reference's own time ratio, or null
 * @param time                    one row per benchmark on both sides, by label
 * @param allocation              one row per benchmark whose allocation both sides measured
 * @param added                   labels of benchmarks in the current run only
 * @param removed                 labels of benchmarks in the baseline only
 * @param notes                   things the reader should know (environment differences, ...)
 */
public record GateReport(String baseline, String current, GateSettings settings, int comparisons,
                         double perComparisonConfidence, String reference, RatioEstimate referenceSlowdown,
                         List<TimeRow> time, List<AllocationRow> allocation, List<String> added,
                         List<String> removed, List<String> notes) {

    public GateReport {
        time = List.copyOf(time);
        allocation = List.copyOf(allocation);
        added = List.copyOf(added);
        removed = List.copyOf(removed);
        notes = List.copyOf(notes);
    }

    /** Rows per verdict, time and allocation together. */
    public Map<GateVerdict, Integer> counts() {
        Map<GateVerdict, Integer> counts = new EnumMap<>(GateVerdict.class);
        for (GateVerdict v : GateVerdict.values()) {
            counts.put(v, 0);
        }
        time.forEach(r -> counts.merge(r.verdict(), 1, Integer::sum));
        allocation.forEach(r -> counts.merge(r.verdict(), 1, Integer::sum));
        return counts;
    }

    /** 1 if any row is a REGRESSION; else 3 if {@code strict} and any row is INCONCLUSIVE; else 0. */
    public int exitCode(boolean strict) {
        Map<GateVerdict, Integer> counts = counts();
        if (counts.get(GateVerdict.REGRESSION) > 0) {
            return 1;
        }
        return strict && counts.get(GateVerdict.INCONCLUSIVE) > 0 ? 3 : 0;
    }

    /** One line: the outcome and the count of each verdict. */
    public String summary(boolean strict) {
        Map<GateVerdict, Integer> c = counts();
        String outcome = switch (exitCode(strict)) {
            case 1 -> "FAIL (regression)";
            case 3 -> "FAIL (inconclusive under --strict)";
            default -> "PASS";
        };
        List<String> parts = new ArrayList<>();
        for (GateVerdict v : GateVerdict.values()) {
            parts.add(c.get(v) + " " + v.name().toLowerCase(java.util.Locale.ROOT));
        }
        return "gate: " + outcome + ": " + String.join(", ", parts) + "; " + added.size() + " new, "
                + removed.size() + " removed";
    }
}
