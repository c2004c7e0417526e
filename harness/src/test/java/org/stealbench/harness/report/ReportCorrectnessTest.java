package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.stealbench.queues.QueueKind;

@Tag("quick")
final class ReportCorrectnessTest {

    /** The repository root: the harness module's parent (surefire runs in harness/). */
    static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.exists(here.resolve("queues")) ? here : here.getParent();
    }

    @Test
    void everyKindThatIsNotExactlyOnce_listsTestFilesThatExist() {
        Correctness c = Correctness.load();
        for (QueueKind kind : QueueKind.values()) {
            if (kind.traits().exactlyOnce()) {
                continue;
            }
            List<String> tests = c.flawTests(kind.id());
            assertFalse(tests.isEmpty(), kind.id() + " is not exactly-once but report/flaw-tests.properties names no test");
            for (String test : tests) {
                assertTrue(Files.isRegularFile(root().resolve(test)), kind.id() + ": " + test + " does not exist");
            }
            assertFalse(kind.traits().knownFlaw().isEmpty(), kind.id() + " has no knownFlaw text for the report");
        }
    }
}
