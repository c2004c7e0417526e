package org.stealbench.harness.gate;

import static org.stealbench.harness.gate.GateException.throwIf;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.function.Consumer;
import org.stealbench.harness.results.AtomicFiles;
import org.stealbench.harness.results.Units;
import org.stealbench.harness.run.ForkException;
import org.stealbench.harness.run.ForkRunner;

/**
 * One paired A/B job: runs alternating forks ({@link #runAlternating}, A and B in one JVM each),
 * records the order in {@code rounds-gate-ab.json}, reads each fork's values (refusing damaged
 * ones), and judges the rows with {@link PairedDecision}: a first look
 * at a few pairs, then more pairs and a later look for the rows still undecided
 * ({@link GateSubset#looks()}). A failed fork ends the job (written to {@code failures.txt}): a gate fails closed.
 * The one owner of a job folder's files: other tools (the results history) read a job through
 * {@link #isJob}, {@link #currentSide} and {@link #started}.
 */
public final class PairedJob {

    static final String ORDER_FILE = "rounds-gate-ab.json";
    /** The compact record of the job's fork values, enough to judge it again ({@link #readPairs}). */
    static final String PAIRS_FILE = "pairs.json";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** One fork's place in the order file. */
    record Ran(int look, int pair, int position, String side, String row, String started, String file, String error) {
    }

    /** One fork's values: the score (converted to {@code unit}), CPU and allocation per op (NaN when absent). */
    public record ForkValues(double time, String unit, double cpu, double allocation) {
    }

    /**
     * What {@code pairs.json} holds: how the job was judged (the pairs a row has at each look, the
     * smallest Holm family, the family-wise level, side B's work in percent of A's: 100 but in a
     * calibration job) and every row's fork values, per pair {A, B}.
     */
    record Saved(List<Integer> looks, int family, double alpha, int injectedPercent,
                 Map<String, List<ForkValues[]>> values) {
    }

    private final Path dir;
    private final long seed;
    private final Duration forkTimeout;
    private final Consumer<String> log;
    private final List<Ran> order = new ArrayList<>();
    /** Per row label: per pair, {A, B}. */
    private final Map<String, List<ForkValues[]>> values = new LinkedHashMap<>();
    /** Per row label: the wall-clock seconds its forks took. */
    private final Map<String, Double> seconds = new LinkedHashMap<>();

    PairedJob(Path dir, long seed, Duration forkTimeout, Consumer<String> log) {
        this.dir = dir;
        this.seed = seed;
        this.forkTimeout = forkTimeout;
        this.log = log;
    }

    Map<String, List<ForkValues[]>> values() {
        return values;
    }

    Map<String, Double> seconds() {
        return seconds;
    }

    /**
     * One row of the alternating engine: the fork's command line (java, JVM flags, the running
     * harness's class path) and what it runs.
     */
    record AlternatingRow(String label, List<String> javaCommand, AlternatingFork.Spec spec) {
    }

