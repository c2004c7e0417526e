package org.stealbench.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code scripts/history summarize} and {@code figures}. */
final class FiguresCommandTest {

    private static final String RUN_17 = "20261126T210758Z-adaba82-jdk17";

    @TempDir
    Path tmp;

    private final HistoryCli cli = new HistoryCli();

    private Path runFolder(String name) throws Exception {
        return RunFolderFixture.at(tmp.resolve("runs"), name).fib(FiguresTable.BASELINE, 10, 11, 12)
                .fib(FiguresTable.POOL, 5, 6, 7).write();
    }

    private static Set<String> files(Path dir) throws Exception {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).collect(Collectors.toSet());
        }
    }

    @Test
    void summarize_runFolder_copiesEnvCommandResultsAndRoundsOnlyAndIngestsAsTheRun() throws Exception {
        Path dir = runFolder(RUN_17);
        Files.createDirectories(dir.resolve("forks/fork-join-fib"));
        Files.writeString(dir.resolve("forks/fork-join-fib/fib-r0.json"), "[]");
        Files.writeString(dir.resolve("footprint.json"), "{}");
        Path summaries = tmp.resolve("summaries");

        assertEquals(0, cli.run("summarize", "--into", summaries.toString(), dir.toString()), cli.stderr());

        Path summary = summaries.resolve(RUN_17);
        assertEquals(Set.of("env.json", "command.txt", "jmh-fork-join-fib.json", "rounds-fork-join-fib.json"),
                files(summary));
        Ingest fromRun = HistorySources.read(dir, null, null);
        Ingest fromSummary = HistorySources.read(summary, null, null);
        assertEquals(fromRun.run().runId(), fromSummary.run().runId());
        assertEquals(fromRun.measurements(), fromSummary.measurements());
        assertEquals(List.of(summary), RunSummary.all(summaries));
    }

    @Test
    void summarize_summaryThere_exits2WithOneLineAndLeavesIt() throws Exception {
        Path dir = runFolder(RUN_17);
        Path summaries = tmp.resolve("summaries");
        cli.run("summarize", "--into", summaries.toString(), dir.toString());
        Path env = summaries.resolve(RUN_17).resolve("env.json");
        Files.writeString(env, "{\"kept\": true}");

        assertEquals(2, cli.run("summarize", "--into", summaries.toString(), dir.toString()));

        assertEquals(1, cli.stderr().strip().lines().count(), cli.stderr());
        assertTrue(cli.stderr().startsWith("history: ") && cli.stderr().contains("exists already"), cli.stderr());
        assertEquals("{\"kept\": true}", Files.readString(env));
    }

    @Test
    void summarize_oneBadRunAmongGoodOnes_exits2AndWritesNothing() throws Exception {
        Path good = runFolder(RUN_17);
        Path bad = RunFolderFixture.at(tmp.resolve("runs"), "20261126T210920Z-adaba82-jdk25").notInterleaved()
                .fib(FiguresTable.BASELINE, 10, 11).fib(FiguresTable.POOL, 5, 6).write();
        Path summaries = tmp.resolve("summaries");

        assertEquals(2, cli.run("summarize", "--into", summaries.toString(), good.toString(), bad.toString()));

        assertTrue(cli.stderr().contains("interleaved"), cli.stderr());
        assertFalse(Files.exists(summaries));
    }

    @Test
    void summarize_folderWithoutARunFoldersName_exits2() throws Exception {
        Path dir = RunFolderFixture.at(tmp.resolve("runs"), RUN_17).fib(FiguresTable.BASELINE, 10, 11)
                .fib(FiguresTable.POOL, 5, 6).write();
        Path renamed = Files.move(dir, dir.resolveSibling("my-run"));

        assertEquals(2, cli.run("summarize", "--into", tmp.resolve("summaries").toString(), renamed.toString()));

        assertTrue(cli.stderr().contains("not a run folder"), cli.stderr());
    }

    @Test
    void figures_doc_replacesTheTableBetweenTheMarkersAndKeepsTheRest() throws Exception {
        Path summary = runFolder(RUN_17);
        Path doc = tmp.resolve("using.md");
        Files.writeString(doc, "# Using\n\n" + FiguresTable.BEGIN + "\n| stale |\n" + FiguresTable.END + "\n\nmore\n");

        assertEquals(0, cli.run("figures", "--doc", doc.toString(), summary.toString()), cli.stderr());

        assertEquals("# Using\n\n" + FiguresTable.BEGIN + "\n"
                + FiguresTable.markdown(List.of(FiguresTable.read(summary))) + FiguresTable.END + "\n\nmore\n",
                Files.readString(doc));
        assertTrue(Files.readString(doc).contains("| fork-join-fib, ForkJoinFibBenchmark.fib, n=32 threads=2 "
                + "threshold=0 | Debian 17.0.15 |"), Files.readString(doc));
    }

    @Test
    void figures_docWithoutMarkers_exits2AndLeavesIt() throws Exception {
        Path summary = runFolder(RUN_17);
        Path doc = tmp.resolve("using.md");
        Files.writeString(doc, "# Using\n");

        assertEquals(2, cli.run("figures", "--doc", doc.toString(), summary.toString()));

        assertEquals(1, cli.stderr().strip().lines().count(), cli.stderr());
        assertTrue(cli.stderr().contains(FiguresTable.BEGIN), cli.stderr());
        assertEquals("# Using\n", Files.readString(doc));
    }

    @Test
    void figures_noSuchDoc_exits2AndCreatesNothing() throws Exception {
        Path summary = runFolder(RUN_17);
        Path doc = tmp.resolve("docs/using.md");

        assertEquals(2, cli.run("figures", "--doc", doc.toString(), summary.toString()));

        assertTrue(cli.stderr().contains("no such file"), cli.stderr());
        assertFalse(Files.exists(doc.getParent()));
    }

    @Test
    void figures_noSuchSummary_exits2() {
        assertEquals(2, cli.run("figures", tmp.resolve("nope").toString()));

        assertTrue(cli.stderr().contains("nope"), cli.stderr());
    }
}
