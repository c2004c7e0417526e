package org.stealbench.harness.gate;

import static org.stealbench.harness.gate.GateException.throwIf;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.stealbench.harness.stats.Proportions;
import org.stealbench.harness.stats.Quantiles;

/**
 * Scores calibration jobs ({@code scripts/gate-calibrate}): judges every saved job
 * ({@code job-NNN-aa/pairs.json}, {@code job-NNN-slowPCT/pairs.json}) again under one set of
 * thresholds, and tallies false alarms of the A/A jobs and detections of the injected slowdowns,
 * with Clopper-Pearson bounds. Judging saved pairs again is what lets thresholds be chosen on one
 * set of jobs and scored on another. It also proposes per-row thresholds from the A/A jobs
 * ({@link #proposed}).
 */
final class CalibrationScore {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The floor of a proposed threshold. */
    static final double FLOOR = 0.02;
    /** The quantile of a row's A/A changes a proposed threshold sits at. */
    static final double QUANTILE = 0.9;

    /**
     * What a job measured: A/A ({@code path} null, {@code injected} 100) or a slowdown planted on
     * {@code path} (a {@link GateSubset.Planted} id), side B doing {@code injected} percent of side
     * A's work. A path the gate no longer has (a saved job of a retired kind, such as {@code steal})
     * is {@link #retired}: reported, never judged. Ordered A/A first, then by path and percentage.
     */
    record Kind(String path, int injected) implements Comparable<Kind> {

        static final Kind AA = new Kind(null, 100);

        /** The kind a job folder's name ends in: {@code aa}, or a path's prefix and a percentage ({@code fork110}). */
        static Kind ofFolder(String kind) {
            if (kind.equals("aa")) {
                return AA;
            }
            String prefix = kind.replaceAll("\\d+$", "");
            String path = Arrays.stream(GateSubset.Planted.values()).filter(p -> p.prefix().equals(prefix))
                    .map(GateSubset.Planted::id).findFirst().orElse(prefix);
            return new Kind(path, Integer.parseInt(kind.substring(prefix.length())));
        }

        boolean aa() {
            return path == null;
        }

        /** The planted path; null for A/A and for a retired path. */
        GateSubset.Planted planted() {
            return GateSubset.Planted.find(path).orElse(null);
        }

        boolean retired() {
            return !aa() && planted() == null;
        }

        /** {@code aa} or {@code fork110}: the end of the job folder's name. */
        String folder() {
            return aa() ? "aa" : (retired() ? path : planted().prefix()) + injected;
        }

        String describe() {
            String planted = "planted +" + (injected - 100) + "% on the " + path + " path";
            return aa() ? "A/A (one jar on both sides, the gate's subset)" : retired() ? "retired: " + planted
                    : planted() == GateSubset.Planted.DEQUE ? "injected +" + (injected - 100) + "% work" : planted;
        }

        @Override
        public int compareTo(Kind o) {
            return Comparator.comparing((Kind k) -> !k.aa()).thenComparing(k -> k.aa() ? -1 : k.retired()
                            ? Integer.MAX_VALUE : k.planted().ordinal()).thenComparing(k -> String.valueOf(k.path()))
                    .thenComparingInt(Kind::injected).compare(this, o);
        }
    }

    /** One job, by its folder's name; {@code rows} as judged now, empty when it failed or its kind is retired. */
    record Job(String name, Kind kind, List<PairedGate.Row> rows) {

        /** Whether it failed before writing its pairs (a job of a retired kind is not judged, not failed). */
        boolean failed() {
            return rows.isEmpty() && !kind.retired();
        }

        /**
         * The job's outcome: an A/A job's over every row; a slowdown job's over its time and CPU rows
         * only, since the planted pool work allocates in proportion (a task object per task), so
         * its allocation row would catch it whatever the gate's power over time.
         */
        GateVerdict verdict() {
            List<PairedGate.Row> judged = kind.aa() ? rows
                    : rows.stream().filter(r -> !r.metric().equals(PairedGate.ALLOCATION)).toList();
            if (judged.stream().anyMatch(r -> r.verdict() == GateVerdict.REGRESSION)) {
                return GateVerdict.REGRESSION;
            }
            return judged.stream().anyMatch(r -> r.verdict() == GateVerdict.INCONCLUSIVE)
                    ? GateVerdict.INCONCLUSIVE : GateVerdict.PASS;
        }
    }

    private CalibrationScore() {
    }

    /** A job as saved, {@code <calibration>/job-NNN-<kind>}; its pairs null when it failed before writing them. */
    record SavedJob(String name, Kind kind, PairedJob.Saved saved) {
    }

