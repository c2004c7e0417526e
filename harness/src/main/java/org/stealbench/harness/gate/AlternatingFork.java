package org.stealbench.harness.gate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;
import org.stealbench.harness.results.AtomicFiles;

/**
 * One fork of the gate's alternating engine: a JVM that loads side A's and side B's benchmarks jar,
 * one class loader each (parent: the platform loader, so neither sees the other nor this class's
 * jar), opens the same row in both through their {@code GateWorkloads}, and runs the two in
 * alternating batches of a few milliseconds, which side goes first drawn afresh for every pair.
 *
 * <p>Why: the machine's speed switches between two levels within seconds; two batches a few
 * milliseconds apart almost always share a level, forks in turn do not (docs/findings.md). A fork
 * stays the unit of replication (each JVM compiles both sides anew): the gate judges the forks'
 * ratios, each the geometric mean of its pairs.
 *
 * <p>What a side costs: wall time per op from the workload's own timing; CPU time and allocation
 * per op from the thread clocks and counters ({@code com.sun.management.ThreadMXBean}, nanosecond
 * resolution): the driving thread's during the side's batches, plus every thread the side started
 * (a pool's workers), counted over the whole measurement. A side's threads are those that first
 * appear while its code runs.
 *
 * <p>Run by {@link PairedJob}: {@code java FLAGS -cp CURRENT_JAR org.stealbench.harness.gate.AlternatingFork
 * SPEC.json OUT.json}; exit 0 with OUT written, else 1 with the reason on standard error.
 */
public final class AlternatingFork {

    /** The class each jar must hold, and the contract version this engine speaks. */
    static final String WORKLOADS = "org.stealbench.harness.bench.GateWorkloads";
    static final int CONTRACT = 2;

    /** Pairs of batches every warm-up runs at least, however long they take. */
    static final int WARMUP_PAIRS = 20;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * What one fork runs: the row's label and {@code Class.method} ({@code DequeOpsBenchmark.pushPop}),
     * each side's class path (its benchmarks jar and libraries) and parameters; {@code singleShot}:
     * one invocation per batch (a pool row), else as many operations as fill {@code batchMicros};
     * the alternating warm-up (discarded) and measurement; the pause after each single-shot batch,
     * so the side's idle workers park before the other runs; the seed of the sides' order.
     */
    public record Spec(String label, String benchmark, String classPathA, String classPathB, Map<String, String> paramsA,
                       Map<String, String> paramsB, boolean singleShot, int warmupMillis, int measureMillis,
                       int batchMicros, int pauseMicros, long seed) {

        /** The same fork with another seed (each fork of a job gets its own). */
        public Spec withSeed(long newSeed) {
            return new Spec(label, benchmark, classPathA, classPathB, paramsA, paramsB, singleShot, warmupMillis,
                    measureMillis, batchMicros, pauseMicros, newSeed);
        }
    }

