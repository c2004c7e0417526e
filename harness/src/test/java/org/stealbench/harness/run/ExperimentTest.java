package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The experiment registry: docs/running.md's table follows it. */
final class ExperimentTest {

    @Test
    void docs_runningMd_showsTheTableAsTheRegistryHasIt() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "running.md"));
        String table = Experiment.markdownTable();
        assertTrue(doc.contains(table), "docs/running.md's experiment table differs from the registry's; it should read:\n"
                + table);
    }

    @Test
    void markdownTable_namesTheProfileWhereItDiffersAndTheQuickProfilesOmissions() {
        String table = Experiment.markdownTable();

        assertTrue(table.contains("| `queue-drain` (`seed-003`) | `QueueDrainBenchmark` | `pool` | "), table);
        assertTrue(table.contains("| `deque-ops` | `DequeOpsBenchmark` | `queue` | "), table);
        assertTrue(table.contains("| `fork-join-fib` (`seed-004`) | `ForkJoinFibBenchmark` | `pool` (fork/join pools) | "),
                table);
        assertTrue(table.contains("threshold 0 (not in quick) |\n"), table);
        assertEquals(Experiment.values().length + 2, table.split("\n").length);
    }
}
