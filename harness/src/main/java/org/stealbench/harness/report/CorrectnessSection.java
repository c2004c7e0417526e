package org.stealbench.harness.report;

import java.util.List;
import org.stealbench.queues.QueueKind;
import org.stealbench.queues.QueueTraits;

/**
 * Each queue kind's guarantees from the registry: exactly-once or not, the known flaw and the
 * test classes that show it. The broken kinds are marked wherever their numbers appear.
 */
final class CorrectnessSection {

    static final String ID = "correctness";
    static final String TITLE = "Correctness of each queue kind";

    private CorrectnessSection() {
    }

    static Html.Section build(ReportContext ctx) {
        Html.TableBuilder t = new Html.TableBuilder("correctness", "The queue registry (QueueKind) in this build");
        t.header("queue", "exactly-once", "who may push/pop", "pop order", "steal order", "blocking", "known flaw",
                "test that shows it");
        for (QueueKind kind : QueueKind.values()) {
            QueueTraits tr = kind.traits();
            String flaw = tr.knownFlaw() == null || tr.knownFlaw().isEmpty() ? "none known" : tr.knownFlaw();
            List<String> tests = ctx.correctness().flawTests(kind.id());
            t.row(List.of(Correctness.nameCell(kind.id()),
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
        List<Html.Block> blocks = List.of(Html.Block.table(t.build()));
        return new Html.Section(ID, TITLE, List.of(), blocks, null);
    }
}
