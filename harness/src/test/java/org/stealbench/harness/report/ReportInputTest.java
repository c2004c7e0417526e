package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.results.ResultsException;

/** Bad and partial input, and several runs on one page. */
@Tag("quick")
final class ReportInputTest {

    @TempDir
    Path dir;

    @Test
    void damagedFiles_areNamedOnThePage_theirSectionsSayNotInThisRun_theRestRenders() throws Exception {
        Path run = ReportRenderTest.copyFixture(dir.resolve("20261122T032225Z-62528d8"));
        String drain = Files.readString(run.resolve("jmh-queue-drain.json"));
        Files.writeString(run.resolve("jmh-queue-drain.json"), drain.substring(0, drain.length() / 3));
        Files.writeString(run.resolve("jmh-enqueue-dequeue.json"), "");
        Files.writeString(run.resolve("jmh-deque-ops.json"), "{\"tool\": \"hyperfine\", \"results\": []}");
        Files.delete(run.resolve("footprint.json"));
        Map<String, String> before = ReportRenderTest.hashes(run);

        Path page = ReportCommand.render(List.of(run), "jdk-tpe", null);
        Document doc = Jsoup.parse(page.toFile(), "UTF-8");

        String problems = doc.selectFirst("div[data-banner=problems]").text();
        assertTrue(problems.contains("jmh-queue-drain.json: not valid JSON, truncated or damaged"), problems);
        assertTrue(problems.contains("jmh-enqueue-dequeue.json: empty file"), problems);
        assertTrue(problems.contains("jmh-deque-ops.json: not a JMH JSON result file"), problems);
        for (String absent : List.of("seed-003", "seed-002", "deque-ops", "footprint")) {
            Element s = doc.selectFirst("section[data-section=" + absent + "]");
            assertEquals("true", s.attr("data-absent"), absent);
            assertTrue(s.text().contains("Not in this run"), absent);
        }
        for (String present : List.of("fork-join-fib", "recursive-work", "range-partitioner", "deque-contention", "claims")) {
            assertFalse(doc.selectFirst("section[data-section=" + present + "]").hasAttr("data-absent"), present);
        }
        assertTrue(doc.select("table[data-table=claims] td").eachText().contains("not measurable here"));
        assertEquals(before, ReportRenderTest.hashes(run), "the report never rewrites a run's files");
    }

    @Test
    void footprintSizeThatIsNotANumber_isShownAsWritten() throws Exception {
        Path run = ReportRenderTest.copyFixture(dir.resolve("20261122T032225Z-62528d8"));
        Path footprint = run.resolve("footprint.json");
        Files.writeString(footprint, Files.readString(footprint).replace("\"1000000\" :", "\"1M\" :"));

        Document doc = Jsoup.parse(ReportCommand.render(List.of(run), "jdk-tpe", dir.resolve("out")).toFile(), "UTF-8");

        assertTrue(doc.select("table[data-table=footprint] th").eachText().contains("B/item at 1M"));
        assertEquals("Bytes per queued item at 1M items", doc.selectFirst("figure[data-chart=footprint-chart] figcaption")
                .text());
    }

    @Test
    void missingFolderOrFolderWithoutResults_refusedNamingIt() throws Exception {
        Path missing = dir.resolve("no-such-run");
        ResultsException e = assertThrows(ResultsException.class, () -> ReportCommand.render(List.of(missing), "jdk-tpe", dir));
        assertTrue(e.getMessage().startsWith(missing.toString()), e.getMessage());
        Path empty = Files.createDirectory(dir.resolve("empty"));
        e = assertThrows(ResultsException.class, () -> ReportCommand.render(List.of(empty), "jdk-tpe", dir));
        assertTrue(e.getMessage().contains("no jmh-*.json"), e.getMessage());
    }

    @Test
    void severalRuns_sideBySideWithRatios_andEachRunsOwnSections() throws Exception {
        Path a = ReportRenderTest.copyFixture(dir.resolve("20261122T032225Z-62528d8-jdk17"));
        Path b = ReportRenderTest.copyFixture(dir.resolve("20261122T040000Z-62528d8-jdk25"));
        Files.delete(b.resolve("jmh-deque-ops.json"));
        Path out = dir.resolve("compared");
        Path page = ReportCommand.render(List.of(a, b), "jdk-tpe", out);
        assertEquals(out.resolve("index.html"), page);
        Document doc = Jsoup.parse(page.toFile(), "UTF-8");

        Element runs = doc.selectFirst("table[data-table=runs]");
        assertEquals(List.of("fact", a.getFileName().toString(), b.getFileName().toString()),
                runs.select("thead th").stream().map(Element::text).toList());
        Element compare = doc.selectFirst("table[data-table=compare-queue-drain]");
        assertNotNull(compare);
        List<String> head = compare.select("thead th").stream().map(Element::text).toList();
        assertEquals(b.getFileName() + " / " + a.getFileName(), head.get(3));
        for (Element tr : compare.select("tbody tr")) {
            assertEquals(tr.child(1).attr("data-value"), tr.child(2).attr("data-value"), "same data in both runs");
            assertEquals(1.0, Double.parseDouble(tr.child(3).attr("data-value")), 1e-12, tr.text());
        }
        assertNotNull(doc.selectFirst("table[data-table=compare-fork-join-fib]"));
        assertTrue(doc.text().contains("deque-ops: in 1 run only, nothing to compare."));
        assertNotNull(doc.selectFirst("section[data-section=run1-seed-003]"));
        assertNotNull(doc.selectFirst("section[data-section=run2-seed-003]"));
        assertEquals("true", doc.selectFirst("section[data-section=run2-deque-ops]").attr("data-absent"));
        assertNotNull(doc.selectFirst("table[data-table=run2-seed003-separate-true]"));
    }
}
