package org.stealbench.harness.history;

import static org.stealbench.harness.history.HistoryException.throwIf;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.stealbench.harness.report.NumberText;
import org.stealbench.harness.results.ExperimentId;
import org.stealbench.harness.results.ResultsException;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.results.RunFolder;
import org.stealbench.harness.stats.LogRatios;
import org.stealbench.harness.stats.RatioEstimate;

/**
 * The docs' table of figures (docs/using.md, "Why these defaults"), made from run summaries
 * ({@link RunSummary}): per machine one table, a row per workload (experiment, benchmark and
 * parameters) and JDK giving the time of {@value #POOL} as a ratio to {@value #BASELINE}'s from the
 * latest run that measured both, with its {@link HistorySeries#CONFIDENCE} interval, the rounds,
 * the forks that never became steady, the commit and the date. Runs of different machines or JDKs
 * never share a row: a new machine adds a table, a new JDK rows.
 *
 * <p>The runs are interleaved, so, as the report's summary does for such a run, the ratio is the
 * geometric mean of the per-round ratios ({@link LogRatios#pairedRatio}). As the summary withholds
 * its ranking when a contender has no steady fork (its rounds file records what the steady-state
 * rule found in each fork), a row says "not steady" instead of a ratio then.
 */
public final class FiguresTable {

    /** The pool the docs describe (the work-stealing pool with its defaults). */
    public static final String POOL = "ws-chase-lev";
    /** What it is measured against. */
    public static final String BASELINE = "jdk-fjp";
    /** The line before the table in a doc; {@link #intoDoc} replaces what lies between it and {@link #END}. */
    public static final String BEGIN = "<!-- figures: written by `scripts/history figures --doc FILE` from "
            + RunSummary.DEFAULT_DIR + "/; do not edit by hand -->";
    /** The line after the table in a doc. */
    public static final String END = "<!-- end of figures -->";
    private static final List<String> COLUMNS = List.of("workload", "JDK", "time " + POOL + " / " + BASELINE,
            "95% interval", "rounds", "forks never steady", "commit", "date");

    private FiguresTable() {
    }

    /** One run as the table reads it: its figures, as {@code ingest} reads them, and per experiment its rounds file. */
    public record Run(Ingest ingest, Map<String, RoundsFile> rounds) {

        public Run {
            rounds = Map.copyOf(rounds);
        }
    }

    /**
     * Reads a run summary (or a run folder) as {@code ingest} does, and each experiment's rounds
     * file: every experiment must have run in interleaved rounds, so that its forks pair up by round.
     *
     * @throws HistoryException naming the source and what is wrong with it
     */
    public static Run read(Path source) throws HistoryException {
        throwIf(!Files.isDirectory(source), source + ": not a run summary or run folder");
        Ingest in = HistorySources.read(source, null, null);
        RunFolder folder = RunFolder.at(source);
        Map<String, RoundsFile> rounds = new LinkedHashMap<>();
        for (String experiment : in.measurements().stream().map(Measurement::experiment).distinct().toList()) {
            ExperimentId id = ExperimentId.of(experiment);
            throwIf(!folder.interleaved(id), source + ": " + experiment + " did not run in interleaved rounds (no "
                    + folder.rounds(id).getFileName() + "); the figures pair each round's forks");
            try {
                rounds.put(experiment, RoundsFile.read(folder.rounds(id)));
            } catch (ResultsException e) {
                throw new HistoryException(e.getMessage(), e);
            }
        }
        return new Run(in, rounds);
    }

