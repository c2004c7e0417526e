package org.stealbench.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/using.md's table of figures is {@code scripts/history export}'s output over committed run
 * folders: its opening comment names the export's options and the folders, and this test runs that
 * export on a fresh store of them and fails when the copy between the comments differs.
 */
final class UsingFiguresTest {

    /** The repository root, from the module's folder where Maven runs the tests. */
    private static final Path ROOT = Path.of("..");
    private static final Pattern GENERATED = Pattern.compile(
            "<!-- generated: scripts/history export (.+?); store: ingest of (.+?) -->\n(.*?)<!-- end of generated figures -->",
            Pattern.DOTALL);

    @TempDir
    Path tmp;

    @Test
    void usingMd_figuresTable_isTheExportOfItsCommittedRuns() throws Exception {
        String doc = Files.readString(ROOT.resolve("docs/using.md"));
        Matcher m = GENERATED.matcher(doc);
        assertTrue(m.find(), "docs/using.md has no generated figures between its marker comments");
        String db = "jdbc:sqlite:" + tmp.resolve("figures.db");
        List<String> ingest = new ArrayList<>(List.of("ingest", "--db", db));
        Arrays.stream(m.group(2).split(" ")).map(f -> ROOT.resolve(f).toString()).forEach(ingest::add);
        List<String> export = new ArrayList<>(List.of("export", "--db", db));
        export.addAll(Arrays.asList(m.group(1).split(" ")));

        assertEquals(0, run(ingest));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, HistoryCommand.execute(new PrintStream(out, true, StandardCharsets.UTF_8), System.err,
                export.toArray(String[]::new)));

        assertEquals(out.toString(StandardCharsets.UTF_8), m.group(3),
                "docs/using.md's figures drifted from their runs: regenerate them with the commands in its comment "
                        + "(docs/history.md, 'Tables for the docs')");
    }

    private static int run(List<String> args) {
        return HistoryCommand.execute(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                System.err, args.toArray(String[]::new));
    }
}
