package org.stealbench.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/using.md's table of figures is what {@code scripts/history figures --doc docs/using.md}
 * writes from the committed run summaries: this test regenerates it on a copy of the doc and fails
 * when the copy changes.
 */
final class UsingFiguresTest {

    /** The repository root, from the module's folder where Maven runs the tests. */
    private static final Path ROOT = Path.of("..");
    private static final Path USING = ROOT.resolve("docs/using.md");

    @TempDir
    Path tmp;

    @Test
    void usingMd_figures_areWhatFiguresWritesFromTheCommittedSummaries() throws Exception {
        List<Path> summaries = RunSummary.all(ROOT.resolve(RunSummary.DEFAULT_DIR));
        assertFalse(summaries.isEmpty(), "no run summary in " + RunSummary.DEFAULT_DIR);
        Path copy = Files.copy(USING, tmp.resolve("using.md"));
        List<String> args = new ArrayList<>(List.of("figures", "--doc", copy.toString()));
        summaries.forEach(s -> args.add(s.toString()));
        HistoryCli cli = new HistoryCli();

        assertEquals(0, cli.run(args.toArray(String[]::new)), cli.stderr());
        assertEquals(Files.readString(USING), Files.readString(copy),
                "docs/using.md's figures drifted from " + RunSummary.DEFAULT_DIR
                        + ": regenerate them with scripts/history figures --doc docs/using.md (docs/history.md)");
    }
}