    private AlternatingFork() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: AlternatingFork SPEC.json OUT.json");
            System.exit(2);
        }
        try {
            Spec spec = JSON.readValue(Path.of(args[0]).toFile(), Spec.class);
            AtomicFiles.write(Path.of(args[1]), JSON.writeValueAsString(run(spec)) + "\n");
            System.exit(0);
        } catch (Throwable e) {
            // "Error:" is what ForkRunner.reasonIn looks for; a workload's own failure, not reflection's wrapper
            Throwable cause = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null
                    ? e.getCause() : e;
            System.err.println("Error: alternating fork failed: " + cause);
            e.printStackTrace();
            System.exit(1);
        }
    }

    /** The per-side state of a running fork. */
    private static final class Runner {
        final LongUnaryOperator op;
        final ClassLoader loader;
        long driverCpu;
        long driverAllocation;
        long operations;

        Runner(LongUnaryOperator op, ClassLoader loader) {
            this.op = op;
            this.loader = loader;
        }
    }

    static Map<String, Object> run(Spec spec) throws Exception {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        mx.setThreadCpuTimeEnabled(true);
        mx.setThreadAllocatedMemoryEnabled(true);
        Random random = new Random(spec.seed());
        Map<Long, Integer> owner = new HashMap<>();
        markExisting(mx, owner, -1);

        Runner[] sides = new Runner[2];
        int firstOpened = random.nextInt(2);
        for (int k = 0; k < 2; k++) {
            int s = (firstOpened + k) % 2;
            String jar = s == 0 ? spec.classPathA() : spec.classPathB();
            Map<String, String> params = s == 0 ? spec.paramsA() : spec.paramsB();
            URLClassLoader loader = new URLClassLoader("side-" + (s == 0 ? "A" : "B"), urls(jar),
                    ClassLoader.getPlatformClassLoader());
            Thread.currentThread().setContextClassLoader(loader);
            Class<?> workloads = Class.forName(WORKLOADS, true, loader);
            int contract = workloads.getField("CONTRACT").getInt(null);
            if (contract != CONTRACT) {
                throw new IllegalStateException(jar + ": its GateWorkloads speaks contract " + contract
                        + ", this engine " + CONTRACT);
            }
            sides[s] = new Runner((LongUnaryOperator) workloads.getMethod("open", String.class, Map.class)
                    .invoke(null, spec.benchmark(), params), loader);
            markExisting(mx, owner, s);
        }

        // warm-up: alternate, and (time mode) double the batch until it fills the target length; at
        // least WARMUP_PAIRS pairs, as a pool row's first invocations run slow while the JIT compiles
        long batch = 1;
        long target = spec.batchMicros() * 1000L;
        long warmEnd = System.nanoTime() + spec.warmupMillis() * 1_000_000L;
        double lastTook = 0;
        for (int warmPairs = 0; System.nanoTime() < warmEnd || warmPairs < WARMUP_PAIRS; warmPairs++) {
            int first = random.nextInt(2);
            long took = 0;
            for (int k = 0; k < 2; k++) {
                took += runBatch(sides[(first + k) % 2], batch, (first + k) % 2, spec, mx, owner, false);
            }
            lastTook = took / 2.0;
            if (!spec.singleShot() && lastTook < target / 2.0 && batch < (1L << 40)) {
                batch *= 2;
            }
        }
        if (!spec.singleShot() && lastTook > 0) {
            batch = Math.max(1, Math.round(batch * target / lastTook));
        }
        System.gc();

        Map<Long, long[]> start = threadCounters(mx, owner);
        int capacity = 1 << 16;
        double[][] perOp = new double[2][capacity];
        int pairs = 0;
        long measureEnd = System.nanoTime() + spec.measureMillis() * 1_000_000L;
        StringBuilder order = new StringBuilder(); // per pair, the side that ran first
        while ((System.nanoTime() < measureEnd || pairs < 2) && pairs < capacity) {
            int first = random.nextInt(2);
            order.append(first == 0 ? 'A' : 'B');
            for (int k = 0; k < 2; k++) {
                int s = (first + k) % 2;
                perOp[s][pairs] = runBatch(sides[s], batch, s, spec, mx, owner, true) / (double) batch;
            }
            pairs++;
        }
        Map<Long, long[]> end = threadCounters(mx, owner);
        long[][] used = new long[2][2];
        end.forEach((id, counters) -> {
            // a thread born during the measurement started from zero; one that died is left out
            long[] from = start.getOrDefault(id, new long[2]);
            int s = owner.get(id);
            used[s][0] += counters[0] - from[0];
            used[s][1] += counters[1] - from[1];
        });

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("label", spec.label());
        out.put("benchmark", spec.benchmark());
        out.put("unit", spec.singleShot() ? "ms/op" : "ns/op");
        out.put("batchOperations", batch);
        out.put("pairs", pairs);
        double[] logRatios = IntStream.range(0, pairs).mapToDouble(i -> Math.log(perOp[1][i] / perOp[0][i])).toArray();
        out.put("firstSides", order.toString());
        out.put("pairLogRatioMean", StatUtils.mean(logRatios));
        out.put("pairLogRatioSd", Math.sqrt(StatUtils.variance(logRatios)));
        out.put("pairLogRatioLag1", lag1(logRatios));
        double scale = spec.singleShot() ? 1e-6 : 1;
        for (int s = 0; s < 2; s++) {
            Runner r = sides[s];
            double[] times = Arrays.copyOf(perOp[s], pairs);
            Map<String, Object> side = new LinkedHashMap<>();
            side.put("time", StatUtils.geometricMean(times) * scale);
            side.put("cpu", (r.driverCpu + used[s][0]) / (double) r.operations);
            side.put("allocation", (r.driverAllocation + used[s][1]) / (double) r.operations);
            side.put("operations", r.operations);
            side.put("threads", (long) Collections.frequency(owner.values(), s));
            side.put("batchTimes", Arrays.stream(times).map(t -> t * scale).toArray());
            out.put(s == 0 ? "a" : "b", side);
        }
        for (int s = 0; s < 2; s++) {
            Thread.currentThread().setContextClassLoader(sides[s].loader);
            ((AutoCloseable) sides[s].op).close();
        }
        Thread.currentThread().setContextClassLoader(AlternatingFork.class.getClassLoader());
        return out;
    }

    private static URL[] urls(String classPath) throws java.net.MalformedURLException {
        String[] parts = classPath.split(java.io.File.pathSeparator);
        URL[] urls = new URL[parts.length];
        for (int i = 0; i < parts.length; i++) {
            urls[i] = Path.of(parts[i]).toUri().toURL();
        }
        return urls;
    }

    /**
     * One batch of side {@code s}: its operations' nanoseconds; when {@code measured}, the driving
     * thread's CPU and allocation during the batch are charged to the side.
     */
    private static long runBatch(Runner r, long operations, int s, Spec spec, com.sun.management.ThreadMXBean mx,
                                 Map<Long, Integer> owner, boolean measured) {
        Thread.currentThread().setContextClassLoader(r.loader);
        long cpu0 = mx.getCurrentThreadCpuTime();
        long alloc0 = mx.getCurrentThreadAllocatedBytes();
        long took = r.op.applyAsLong(operations);
        long cpu1 = mx.getCurrentThreadCpuTime();
        long alloc1 = mx.getCurrentThreadAllocatedBytes();
        if (took <= 0) {
            throw new IllegalStateException(spec.label() + ": a batch took " + took + " ns");
        }
        if (measured) {
            r.driverCpu += cpu1 - cpu0;
            r.driverAllocation += alloc1 - alloc0;
            r.operations += operations;
        }
        markExisting(mx, owner, s);
        if (spec.singleShot() && spec.pauseMicros() > 0) {
            LockSupport.parkNanos(spec.pauseMicros() * 1000L);
        }
        return took;
    }

    /** Charges every thread not seen before to side {@code s} (-1: the JVM's own and the driver). */
    private static void markExisting(java.lang.management.ThreadMXBean mx, Map<Long, Integer> owner, int s) {
        for (long id : mx.getAllThreadIds()) {
            owner.putIfAbsent(id, s);
        }
    }

    /** Per live thread a side started: its CPU nanoseconds and allocated bytes so far. */
    private static Map<Long, long[]> threadCounters(com.sun.management.ThreadMXBean mx, Map<Long, Integer> owner) {
        Map<Long, long[]> counters = new HashMap<>();
        for (Map.Entry<Long, Integer> e : owner.entrySet()) {
            if (e.getValue() < 0) {
                continue;
            }
            long cpu = mx.getThreadCpuTime(e.getKey());
            long allocated = mx.getThreadAllocatedBytes(e.getKey());
            if (cpu >= 0 && allocated >= 0) { // -1: the thread has ended
                counters.put(e.getKey(), new long[]{cpu, allocated});
            }
        }
        return counters;
    }

    /** Lag-1 autocorrelation: near 0 when the pairs' ratios do not drift with the machine. */
    static double lag1(double[] values) {
        return values.length < 3 ? Double.NaN : new PearsonsCorrelation().correlation(
                Arrays.copyOfRange(values, 1, values.length), Arrays.copyOf(values, values.length - 1));
    }
}
