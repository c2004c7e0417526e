package org.stealbench.harness.gate;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The benchmarks the paired gate ({@code scripts/gate-ab}) runs from both jars, and how: the code
 * users care about, one row each: owner push+pop on two deques and the lock-based contender, and a
 * worker's fork path and the outside-submission path of {@code ws-chase-lev} on one worker, the rows
 * {@link Planted#FORK} and {@link Planted#SUBMIT} plant their slowdowns on, so a calibration job
 * stands for its row. Every fork runs on a fixed, pre-touched heap; the alternating engine
 * ({@link #alternation}) measures CPU and allocation per op itself. Sized for CI
 * ({@link #estimateSeconds()}, {@code docs/gate.md}). Changing it changes what the calibration
 * measured: re-calibrate ({@code scripts/gate-calibrate}).
 */
public final class GateSubset {

    private static final String BENCH = "org.stealbench.harness.bench.";

    /**
     * One row of the subset: a fully qualified benchmark method, the parameters it sets (the others
     * keep the jar's first default), whether it is single-shot (its iterations are invocations), and
     * a rough cost of one invocation, for the estimate only.
     */
    public record Entry(String benchmark, Map<String, String> params, boolean singleShot, double secondsPerShot) {

        public Entry {
            params = new LinkedHashMap<>(params);
        }

        /** {@code Class.method p=v ...}, the label thresholds match. */
        public String label() {
            return benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1)
                    + params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .map(e -> " " + e.getKey() + "=" + e.getValue()).collect(Collectors.joining());
        }

        /** A {@link #label}'s {@code Class.method}. */
        static String benchmarkOf(String label) {
            int space = label.indexOf(' ');
            return space < 0 ? label : label.substring(0, space);
        }

        /** A {@link #label}'s parameters, sorted by name; IllegalArgumentException if a word is not {@code p=v}. */
        static SortedMap<String, String> paramsOf(String label) {
            SortedMap<String, String> params = new TreeMap<>();
            String[] words = label.split(" ");
            for (int i = 1; i < words.length; i++) {
                int eq = words[i].indexOf('=');
                if (eq < 1) {
                    throw new IllegalArgumentException("row '" + label + "' is not 'Class.method p=v ...'");
                }
                params.put(words[i].substring(0, eq), words[i].substring(eq + 1));
            }
            return params;
        }
    }

    /**
     * The path a calibration job plants its slowdown on, each a row whose side B does more of the
     * same work: {@code deque}, owner push+pop ({@code GateCalibrationBenchmark}, standing for the
     * deque rows); {@code fork}, a worker's fork path, and {@code submit}, the outside-submission
     * path ({@code GatePoolPathsBenchmark} on one worker). A pool path's planted row is its gate row itself.
     */
    public enum Planted {
        DEQUE("deque", "slow", new Entry(BENCH + "GateCalibrationBenchmark.pushPopBatch",
                Map.of("workPercent", "100", "queue", "chase-lev"), false, 0)),
        FORK("fork", "fork", poolPath("fork")),
        SUBMIT("submit", "submit", poolPath("submit"));

        private final String id;
        private final String prefix;
        private final Entry entry;

        Planted(String id, String prefix, Entry entry) {
            this.id = id;
            this.prefix = prefix;
            this.entry = entry;
        }

        public String id() {
            return id;
        }

        /** Its job folders' kind, {@code job-NNN-<prefix><percent>}: {@code slow} for deque (as before), else id. */
        public String prefix() {
            return prefix;
        }

        /** The row, with side A's {@code workPercent=100}. */
        public Entry entry() {
            return entry;
        }

        /** The path of this id; empty for an unknown one (a retired path of a saved job, such as {@code steal}). */
        public static Optional<Planted> find(String id) {
            return Arrays.stream(values()).filter(p -> p.id.equals(id)).findFirst();
        }

        /** @throws IllegalArgumentException naming the valid ids */
        public static Planted byId(String id) {
            return find(id).orElseThrow(() -> new IllegalArgumentException("unknown path '" + id + "'; valid: "
                    + String.join(", ", Arrays.stream(values()).map(Planted::id).toList())));
        }
    }

    /** A {@code GatePoolPathsBenchmark} row on {@code ws-chase-lev}: {@code method} on one worker, side A at 100%. */
    private static Entry poolPath(String method) {
        return new Entry(BENCH + "GatePoolPathsBenchmark." + method, Map.of("pool", "ws-chase-lev", "threads", "1",
                "workPercent", "100"), true, 0.003);
    }

    private final boolean quickCheck;
    /** For a calibration job: the path of its planted slowdown; null for a gate job. */
    private final Planted planted;
    /** For a calibration job: side B's work percentage of the planted row; 0 for the gate's rows. */
    private final int slowdownPercent;

    private GateSubset(boolean quickCheck, Planted planted, int slowdownPercent) {
        this.quickCheck = quickCheck;
        this.planted = planted;
        this.slowdownPercent = slowdownPercent;
    }

    /**
     * A calibration job's subset: one row, the {@code planted} path's, whose side B runs
     * {@code workPercent} percent of side A's work (a real slowdown; 100 is an A/A row).
     */
    public static GateSubset calibration(Planted planted, int workPercent, boolean quickCheck) {
        if (workPercent < 100 || workPercent > 1000) {
            throw new IllegalArgumentException("the injected work must lie in [100, 1000] percent, was " + workPercent);
        }
        return new GateSubset(quickCheck, planted, workPercent);
    }

    /** Side B's parameters for a row: the calibration row's work percentage replaced, else side A's. */
    public Map<String, String> paramsB(Entry e) {
        if (slowdownPercent == 0) {
            return e.params();
        }
        Map<String, String> b = new LinkedHashMap<>(e.params());
        b.put("workPercent", Integer.toString(slowdownPercent));
        return b;
    }

    public static GateSubset ci() {
        return of(false);
    }

    /** A gate job's subset: the CI gate's rows, at its settings or a quick check's (tiny: verdicts mean nothing). */
    public static GateSubset of(boolean quickCheck) {
        return new GateSubset(quickCheck, null, 0);
    }

    public List<Entry> entries() {
        if (planted != null) {
            return List.of(planted.entry());
        }
        return Stream.concat(Stream.of("chase-lev", "duffy", "locked").map(queue -> new Entry(
                BENCH + "DequeOpsBenchmark.pushPop", Map.of("queue", queue, "depth", "0"), false, 0)),
                Stream.of(Planted.FORK.entry(), Planted.SUBMIT.entry())).toList();
    }

    /**
     * The smallest Holm family a look is judged in: for a calibration job, every metric row of the CI
     * gate's subset, so its one row is judged at least as strictly as in a real job; for the gate 0,
     * the rows of the look.
     */
    public int family() {
        return planted == null ? 0 : ci().entries().size() * 3;
    }

    /** How many pairs a row has been given when it is judged at each look (rows decided at one look get no more). */
    public List<Integer> looks() {
        return quickCheck ? List.of(2) : List.of(4, 8, 16);
    }

    public int firstPairs() {
        return looks().get(0);
    }

    /** Most pairs an undecided row can get (the last look). */
    public int maxPairs() {
        return looks().get(looks().size() - 1);
    }

    /**
     * Seconds of forks a job may spend: a look after the first whose estimate would end past it
     * is skipped (its share of alpha unspent, so the false-alarm bound still holds) and the rows
     * stay as the last look left them. Keeps the CI step under 8 minutes with the baseline's build.
     */
    public double budgetSeconds() {
        return 360;
    }

    /**
     * A row's fork under the alternating engine ({@link AlternatingFork}): batches of 5 ms, or for a
     * single-shot row one invocation each with a 2 ms pause; the seed is set by the job.
     */
    public AlternatingFork.Spec alternation(Entry e, String jarA, String jarB) {
        int warmup = quickCheck ? 200 : e.singleShot() ? 2000 : 1500;
        int measure = quickCheck ? 300 : e.singleShot() ? 4000 : 2500;
        return new AlternatingFork.Spec(e.label(), e.benchmark().substring(BENCH.length()), jarA, jarB, e.params(),
                paramsB(e), e.singleShot(), warmup, measure, 5000, e.singleShot() ? 2000 : 0, 0);
    }

    /** Estimated seconds of one alternating fork (both sides), JVM start and heap pre-touch included. */
    public double alternatingForkSeconds(Entry e) {
        AlternatingFork.Spec s = alternation(e, "", "");
        return 1.5 + (s.warmupMillis() + s.measureMillis()) / 1000.0 + (e.singleShot() ? 2 * e.secondsPerShot() : 0);
    }

    /**
     * Estimated seconds of the first look and of the worst case (every row to {@link #maxPairs()}
     * pairs, capped by {@link #budgetSeconds()}).
     */
    public double[] estimateSeconds() {
        double perPair = entries().stream().mapToDouble(this::alternatingForkSeconds).reduce(0, Double::sum);
        return new double[]{perPair * firstPairs(), Math.min(perPair * maxPairs(), Math.max(budgetSeconds(),
                perPair * firstPairs()))};
    }
}
