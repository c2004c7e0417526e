package org.stealbench.harness.report;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.run.Experiment;

/**
 * JMH results no section of the page knows (another project's JMH JSON, an experiment newer than
 * this report), in one plain table: benchmark, parameters, mode, the score with its interval as
 * the rest of the page gives it (geometric mean and log-scale interval over the iterations) and unit.
 * So the report shows any JMH output, even where it cannot interpret it.
 */
final class OtherResultsSection {

    static final String ID = "other-results";
    static final String TITLE = "Other JMH results";

    private OtherResultsSection() {
    }

    /**
     * The experiments a section of this page draws, those the registry gives a title: everything
     * else (another project's results, the cold starts, which the summary answers) goes to this section.
     */
    static Set<String> known() {
        return Arrays.stream(Experiment.values()).filter(e -> e.title() != null).map(Experiment::id)
                .collect(Collectors.toSet());
    }

    static Html.Section build(RunView run, ReportContext ctx) {
        Set<String> known = known();
        Html.TableBuilder t = new Html.TableBuilder(ID, "Results of experiments no section knows, as JMH reports them");
        t.header("experiment (file)", "benchmark", "parameters", "mode", "score [interval]", "unit");
        for (Map.Entry<String, List<JmhResult>> e : run.data().experiments().entrySet()) {
            if (known.contains(e.getKey())) {
                continue;
            }
            for (JmhResult r : e.getValue()) {
                List<String> params = r.params().entrySet().stream().map(p -> p.getKey() + "=" + p.getValue()).toList();
                t.row(List.of(Html.Cell.text(e.getKey()), Html.Cell.text(r.benchmark()),
                        Html.Cell.text(params.isEmpty() ? "\u2013" : String.join(", ", params)), Html.Cell.text(r.mode()),
                        Cells.score(r.primary(), ctx.thresholds()),
                        Html.Cell.text(r.primary().unit())));
            }
        }
        if (t.isEmpty()) {
            return Html.Section.absent(ID, TITLE, "Every result of this run has its own section above.");
        }
        t.note("Each score is the geometric mean of the iterations with its interval on the log scale, as elsewhere "
                + "on this page (JMH's own score \u00b1 error is symmetric and can reach below zero). Where such "
                + "results have a pool, queue or partitioner parameter, the summary ranks them too.");
        return new Html.Section(ID, TITLE, List.of(), List.of(Html.Block.table(t.build())), null);
    }
}
