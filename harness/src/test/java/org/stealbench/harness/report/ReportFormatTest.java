package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.stats.RatioEstimate;

@Tag("quick")
final class ReportFormatTest {

    @Test
    void num_threeSignificantDigitsGroupedNoExponent() {
        assertEquals("1,234", NumberText.num(1234.5));
        assertEquals("1,235", NumberText.num(1234.51));
        assertEquals("999", NumberText.num(999.4));
        assertEquals("24,000,000", NumberText.num(24_000_000));
        assertEquals("53.6", NumberText.num(53.6223348));
        assertEquals("0.274", NumberText.num(0.2738816));
        assertEquals("0.00123", NumberText.num(0.0012345));
        assertEquals("-1.31", NumberText.num(-1.3125));
        assertEquals("0", NumberText.num(0));
        assertEquals("\u2013", NumberText.num(Double.NaN));
    }

    @Test
    void withErrorAndRatio_showTheInterval() {
        assertEquals("53.6 \u00b1 8.69", NumberText.withError(53.6223348, 8.6945804));
        assertEquals("53.6", NumberText.withError(53.6223348, Double.NaN));
        assertEquals("0.856x [0.600, 1.22]", NumberText.ratio(new RatioEstimate(0.8561, 0.6001, 1.2204, 0.01, 0.95)));
        assertEquals("2x", NumberText.ratio(new RatioEstimate(2, 2, 2, 0, 0.95)));
    }

    @Test
    void ratio_withoutInterval_isTheRatioAlone() {
        assertEquals("1.5x", NumberText.ratio(new RatioEstimate(1.5, Double.NaN, Double.NaN, Double.NaN, 0.95)));
    }

    @Test
    void bytes_binaryUnits() {
        assertEquals("512 B", NumberText.bytes(512));
        assertEquals("1.5 KiB", NumberText.bytes(1536));
        assertEquals("22.9 MiB", NumberText.bytes(24_000_000));
        assertEquals("23.5 GiB", NumberText.bytes(25_276_502_016L));
    }

    @Test
    void inUnit_convertsScoreErrorAndRawDataOfTheSameKind() {
        Metric us = new Metric(1500, 30, "us/op", List.of(List.of(1000.0, 2000.0)));
        Metric ms = Cells.inUnit(us, "ms/op");
        assertEquals("ms/op", ms.unit());
        assertEquals(1.5, ms.score(), 1e-12);
        assertEquals(0.03, ms.scoreError(), 1e-12);
        assertEquals(List.of(List.of(1.0, 2.0)), ms.rawData());
        Metric thrpt = Cells.inUnit(new Metric(2, 0, "ops/ms", List.of(List.of(2.0))), "ops/s");
        assertEquals(2000, thrpt.score(), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> Cells.inUnit(us, "ops/s"));
        assertEquals(us, Cells.inUnit(us, "us/op"));
    }

    @Test
    void needsLog_onlyWhenTheSpreadIsLarge() {
        assertEquals(false, Charts.needsLog(List.of(10.0, 50.0, 150.0)));
        assertEquals(true, Charts.needsLog(List.of(0.7, 50.0, 150.0)));
        assertEquals(false, Charts.needsLog(List.of(Double.NaN, 0.0, 5.0)));
    }

    /** A wide spread whose interval reaches down to zero draws on a linear axis instead of failing. */
    @Test
    void lines_wideSpreadWithAnIntervalDownToZero_drawsOnALinearAxis() {
        double[] x = {1, 2};
        Charts.Line tight = new Charts.Line("tight", "jdk-fjp", x, new double[] {100, 200}, new double[] {99, 199},
                new double[] {101, 201}, false);
        Charts.Line noisy = new Charts.Line("noisy", "jdk-tpe", x, new double[] {2, Double.NaN}, new double[] {0, Double.NaN},
                new double[] {7, Double.NaN}, false);
        assertEquals(true, Charts.needsLog(List.of(2.0, 100.0, 200.0)));
        assertEquals(false, Charts.intervalsPositive(List.of(tight, noisy)));
        assertEquals(true, Charts.intervalsPositive(List.of(tight)));
        Html.Chart chart = Charts.lines("t", "title", "x", "y", List.of(tight, noisy));
        assertFalse(chart.title().contains("log y axis"), chart.title());
        assertTrue(chart.dataUri().startsWith("data:image/svg+xml,%3Csvg"));
    }

