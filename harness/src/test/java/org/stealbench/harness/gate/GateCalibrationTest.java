package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stealbench.harness.gate.SyntheticJmh.bench;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.gate.SyntheticJmh.Bench;

/** The calibration analysis counts A/A false alarms and injected-slowdown detections correctly. */
@Tag("quick")
final class GateCalibrationTest {

    @TempDir
    Path dir;

    static Bench calibration(int workPercent, long seed) {
        return bench("GateCalibrationBenchmark.pushPopBatch").param("queue", "blocking")
                .param("workPercent", Integer.toString(workPercent)).center(1000 * workPercent / 100.0)
                .cpu(900 * workPercent / 100.0, 0.01).spread(0.01).seed(seed);
    }

    /** A round: the subset (one quiet benchmark) and the calibration at every work percentage. */
    void round(int index, double subsetCenter) {
        Path folder = dir.resolve(String.format("round-%03d", index));
        SyntheticJmh.runFolder(folder.resolve("20260101T000000Z-abc"), "17.0.15", "Debian",
                bench("DequeOpsBenchmark.pushPop").param("queue", "locked").center(subsetCenter).seed(index));
        SyntheticJmh.write(folder.resolve("jmh-gate-calibration.json"), calibration(100, 10L * index + 1),
                calibration(110, 10L * index + 2), calibration(125, 10L * index + 3),
                calibration(150, 10L * index + 4));
    }

    @Test
    void analyze_quietRounds_noFalseAlarmAndLargeSlowdownsCaught() throws Exception {
        round(0, 50);
        round(1, 50);
        round(2, 50);
        round(3, 50 * 3.0);
        List<GateCalibration.Round> rounds = GateCalibration.rounds(dir);
        assertEquals(4, rounds.size());

        GateSettings settings = new GateSettings(GateThresholds.builtIn().withTime(0.05).withCpu(0.05), 0.95, 3, null);
        GateCalibration.Tally t = GateCalibration.tally(rounds, settings);
        assertEquals(3, t.pairs);
        assertEquals(1, t.falseAlarms.get("time"), "only the pair into the 3x round alarms");
        assertEquals(0, t.falseAlarms.get("cpu"));
        assertEquals(3, t.detected.get("150 time"));
        assertEquals(3, t.detected.get("150 cpu"));
        assertEquals(3, t.detected.get("125 either"));
        assertTrue(t.nearestTime > 2.5, "the 3x round is the nearest A/A approach: " + t.nearestTime);

        String report = GateCalibration.analyze(rounds, GateThresholds.builtIn(), null);
        assertTrue(report.contains("4 rounds"), report);
        assertTrue(report.contains("injected +50%: caught in 3 of 3 pairs"), report);
        assertTrue(report.contains("150%: 1.50 / 1.4") || report.contains("150%: 1.50 / 1.5"), "work ratios: " + report);
    }

    @Test
    void rounds_incompleteRound_skipped() throws Exception {
        round(0, 50);
        round(1, 50);
        SyntheticJmh.write(dir.resolve("round-002/jmh-gate-calibration.json"), calibration(100, 1));
        assertEquals(2, GateCalibration.rounds(dir).size());
    }
}
