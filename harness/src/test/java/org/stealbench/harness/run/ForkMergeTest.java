package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.results.JmhJson;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.RoundsFile;

final class ForkMergeTest {

    /** Student's t, 99.95th percentile, 5 degrees of freedom (from a printed t table). */
    private static final double T_5 = 6.868827;

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(ForkMergeTest.class.getResource("/run/forks/" + name).toURI());
    }

    /** The files merged with nothing discarded. */
    private static ArrayNode merge(Path... files) throws IOException {
        return ForkMerge.merge(List.of(files), new int[files.length]);
    }

    private static List<Double> row(JsonNode rows, int index) {
        List<Double> values = new ArrayList<>();
        rows.get(index).forEach(v -> values.add(v.asDouble()));
        return values;
    }

    @Test
    void merge_twoForks_rowsInGivenOrderAndScoreOverAllIterations() throws Exception {
        ArrayNode merged = merge(fixture("fork-2.json"), fixture("fork-1.json"));

        assertEquals(1, merged.size());
        JsonNode result = merged.get(0);
        assertEquals(2, result.get("forks").asInt());
        JsonNode primary = result.get("primaryMetric");
        assertEquals(List.of(4.0, 5.0, 6.0), row(primary.get("rawData"), 0), "round 0 is the first file");
        assertEquals(List.of(1.0, 2.0, 3.0), row(primary.get("rawData"), 1));
        assertEquals(3.5, primary.get("score").asDouble(), 1e-12);
        // values 1..6: sample standard deviation sqrt(3.5), n = 6
        double error = T_5 * Math.sqrt(3.5) / Math.sqrt(6);
        assertEquals(error, primary.get("scoreError").asDouble(), 1e-4);
        assertEquals(3.5 - error, primary.get("scoreConfidence").get(0).asDouble(), 1e-4);
        assertEquals(3.5 + error, primary.get("scoreConfidence").get(1).asDouble(), 1e-4);
        assertEquals(1.0, primary.get("scorePercentiles").get("0.0").asDouble(), 1e-12);
        assertEquals(6.0, primary.get("scorePercentiles").get("100.0").asDouble(), 1e-12);
        assertEquals(3.5, primary.get("scorePercentiles").get("50.0").asDouble(), 1e-12);
    }

    @Test
    void merge_secondaryMetrics_keepTheirAggregation() throws Exception {
        JsonNode secondary = merge(fixture("fork-1.json"), fixture("fork-2.json"))
                .get(0).get("secondaryMetrics");

        JsonNode alloc = secondary.get("gc.alloc.rate.norm");
        assertEquals(15.0, alloc.get("score").asDouble(), 1e-12, "a mean stays a mean");
        assertEquals(List.of(20.0, 20.0, 20.0), row(alloc.get("rawData"), 1));
        JsonNode events = secondary.get("events");
        assertEquals(10.0, events.get("score").asDouble(), 1e-12, "a sum (AuxCounters events) stays a sum");
        assertEquals(2, events.get("rawData").size());
    }

    @Test
    void merge_oneForkOneIteration_errorIsNaNAsJmhWritesIt(@TempDir Path dir) throws Exception {
        String one = Files.readString(fixture("fork-1.json")).replace("[1.0, 2.0, 3.0]", "[7.0]")
                .replace("\"score\" : 2.0", "\"score\" : 7.0");
        Path file = Files.writeString(dir.resolve("one.json"), one);

        JsonNode primary = merge(file).get(0).get("primaryMetric");

        assertEquals(7.0, primary.get("score").asDouble(), 1e-12);
        assertEquals("NaN", primary.get("scoreError").asText());
    }

    @Test
    void mergeTo_writesFileTheResultReaderAccepts(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("jmh-deque-ops.json");

        ForkMerge.mergeTo(List.of(fixture("fork-1.json"), fixture("fork-2.json")), new int[2], target);

        List<JmhResult> read = JmhJson.read(target);
        assertEquals(1, read.size());
        assertEquals(2, read.get(0).primary().forks());
        assertEquals(2, read.get(0).settings().forks());
        assertEquals("rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(target)));
    }

    @Test
    void merge_notJmhJson_failsNamingTheFile(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("bad.json"), "{\"x\": 1}");

        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> merge(file));
        assertTrue(e.getMessage().contains("bad.json"), e.getMessage());
    }

    @Test
    void merge_differentParams_stayApart(@TempDir Path dir) throws Exception {
        Path other = Files.writeString(dir.resolve("other.json"),
                Files.readString(fixture("fork-2.json")).replace("\"locked\"", "\"chase-lev\""));

        ArrayNode merged = merge(fixture("fork-1.json"), other);

        assertEquals(2, merged.size());
        assertEquals(1, merged.get(0).get("forks").asInt());
    }

    @Test
    void merge_sampleModeHistogram_refusedNamingTheFile(@TempDir Path dir) throws Exception {
        Path sample = Files.writeString(dir.resolve("sample.json"), """
                [ { "benchmark" : "b.B.m", "mode" : "sample", "forks" : 1, "params" : { "q" : "x" },
                    "primaryMetric" : { "score" : 1.0, "scoreUnit" : "us/op", "rawDataHistogram" : [ [ [ [1.0, 2] ] ] ] },
                    "secondaryMetrics" : { } } ]
                """);

        IOException e = assertThrows(IOException.class, () -> merge(sample));

        assertTrue(e.getMessage().contains("sample.json") && e.getMessage().contains("rawDataHistogram"), e.getMessage());
    }

    @Test
    void merge_discardedIterations_leftOutOfEveryMetricOfOneValuePerIteration() throws Exception {
        JsonNode result = ForkMerge.merge(List.of(fixture("fork-1.json"), fixture("fork-2.json")), new int[] {1, 0})
                .get(0);

        JsonNode primary = result.get("primaryMetric");
        assertEquals(List.of(2.0, 3.0), row(primary.get("rawData"), 0));
        assertEquals(List.of(4.0, 5.0, 6.0), row(primary.get("rawData"), 1));
        assertEquals(4.0, primary.get("score").asDouble(), 1e-12, "the mean of the kept iterations");
        assertEquals(List.of(10.0, 10.0), row(result.get("secondaryMetrics").get("gc.alloc.rate.norm").get("rawData"), 0));
        assertEquals(List.of(1.0, 2.0), row(result.get("secondaryMetrics").get("events").get("rawData"), 0),
                "a row that is not one value per iteration is kept whole");
    }

    @Test
    void merge_discardedIterationsOfASum_keepsItASum(@TempDir Path dir) throws Exception {
        String text = Files.readString(fixture("fork-1.json")).replace("[1.0, 2.0] ]", "[1.0, 2.0, 4.0] ]")
                .replace("\"score\" : 3.0", "\"score\" : 7.0");
        Path file = Files.writeString(dir.resolve("sum.json"), text);

        JsonNode events = ForkMerge.merge(List.of(file), new int[] {1}).get(0).get("secondaryMetrics").get("events");

        assertEquals(6.0, events.get("score").asDouble(), 1e-12);
    }

    /** A single-shot fork file with these shot times in ms. */
    private static Path singleShot(Path dir, double... shots) throws Exception {
        StringBuilder row = new StringBuilder();
        for (double v : shots) {
            row.append(row.length() == 0 ? "" : ", ").append(v);
        }
        String text = Files.readString(fixture("fork-1.json")).replace("\"avgt\"", "\"ss\"")
                .replace("\"ns/op\"", "\"ms/op\"").replace("[1.0, 2.0, 3.0]", "[" + row + "]");
        return Files.writeString(dir.resolve("ss.json"), text);
    }

    @Test
    void steadiness_warmUpThenFlat_discardsTheWarmUpAndItsTime(@TempDir Path dir) throws Exception {
        Path file = singleShot(dir, 40, 41, 40, 39, 10, 10.2, 9.9, 10.1, 10, 9.8, 10.1, 10);

        RoundsFile.Steadiness s = ForkMerge.steadiness(file, 5);

        assertEquals("warm-up", s.kind());
        assertEquals(12, s.iterations());
        assertEquals(4, s.discarded());
        assertEquals(0.160, s.discardedSeconds(), 1e-9);
        assertTrue(s.steady());
    }

    @Test
    void steadiness_neverSettles_keepsTheLastMinSteadyIterations(@TempDir Path dir) throws Exception {
        Path file = singleShot(dir, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21);

        RoundsFile.Steadiness s = ForkMerge.steadiness(file, 5);

        assertFalse(s.steady(), s.kind());
        assertEquals(List.of("no steady state", 7), List.of(s.kind(), s.discarded()));
    }

    @Test
    void steadiness_timedIterations_countsDiscardedIterationsAtTheirLength(@TempDir Path dir) throws Exception {
        String text = Files.readString(fixture("fork-1.json")).replace("[1.0, 2.0, 3.0]",
                "[9.0, 9.1, 8.9, 3.0, 3.1, 2.9, 3.0, 3.05, 2.95, 3.0]");
        Path file = Files.writeString(dir.resolve("avgt.json"), text);

        RoundsFile.Steadiness s = ForkMerge.steadiness(file, 5);

        assertEquals(3, s.discarded());
        assertEquals(0.150, s.discardedSeconds(), 1e-9, "three iterations of 50 ms");
    }
}
