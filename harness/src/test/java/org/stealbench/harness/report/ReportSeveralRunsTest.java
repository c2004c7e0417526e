package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs of the fixture on one page, the second written by a benchmark version without the
 * {@code depth} parameter: rows pair by the full parameter set with declared defaults filled in,
 * banners appear once naming the runs, and one-fork ratios between runs are not judged.
 */
@Tag("quick")
final class ReportSeveralRunsTest {

    @TempDir
    static Path dir;

    static Document doc;
    static String first;
    static String second;

    @BeforeAll
    static void render() throws Exception {
        Path a = ReportRenderTest.copyFixture(dir.resolve("20261122T032225Z-62528d8"));
        Path b = ReportRenderTest.copyFixture(dir.resolve("20261123T050000Z-62528d8"));
        ObjectMapper json = new ObjectMapper();
        // run a measured depth 0 and 64 (depth varies there), run b's benchmark had no depth parameter
        Path opsA = a.resolve("jmh-deque-ops.json");
        ArrayNode resultsA = (ArrayNode) json.readTree(opsA.toFile());
        for (int i = 0, n = resultsA.size(); i < n; i++) {
            ObjectNode deeper = resultsA.get(i).deepCopy();
            ((ObjectNode) deeper.get("params")).put("depth", "64");
            resultsA.add(deeper);
        }
        json.writeValue(opsA.toFile(), resultsA);
        Path ops = b.resolve("jmh-deque-ops.json");
        ArrayNode results = (ArrayNode) json.readTree(ops.toFile());
        results.forEach(r -> ((ObjectNode) r.get("params")).remove("depth"));
        json.writeValue(ops.toFile(), results);
        first = a.getFileName().toString();
        second = b.getFileName().toString();
        doc = Jsoup.parse(ReportCommand.render(List.of(a, b), "jdk-tpe", dir.resolve("page")).toFile(), "UTF-8");
    }

    @Test
    void rowsWhoseParametersDifferOnlyByDefaults_pair() {
        Element compare = doc.selectFirst("table[data-table=compare-deque-ops]");
        List<Element> rows = compare.select("tbody tr");
        assertEquals(List.of("array-deque, pushPop, depth=0", "array-deque, pushPop, depth=64",
                        "array-deque, pushSteal, depth=0", "array-deque, pushSteal, depth=64", "locked, pushPop, depth=0",
                        "locked, pushPop, depth=64", "locked, pushSteal, depth=0", "locked, pushSteal, depth=64"),
                rows.stream().map(tr -> tr.child(0).text()).sorted().toList(), compare.text());
        for (Element tr : rows) {
            boolean paired = tr.child(0).text().endsWith("depth=0");
            assertEquals(paired, !tr.child(2).text().equals("\u2013"), tr.text());
            if (paired) {
                assertEquals(tr.child(1).attr("data-value"), tr.child(2).attr("data-value"), tr.text());
            }
        }
    }

    @Test
    void bannersAppearOnce_namingTheRuns() {
        List<String> quick = doc.select("div.banner[data-banner]").eachText().stream().filter(t -> t.contains("Quick profile")).toList();
        assertEquals(1, quick.size(), String.join("\n", quick));
        assertTrue(quick.get(0).startsWith("All 2 runs: "), quick.get(0));
    }

    @Test
    void ratiosBetweenOneForkRuns_areGreyWithTheReason() {
        Element compare = doc.selectFirst("table[data-table=compare-fork-join-fib]");
        for (Element tr : compare.select("tbody tr")) {
            Element ratio = tr.child(3);
            assertTrue(ratio.hasClass("neutral"), tr.text());
            assertTrue(ratio.attr("title").contains("run-to-run variation"), ratio.attr("title"));
        }
    }

    @Test
    void summary_checksTheAnswersAgainstTheOtherRun() {
        Element answers = doc.selectFirst("table[data-table=summary-answers]");
        assertTrue(answers.selectFirst("thead").text().contains("in " + first), answers.selectFirst("thead").text());
        for (Element tr : answers.select("tbody tr")) {
            assertTrue(tr.child(tr.childrenSize() - 1).text().startsWith("agrees"), "same data, same answer: " + tr.text());
        }
    }
}
