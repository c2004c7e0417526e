package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Saved calibration jobs judged again: the tally, the measured cost, proposed thresholds; known truth. */
class CalibrationScoreTest {

    private static final String DEQUE = GateCalibrateCommand.MIRROR;
    private static final String POOL = GateSubset.Planted.SUBMIT.entry().label();
    private static final String CALIBRATION = "GateCalibrationBenchmark.pushPopBatch queue=chase-lev workPercent=100";

    @TempDir
    Path dir;

    /** {@code n} pairs around 100 ns, B costing {@code factor} times A, lognormal noise, drift on both sides. */
    private static List<PairedJob.ForkValues[]> pairs(Random r, int n, double factor, double noise) {
        List<PairedJob.ForkValues[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double drift = 1 + 0.3 * r.nextDouble();
            out.add(new PairedJob.ForkValues[]{
                new PairedJob.ForkValues(100 * drift * Math.exp(noise * r.nextGaussian()), "ns/op", Double.NaN, 0),
                new PairedJob.ForkValues(100 * factor * drift * Math.exp(noise * r.nextGaussian()), "ns/op", Double.NaN, 0)});
        }
        return out;
    }

    private void job(String name, int injected, int family, Map<String, List<PairedJob.ForkValues[]>> values) throws Exception {
        Path d = Files.createDirectories(dir.resolve("run").resolve(name));
        PairedJob.writePairs(d, new PairedJob.Saved(List.of(4, 8, 16), family, 0.05, injected, values));
    }

    private static GateThresholds thresholds() {
        return SyntheticJmh.thresholds(0.03, 0.03);
    }

    @Test
    void savedPairs_writeEachPairAThenB() throws Exception {
        job("job-000-aa", 100, 0, Map.of(DEQUE, List.<PairedJob.ForkValues[]>of(new PairedJob.ForkValues[]{
            new PairedJob.ForkValues(5.5, "ns/op", Double.NaN, Double.NaN),
            new PairedJob.ForkValues(6.5, "ns/op", Double.NaN, Double.NaN)})));
        String text = Files.readString(dir.resolve("run/job-000-aa/pairs.json")).replaceAll("\\s", "");
        assertTrue(text.contains("{\"a\":{\"time\":5.5,\"unit\":\"ns/op\"},\"b\":{\"time\":6.5,\"unit\":\"ns/op\"}}"), text);
    }

    @Test
    void savedPairs_olderFirstAndMaxPairsRead_damagedForkRefusedNamingTheFile() throws Exception {
        Path old = Files.writeString(dir.resolve("old.json"), """
                { "firstPairs" : 4, "maxPairs" : 8, "family" : 5, "alpha" : 0.01,
                  "rows" : { "X.y" : [ { "a" : { "time" : 2, "unit" : "ns/op" }, "b" : { "time" : 3, "unit" : "ns/op" } } ] } }
                """);
        assertEquals(List.of(4, 8), PairedJob.readPairs(old).looks());
        assertEquals(100, PairedJob.readPairs(old).injectedPercent());
        Path damaged = Files.writeString(dir.resolve("damaged.json"), Files.readString(old).replace("\"time\" : 3", "\"time\" : 0"));
        GateException e = org.junit.jupiter.api.Assertions.assertThrows(GateException.class,
                () -> PairedJob.readPairs(damaged));
        assertTrue(e.getMessage().contains("damaged.json") && e.getMessage().contains("positive time"), e.getMessage());
    }

    @Test
    void savedPairsReadBackAsWritten() throws Exception {
        Map<String, List<PairedJob.ForkValues[]>> values = new LinkedHashMap<>();
        values.put(DEQUE, List.<PairedJob.ForkValues[]>of(new PairedJob.ForkValues[]{
            new PairedJob.ForkValues(5.5, "ns/op", 5.4, 0.01),
            new PairedJob.ForkValues(0.2, "ops/ns", Double.NaN, Double.NaN)}));
        job("job-000-aa", 100, 0, values);
        PairedJob.Saved saved = PairedJob.readPairs(dir.resolve("run/job-000-aa/pairs.json"));
        assertEquals(List.of(4, 8, 16), saved.looks());
        PairedJob.ForkValues[] p = saved.values().get(DEQUE).get(0);
        assertEquals(5.4, p[0].cpu());
        assertEquals(0.01, p[0].allocation());
        assertEquals("ops/ns", p[1].unit());
        assertTrue(Double.isNaN(p[1].cpu()) && Double.isNaN(p[1].allocation()));
    }

