package org.stealbench.harness.report;

import org.stealbench.harness.results.JmhResult;

/**
 * The runtime-scheduler workloads (Tokio's set): a grid of pools by workload, milliseconds per
 * invocation, ratios to ForkJoinPool, through {@link ExperimentSection}.
 */
final class SchedulerWorkloadsSection {

    static final ExperimentSection.Spec SPEC = new ExperimentSection.Spec("scheduler-workloads", "scheduler-workloads",
            "Runtime-scheduler workloads (after Tokio's runtime benchmarks)",
            "Tiny tasks whose only cost is being scheduled, in the patterns async servers produce: spawn-idle (submit "
                    + "'tasks' tasks from outside into an idle pool), spawn-busy (the same while every worker is held "
                    + "busy), spawn-inside (one task submits them from a worker), chain (each task submits the next, "
                    + "'depth' long), ping-pong (16 pairs of tasks submitting each other) and yield (16 tasks each "
                    + "resubmitting itself). Milliseconds per invocation; lower is better.",
            "jdk-fjp", JmhResult::primary);

    private SchedulerWorkloadsSection() {
    }

    static Html.Section build(RunView run, ReportContext ctx) {
        return ExperimentSection.build(run, SPEC, ctx);
    }
}