    /**
     * The table of these runs ({@link #read}), one per machine, by machine name.
     *
     * @throws HistoryException when no workload has both contenders, or a run's two contenders
     *                          have different numbers of rounds
     */
    public static String markdown(List<Run> runs) throws HistoryException {
        List<HistoryStore.Row> rows = new ArrayList<>();
        Map<String, Run> byId = new LinkedHashMap<>();
        for (Run r : runs) {
            r.ingest().measurements().forEach(m -> rows.add(new HistoryStore.Row(r.ingest().run(), m)));
            byId.put(r.ingest().run().runId(), r);
        }
        Map<String, List<List<String>>> tables = new TreeMap<>();
        for (HistorySeries.Chart chart : HistorySeries.charts(rows)) {
            HistorySeries.Key k = chart.key();
            List<HistorySeries.Point> pool = chart.series().get(POOL);
            List<HistorySeries.Point> baseline = chart.series().get(BASELINE);
            if (!k.measure().equals(Measurement.SCORE) || pool == null || baseline == null || !defaultTuning(k)) {
                continue;
            }
            for (int i = chart.runs().size() - 1; i >= 0; i--) {
                HistoryRun run = chart.runs().get(i);
                HistorySeries.Point p = pointOf(pool, run);
                HistorySeries.Point b = pointOf(baseline, run);
                if (p != null && b != null) {
                    tables.computeIfAbsent(k.machine(), m -> new ArrayList<>())
                            .add(row(k, run, b, p, byId.get(run.runId()).rounds().get(k.experiment())));
                    break;
                }
            }
        }
        throwIf(tables.isEmpty(), "no workload of the runs given has both " + POOL + " and " + BASELINE);
        StringBuilder s = new StringBuilder();
        tables.forEach((machine, rs) -> s.append(HistoryExport.markdownTable(machine, COLUMNS, rs)));
        return s.toString();
    }

    /** Whether the workload ran {@value #POOL} with its defaults: a tuning other than {@code default} is an option's study. */
    private static boolean defaultTuning(HistorySeries.Key k) {
        return Arrays.stream(k.params().split(" ")).filter(p -> p.startsWith("tuning="))
                .allMatch(p -> p.equals("tuning=default"));
    }

    private static HistorySeries.Point pointOf(List<HistorySeries.Point> points, HistoryRun run) {
        return points.stream().filter(p -> p.run().runId().equals(run.runId())).findFirst().orElse(null);
    }

    private static List<String> row(HistorySeries.Key k, HistoryRun run, HistorySeries.Point baseline,
                                    HistorySeries.Point pool, RoundsFile rounds) throws HistoryException {
        String workload = k.experiment() + ", " + k.benchmark() + (k.params().isEmpty() ? "" : ", " + k.params());
        RatioEstimate r;
        try {
            r = LogRatios.pairedRatio(baseline.values(), pool.values(), HistorySeries.CONFIDENCE);
        } catch (IllegalArgumentException e) {
            throw new HistoryException(run.source() + ": " + workload + ": cannot pair " + POOL + "'s rounds with "
                    + BASELINE + "'s (" + e.getMessage() + ")", e);
        }
        List<String> unsettled = new ArrayList<>();
        boolean steady = true;
        for (String contender : List.of(POOL, BASELINE)) {
            List<RoundsFile.Steadiness> judged = judged(rounds, k, contender);
            long never = judged.stream().filter(f -> !f.steady()).count();
            if (never > 0) {
                unsettled.add(contender + " " + never + " of " + judged.size());
            }
            steady &= judged.isEmpty() || never < judged.size();
        }
        return List.of(workload, run.jdk(), steady ? NumberText.num(r.ratio()) + "x" : "not steady",
                steady ? NumberText.num(r.low()) + " to " + NumberText.num(r.high()) : "-",
                Integer.toString(pool.values().size()), unsettled.isEmpty() ? "none" : String.join(", ", unsettled),
                run.commitLabel(), run.day());
    }

    /** What the steady-state rule found in each of the contender's forks of the workload, in the order they ran. */
    private static List<RoundsFile.Steadiness> judged(RoundsFile rounds, HistorySeries.Key k, String contender) {
        return rounds.forks().stream().filter(f -> {
            HistorySources.Shape shape = HistorySources.Shape.of(k.experiment(), f.benchmark(), f.params());
            return f.steady() != null && contender.equals(shape.contender()) && k.params().equals(shape.params())
                    && f.benchmark().endsWith("." + k.benchmark());
        }).map(RoundsFile.Fork::steady).toList();
    }

    /**
     * The doc with the text between its {@link #BEGIN} and {@link #END} lines replaced by {@code table}.
     *
     * @throws HistoryException when the doc does not hold the two lines once each, in that order
     */
    public static String intoDoc(String doc, String table, Path file) throws HistoryException {
        int begin = doc.indexOf(BEGIN + "\n");
        int end = doc.indexOf(END + "\n");
        throwIf(begin < 0 || end < begin || doc.indexOf(BEGIN, begin + 1) >= 0 || doc.indexOf(END, end + 1) >= 0,
                file + ": needs the line " + BEGIN + " and later the line " + END + ", once each");
        return doc.substring(0, begin + BEGIN.length() + 1) + table + doc.substring(end);
    }
}