    @Test
    void tallyCountsFalseAlarmsDetectionsFailuresAndTheMeasuredCost() throws Exception {
        Random r = new Random(7);
        for (int j = 0; j < 6; j++) {
            job(String.format("job-%03d-aa", j), 100, 0, Map.of(DEQUE, pairs(r, 8, 1.0, 0.01), POOL, pairs(r, 8, 1.0, 0.3)));
        }
        for (int j = 6; j < 10; j++) {
            job(String.format("job-%03d-slow125", j), 125, 15, Map.of(CALIBRATION, pairs(r, 8, 1.25, 0.01)));
        }
        Files.createDirectories(dir.resolve("run/job-010-aa"));
        List<CalibrationScore.Job> jobs = CalibrationScore.load(List.of(dir.resolve("run")), thresholds());
        String table = CalibrationScore.table(jobs, "test", false);
        assertTrue(table.contains("| A/A (one jar on both sides, the gate's subset) | 7 | 0 |"), table);
        assertTrue(table.contains("| 1 | false alarms at most"), table);
        assertTrue(table.contains("| injected +25% work | 4 | 4 | 0 | 0 | 0 | caught in at least 47.3% of jobs | +25."), table);
        assertTrue(table.contains("run/job-010-aa: FAILED"), table);
    }

    @Test
    void plantedPoolSlowdowns_areKindsOfTheirOwn_inFoldersAndSummaries() throws Exception {
        String fork = GateSubset.Planted.FORK.entry().label();
        String submit = GateSubset.Planted.SUBMIT.entry().label();
        Random r = new Random(11);
        job("job-000-aa", 100, 0, Map.of(fork, pairs(r, 8, 1.0, 0.01), submit, pairs(r, 8, 1.0, 0.01)));
        for (int j = 1; j <= 3; j++) {
            job(String.format("job-%03d-fork110", j), 110, 15, Map.of(fork, pairs(r, 16, 1.10, 0.01)));
        }
        job("job-004-submit110", 110, 15, Map.of(submit, pairs(r, 16, 1.0, 0.01)));
        job("job-005-slow110", 110, 15, Map.of(CALIBRATION, pairs(r, 16, 1.10, 0.01)));
        List<CalibrationScore.Job> jobs = CalibrationScore.load(List.of(dir.resolve("run")), thresholds());
        String table = CalibrationScore.table(jobs, "test", false);
        assertTrue(table.contains("| injected +10% work | 1 | 1 |"), table);
        assertTrue(table.contains("| planted +10% on the fork path | 3 | 3 | 0 | 0 | 0 |"), table);
        assertTrue(table.contains("| planted +10% on the submit path | 1 | 0 |"), "B did not do more: " + table);
        assertTrue(table.indexOf("A/A") < table.indexOf("injected +10%")
                && table.indexOf("injected +10%") < table.indexOf("on the fork path")
                && table.indexOf("on the fork path") < table.indexOf("on the submit path"), table);
        // a summary keeps each job's path, so scoring it gives the same table
        Path summary = Files.writeString(dir.resolve("summary.json"),
                CalibrationScore.summary("cmd", CalibrationScore.saved(List.of(dir.resolve("run")))));
        assertTrue(Files.readString(summary).contains("\"path\":\"fork\""), Files.readString(summary));
        assertEquals(table, CalibrationScore.table(CalibrationScore.load(List.of(summary), thresholds()), "test", false));
        // an older summary's slowdown job has no path: the deque's
        Path old = Files.writeString(dir.resolve("old.json"), """
                { "jobs" : [ { "name" : "x/job-000-slow110", "injectedPercent" : 110, "pairs" : null } ] }""");
        assertEquals(GateSubset.Planted.DEQUE, CalibrationScore.saved(List.of(old)).get(0).kind().planted());
    }

    @Test
    void retiredKindsAndRows_areReportedNotJudged_inFoldersAndSummaries() throws Exception {
        String steal = "GatePoolStealBenchmark.steal pool=ws-chase-lev workPercent=100";
        String fork = GateSubset.Planted.FORK.entry().label();
        Random r = new Random(13);
        job("job-000-aa", 100, 0, Map.of(fork, pairs(r, 8, 1.0, 0.01), steal, pairs(r, 8, 1.0, 0.01)));
        job("job-001-steal125", 125, 15, Map.of(steal, pairs(r, 16, 1.25, 0.01)));
        String table = CalibrationScore.table(CalibrationScore.load(List.of(dir.resolve("run")), thresholds()), "test", false);
        assertTrue(table.contains("| retired: planted +25% on the steal path | 1 | - | - | - | - | not judged"), table);
        assertTrue(table.contains("run/job-001-steal125: not judged (retired kind)"), table);
        assertTrue(table.contains("| " + steal + " (retired) | time |"), table);
        assertTrue(table.contains("| " + fork + " | time |"), "a gate row is not retired: " + table);
        Path summary = Files.writeString(dir.resolve("summary.json"),
                CalibrationScore.summary("cmd", CalibrationScore.saved(List.of(dir.resolve("run")))));
        assertTrue(Files.readString(summary).contains("\"path\":\"steal\""), "the retired job is kept");
        assertEquals(table, CalibrationScore.table(CalibrationScore.load(List.of(summary), thresholds()), "test", false));
        String proposed = CalibrationScore.proposed(CalibrationScore.load(List.of(summary), thresholds()), thresholds(),
                DEQUE, "test");
        assertTrue(proposed.contains(fork) && !proposed.contains("GatePoolStealBenchmark"), "no rule for a retired row: "
                + proposed);
    }

