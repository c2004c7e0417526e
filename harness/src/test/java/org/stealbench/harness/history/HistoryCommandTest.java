package org.stealbench.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class HistoryCommandTest {

    private static final String RUN = StoreContract.FIXTURE_RUN.toString();
    private static final String JOB = StoreContract.GATE_JOB.toString();
    private static final String JMH_FILE = StoreContract.FIXTURE_RUN.resolve("jmh-deque-ops.json").toString();

    @TempDir
    Path tmp;

    private final HistoryCli cli = new HistoryCli();

    private int run(String... args) {
        return cli.run(args);
    }

    private String db() {
        return "jdbc:sqlite:" + tmp.resolve("store/history.db");
    }

    private String stdout() {
        return cli.stdout();
    }

    private String stderr() {
        return cli.stderr();
    }

    @Test
    void ingest_missingSource_exits2WithOneLineAndCreatesNoStore() {
        assertEquals(2, run("ingest", "--db", db(), RUN, tmp.resolve("nope").toString()));

        assertEquals(1, stderr().strip().lines().count(), stderr());
        assertTrue(stderr().startsWith("history: ") && stderr().contains("nope"), stderr());
        assertFalse(Files.exists(tmp.resolve("store")));
    }

    @Test
    void ingest_damagedGateJob_exits2AndLeavesTheStoreAsItWas() throws Exception {
        assertEquals(0, run("ingest", "--db", db(), RUN));
        Path job = Files.createDirectories(tmp.resolve("job"));
        try (var files = Files.list(StoreContract.GATE_JOB)) {
            for (Path f : files.toList()) {
                Files.copy(f, job.resolve(f.getFileName()));
            }
        }
        String pairs = Files.readString(job.resolve("pairs.json"));
        Files.writeString(job.resolve("pairs.json"), pairs.substring(0, pairs.length() / 3));

        assertEquals(2, run("ingest", "--db", db(), JOB, job.toString()));

        assertTrue(stderr().contains("pairs.json"), stderr());
        assertEquals(0, run("list", "--db", db()));
        assertEquals(1, stdout().strip().lines().count(), stdout());
    }

    @Test
    void ingest_jmhFileWithoutCommit_exits2() {
        assertEquals(2, run("ingest", "--db", db(), JMH_FILE));

        assertTrue(stderr().contains("--commit"), stderr());
        assertFalse(Files.exists(tmp.resolve("store")));
    }

    @Test
    void ingest_badDbUrl_exits2() {
        assertEquals(2, run("ingest", "--db", "jdbc:mysql://x/y", RUN));

        assertTrue(stderr().contains("jdbc:sqlite:FILE"), stderr());
    }

    @Test
    void list_noStore_exits2AndCreatesNothing() {
        assertEquals(2, run("list", "--db", db()));

        assertTrue(stderr().contains("no such store"), stderr());
        assertFalse(Files.exists(tmp.resolve("store")));
    }

    @Test
    void noSubcommand_exits2() {
        assertEquals(2, run());
        assertEquals("history: a subcommand is needed: ingest, list, report, changes, export, summarize or figures "
                + "(see --help)", stderr().strip());
        assertEquals(2, run("nosuch"));
    }

    @Test
    void ingestThenReport_writesAPageWithAChartPerSeriesAndTheRuns() throws Exception {
        assertEquals(0, run("ingest", "--db", db(), RUN, JOB));
        assertTrue(stdout().contains("2 run(s) added"), stdout());
        assertEquals(0, run("ingest", "--db", db(), "--commit", "62528d8", JMH_FILE));
        assertTrue(stdout().contains("1 run(s) added"), stdout());

        assertEquals(0, run("report", "--db", db(), "--out", tmp.resolve("page").toString()), stderr());

        String html = Files.readString(tmp.resolve("page/index.html"));
        try (HistoryStore store = HistoryStore.open(db())) {
            int charts = HistorySeries.charts(store.rows()).size();
            assertEquals(charts, html.split("src=\"data:image/svg\\+xml,", -1).length - 1);
            assertTrue(charts > 20, "charts: " + charts);
        }
        assertTrue(html.contains("job-001-aa-") && html.contains("20261122T032225Z-62528d8"));
        assertFalse(html.contains("src=\"http"), "the page loads nothing from the network");
    }

    @Test
    void list_afterIngest_showsEachRunOnce() {
        run("ingest", "--db", db(), RUN, JOB);
        run("ingest", "--db", db(), RUN);

        assertEquals(0, run("list", "--db", db()));

        assertEquals(2, stdout().strip().lines().count(), stdout());
        assertTrue(stdout().contains("62528d8  run  20261122T032225Z-62528d8"), stdout());
    }

    @Test
    void export_csvJsonMarkdown_holdEveryFork() throws Exception {
        run("ingest", "--db", db(), JOB);
        int forks;
        try (HistoryStore store = HistoryStore.open(db())) {
            forks = store.rows().size();
        }

        assertEquals(0, run("export", "--db", db()));
        assertEquals(forks + 1, stdout().split("\r\n").length);
        assertTrue(stdout().startsWith("run_id,kind,commit,"));

        assertEquals(0, run("export", "--db", db(), "--format", "json", "--out", tmp.resolve("h.json").toString()));
        assertEquals(forks, new com.fasterxml.jackson.databind.ObjectMapper().readTree(tmp.resolve("h.json").toFile())
                .size());

        assertEquals(0, run("export", "--db", db(), "--format", "markdown"));
        assertTrue(stdout().contains("| deque-ops | DequeOpsBenchmark.pushPop | depth=0 | chase-lev | score |"), stdout());
    }

    @Test
    void export_experimentAndMeasure_keepOnlyTheirFigures() throws Exception {
        run("ingest", "--db", db(), RUN);

        assertEquals(0, run("export", "--db", db(), "--format", "json", "--experiment", "fork-join-fib",
                "--experiment", "deque-ops", "--measure", "score"));

        java.util.Set<String> experiments = new java.util.HashSet<>();
        java.util.Set<String> measures = new java.util.HashSet<>();
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(stdout()).forEach(r -> {
            experiments.add(r.get("experiment").asText());
            measures.add(r.get("measure").asText());
        });
        assertEquals(java.util.Set.of("fork-join-fib", "deque-ops"), experiments);
        assertEquals(java.util.Set.of("score"), measures);
    }

    @Test
    void report_runFolderReachable_linksItRelativeToThePage() throws Exception {
        run("ingest", "--db", db(), RUN);

        assertEquals(0, run("report", "--db", db(), "--out", tmp.resolve("page").toString()), stderr());

        String link = HistoryLinks.relative(tmp.resolve("page"), StoreContract.FIXTURE_RUN);
        assertTrue(link.startsWith("../") && link.endsWith("/20261122T032225Z-62528d8/"), link);
        assertTrue(Files.readString(tmp.resolve("page/index.html")).contains("<a href=\"" + link + "\" title=\"run "));
    }

    @Test
    void changes_storeWithOneRun_reportsNone() {
        run("ingest", "--db", db(), JOB);

        assertEquals(0, run("changes", "--db", db()));

        assertTrue(stdout().contains("history: 0 change point(s)"), stdout());
    }
}