    /** A job folder's name: {@code job-NNN-aa}, or {@code job-NNN-}, a path's prefix (retired too) and a percentage. */
    static final Pattern JOB_FOLDER = Pattern.compile("job-(\\d+)-(aa|[a-z]+\\d+)");

    /** Every saved job of the inputs, judged again with the thresholds ({@link #saved}). */
    static List<Job> load(List<Path> inputs, GateThresholds thresholds) throws GateException, InterruptedException {
        List<Job> jobs = new ArrayList<>();
        for (SavedJob j : saved(inputs)) {
            PairedJob.Saved s = j.saved();
            jobs.add(new Job(j.name(), j.kind(), s == null || j.kind().retired() ? List.of()
                    : PairedGate.decide(s.values(), new ArrayList<>(s.values().keySet()), thresholds, s.alpha(),
                            s.looks(), s.family(), PairedGate.saved(s.values(), s.looks()))));
        }
        return jobs;
    }

    /**
     * The saved jobs of each input: a calibration summary file ({@link #summary}), or a folder
     * written by {@code gate-calibrate run} whose job folders ({@code job-NNN-aa},
     * {@code job-NNN-slowPCT}) hold {@code pairs.json} (a job folder without it failed). A
     * GateException when an input is missing or damaged, or holds no job.
     */
    static List<SavedJob> saved(List<Path> inputs) throws GateException {
        List<SavedJob> jobs = new ArrayList<>();
        for (Path input : inputs) {
            if (Files.isRegularFile(input)) {
                jobs.addAll(readSummary(input));
                continue;
            }
            throwIf(!Files.isDirectory(input), input + ": no such folder or file");
            List<Path> dirs;
            try (Stream<Path> s = Files.walk(input)) {
                dirs = s.filter(p -> Files.isDirectory(p) && JOB_FOLDER.matcher(p.getFileName().toString()).matches())
                        .sorted().toList();
            } catch (IOException e) {
                throw new GateException(input + ": cannot be listed (" + e.getMessage() + ")", e);
            }
            for (Path dir : dirs) {
                String name = dir.getFileName().toString();
                Kind kind = Kind.ofFolder(name.substring(name.lastIndexOf('-') + 1));
                Path pairs = dir.resolve(PairedJob.PAIRS_FILE);
                jobs.add(new SavedJob(input.getFileName() + "/" + name, kind,
                        Files.isRegularFile(pairs) ? PairedJob.readPairs(pairs) : null));
            }
        }
        throwIf(jobs.isEmpty(), "no calibration job (a job-NNN-aa or job-NNN-slowPCT, -forkPCT or -submitPCT "
                + "folder, or a summary's job) in " + inputs);
        return jobs;
    }

