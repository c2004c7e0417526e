package org.stealbench.harness.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that reports the CPU time of the benchmark's own threads per operation,
 * {@code cpu.time.norm} (ns/op), for each iteration: the sum over the JVM's live Java threads of
 * their thread CPU clocks ({@link ThreadMXBean#getThreadCpuTime}, nanosecond resolution on Linux),
 * between the start and the end of the iteration, divided by the iteration's operations.
 *
 * <p>Counted: JMH's benchmark threads and every thread the benchmark started (pool workers), a
 * thread that starts during the iteration from zero. Not counted: the JVM's service threads (named
 * in {@link #SERVICE_THREADS}), JMH's control thread (the one that calls this profiler), the JIT
 * compiler and GC threads (not Java threads: the MXBean does not list them), and a thread that
 * ends before the iteration does (its clock is gone: benchmarks whose pools live for the trial, as
 * all of this suite's do, lose nothing). Time spent blocked or parked is not CPU time and does not
 * show here; wall time does.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar DequeOpsBenchmark -prof org.stealbench.harness.bench.CpuTimeProfiler}
 */
public final class CpuTimeProfiler implements InternalProfiler {

    /** The secondary metric this profiler writes (a literal: this class must load from any jar). */
    public static final String METRIC = "cpu.time.norm";

    /** JVM and JMH infrastructure threads whose CPU is not the benchmark's. */
    static final Set<String> SERVICE_THREADS = Set.of("Reference Handler", "Finalizer", "Signal Dispatcher",
            "Attach Listener", "Common-Cleaner", "Notification Thread", "Service Thread", "Monitor Deflation Thread",
            "Sweeper thread", "process reaper", "DestroyJavaVM");

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private Map<Long, Long> start = Map.of();
    private boolean supported;

    public CpuTimeProfiler() {
        supported = threads.isThreadCpuTimeSupported();
        if (supported && !threads.isThreadCpuTimeEnabled()) {
            threads.setThreadCpuTimeEnabled(true);
        }
    }

    @Override
    public String getDescription() {
        return "CPU time of the benchmark's own threads per operation (thread CPU clocks / operations)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        start = supported ? clocks() : Map.of();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams,
                                                       IterationParams iterationParams, IterationResult result) {
        if (!supported) {
            return List.of();
        }
        long cpu = 0;
        for (Map.Entry<Long, Long> e : clocks().entrySet()) {
            cpu += e.getValue() - start.getOrDefault(e.getKey(), 0L);
        }
        long ops = result.getMetadata().getAllOps();
        if (cpu < 0 || ops <= 0) {
            return List.of();
        }
        return List.of(new ScalarResult(METRIC, (double) cpu / ops, "ns/op", AggregationPolicy.AVG));
    }

    /** Thread id to its CPU clock, for the threads that count. */
    private Map<Long, Long> clocks() {
        long self = Thread.currentThread().getId();
        Map<Long, Long> clocks = new HashMap<>();
        long[] ids = threads.getAllThreadIds();
        ThreadInfo[] infos = threads.getThreadInfo(ids);
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] == self || infos[i] == null || SERVICE_THREADS.contains(infos[i].getThreadName())) {
                continue;
            }
            long cpu = threads.getThreadCpuTime(ids[i]);
            if (cpu >= 0) {
                clocks.put(ids[i], cpu);
            }
        }
        return clocks;
    }
}
