package org.stealbench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("quick")
final class JmhJsonTest {

    @TempDir
    Path dir;

    static Path fixture() throws URISyntaxException {
        return Path.of(JmhJsonTest.class.getResource("/jmh/deque-ops-gc.json").toURI());
    }

    @Test
    void read_realJmhOutput_givesRawDataPerForkAndSecondaryMetrics() throws Exception {
        List<JmhResult> results = JmhJson.read(fixture());
        assertEquals(1, results.size());
        JmhResult r = results.get(0);
        assertEquals("DequeOpsBenchmark.pushPop", r.shortName());
        assertEquals("avgt", r.mode());
        assertEquals("locked", r.param("queue"));
        assertEquals(2, r.primary().forks());
        assertEquals(4, r.primary().samples().size());
        assertEquals("ns/op", r.primary().unit());
        assertFalse(r.primary().higherIsBetter());
        assertTrue(r.secondary().containsKey("gc.alloc.rate.norm"));
        assertEquals("17.0.15", r.jdkVersion());
    }

    ResultsException failure(String content) throws IOException {
        Path file = Files.writeString(dir.resolve("bad.json"), content);
        ResultsException e = assertThrows(ResultsException.class, () -> JmhJson.read(file));
        assertTrue(e.getMessage().startsWith(file.toString()), "names the file: " + e.getMessage());
        return e;
    }

    @Test
    void read_missingFile_saysSo() {
        ResultsException e = assertThrows(ResultsException.class, () -> JmhJson.read(dir.resolve("nope.json")));
        assertTrue(e.getMessage().contains("no such file"), e.getMessage());
    }

    @Test
    void read_emptyFile_saysEmpty() throws IOException {
        assertTrue(failure("  \n").getMessage().contains("empty file"));
    }

    @Test
    void read_truncatedJson_saysTruncated() throws Exception {
        String real = Files.readString(fixture());
        assertTrue(failure(real.substring(0, real.length() / 2)).getMessage().contains("truncated"));
    }

    @Test
    void read_otherToolsJson_saysNotJmh() throws IOException {
        assertTrue(failure("{\"tool\": \"other\"}").getMessage().contains("not a JMH JSON"));
        assertTrue(failure("[{\"name\": \"x\", \"value\": 3}]").getMessage().contains("not a JMH JSON"));
    }

    @Test
    void read_resultWithoutRawData_saysNoRawData() throws IOException {
        String json = "[{\"benchmark\": \"a.B.c\", \"mode\": \"avgt\", \"primaryMetric\": "
                + "{\"score\": 1.0, \"scoreUnit\": \"ns/op\"}}]";
        assertTrue(failure(json).getMessage().contains("no raw data"));
    }

    @Test
    void load_folderWithOneBadFile_keepsTheGoodOnesAndNamesTheBad() throws Exception {
        Files.copy(fixture(), dir.resolve("jmh-deque-ops.json"));
        Files.writeString(dir.resolve("jmh-queue-drain.json"), "[{\"benchmark\"");
        RunData run = RunData.load(dir);
        assertEquals(List.of("deque-ops"), List.copyOf(run.experiments().keySet()));
        assertTrue(run.problems().stream().anyMatch(p -> p.contains("jmh-queue-drain.json")), run.problems().toString());
        assertTrue(run.problems().stream().anyMatch(p -> p.contains("env.json")), run.problems().toString());
    }

    @Test
    void load_folderWithoutResults_refused() {
        ResultsException e = assertThrows(ResultsException.class, () -> RunData.load(dir));
        assertTrue(e.getMessage().contains("not a stealbench run folder"), e.getMessage());
    }

    @Test
    void units_directionAndConversion() {
        assertTrue(Units.higherIsBetter("ops/s"));
        assertFalse(Units.higherIsBetter("ms/op"));
        assertEquals(1.5, Units.convert(1500, "ns/op", "us/op"), 1e-12);
        assertEquals(2000, Units.convert(2, "ops/ms", "ops/s"), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> Units.convert(1, "ops/s", "ns/op"));
        assertThrows(IllegalArgumentException.class, () -> Units.secondsOf("B/op"));
    }
}
