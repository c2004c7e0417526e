package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.List;
import org.stealbench.harness.results.JmhResult;

/**
 * The oversubscription experiments: queue/drain and fork/join fib with two and four times as many
 * pool threads as the run's cores, one grid each (pools by thread count) through {@link ExperimentSection},
 * in one section.
 */
final class OversubscriptionSection {

    static final String ID = "oversubscription";
    static final String TITLE = "Oversubscription: more pool threads than cores";

    static final ExperimentSection.Spec DRAIN = new ExperimentSection.Spec("oversubscribed-drain",
            "oversubscribed-drain", "Queue/drain by pool threads",
            "Seed 003's queue/drain (separate = false) with the pool's thread count varied.", "jdk-tpe",
            JmhResult::primary);

    static final ExperimentSection.Spec FIB = new ExperimentSection.Spec("oversubscribed-fib", "oversubscribed-fib",
            "Fork/join fib by pool threads", "Seed 004's fork/join fib with the pool's thread count varied.", "jdk-fjp",
            JmhResult::primary);

    private OversubscriptionSection() {
    }

    static Html.Section build(RunView run, ReportContext ctx) {
        if (!run.has(DRAIN.experiment()) && !run.has(FIB.experiment())) {
            return Html.Section.absent(ID, TITLE, "Not in this run: no readable jmh-" + DRAIN.experiment()
                    + ".json or jmh-" + FIB.experiment() + ".json.");
        }
        List<Html.Block> blocks = new ArrayList<>();
        java.util.TreeSet<Integer> threads = new java.util.TreeSet<>();
        for (String experiment : List.of(DRAIN.experiment(), FIB.experiment())) {
            run.results(experiment).forEach(r -> threads.add(Report.threadsUsed(r)));
        }
        blocks.add(Html.Block.paragraph("The same workloads with " + String.join(", ", threads.stream()
                .map(String::valueOf).toList()) + " pool threads on " + run.cores()
                + " cores (the thread ladder of docs/running.md; Scaling draws them beside the runs at and below the"
                + " cores): past the core count the OS time-slices the workers, and a design that spins, holds a lock "
                + "across a preemption or waits for a descheduled victim degrades faster than one that parks. "
                + "Milliseconds per invocation; lower is better."));
        for (ExperimentSection.Spec spec : List.of(DRAIN, FIB)) {
            Html.Section s = ExperimentSection.build(run, spec, ctx);
            if (s.isAbsent()) {
                blocks.add(Html.Block.paragraph(spec.title() + ": " + s.absent()));
            } else {
                blocks.add(Html.Block.paragraph(spec.title()));
                blocks.addAll(s.blocks());
            }
        }
        return new Html.Section(ID, TITLE, List.of(), blocks, null);
    }
}
