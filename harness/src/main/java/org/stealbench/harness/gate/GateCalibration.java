package org.stealbench.harness.gate;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.JmhJson;
import org.stealbench.harness.results.ResultsException;
import org.stealbench.harness.results.RunData;
import org.stealbench.harness.stats.Proportions;

/**
 * {@code scripts/gate-calibrate}'s analysis: how often the gate cries wolf and how large a slowdown
 * it catches, measured on real runs of this machine.
 *
 * <p>The folder holds rounds ({@code round-NNN/}), each one run of the gate's benchmark subset (a
 * run folder) and one run of {@code GateCalibrationBenchmark} at 100%, 110%, 125% and 150% work.
 * Consecutive rounds i, i+1 make the pairs. An A/A pair is the gate on round i (baseline) against
 * round i+1 (current), subset plus the 100% calibration row, the same code twice: any REGRESSION is
 * a false alarm. A detection pair is the same but with round i+1's 100% row replaced by its 110%,
 * 125% or 150% row (relabeled as 100%): a REGRESSION on that row is a detection. Both are counted
 * for a range of thresholds and for the checked-in config, with the one-sided 95% Clopper-Pearson
 * upper bound of the false-alarm rate, and how close the A/A pairs came to each threshold (the
 * largest lower end of an A/A interval).
 */
public final class GateCalibration {

    static final String CALIBRATION = "GateCalibrationBenchmark.pushPopBatch";
    static final List<Integer> SLOWDOWNS = List.of(110, 125, 150);
    static final List<Double> THRESHOLDS = List.of(0.05, 0.10, 0.15, 0.20, 0.25, 0.30, 0.40, 0.50, 0.75, 1.0, 1.5,
            2.0, 3.0);

    /** One round: the subset's results, the calibration results by work percentage, the run's env. */
    record Round(String name, List<JmhResult> subset, Map<Integer, JmhResult> calibration, Map<String, Object> env) {
    }

    private GateCalibration() {
    }

