package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stealbench.harness.gate.SyntheticJmh.bench;
import static org.stealbench.harness.gate.SyntheticJmh.results;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.stealbench.harness.gate.SyntheticJmh.Bench;

@Tag("quick")
final class GateComparisonTest {

    static final GateSettings TEN_PERCENT = new GateSettings(GateThresholds.builtIn().withTime(0.10).withCpu(0.10),
            0.95, 3, null);

    static Bench pushPop(String queue) {
        return bench("DequeOpsBenchmark.pushPop").param("queue", queue).param("depth", "0");
    }

    static GateReport compare(List<Bench> baseline, List<Bench> current, GateSettings settings) throws GateException {
        return GateComparison.compare("base", results(baseline.toArray(Bench[]::new)), "cur",
                results(current.toArray(Bench[]::new)), settings);
    }

    static TimeRow row(GateReport report, String queue, String metric) {
        return report.time().stream()
                .filter(r -> r.params().contains("queue=" + queue) && r.metric().equals(metric))
                .findFirst().orElseThrow(() -> new AssertionError("no " + metric + " row for " + queue));
    }

    static TimeRow only(GateReport report) {
        assertEquals(1, report.time().size(), report.time().toString());
        return report.time().get(0);
    }

    @Test
    void compare_identicalRuns_everyRowPassesWithRatioOne() throws GateException {
        List<Bench> run = List.of(pushPop("locked").allocation(24), pushPop("blocking").cpu(50, 0.02));
        GateReport report = compare(run, run, TEN_PERCENT);
        assertEquals(0, report.exitCode(true));
        report.time().forEach(r -> {
            assertEquals(GateVerdict.PASS, r.verdict(), r.toString());
            assertEquals(1.0, r.slowdown().ratio(), 1e-12);
        });
        assertEquals(3, report.time().size(), "two time rows and one cpu row");
        assertEquals(GateVerdict.PASS, report.allocation().get(0).verdict());
    }

    @Test
    void compare_sameCodeDifferentNoise_passes() throws GateException {
        Bench base = pushPop("locked").spread(0.02);
        GateReport report = compare(List.of(base), List.of(base.copy().seed(7)), TEN_PERCENT);
        assertEquals(GateVerdict.PASS, only(report).verdict(), only(report).toString());
    }

    @Test
    void compare_twentyPercentSlowerTightErrors_isRegression() throws GateException {
        Bench base = pushPop("locked").spread(0.01);
        GateReport report = compare(List.of(base), List.of(base.copy().center(120).seed(2)), TEN_PERCENT);
        TimeRow r = only(report);
        assertEquals(GateVerdict.REGRESSION, r.verdict(), r.toString());
        assertTrue(r.slowdown().low() > 1.10 && r.slowdown().high() < 1.30, r.toString());
        assertEquals(1, report.exitCode(false));
    }

    @Test
    void compare_twentyPercentSlowerInsideWideNoise_isNotRegression() throws GateException {
        Bench base = pushPop("locked").spread(0.30);
        GateReport report = compare(List.of(base), List.of(base.copy().center(120).seed(3)), TEN_PERCENT);
        TimeRow r = only(report);
        assertEquals(GateVerdict.INCONCLUSIVE, r.verdict(), r.toString());
        assertTrue(r.reason().contains("error wider than the threshold"), r.reason());
        assertEquals(0, report.exitCode(false));
        assertEquals(3, report.exitCode(true));
    }

    @Test
    void compare_twentyPercentSlower_calledAlwaysWhenTightRarelyInsideWideNoise() throws GateException {
        int tight = 0;
        int wide = 0;
        int pairs = 200;
        for (int seed = 1; seed <= pairs; seed++) {
            Bench t = pushPop("locked").spread(0.01).seed(seed);
            tight += only(compare(List.of(t), List.of(t.copy().center(120).seed(seed + 1000)), TEN_PERCENT))
                    .verdict() == GateVerdict.REGRESSION ? 1 : 0;
            Bench w = pushPop("locked").spread(0.30).seed(seed);
            wide += only(compare(List.of(w), List.of(w.copy().center(120).seed(seed + 1000)), TEN_PERCENT))
                    .verdict() == GateVerdict.REGRESSION ? 1 : 0;
        }
        assertEquals(pairs, tight, "a 20% slowdown with 1% noise is always caught");
        assertTrue(wide < pairs / 10, "with 30% fork-to-fork noise it is called in " + wide + " of " + pairs);
    }

    @Test
    void compare_throughputDrop_isRegressionAndRiseIsImprovement() throws GateException {
        Bench base = pushPop("locked").throughput().center(50);
        TimeRow drop = only(compare(List.of(base), List.of(base.copy().center(40).seed(2)), TEN_PERCENT));
        assertEquals(GateVerdict.REGRESSION, drop.verdict(), drop.toString());
        assertEquals(1.25, drop.slowdown().ratio(), 0.03, "time ratio = baseline score / current score");
        TimeRow rise = only(compare(List.of(base), List.of(base.copy().center(60).seed(2)), TEN_PERCENT));
        assertEquals(GateVerdict.IMPROVEMENT, rise.verdict(), rise.toString());
    }

