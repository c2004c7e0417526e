package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.List;
import org.stealbench.harness.run.Experiment;

/**
 * The oversubscription experiments: queue/drain and fork/join fib with two and four times as many
 * pool threads as the run's cores, one grid each (pools by thread count) through {@link ExperimentSection},
 * in one section.
 */
final class OversubscriptionSection {

    static final String ID = "oversubscription";
    static final String TITLE = "Oversubscription: more pool threads than cores";

    static final Experiment DRAIN = Experiment.OVERSUBSCRIBED_DRAIN;
    static final Experiment FIB = Experiment.OVERSUBSCRIBED_FIB;

    private OversubscriptionSection() {
    }

    static Html.Section build(RunView run, ReportContext ctx) {
        if (!run.has(DRAIN.id()) && !run.has(FIB.id())) {
            return Html.Section.absent(ID, TITLE, "Not in this run: no readable jmh-" + DRAIN.id()
                    + ".json or jmh-" + FIB.id() + ".json.");
        }
        List<Html.Block> blocks = new ArrayList<>();
        java.util.TreeSet<Integer> threads = new java.util.TreeSet<>();
        for (String experiment : List.of(DRAIN.id(), FIB.id())) {
            run.results(experiment).forEach(r -> threads.add(Report.threadsUsed(r)));
        }
        blocks.add(Html.Block.paragraph("The same workloads with " + String.join(", ", threads.stream()
                .map(String::valueOf).toList()) + " pool threads on " + run.cores()
                + " cores (the thread ladder of docs/running.md; Scaling draws them beside the runs at and below the"
                + " cores): past the core count the OS time-slices the workers, and a design that spins, holds a lock "
                + "across a preemption or waits for a descheduled victim degrades faster than one that parks. "
                + "Milliseconds per invocation; lower is better."));
        for (Experiment experiment : List.of(DRAIN, FIB)) {
            Html.Section s = ExperimentSection.build(run, experiment, ctx);
            if (s.isAbsent()) {
                blocks.add(Html.Block.paragraph(experiment.title() + ": " + s.absent()));
            } else {
                blocks.add(Html.Block.paragraph(experiment.title()));
                blocks.addAll(s.blocks());
            }
        }
        return new Html.Section(ID, TITLE, List.of(), blocks, null);
    }
}