    @Test
    void theCommittedPoolPilot_stillScores_itsRetiredRowsMarked() throws Exception {
        Path pilot = Path.of("../results/calibration/20261127-pool-pilot.json");
        String table = CalibrationScore.table(CalibrationScore.load(List.of(pilot),
                GateThresholds.load(Path.of("../results/gate-ab-thresholds.json"))), "checked in", false);
        assertTrue(table.contains("| A/A (one jar on both sides, the gate's subset) | 1 |"), table);
        assertTrue(table.contains("| planted +10% on the fork path | 1 |"), table);
        assertTrue(table.contains("| planted +10% on the submit path | 1 |"), table);
        assertTrue(table.contains("GatePoolPathsBenchmark.fork pool=ws-chase-lev threads=2 workPercent=100 (retired)"), table);
        assertTrue(table.contains("GatePoolStealBenchmark.steal pool=ws-chase-lev workPercent=100 (retired)"), table);
        assertTrue(table.contains("| " + GateSubset.Planted.FORK.entry().label() + " | time |"), table);
        assertTrue(!table.contains("FAILED"), table);
    }

    @Test
    void aSlowdownJobIsCaughtByTimeOrCpuNotByTheAllocationItsPlantedWorkAddsButAnAaJobByAnyRow() throws Exception {
        String submit = GateSubset.Planted.SUBMIT.entry().label();
        Random r = new Random(5);
        List<PairedJob.ForkValues[]> sameTimeMoreAllocation = new ArrayList<>();
        for (PairedJob.ForkValues[] p : pairs(r, 16, 1.0, 0.01)) {
            sameTimeMoreAllocation.add(new PairedJob.ForkValues[]{
                new PairedJob.ForkValues(p[0].time(), p[0].unit(), Double.NaN, 1000),
                new PairedJob.ForkValues(p[1].time(), p[1].unit(), Double.NaN, 1250)});
        }
        job("job-000-submit125", 125, 15, Map.of(submit, sameTimeMoreAllocation));
        job("job-001-aa", 100, 15, Map.of(submit, sameTimeMoreAllocation));
        List<CalibrationScore.Job> jobs = CalibrationScore.load(List.of(dir.resolve("run")), thresholds());
        assertTrue(jobs.get(0).rows().stream().anyMatch(row -> row.metric().equals(PairedGate.ALLOCATION)
                && row.verdict() == GateVerdict.REGRESSION), "the allocation row itself is a regression");
        assertTrue(jobs.get(0).verdict() != GateVerdict.REGRESSION, "but the slowdown job is not caught by it");
        assertEquals(GateVerdict.REGRESSION, jobs.get(1).verdict(), "an A/A job's false alarm counts on any row");
    }

    @Test
    void aSavedCalibrationJobIsJudgedInItsFamilyNotAlone() throws Exception {
        // 4 pairs of a +6% slowdown at 2% noise: significant alone, not among 15 rows
        Random r = new Random(3);
        List<PairedJob.ForkValues[]> p = pairs(r, 4, 1.06, 0.01);
        job("job-000-slow106", 106, 0, Map.of(CALIBRATION, p));
        job("job-001-slow106", 106, 15, Map.of(CALIBRATION, p));
        List<CalibrationScore.Job> jobs = CalibrationScore.load(List.of(dir.resolve("run")),
                SyntheticJmh.thresholds(0.02, 0.03));
        PairedGate.Row alone = jobs.get(0).rows().get(0);
        PairedGate.Row family = jobs.get(1).rows().get(0);
        assertTrue(family.p() > alone.p(), alone.p() + " vs " + family.p());
        assertTrue(family.detectable() > alone.detectable());
    }

    @Test
    void proposedThresholdsSitAtTheQuantileOfTheAaChangesAndMirrorTheDequeRow() throws Exception {
        Random r = new Random(11);
        for (int j = 0; j < 10; j++) {
            job(String.format("job-%03d-aa", j), 100, 0, Map.of(DEQUE, pairs(r, 8, 1.0, 0.002), POOL, pairs(r, 8, 1.0, 0.4)));
        }
        List<CalibrationScore.Job> jobs = CalibrationScore.load(List.of(dir.resolve("run")), thresholds());
        Path file = dir.resolve("proposed.json");
        PairedJob.write(file, CalibrationScore.proposed(jobs, thresholds(), DEQUE, "test jobs"));
        GateThresholds t = GateThresholds.load(file);
        assertEquals(CalibrationScore.FLOOR, t.forBenchmark(DEQUE, "DequeOpsBenchmark.pushPop").time(), 1e-9);
        assertEquals(CalibrationScore.FLOOR, t.forBenchmark(CALIBRATION, "GateCalibrationBenchmark.pushPopBatch").time(), 1e-9);
        List<Double> abs = CalibrationScore.aaRows(jobs).get(POOL + " [time]").stream()
                .map(x -> Math.abs(x.slowdown())).sorted().toList();
        double expected = Math.ceil(org.stealbench.harness.stats.Quantiles.of(abs, CalibrationScore.QUANTILE) * 100 - 1e-9) / 100;
        assertTrue(expected > 0.05, "the noisy row's quantile is large: " + expected);
        assertEquals(expected, t.forBenchmark(POOL, "GatePoolPathsBenchmark.submit").time(), 1e-9);
    }
}
