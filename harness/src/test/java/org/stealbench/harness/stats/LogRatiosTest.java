package org.stealbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("quick")
final class LogRatiosTest {

    static final List<Double> A = List.of(10.0, 11.0, 9.5, 10.4, 10.1);
    static final List<Double> B = List.of(12.1, 12.9, 11.7, 12.5, 13.3, 12.0);

    static double[] logs(List<Double> values) {
        return values.stream().mapToDouble(Math::log).toArray();
    }

    @Test
    void ratio_matchesWelchTestOnLogs() {
        RatioEstimate r = LogRatios.ratio(A, B, 0.95);
        double expected = Math.exp(java.util.Arrays.stream(logs(B)).average().orElseThrow()
                - java.util.Arrays.stream(logs(A)).average().orElseThrow());
        assertEquals(expected, r.ratio(), 1e-12);
        assertEquals(new TTest().tTest(logs(A), logs(B)), r.pValue(), 1e-9, "Welch's two-sided p-value");
        assertTrue(r.low() < r.ratio() && r.ratio() < r.high());
        assertEquals(Math.log(r.ratio()) - Math.log(r.low()), Math.log(r.high()) - Math.log(r.ratio()), 1e-12,
                "symmetric in logs");
    }

    @Test
    void ratio_higherConfidence_widerInterval() {
        RatioEstimate r95 = LogRatios.ratio(A, B, 0.95);
        RatioEstimate r99 = LogRatios.ratio(A, B, 0.99);
        assertTrue(r99.low() < r95.low() && r99.high() > r95.high());
    }

    @Test
    void ratio_identicalSamples_isOneWithPOne() {
        RatioEstimate r = LogRatios.ratio(A, A, 0.95);
        assertEquals(1.0, r.ratio(), 1e-12);
        assertEquals(1.0, r.pValue(), 1e-9);
    }

    @Test
    void ratio_noSpread_isThePointItself() {
        RatioEstimate r = LogRatios.ratio(List.of(2.0, 2.0), List.of(3.0, 3.0, 3.0), 0.95);
        assertEquals(1.5, r.ratio(), 1e-12);
        assertEquals(1.5, r.low(), 1e-12);
        assertEquals(1.5, r.high(), 1e-12);
        assertEquals(0.0, r.pValue());
    }

    @Test
    void inverse_swapsTheEnds() {
        RatioEstimate r = LogRatios.ratio(A, B, 0.95);
        RatioEstimate i = r.inverse();
        assertEquals(1 / r.ratio(), i.ratio(), 1e-12);
        assertEquals(1 / r.high(), i.low(), 1e-12);
    }

    @Test
    void contrast_badInput_refusedNamingTheProblem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LogRatios.ratio(List.of(1.0), B, 0.95))
                .getMessage().contains("at least two"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LogRatios.ratio(List.of(1.0, 0.0), B, 0.95))
                .getMessage().contains("positive"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LogRatios.ratio(A, B, 1.0))
                .getMessage().contains("confidence"));
        assertThrows(IllegalArgumentException.class, () -> new LogRatios.Term(A, 2));
    }

    @Test
    void upperBound_zeroEvents_isExactRuleOfThree() {
        assertEquals(1 - Math.pow(0.05, 1.0 / 30), Proportions.upperBound(0, 30, 0.95), 1e-6);
        assertTrue(Proportions.upperBound(0, 30, 0.95) < 3.0 / 30);
        double one = Proportions.upperBound(1, 30, 0.95);
        assertTrue(one > 0.14 && one < 0.16, "Clopper-Pearson 1/30 one-sided 95%: 0.149, was " + one);
        assertEquals(1.0, Proportions.upperBound(5, 5, 0.95));
        assertThrows(IllegalArgumentException.class, () -> Proportions.upperBound(4, 3, 0.95));
    }
}
