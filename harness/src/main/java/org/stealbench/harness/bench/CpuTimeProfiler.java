package org.stealbench.harness.bench;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that reports the benchmark JVM's CPU time per operation, {@code cpu.time.norm}
 * (ns/op), for each iteration: the process's CPU time over the iteration divided by its operations.
 * On a shared machine wall time swells with every other process that takes the cores; CPU time
 * swells far less, so the regression gate can judge it when wall time cannot decide.
 * It counts every thread of the JVM (JIT and GC included), so it suits benchmarks whose threads
 * keep running; time spent blocked or parked is not CPU time and does not show.
 *
 * <p>Run: {@code java -jar harness/target/benchmarks.jar DequeOpsBenchmark -prof org.stealbench.harness.bench.CpuTimeProfiler}
 */
public final class CpuTimeProfiler implements InternalProfiler {

    /** The secondary metric this profiler writes. */
    public static final String METRIC = org.stealbench.harness.results.Metric.CPU_TIME_NORM;

    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long startCpu;

    @Override
    public String getDescription() {
        return "CPU time of the benchmark JVM per operation (process CPU time / operations)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        startCpu = os.getProcessCpuTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams,
                                                       IterationParams iterationParams, IterationResult result) {
        long cpu = os.getProcessCpuTime() - startCpu;
        long ops = result.getMetadata().getAllOps();
        if (cpu < 0 || ops <= 0) {
            return List.of();
        }
        return List.of(new ScalarResult(METRIC, (double) cpu / ops, "ns/op", AggregationPolicy.AVG));
    }
}