    /**
     * Runs {@code forks} more alternating forks of every row ({@link AlternatingFork}), as look
     * {@code look}: each fork is one pair, its A and B values the geometric means of its batches.
     * The rows' order is shuffled for every round of forks. A fork that fails or writes damaged
     * values ends the job with a GateException.
     */
    void runAlternating(List<AlternatingRow> rows, int forks, int look) throws GateException, InterruptedException {
        java.util.Random shuffle = new java.util.Random(seed * 31 + look);
        int total = rows.size() * forks;
        int done = 0;
        rows.forEach(r -> values.computeIfAbsent(r.label(), k -> new ArrayList<>()));
        for (int round = 0; round < forks; round++) {
            List<AlternatingRow> ordered = new ArrayList<>(rows);
            java.util.Collections.shuffle(ordered, shuffle);
            for (int position = 0; position < ordered.size(); position++) {
                AlternatingRow row = ordered.get(position);
                List<ForkValues[]> list = values.get(row.label());
                int pair = list.size();
                String stem = "forks/" + String.format(Locale.ROOT, "%02d", pair) + "-AB-"
                        + row.label().replaceAll("[^A-Za-z0-9._=-]", "_");
                AlternatingFork.Spec spec = row.spec().withSeed(seed * 1_000_003L + look * 7919L + pair * 131L + position);
                String started = Instant.now().toString();
                log.accept(String.format("gate-ab: look %d, fork %d of %d: pair %d (A and B alternating) %s", look,
                        ++done, total, pair, row.label()));
                ForkValues[] pairValues;
                long t0 = System.nanoTime();
                try {
                    pairValues = runAlternatingFork(row, spec, stem);
                } catch (GateException e) {
                    order.add(new Ran(look, pair, position, "AB", row.label(), started, stem + ".json", e.getMessage()));
                    writeOrder();
                    write(dir.resolve("failures.txt"), "AB " + row.label() + " (pair " + pair + "): " + e.getMessage()
                            + "\n");
                    throw new GateException("a fork failed, so the job cannot judge its row (failures.txt): "
                            + e.getMessage(), e);
                }
                seconds.merge(row.label(), (System.nanoTime() - t0) / 1e9, Double::sum);
                order.add(new Ran(look, pair, position, "AB", row.label(), started, stem + ".json", null));
                writeOrder();
                list.add(pairValues);
            }
        }
    }

    /**
     * One alternating fork: writes its spec, runs it ({@link ForkRunner#runProcess}: timeout, killed
     * with the job), keeps its output in a log beside it, reads and checks its values.
     */
    private ForkValues[] runAlternatingFork(AlternatingRow row, AlternatingFork.Spec spec, String stem)
            throws GateException, InterruptedException {
        Path specFile = dir.resolve(stem + ".spec.json");
        Path outFile = dir.resolve(stem + ".json");
        writeJson(specFile, spec);
        List<String> command = new ArrayList<>(row.javaCommand());
        command.addAll(List.of(AlternatingFork.class.getName(), specFile.toString(), outFile.toString()));
        StringBuilder output = new StringBuilder();
        try {
            ForkRunner.runProcess(row.label(), command, forkTimeout, line -> output.append(line).append('\n'));
        } catch (ForkException e) {
            throw new GateException(e.getMessage() + " (" + stem + ".log in the job folder)", e);
        } finally {
            write(dir.resolve(stem + ".log"), output.toString());
        }
        return readAlternating(outFile, row.label());
    }