    @Test
    void compare_timePerOpRise_isRegressionAndDropIsImprovement() throws GateException {
        Bench base = pushPop("locked").center(50);
        assertEquals(GateVerdict.REGRESSION,
                only(compare(List.of(base), List.of(base.copy().center(60).seed(2)), TEN_PERCENT)).verdict());
        assertEquals(GateVerdict.IMPROVEMENT,
                only(compare(List.of(base), List.of(base.copy().center(40).seed(2)), TEN_PERCENT)).verdict());
    }

    @Test
    void compare_slowdownBelowThreshold_passesEvenWhenSignificant() throws GateException {
        Bench base = pushPop("locked").spread(0.005);
        TimeRow r = only(compare(List.of(base), List.of(base.copy().center(105).seed(2)), TEN_PERCENT));
        assertEquals(GateVerdict.PASS, r.verdict(), r.toString());
        assertTrue(r.pAdjusted() < 0.01, "the 5% change is real, only below the practical threshold: " + r);
    }

    @Test
    void compare_allocationGrowth_isRegressionWhileTimeIsUnchanged() throws GateException {
        Bench base = pushPop("jdk-cld").allocation(24);
        GateReport report = compare(List.of(base), List.of(base.copy().allocation(48).seed(2)), TEN_PERCENT);
        assertEquals(GateVerdict.PASS, only(report).verdict());
        AllocationRow a = report.allocation().get(0);
        assertEquals(GateVerdict.REGRESSION, a.verdict(), a.toString());
        assertEquals(1, report.exitCode(false));
    }

    @Test
    void compare_allocationNoiseBelowAllowance_passes() throws GateException {
        Bench base = pushPop("locked").allocation(0.002);
        GateReport report = compare(List.of(base), List.of(base.copy().allocation(0.9).seed(2)), TEN_PERCENT);
        assertEquals(GateVerdict.PASS, report.allocation().get(0).verdict(), "under a byte per op is noise");
    }

    @Test
    void compare_allocationDrop_isImprovement() throws GateException {
        Bench base = pushPop("jdk-cld").allocation(48);
        GateReport report = compare(List.of(base), List.of(base.copy().allocation(24).seed(2)), TEN_PERCENT);
        assertEquals(GateVerdict.IMPROVEMENT, report.allocation().get(0).verdict());
    }

    @Test
    void compare_uniformlySlowerMachine_regressesRawButPassesNormalized() throws GateException {
        List<Bench> base = List.of(pushPop("locked").center(40), pushPop("blocking").center(60),
                pushPop("jdk-cld").center(90).throughput());
        List<Bench> slower = List.of(pushPop("locked").center(40 * 1.4).seed(2),
                pushPop("blocking").center(60 * 1.4).seed(3), pushPop("jdk-cld").center(90 / 1.4).throughput().seed(4));
        GateReport raw = compare(base, slower, TEN_PERCENT);
        raw.time().forEach(r -> assertEquals(GateVerdict.REGRESSION, r.verdict(), r.toString()));

        GateSettings normalized = new GateSettings(TEN_PERCENT.thresholds(), 0.95, 3, "*queue=jdk-cld");
        GateReport report = compare(base, slower, normalized);
        assertEquals(2, report.time().size(), "the reference is not judged against itself");
        report.time().forEach(r -> {
            assertEquals(GateVerdict.PASS, r.verdict(), r.toString());
            assertEquals(1.0, r.slowdown().ratio(), 0.05);
        });
        assertEquals(1.4, report.referenceSlowdown().ratio(), 0.05);
        assertTrue(report.notes().get(0).contains("normalized by DequeOpsBenchmark.pushPop depth=0 queue=jdk-cld"));
    }

    @Test
    void compare_normalizedRealRegression_stillCaught() throws GateException {
        List<Bench> base = List.of(pushPop("locked").center(40), pushPop("jdk-cld").center(90));
        List<Bench> cur = List.of(pushPop("locked").center(40 * 1.4 * 1.3).seed(2), pushPop("jdk-cld").center(90 * 1.4).seed(3));
        GateReport report = compare(base, cur, new GateSettings(TEN_PERCENT.thresholds(), 0.95, 3, "*jdk-cld"));
        TimeRow r = only(report);
        assertEquals(GateVerdict.REGRESSION, r.verdict(), r.toString());
        assertEquals(1.3, r.slowdown().ratio(), 0.03);
    }