    /** One family's contenders get distinct shades of the family's colour. */
    @Test
    void shades_distinctWithinAFamily_familyColourForALoneMember() {
        java.util.Map<String, java.awt.Color> c = Charts.shades(List.of("ws-chase-lev", "ws-locked", "jdk-fjp"));
        assertEquals(Charts.colour(Contender.family("jdk-fjp")), c.get("jdk-fjp"));
        assertNotEquals(c.get("ws-chase-lev"), c.get("ws-locked"));
        assertEquals(3, new java.util.HashSet<>(c.values()).size());
    }

    /** Thinning keeps evenly spaced quantiles: the extremes and the requested count. */
    @Test
    void thin_keepsTheExtremesAndTheCount() {
        List<Double> v = new java.util.ArrayList<>();
        for (int i = 100; i >= 0; i--) {
            v.add((double) i);
        }
        List<Double> t = Charts.thin(v, 11);
        assertEquals(List.of(0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0), t);
        assertEquals(v, Charts.thin(v, 200));
    }

    /** A log axis within a decade or with fewer than two powers of ten on it labels every tick; a wider one its decades. */
    @Test
    void labelEveryTick_withinADecadeOrFewerThanTwoPowersOfTen() {
        assertTrue(Charts.labelEveryTick(1, 4));
        assertTrue(Charts.labelEveryTick(30, 80));
        assertTrue(Charts.labelEveryTick(15, 450));
        assertTrue(Charts.labelEveryTick(10, 100));
        assertFalse(Charts.labelEveryTick(5, 120));
        assertFalse(Charts.labelEveryTick(2, 500));
        assertFalse(Charts.labelEveryTick(0, 5));
    }

    /** Clip path ids are numbered in order, the same each time. */
    @Test
    void numberClips_numbersIdsInOrderOfAppearance() {
        assertEquals("<clipPath id=\"clip1\"/><clipPath id=\"clip2\"/><g clip-path=\"url(#clip1)\"/>",
                Charts.numberClips("<clipPath id=\"clip898666024\"/><clipPath id=\"clip-17\"/><g clip-path=\"url(#clip898666024)\"/>"));
    }

    /** Path data is written shorter with the same commands and numbers. */
    @Test
    void compactPath_dropsRepeatedCommandsAndSeparatorsBeforeMinus() {
        assertEquals("M1,2L3-4,5,6Z", Charts.compactPath("M1,2 L3,-4 L5,6 Z"));
        assertEquals("M-5.7-6.7Q-6.5-7.2-6.9-7.8-7.2-8.4-7.2-9.2ZM1,1M2,2", Charts.compactPath(
                "M-5.7,-6.7 Q-6.5,-7.2 -6.9,-7.8 Q-7.2,-8.4 -7.2,-9.2 Z M1,1 M2,2"));
    }

    /** The data URI escapes what an attribute or a URI cannot hold (a space included: HTML checkers reject it), and nothing else. */
    @Test
    void dataUri_percentEncodesOnlyWhatItMustAndSpaces() {
        assertEquals("data:image/svg+xml,%3Csvg%20a%3D%22b%22%3E%23%25%20%C2%B5%3C/svg%3E",
                Charts.dataUri("<svg a=\"b\">#% \u00b5</svg>"));
    }

    /** A strip plot of thousands of samples is thinned, says so, and stays under 300 KB. */
    @Test
    void strip_thousandsOfSamples_thinnedAndSaysSo() {
        java.util.Map<String, List<Double>> samples = new java.util.LinkedHashMap<>();
        java.util.Map<String, String> ids = new java.util.LinkedHashMap<>();
        java.util.Random random = new java.util.Random(1);
        for (String c : List.of("simple-lock", "ws-chase-lev", "ws-locked", "jdk-fjp", "jdk-tpe")) {
            List<Double> v = new java.util.ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                v.add(10 + 3 * random.nextGaussian());
            }
            samples.put(c, v);
            ids.put(c, c);
        }
        Html.Chart chart = Charts.strip("s", "title", "ms/op", samples, ids);
        assertTrue(chart.title().contains("1200 of 5000 samples drawn"), chart.title());
        assertTrue(chart.dataUri().length() < 300_000, chart.dataUri().length() + " characters");
    }
}
