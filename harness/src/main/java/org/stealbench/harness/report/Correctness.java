package org.stealbench.harness.report;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import org.stealbench.queues.QueueKind;

/**
 * What the report knows about each contender's correctness: a queue kind's {@code exactlyOnce()}
 * and {@code knownFlaw()} from the registry, the test classes that show a flaw (from the checked-in
 * {@code report/flaw-tests.properties}), and which contender ids of any experiment run on a
 * broken kind ({@code hybrid}, or a pool {@code ws-hybrid}), so their numbers can be marked.
 */
final class Correctness {

    static final String RESOURCE = "/report/flaw-tests.properties";

    private final Map<String, List<String>> flawTests;

    private Correctness(Map<String, List<String>> flawTests) {
        this.flawTests = flawTests;
    }

    static Correctness load() {
        Properties p = ReportThresholds.properties(RESOURCE);
        return new Correctness(p.stringPropertyNames().stream().collect(Collectors.toMap(id -> id,
                id -> Arrays.stream(p.getProperty(id).split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList())));
    }

    /** The test files that show the flaw of queue {@code id}; empty if none is listed. */
    List<String> flawTests(String queueId) {
        return flawTests.getOrDefault(queueId, List.of());
    }

    /**
     * The known flaw behind a contender id of any experiment: a queue id, or a pool {@code ws-<queue id>};
     * null when the contender is exactly-once or not a registry queue.
     */
    static String flaw(String contender) {
        if (contender == null) {
            return null;
        }
        Optional<QueueKind> queue = Contender.queueBehind(contender);
        if (queue.isEmpty() || queue.get().traits().exactlyOnce()) {
            return null;
        }
        String flaw = queue.get().traits().knownFlaw();
        return flaw.isEmpty() ? "not exactly-once" : flaw;
    }

    /** A contender's name cell, marked broken (class and tooltip) where its kind has a known flaw. */
    static Html.Cell nameCell(String contender) {
        Html.Cell cell = Html.Cell.text(contender);
        String flaw = flaw(contender);
        return flaw == null ? cell : cell.withClass("broken").withTitle("BROKEN: " + flaw);
    }
}