    @Test
    void compare_normalizeMatchingNothingOrSeveral_isRefused() {
        List<Bench> run = List.of(pushPop("locked"), pushPop("blocking"));
        GateException none = assertThrows(GateException.class,
                () -> compare(run, run, new GateSettings(GateThresholds.builtIn(), 0.95, 3, "*queue=nope")));
        assertTrue(none.getMessage().contains("matches none"), none.getMessage());
        GateException two = assertThrows(GateException.class,
                () -> compare(run, run, new GateSettings(GateThresholds.builtIn(), 0.95, 3, "DequeOpsBenchmark.pushPop")));
        assertTrue(two.getMessage().contains("matches 2"), two.getMessage());
    }

    @Test
    void compare_tooFewForks_isInconclusive() throws GateException {
        Bench base = pushPop("locked").forks(2);
        TimeRow r = only(compare(List.of(base), List.of(base.copy().center(200).seed(2)), TEN_PERCENT));
        assertEquals(GateVerdict.INCONCLUSIVE, r.verdict());
        assertTrue(r.reason().contains("too few forks"), r.reason());
        assertNull(r.slowdown());
    }

    @Test
    void compare_differentModesOrUnits_isInconclusive() throws GateException {
        Bench base = pushPop("locked");
        TimeRow modes = only(compare(List.of(base), List.of(base.copy().mode("ss")), TEN_PERCENT));
        assertEquals(GateVerdict.INCONCLUSIVE, modes.verdict());
        assertTrue(modes.reason().contains("different modes"), modes.reason());
        TimeRow units = only(compare(List.of(base), List.of(base.copy().unit("us/op")), TEN_PERCENT));
        assertEquals(GateVerdict.INCONCLUSIVE, units.verdict());
        assertTrue(units.reason().contains("different units"), units.reason());
    }

    @Test
    void compare_benchmarksOnOneSide_listedAsNewOrRemovedNotFailures() throws GateException {
        GateReport report = compare(List.of(pushPop("locked"), pushPop("blocking")),
                List.of(pushPop("locked"), pushPop("jdk-cld")), TEN_PERCENT);
        assertEquals(List.of("DequeOpsBenchmark.pushPop depth=0 queue=jdk-cld"), report.added());
        assertEquals(List.of("DequeOpsBenchmark.pushPop depth=0 queue=blocking"), report.removed());
        assertEquals(0, report.exitCode(true));
    }

    @Test
    void compare_sameBenchmarkTwiceOnOneSide_isRefused() {
        GateException e = assertThrows(GateException.class,
                () -> compare(List.of(pushPop("locked"), pushPop("locked")), List.of(pushPop("locked")), TEN_PERCENT));
        assertTrue(e.getMessage().contains("appears twice"), e.getMessage());
    }

    @Test
    void compare_cpuTimeUpWhileWallTimeDrowns_cpuRowCallsRegression() throws GateException {
        Bench base = pushPop("locked").spread(0.4).cpu(30, 0.01);
        GateReport report = compare(List.of(base), List.of(base.copy().cpu(36, 0.01).seed(3)), TEN_PERCENT);
        assertEquals(GateVerdict.INCONCLUSIVE, row(report, "locked", GateComparison.TIME).verdict());
        TimeRow cpu = row(report, "locked", GateComparison.CPU);
        assertEquals(GateVerdict.REGRESSION, cpu.verdict(), cpu.toString());
        assertEquals(2, report.comparisons(), "time and cpu rows share one Bonferroni family");
    }

    @Test
    void compare_manyBenchmarks_intervalsWidenWithBonferroni() throws GateException {
        Bench one = pushPop("locked").spread(0.05);
        GateReport single = compare(List.of(one), List.of(one.copy().seed(2)), TEN_PERCENT);
        List<Bench> many = List.of(pushPop("locked").spread(0.05), pushPop("a"), pushPop("b"), pushPop("c"),
                pushPop("d"));
        List<Bench> manyCur = many.stream().map(b -> b.copy().seed(2)).toList();
        GateReport family = compare(many, manyCur, TEN_PERCENT);
        assertEquals(0.95, single.perComparisonConfidence(), 1e-12);
        assertEquals(0.99, family.perComparisonConfidence(), 1e-12);
        TimeRow a = only(single);
        TimeRow b = row(family, "locked", GateComparison.TIME);
        assertEquals(a.slowdown().ratio(), b.slowdown().ratio(), 1e-12);
        assertTrue(b.slowdown().high() / b.slowdown().low() > a.slowdown().high() / a.slowdown().low());
    }

    @Test
    void thresholds_perBenchmarkRule_applies() throws GateException {
        Bench base = pushPop("locked").spread(0.01);
        Bench cur = base.copy().center(120).seed(2);
        GateSettings loose = new GateSettings(GateThresholds.builtIn().withTime(0.5), 0.95, 3, null);
        TimeRow r = only(compare(List.of(base), List.of(cur), loose));
        assertEquals(GateVerdict.PASS, r.verdict());
        assertNotNull(r.slowdown());
        assertEquals(0.5, r.threshold().time());
    }
}