    /** The A and B values of an alternating fork's output, refusing damaged ones. */
    static ForkValues[] readAlternating(Path file, String what) throws GateException {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new GateException(what + ": " + file + " is not readable JSON (" + e.getMessage() + ")", e);
        }
        String unit = root.path("unit").asText("");
        throwIf(!unit.equals("ns/op") && !unit.equals("ms/op"),
                what + ": " + file + " has no known unit (" + unit + ")");
        ForkValues[] out = new ForkValues[2];
        for (int s = 0; s < 2; s++) {
            JsonNode side = root.path(s == 0 ? "a" : "b");
            double time = side.path("time").asDouble(Double.NaN);
            double cpu = side.path("cpu").asDouble(Double.NaN);
            double allocation = side.path("allocation").asDouble(Double.NaN);
            if (!(time > 0) || !Double.isFinite(time) || !(cpu > 0) || !Double.isFinite(cpu) || !(allocation >= 0)
                    || !Double.isFinite(allocation)) {
                throw new GateException(what + ": " + file + " holds damaged values for side " + (s == 0 ? "A" : "B")
                        + " (time " + time + ", cpu " + cpu + ", allocation " + allocation + ")");
            }
            out[s] = new ForkValues(time, unit, cpu, allocation);
        }
        return out;
    }

    private void writeOrder() throws GateException {
        writeJson(dir.resolve(ORDER_FILE), new OrderFile("the order the paired gate's forks ran in: A = baseline "
                + "jar, B = current jar; pair p of a row is one fork running A and B in alternating batches", seed, order));
    }

    /** The order file: the seed, and every fork's place in the order so far. */
    private record OrderFile(String about, long seed, List<Ran> forks) {
    }

    /** A fork's values as {@code pairs.json} holds them: cpu and allocation left out when not measured. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SavedFork(double time, String unit, Double cpu, Double allocation) {

        static SavedFork of(ForkValues v) {
            return new SavedFork(v.time(), v.unit(), Double.isNaN(v.cpu()) ? null : v.cpu(),
                    Double.isNaN(v.allocation()) ? null : v.allocation());
        }

        static boolean valid(SavedFork f) {
            return f != null && f.time() > 0 && f.unit() != null;
        }

        ForkValues values() {
            return new ForkValues(time, unit, cpu == null ? Double.NaN : cpu, allocation == null ? Double.NaN : allocation);
        }
    }

    /** One pair: {@code a} the baseline's fork, {@code b} the current's. */
    record SavedPair(SavedFork a, SavedFork b) {
    }

    /**
     * {@code pairs.json}: {@link Saved} with a note for the reader; files written before the third
     * look hold {@code firstPairs} and {@code maxPairs} instead of {@code looks}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record PairsJson(String about, List<Integer> looks, Integer firstPairs, Integer maxPairs, int family, double alpha,
                     Integer injectedPercent, Map<String, List<SavedPair>> rows) {

        static PairsJson of(Saved s, String about) {
            Map<String, List<SavedPair>> rows = new LinkedHashMap<>();
            s.values().forEach((label, pairs) -> rows.put(label, pairs.stream()
                    .map(p -> new SavedPair(SavedFork.of(p[0]), SavedFork.of(p[1]))).toList()));
            return new PairsJson(about, s.looks(), null, null, s.family(), s.alpha(), s.injectedPercent(), rows);
        }

        /** The saved job; a GateException naming {@code source} when it is not one. */
        Saved saved(String source) throws GateException {
            List<Integer> l = looks != null ? looks : firstPairs == null ? List.of()
                    : maxPairs != null && maxPairs > firstPairs ? List.of(firstPairs, maxPairs) : List.of(firstPairs);
            throwIf(rows == null || l.isEmpty() || l.stream().anyMatch(n -> n == null || n < 1),
                    source + ": not a paired gate's saved job (rows, and looks of positive pair counts)");
            Map<String, List<ForkValues[]>> values = new LinkedHashMap<>();
            for (Map.Entry<String, List<SavedPair>> row : rows.entrySet()) {
                List<ForkValues[]> pairs = new ArrayList<>();
                for (SavedPair p : row.getValue()) {
                    if (!SavedFork.valid(p.a()) || !SavedFork.valid(p.b())) {
                        throw new GateException(source + ": a fork without a positive time and its unit");
                    }
                    pairs.add(new ForkValues[]{p.a().values(), p.b().values()});
                }
                values.put(row.getKey(), pairs);
            }
            return new Saved(List.copyOf(l), family, alpha, injectedPercent == null ? 100 : injectedPercent, values);
        }
    }

    /** Writes {@code pairs.json}: the job's fork values and how they are judged, so a job can be judged again. */
    static void writePairs(Path dir, Saved saved) throws GateException {
        writeJson(dir.resolve(PAIRS_FILE), PairsJson.of(saved, "the paired gate's fork values per row and pair "
                + "(a = baseline, b = current; time in unit, cpu in ns/op, allocation in B/op, absent when not "
                + "measured); scripts/gate-calibrate score reads them"));
    }

    /** {@code value} as indented JSON and a newline. */
    static void writeJson(Path file, Object value) throws GateException {
        try {
            write(file, JSON.writeValueAsString(value) + "\n");
        } catch (JsonProcessingException e) {
            throw new GateException(file + ": cannot be written (" + e.getOriginalMessage() + ")", e);
        }
    }

    /** Reads a {@code pairs.json} written by {@link #writePairs}; a GateException naming the file if it cannot. */
    static Saved readPairs(Path file) throws GateException {
        return read(file, PairsJson.class).saved(file.toString());
    }

    /** A JSON file as {@code type}; a GateException naming the file when it is unreadable or not such JSON. */
    static <T> T read(Path file, Class<T> type) throws GateException {
        try {
            return JSON.readValue(file.toFile(), type);
        } catch (IOException e) {
            throw new GateException(file + ": not readable JSON of the kind expected (" + e.getMessage() + ")", e);
        }
    }

    static void write(Path file, String content) throws GateException {
        try {
            AtomicFiles.write(file, content);
        } catch (IOException e) {
            throw new GateException(file + ": cannot be written (" + e.getMessage() + ")", e);
        }
    }

    /**
     * One row of a job as other tools read it: its {@code Class.method}, its parameters sorted by
     * name, and side B's forks (the current build: the commit the job judged), one per pair.
     */
    public record CurrentRow(String benchmark, SortedMap<String, String> params, List<ForkValues> forks) {
    }

    /** Whether {@code dir} is a paired gate job's folder: it holds {@code pairs.json}. */
    public static boolean isJob(Path dir) {
        return Files.isRegularFile(pairs(dir));
    }

    public static Path pairs(Path dir) {
        return dir.resolve(PAIRS_FILE);
    }

    /**
     * Side B's forks of every row of the job in {@code dir}.
     *
     * @throws GateException when {@code pairs.json} is unreadable or damaged
     */
    public static List<CurrentRow> currentSide(Path dir) throws GateException {
        List<CurrentRow> rows = new ArrayList<>();
        for (var e : readPairs(pairs(dir)).values().entrySet()) {
            SortedMap<String, String> params;
            try {
                params = GateSubset.Entry.paramsOf(e.getKey());
            } catch (IllegalArgumentException bad) {
                throw new GateException(pairs(dir) + ": " + bad.getMessage());
            }
            rows.add(new CurrentRow(GateSubset.Entry.benchmarkOf(e.getKey()), params,
                    e.getValue().stream().map(pair -> pair[1]).toList()));
        }
        return rows;
    }

    /** When the job's first fork started (ISO-8601 UTC, from its order file), or empty when unknown. */
    public static Optional<String> started(Path dir) {
        Path order = dir.resolve(ORDER_FILE);
        if (!Files.isRegularFile(order)) {
            return Optional.empty();
        }
        try {
            JsonNode first = JSON.readTree(order.toFile()).path("forks").path(0).path("started");
            return first.isTextual() ? Optional.of(first.asText()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** {@code log(B cost / A cost)} of every pair's score, units converted to A's. */
    static List<Double> timeLogRatios(List<ForkValues[]> pairs) {
        return pairs.stream().map(p -> (Units.higherIsBetter(p[0].unit()) ? -1 : 1)
                * Math.log(Units.convert(p[1].time(), p[1].unit(), p[0].unit()) / p[0].time())).toList();
    }

    /** {@code log(B / A)} of every pair's CPU time per op. */
    static List<Double> cpuLogRatios(List<ForkValues[]> pairs) {
        return pairs.stream().map(p -> Math.log(p[1].cpu() / p[0].cpu())).toList();
    }

    /** Read-only view for the report: side {@code 0} (A) or {@code 1} (B) of every pair, in the score's A unit. */
    static List<Double> side(List<ForkValues[]> pairs, int side, String metric) {
        return pairs.stream().map(p -> switch (metric) {
            case "time" -> Units.convert(p[side].time(), p[side].unit(), p[0].unit());
            case "cpu" -> p[side].cpu();
            default -> p[side].allocation();
        }).toList();
    }
}