    /**
     * A calibration's summary: the command that made it and every job's saved pairs, all that
     * {@code gate-calibrate score} needs to judge it again, in one file instead of a folder per job.
     */
    static String summary(String command, List<SavedJob> jobs) {
        try {
            String head = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(new SummaryJson("a paired gate "
                    + "calibration: the command that made it and each job's fork values per row and pair (a = baseline, "
                    + "b = current; time in unit, cpu in ns/op, allocation in B/op); scripts/gate-calibrate score FILE "
                    + "judges them again", command, null));
            List<String> lines = new ArrayList<>();
            for (SavedJob j : jobs) {
                lines.add("  " + JSON.writeValueAsString(new SummaryJob(j.name(), j.kind().injected(),
                        j.kind().path(),
                        j.saved() == null ? null : PairedJob.PairsJson.of(j.saved(), null))));
            }
            // one job a line: the file stays diffable and small
            return head.substring(0, head.lastIndexOf('}')).stripTrailing() + ",\n  \"jobs\" : [\n"
                    + String.join(",\n", lines) + "\n  ]\n}\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a summary of plain values always serializes", e);
        }
    }

    /** A calibration summary file; {@code jobs} left out of its pretty-printed head. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    private record SummaryJson(String about, String command, List<SummaryJob> jobs) {
    }

    /**
     * One job of a summary; {@code path} the planted slowdown's ({@code deque} when absent, as in
     * summaries older than the pool paths; none for A/A), {@code pairs} null when the job failed.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    private record SummaryJob(String name, Integer injectedPercent, String path, PairedJob.PairsJson pairs) {
    }

    private static List<SavedJob> readSummary(Path file) throws GateException {
        SummaryJson summary = PairedJob.read(file, SummaryJson.class);
        throwIf(summary.jobs() == null, file + ": not a calibration summary (no jobs)");
        List<SavedJob> jobs = new ArrayList<>();
        for (SummaryJob j : summary.jobs()) {
            throwIf(j.name() == null || j.name().isEmpty() || j.injectedPercent() == null,
                    file + ": a job without its name or injectedPercent");
            Kind kind = j.injectedPercent() == 100 ? Kind.AA : new Kind(j.path() == null
                    ? GateSubset.Planted.DEQUE.id() : j.path(), j.injectedPercent());
            jobs.add(new SavedJob(j.name(), kind, j.pairs() == null ? null
                    : j.pairs().saved(file + " " + j.name())));
        }
        return jobs;
    }

    /** The command a {@code gate-calibrate run} folder recorded in its calibration.md, or a note that it did not. */
    static String recordedCommand(Path folder) {
        Path table = folder.resolve("calibration.md");
        try {
            if (Files.isRegularFile(table)) {
                for (String line : Files.readAllLines(table)) {
                    if (line.startsWith("command: ")) {
                        return line.substring("command: ".length()).strip();
                    }
                }
            }
        } catch (IOException e) {
            // unreadable: said as not recorded
        }
        return "not recorded (the folder " + folder.getFileName() + " kept no calibration.md)";
    }

    /** The table: jobs per kind with their outcomes and bounds, the slowdowns' measured cost, the A/A rows. */
    static String table(List<Job> jobs, String thresholdsSource, boolean quickCheck) {
        StringBuilder s = new StringBuilder("# Paired gate calibration\n\n");
        if (quickCheck) {
            s.append("**QUICK CHECK: tiny jobs; these figures mean nothing.**\n\n");
        }
        s.append("Thresholds: ").append(thresholdsSource).append(".\n\n");
        s.append("| kind | jobs | REGRESSION | pass | inconclusive | failed | 95% bound | measured cost of B (median [min, max]) |\n")
                .append("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (Map.Entry<Kind, List<Job>> e : new TreeMap<>(jobs.stream().collect(Collectors.groupingBy(Job::kind)))
                .entrySet()) {
            List<Job> list = e.getValue();
            int n = list.size();
            if (e.getKey().retired()) {
                s.append(String.format(Locale.ROOT, "| %s | %d | - | - | - | - | not judged: the gate has no such path "
                        + "now | |%n", e.getKey().describe(), n));
                continue;
            }
            int failed = (int) list.stream().filter(Job::failed).count();
            List<Job> ok = list.stream().filter(j -> !j.failed()).toList();
            int regression = (int) ok.stream().filter(j -> j.verdict() == GateVerdict.REGRESSION).count();
            int inconclusive = (int) ok.stream().filter(j -> j.verdict() == GateVerdict.INCONCLUSIVE).count();
            boolean aa = e.getKey().aa();
            String bound = aa
                    ? String.format(Locale.ROOT, "false alarms at most %.1f%% of jobs",
                    100 * Proportions.upperBound(regression, n, 0.95))
                    : String.format(Locale.ROOT, "caught in at least %.1f%% of jobs",
                    100 * (1 - Proportions.upperBound(n - regression, n, 0.95)));
            List<Double> cost = ok.stream().flatMap(j -> j.rows().stream())
                    .filter(r -> r.metric().equals(PairedGate.TIME)).map(PairedGate.Row::slowdown).sorted().toList();
            String measured = aa || cost.isEmpty() ? "" : String.format(Locale.ROOT, "%s [%s, %s]",
                    PairedDecision.signed(Quantiles.of(cost, 0.5)), PairedDecision.signed(cost.get(0)),
                    PairedDecision.signed(cost.get(cost.size() - 1)));
            s.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %s | %s |%n", e.getKey().describe(),
                    n, regression, ok.size() - regression - inconclusive, inconclusive, failed, bound, measured));
        }
        Map<String, List<PairedGate.Row>> aaRows = aaRows(jobs);
        if (!aaRows.isEmpty()) {
            s.append("\nA/A rows: the estimated change of each row over the A/A jobs (0 is the truth); a row marked "
                    + "retired is no longer in the gate's subset.\n\n")
                    .append("| row | metric | jobs | median | 90% of abs | max | REGRESSION | inconclusive | median detectable | threshold |\n")
                    .append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
            for (Map.Entry<String, List<PairedGate.Row>> e : aaRows.entrySet()) {
                List<PairedGate.Row> rows = e.getValue();
                List<Double> change = rows.stream().map(PairedGate.Row::slowdown).sorted().toList();
                List<Double> abs = change.stream().map(Math::abs).sorted().toList();
                List<Double> detectable = rows.stream().map(PairedGate.Row::detectable).filter(d -> !Double.isNaN(d))
                        .sorted().toList();
                PairedGate.Row first = rows.get(0);
                s.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | %s | %d | %d | %s | %s |%n",
                        first.label() + (retiredRow(first.label()) ? " (retired)" : ""), first.metric(), rows.size(), PairedDecision.signed(Quantiles.of(change, 0.5)),
                        PairedDecision.pct(Quantiles.of(abs, QUANTILE)), PairedDecision.signed(change.get(change.size() - 1)),
                        rows.stream().filter(r -> r.verdict() == GateVerdict.REGRESSION).count(),
                        rows.stream().filter(r -> r.verdict() == GateVerdict.INCONCLUSIVE).count(),
                        detectable.isEmpty() ? "n/a" : GateAbOutput.detectable(Quantiles.of(detectable, 0.5)),
                        "+" + PairedDecision.pct(first.threshold())
                                + (first.metric().equals(PairedGate.ALLOCATION) ? " (offset)" : "")));
            }
        }
        s.append("\njobs:\n");
        for (Job j : jobs) {
            s.append(j.name()).append(": ").append(j.kind().retired() ? "not judged (retired kind)"
                    : j.failed() ? "FAILED (no pairs.json)" : j.verdict()).append('\n');
        }
        return s.toString();
    }

    /** Whether a row of a saved job is one the gate no longer runs (a row of a retired subset). */
    static boolean retiredRow(String label) {
        return GateSubset.ci().entries().stream().noneMatch(e -> e.label().equals(label));
    }

    /** Per row label and metric, that row of every A/A job that ran. */
    static Map<String, List<PairedGate.Row>> aaRows(List<Job> jobs) {
        Map<String, List<PairedGate.Row>> rows = new LinkedHashMap<>();
        jobs.stream().filter(j -> j.kind().aa() && !j.failed()).flatMap(j -> j.rows().stream())
                .sorted(Comparator.comparing(PairedGate.Row::label))
                .forEach(r -> rows.computeIfAbsent(r.label() + " [" + r.metric() + "]", k -> new ArrayList<>()).add(r));
        return rows;
    }

    /**
     * Proposed per-row thresholds from the A/A jobs: for each row's time and CPU, the
     * {@value #QUANTILE} quantile of the absolute estimated changes, at least {@value #FLOOR} and
     * rounded up to a whole percent: the change this machine makes by itself in one job of ten
     * is not worth failing a build for. A row of the injected-slowdown benchmark takes the
     * thresholds of {@code mirror}, the gate row it stands for; a planted pool row has its gate row's
     * label, so that row's rule judges it. Rows the gate no longer runs get none. Allocation keeps
     * the defaults.
     *
     * @return the thresholds file's JSON text
     */
    static String proposed(List<Job> jobs, GateThresholds defaults, String mirror, String source) {
        Map<String, Map<String, Double>> byLabel = new TreeMap<>();
        aaRows(jobs).forEach((key, rows) -> {
            PairedGate.Row r = rows.get(0);
            if (r.metric().equals(PairedGate.ALLOCATION) || retiredRow(r.label())) {
                return;
            }
            List<Double> abs = rows.stream().map(x -> Math.abs(x.slowdown())).sorted().toList();
            double t = Math.max(FLOOR, Math.ceil(Quantiles.of(abs, QUANTILE) * 100 - 1e-9) / 100);
            byLabel.computeIfAbsent(r.label(), k -> new LinkedHashMap<>()).put(r.metric(), t);
        });
        Threshold d = defaults.forBenchmark("", "");
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("about", "Practical thresholds of the paired gate (scripts/gate-ab), per row: the "
                + Math.round(QUANTILE * 100) + "% quantile of the row's absolute A/A changes, at least +"
                + Math.round(FLOOR * 100) + "%, from " + source + " (docs/gate.md, Calibration). A row is a REGRESSION "
                + "only when it is significantly slower (one-sided, Holm, at the gate's family-wise alpha) AND its estimated "
                + "slowdown exceeds its threshold.");
        file.put("time", d.time());
        file.put("cpu", d.cpu());
        file.put("allocationFraction", d.allocationFraction());
        file.put("allocationBytes", d.allocationBytes());
        List<Map<String, Object>> rules = new ArrayList<>();
        Map<String, Double> mirrored = byLabel.get(mirror);
        if (mirrored != null) {
            rules.add(rule("GateCalibrationBenchmark.*", mirrored, "the injected slowdown stands for a slowdown of "
                    + mirror + ", so it is judged with that row's thresholds"));
        }
        byLabel.forEach((label, t) -> rules.add(rule(label, t, "A/A calibration")));
        file.put("rules", rules);
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(file) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("writing the thresholds JSON to a string failed", e);
        }
    }

    private static Map<String, Object> rule(String match, Map<String, Double> t, String why) {
        Map<String, Object> rule = new LinkedHashMap<>();
        rule.put("match", match);
        rule.putAll(t);
        rule.put("why", why);
        return rule;
    }
}
