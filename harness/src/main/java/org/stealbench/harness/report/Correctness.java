package org.stealbench.harness.report;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.stealbench.queues.QueueKind;
import org.stealbench.queues.QueueTraits;

/**
 * What the report knows about each contender's correctness: a queue kind's {@code exactlyOnce()}
 * and {@code knownFlaw()} from the registry, the test classes that show a flaw (from the checked-in
 * {@code report/flaw-tests.properties}), and which contender ids of any experiment run on a
 * broken kind ({@code hybrid}, or a pool {@code ws-hybrid}), so their numbers can be marked; and
 * the page's last section, each queue kind's guarantees from the registry.
 */
record Correctness(Map<String, List<String>> flawTests) {

    static final String RESOURCE = "/report/flaw-tests.properties";

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
        return Contender.queueBehind(contender).map(QueueKind::traits).filter(t -> !t.exactlyOnce())
                .map(t -> t.knownFlaw().isEmpty() ? "not exactly-once" : t.knownFlaw()).orElse(null);
    }

    /** A contender's name cell, marked broken (class and tooltip) where its kind has a known flaw. */
    static Html.Cell nameCell(String contender) {
        Html.Cell cell = Html.Cell.text(contender);
        String flaw = flaw(contender);
        return flaw == null ? cell : cell.withClass("broken").withTitle("BROKEN: " + flaw);
    }

    /** The section: per queue kind, exactly-once or not, the known flaw and the test classes that show it. */
    Html.Section section() {
        Html.TableBuilder t = new Html.TableBuilder("correctness", "The queue registry (QueueKind) in this build");
        t.header("queue", "exactly-once", "who may push/pop", "pop order", "steal order", "blocking", "known flaw",
                "test that shows it");
        for (QueueKind kind : QueueKind.values()) {
            QueueTraits tr = kind.traits();
            String flaw = tr.knownFlaw() == null || tr.knownFlaw().isEmpty() ? "none known" : tr.knownFlaw();
            List<String> tests = flawTests(kind.id());
            t.row(List.of(nameCell(kind.id()),
                    tr.exactlyOnce() ? Html.Cell.text("yes").withClass("good") : Html.Cell.text("NO").withClass("bad"),
                    Html.Cell.text(tr.ownerOnly() ? "owner only" : "any thread"), Html.Cell.text(tr.popOrder().toString()),
                    Html.Cell.text(tr.stealOrder().toString()), Html.Cell.text(tr.blocking() ? "yes" : "no"),
                    Html.Cell.text(flaw), Html.Cell.text(tr.exactlyOnce() ? "\u2013" : tests.isEmpty() ? "NOT LISTED"
                            : String.join(", ", tests.stream().map(s -> s.substring(s.lastIndexOf('/') + 1)
                                    .replace(".java", "")).toList())).withTitle(String.join(", ", tests))));
        }
        t.note("Exactly-once kinds pass the contract, exactly-once stress and Lincheck linearizability tests over the whole "
                + "registry (queues/src/test). A kind that is not exactly-once appears only where its flaw cannot hang or "
                + "corrupt a run (the faithful 'hybrid': seed 002's enqueue/dequeue experiment, never behind a pool, never "
                + "with thieves), and its name carries \u26A0 in every table. Work-stealing pools (ws-<queue>) exist only "
                + "for exactly-once kinds.");
        return new Html.Section("correctness", "Correctness of each queue kind", List.of(),
                List.of(Html.Block.table(t.build())), null);
    }
}
