package org.stealbench.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class HistoryLinksTest {

    @TempDir
    Path tmp;

    private static HistoryRun run(String id, String kind, Path source) {
        return new HistoryRun(id, kind, source.toString(), "62528d8", false, "2026-11-22T03:22:25Z", "box", "cpu", 2,
                "jdk", "", "os", "quick");
    }

    @Test
    void reachable_linksReportPageFolderOrFileRelativeToThePage_skipsWhatIsGone() throws Exception {
        Path withReport = Files.createDirectories(tmp.resolve("runs/with report/report"));
        Files.writeString(withReport.resolve("index.html"), "<html>");
        Path bare = Files.createDirectories(tmp.resolve("runs/bare"));
        Path job = Files.createDirectories(tmp.resolve("jobs/job-1"));
        Path file = Files.writeString(tmp.resolve("jmh.json"), "[]");
        Path page = tmp.resolve("reports/history");

        Map<String, String> links = HistoryLinks.reachable(List.of(
                run("r1", HistoryRun.RUN, tmp.resolve("runs/with report")), run("r2", HistoryRun.RUN, bare),
                run("g", HistoryRun.GATE, job), run("j", HistoryRun.JMH, file),
                run("gone", HistoryRun.RUN, tmp.resolve("runs/gone"))), page);

        assertEquals(Map.of("r1", "../../runs/with%20report/report/index.html", "r2", "../../runs/bare/",
                "g", "../../jobs/job-1/", "j", "../../jmh.json"), links);
    }

    @Test
    void relative_firstSegmentWithColon_isNotReadAsAScheme() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("a:b"));

        assertEquals("./a:b/", HistoryLinks.relative(tmp, dir));
    }
}
