package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.stats.LogRatios;
import org.stealbench.harness.stats.RatioEstimate;

@Tag("quick")
final class ReportStatsTest {

    private static final List<Double> BASE = List.of(10.0, 12.0, 11.0, 13.0, 9.5, 10.5);
    private static final List<Double> CURRENT = List.of(5.0, 5.5, 6.5, 4.8, 6.0, 5.2, 5.9);

    private static double[] logs(List<Double> v, double shift) {
        return v.stream().mapToDouble(x -> Math.log(x) - shift).toArray();
    }

    @Test
    void ratio_endsOfInterval_areWhereWelchsTestOnTheLogsGivesTheComplementOfTheConfidence() {
        RatioEstimate r = LogRatios.ratio(BASE, CURRENT, 0.95);
        double geoBase = Math.exp(BASE.stream().mapToDouble(Math::log).average().orElseThrow());
        double geoCurrent = Math.exp(CURRENT.stream().mapToDouble(Math::log).average().orElseThrow());
        assertEquals(geoCurrent / geoBase, r.ratio(), 1e-12);
        TTest welch = new TTest();
        // shifting the current logs by log(low) or log(high) puts the difference on the interval's edge
        assertEquals(0.05, welch.tTest(logs(CURRENT, Math.log(r.low())), logs(BASE, 0)), 1e-6);
        assertEquals(0.05, welch.tTest(logs(CURRENT, Math.log(r.high())), logs(BASE, 0)), 1e-6);
        assertTrue(r.below(1));
        assertFalse(r.above(1));
    }

    @Test
    void ratio_swapped_isTheInverseWithEndsSwapped() {
        RatioEstimate r = LogRatios.ratio(BASE, CURRENT, 0.9);
        RatioEstimate s = LogRatios.ratio(CURRENT, BASE, 0.9);
        assertEquals(1 / r.ratio(), s.ratio(), 1e-12);
        assertEquals(1 / r.high(), s.low(), 1e-12);
        assertEquals(1 / r.low(), s.high(), 1e-12);
    }

    @Test
    void ratio_samplesWithoutSpread_isExactWithAPointInterval() {
        RatioEstimate r = LogRatios.ratio(List.of(4.0, 4.0), List.of(1.0, 1.0, 1.0), 0.95);
        assertEquals(0.25, r.ratio(), 1e-15);
        assertEquals(r.low(), r.high());
    }

    @Test
    void ratio_badSamples_refused() {
        assertThrows(IllegalArgumentException.class, () -> LogRatios.ratio(List.of(1.0), BASE, 0.95));
        assertThrows(IllegalArgumentException.class, () -> LogRatios.ratio(BASE, List.of(1.0, 0.0), 0.95));
        assertThrows(IllegalArgumentException.class, () -> LogRatios.ratio(BASE, CURRENT, 1.0));
    }

    @Test
    void summarize_knownSample_givesItsMeanAndPercentiles_halfWidth_isTheTIntervalOfTheMean() {
        List<Double> values = List.of(1.0, 2.0, 3.0, 4.0, 5.0);
        ReportStats.Summary s = ReportStats.summarize(values, ReportStats.halfWidth(values, 0.95));
        assertEquals(3.0, s.mean(), 1e-12);
        assertEquals(3.0, ReportStats.mean(values), 1e-12);
        // t(0.975, 4) = 2.7764451; sd = sqrt(2.5)
        assertEquals(2.7764451 * Math.sqrt(2.5) / Math.sqrt(5), s.halfWidth(), 1e-6);
        assertEquals(3.0, s.median(), 1e-12);
        assertEquals(1.4, s.p10(), 1e-12);
        assertEquals(4.6, s.p90(), 1e-12);
        assertTrue(Double.isNaN(ReportStats.halfWidth(List.of(7.0), 0.95)));
    }

    @Test
    void replicates_oneFork_areItsIterations_severalForks_areForkMeans() {
        Metric one = new Metric(2, 0, "ms/op", List.of(List.of(1.0, 2.0, 3.0)));
        Metric two = new Metric(2, 0, "ms/op", List.of(List.of(1.0, 3.0), List.of(5.0, 7.0)));
        assertEquals(List.of(1.0, 2.0, 3.0), ReportStats.replicates(one));
        assertEquals(List.of(2.0, 6.0), ReportStats.replicates(two));
    }

}