    /** Every complete round in the folder, in name order; incomplete ones are reported and skipped. */
    static List<Round> rounds(Path dir) throws IOException {
        List<Path> folders = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "round-*")) {
            s.forEach(folders::add);
        }
        folders.sort(null);
        List<Round> rounds = new ArrayList<>();
        for (Path folder : folders) {
            try {
                Path run;
                try (DirectoryStream<Path> s = Files.newDirectoryStream(folder, "2*")) {
                    List<Path> runs = new ArrayList<>();
                    s.forEach(runs::add);
                    if (runs.size() != 1) {
                        throw new ResultsException(folder, "expected one run folder, found " + runs.size());
                    }
                    run = runs.get(0);
                }
                RunData subset = RunData.loadStrict(run);
                Map<Integer, JmhResult> calibration = new TreeMap<>();
                for (JmhResult r : JmhJson.read(folder.resolve("jmh-gate-calibration.json"))) {
                    calibration.put(Integer.parseInt(r.param("workPercent")), r);
                }
                if (!calibration.keySet().containsAll(List.of(100, 110, 125, 150))) {
                    throw new ResultsException(folder, "calibration lacks a work percentage: " + calibration.keySet());
                }
                rounds.add(new Round(folder.getFileName().toString(), subset.allResults(), calibration, subset.env()));
            } catch (ResultsException | IOException | RuntimeException e) {
                System.out.println("skipping " + folder + ": " + e.getMessage());
            }
        }
        return rounds;
    }

    /** The round's results with the calibration row of {@code workPercent} standing in for 100%. */
    static List<JmhResult> results(Round round, int workPercent) {
        List<JmhResult> all = new ArrayList<>(round.subset());
        JmhResult r = round.calibration().get(workPercent);
        Map<String, String> params = new TreeMap<>(r.params());
        params.put("workPercent", "100");
        all.add(new JmhResult(r.benchmark(), r.mode(), r.threads(), new TreeMap<>(params), r.primary(), r.secondary(),
                r.jdkVersion(), r.jvmArgs()));
        return all;
    }

    /** Counts for one setting over all pairs. */
    static final class Tally {
        int pairs;
        final Map<String, Integer> falseAlarms = new LinkedHashMap<>();
        final Map<String, Integer> detected = new LinkedHashMap<>();
        double nearestTime = 0;
        double nearestCpu = 0;
        double largestAllocationGrowth = Double.NEGATIVE_INFINITY;
        /** Per benchmark and metric: the largest A/A ratio and the largest lower end of its interval. */
        final Map<String, double[]> perBenchmark = new TreeMap<>();

        void count(Map<String, Integer> map, String key, boolean event) {
            map.merge(key, event ? 1 : 0, Integer::sum);
        }
    }

    static Tally tally(List<Round> rounds, GateSettings settings) throws GateException {
        Tally t = new Tally();
        for (int i = 0; i + 1 < rounds.size(); i++) {
            Round base = rounds.get(i);
            Round cur = rounds.get(i + 1);
            t.pairs++;
            GateReport aa = GateComparison.compare(base.name(), results(base, 100), cur.name(), results(cur, 100),
                    settings);
            boolean time = false;
            boolean cpu = false;
            for (TimeRow r : aa.time()) {
                boolean regression = r.verdict() == GateVerdict.REGRESSION;
                if (r.slowdown() != null) {
                    double[] seen = t.perBenchmark.computeIfAbsent(r.label() + " [" + r.metric() + "]",
                            k -> new double[] {0, 0});
                    seen[0] = Math.max(seen[0], r.slowdown().ratio());
                    seen[1] = Math.max(seen[1], r.slowdown().low());
                }
                if (GateComparison.CPU.equals(r.metric())) {
                    cpu |= regression;
                    t.nearestCpu = Math.max(t.nearestCpu, r.slowdown() == null ? 0 : r.slowdown().low());
                } else {
                    time |= regression;
                    t.nearestTime = Math.max(t.nearestTime, r.slowdown() == null ? 0 : r.slowdown().low());
                }
            }
            boolean allocation = aa.allocation().stream().anyMatch(a -> a.verdict() == GateVerdict.REGRESSION);
            for (AllocationRow a : aa.allocation()) {
                t.largestAllocationGrowth = Math.max(t.largestAllocationGrowth, a.current() - a.baseline());
            }
            t.count(t.falseAlarms, "time", time);
            t.count(t.falseAlarms, "cpu", cpu);
            t.count(t.falseAlarms, "allocation", allocation);
            t.count(t.falseAlarms, "gate", aa.exitCode(false) == 1);
            for (int slowdown : SLOWDOWNS) {
                GateReport d = GateComparison.compare(base.name(), results(base, 100), cur.name(),
                        results(cur, slowdown), settings);
                boolean dt = false;
                boolean dc = false;
                for (TimeRow r : d.time()) {
                    if (r.shortName().equals(CALIBRATION) && r.verdict() == GateVerdict.REGRESSION) {
                        dt |= GateComparison.TIME.equals(r.metric());
                        dc |= GateComparison.CPU.equals(r.metric());
                    }
                }
                t.count(t.detected, slowdown + " time", dt);
                t.count(t.detected, slowdown + " cpu", dc);
                t.count(t.detected, slowdown + " either", dt || dc);
            }
        }
        return t;
    }

    static String analyze(List<Round> rounds, GateThresholds configured, String normalize) throws GateException {
        StringBuilder out = new StringBuilder();
        Round first = rounds.get(0);
        Object jdk = first.env().get("jdk");
        out.append(String.format(Locale.ROOT, "gate calibration: %d rounds (%s .. %s), %d consecutive pairs%n",
                rounds.size(), first.name(), rounds.get(rounds.size() - 1).name(), rounds.size() - 1));
        out.append("  JDK: ").append(jdk instanceof Map<?, ?> m ? m.get("version") + " (" + m.get("vendor") + ", "
                + m.get("vmName") + ")" : "unknown").append("; CPU: ").append(first.env().get("cpuModel"))
                .append(", ").append(first.env().get("cores")).append(" cores\n");
        out.append("  benchmarks per pair: ").append(results(first, 100).size()).append(" (the gate subset and ")
                .append(CALIBRATION).append(" at 100%)").append(normalize == null ? "" : ", normalized by " + normalize)
                .append('\n');
        out.append(workRatios(rounds));

        out.append("\nA/A false alarms (pairs with a REGRESSION; 95% upper bound) and detections of the injected "
                + "slowdown, per threshold (the same for time and cpu):\n");
        List<String> header = List.of("threshold", "time false alarms", "cpu false alarms", "detect 10%: time/cpu",
                "detect 25%: time/cpu", "detect 50%: time/cpu");
        List<List<String>> rows = new ArrayList<>();
        for (double threshold : THRESHOLDS) {
            GateThresholds th = configured.withTime(threshold).withCpu(threshold);
            Tally t = tally(rounds, new GateSettings(th, 0.95, 3, normalize));
            rows.add(List.of("+" + GateThresholds.percent(threshold), alarms(t, "time"), alarms(t, "cpu"),
                    detect(t, 110), detect(t, 125), detect(t, 150)));
        }
        out.append(GateOutput.table(header, rows));

        Tally c = tally(rounds, new GateSettings(configured, 0.95, 3, normalize));
        out.append("\nwith the configured thresholds (").append(String.join("; ", configured.describe()).trim())
                .append("):\n");
        out.append("  gate false alarms (any REGRESSION, time, cpu or allocation): ").append(alarms(c, "gate"))
                .append('\n');
        out.append("  time: ").append(alarms(c, "time")).append(", cpu: ").append(alarms(c, "cpu"))
                .append(", allocation: ").append(alarms(c, "allocation")).append('\n');
        for (int s : SLOWDOWNS) {
            out.append(String.format(Locale.ROOT, "  injected +%d%%: caught in %d of %d pairs (time %d, cpu %d)%n",
                    s - 100, c.detected.get(s + " either"), c.pairs, c.detected.get(s + " time"),
                    c.detected.get(s + " cpu")));
        }
        out.append("  per benchmark, over the A/A pairs: largest time ratio, largest lower end of its interval\n");
        c.perBenchmark.forEach((label, seen) -> out.append(String.format(Locale.ROOT, "    %-70s %5.2f  %5.2f%n",
                label, seen[0], seen[1])));
        out.append(String.format(Locale.ROOT, "  nearest A/A approach (largest lower end of an A/A interval): "
                        + "time %.2f, cpu %.2f; largest A/A allocation growth %s B/op%n", c.nearestTime, c.nearestCpu,
                GateOutput.number(c.largestAllocationGrowth)));
        return out.toString();
    }

    private static String workRatios(List<Round> rounds) {
        StringBuilder out = new StringBuilder("  injected work, median measured ratio to 100% in the same round "
                + "(time / cpu):");
        for (int s : SLOWDOWNS) {
            List<Double> time = new ArrayList<>();
            List<Double> cpu = new ArrayList<>();
            for (Round r : rounds) {
                time.add(GateComparison.geometricMean(r.calibration().get(s).primary().forkMeans())
                        / GateComparison.geometricMean(r.calibration().get(100).primary().forkMeans()));
                JmhResult a = r.calibration().get(s);
                JmhResult b = r.calibration().get(100);
                if (GateComparison.metric(a, GateComparison.CPU) != null
                        && GateComparison.metric(b, GateComparison.CPU) != null) {
                    cpu.add(GateComparison.geometricMean(GateComparison.metric(a, GateComparison.CPU).forkMeans())
                            / GateComparison.geometricMean(GateComparison.metric(b, GateComparison.CPU).forkMeans()));
                }
            }
            out.append(String.format(Locale.ROOT, "  %d%%: %.2f / %s", s, median(time),
                    cpu.isEmpty() ? "-" : String.format(Locale.ROOT, "%.2f", median(cpu))));
        }
        return out.append('\n').toString();
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String alarms(Tally t, String key) {
        int n = t.falseAlarms.get(key);
        return String.format(Locale.ROOT, "%d/%d (<= %.1f%%)", n, t.pairs,
                100 * Proportions.upperBound(n, t.pairs, 0.95));
    }

    private static String detect(Tally t, int slowdown) {
        return t.detected.get(slowdown + " time") + "/" + t.detected.get(slowdown + " cpu") + " of " + t.pairs;
    }
}
