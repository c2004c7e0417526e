package org.stealbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark class for one very short iteration, in this JVM (forks 0), with every
 * contender, so a benchmark that throws, hangs or fails its correctness indicator breaks the
 * build. These are not measurements; nothing here is timed or compared.
 */
@Tag("slow")
final class BenchmarkSmokeTest {

    static ChainedOptionsBuilder shortRun(Class<?> benchmark) {
        return new OptionsBuilder()
                .include(benchmark.getName() + "\\.")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(20))
                .timeout(TimeValue.seconds(60))
                .shouldFailOnError(true)
                .verbosity(org.openjdk.jmh.runner.options.VerboseMode.SILENT);
    }

    static Set<String> contenders(Collection<RunResult> results) {
        Set<String> seen = new TreeSet<>();
        for (RunResult r : results) {
            seen.add(r.getParams().getParam("queue"));
        }
        return seen;
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void dequeOps_everyContender_runs() throws RunnerException {
        Collection<RunResult> results = new Runner(shortRun(DequeOpsBenchmark.class)
                .param("queue", Contenders.dequeOps(true).toArray(String[]::new))
                .param("depth", "0")
                .build()).run();
        assertEquals(new TreeSet<>(Contenders.dequeOps(true)), contenders(results));
        assertEquals(2 * Contenders.dequeOps(true).size(), results.size(), "pushPop and pushSteal each");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void dequeContention_everyContender_runs() throws RunnerException {
        Collection<RunResult> results = new Runner(shortRun(DequeContentionBenchmark.class)
                .param("queue", Contenders.dequeOps(false).toArray(String[]::new))
                .param("depth", "0")
                .build()).run();
        assertEquals(new TreeSet<>(Contenders.dequeOps(false)), contenders(results));
        assertEquals(3 * Contenders.dequeOps(false).size(), results.size(), "three thief groups each");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void enqueueDequeue_everyContender_runsAndKeepsItsCount() throws RunnerException {
        List<String> queues = Contenders.enqueueDequeue();
        Collection<RunResult> results = new Runner(shortRun(EnqueueDequeueBenchmark.class)
                .param("queue", queues.toArray(String[]::new))
                .param("shape", "3x2", "2x3")
                .param("items", "200")
                .build()).run();
        assertEquals(new TreeSet<>(queues), contenders(results));
        assertEquals(2 * queues.size(), results.size());
        for (RunResult r : results) {
            if (!"hybrid".equals(r.getParams().getParam("queue"))) {
                assertEquals(0.0, r.getSecondaryResults().get("sizeMismatch").getScore(),
                        r.getParams().getParam("queue") + " kept its count");
            }
        }
    }

    static Set<String> values(Collection<RunResult> results, String param) {
        Set<String> seen = new TreeSet<>();
        for (RunResult r : results) {
            seen.add(r.getParams().getParam(param));
        }
        return seen;
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void queueDrain_everyPool_drainsAllItems() throws RunnerException {
        Collection<RunResult> results = new Runner(shortRun(QueueDrainBenchmark.class)
                .param("pool", Contenders.pools().toArray(String[]::new))
                .param("items", "2000")
                .build()).run();
        assertEquals(new TreeSet<>(Contenders.pools()), values(results, "pool"));
        assertEquals(2 * Contenders.pools().size(), results.size(), "separate true and false for each pool");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void queueDrain_everyGlobalQueueKind_drainsAllItems() throws RunnerException {
        Collection<RunResult> results = new Runner(shortRun(QueueDrainBenchmark.class)
                .param("pool", "ws-chase-lev")
                .param("separate", "false")
                .param("global", Contenders.globalQueues().toArray(String[]::new))
                .param("items", "2000")
                .build()).run();
        assertEquals(new TreeSet<>(Contenders.globalQueues()), values(results, "global"));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void recursiveWork_everyPool_runsEveryNode() throws RunnerException {
        Collection<RunResult> results = new Runner(shortRun(RecursiveWorkBenchmark.class)
                .param("pool", Contenders.pools().toArray(String[]::new))
                .param("fanout", "3")
                .param("depth", "4")
                .param("work", "10")
                .build()).run();
        assertEquals(new TreeSet<>(Contenders.pools()), values(results, "pool"));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void forkJoinFib_everyForkJoinPool_computesFib() throws RunnerException {
        Collection<RunResult> results = new Runner(shortRun(ForkJoinFibBenchmark.class)
                .param("pool", Contenders.forkJoinPools().toArray(String[]::new))
                .param("n", "15")
                .param("threshold", "0", "5")
                .build()).run();
        assertEquals(new TreeSet<>(Contenders.forkJoinPools()), values(results, "pool"));
        assertEquals(2 * Contenders.forkJoinPools().size(), results.size());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void rangePartitioner_everyPartitionerAndWorkload_runs() throws RunnerException {
        Collection<RunResult> results = new Runner(shortRun(RangePartitionerBenchmark.class)
                .param("size", "300")
                .param("work", "5")
                .build()).run();
        assertEquals(new TreeSet<>(Contenders.PARTITIONERS), values(results, "partitioner"));
        assertEquals(4 * Contenders.PARTITIONERS.size(), results.size());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void rangePartitioner_onAWorkStealingPool_runs() throws RunnerException {
        Collection<RunResult> results = new Runner(shortRun(RangePartitionerBenchmark.class)
                .param("pool", "ws-locked")
                .param("partitioner", "static", "work-stealing")
                .param("workload", "worst")
                .param("size", "300")
                .param("work", "5")
                .build()).run();
        assertEquals(2, results.size());
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void wakeupLatency_everyPool_wakesFromOutsideAndFromASibling() throws RunnerException {
        Collection<RunResult> results = new Runner(shortRun(WakeupLatencyBenchmark.class)
                .param("pool", Contenders.pools().toArray(String[]::new))
                .param("samples", "5")
                .build()).run();
        assertEquals(new TreeSet<>(Contenders.pools()), values(results, "pool"));
        for (RunResult r : results) {
            for (String counter : List.of("outsideP50Us", "outsideP999Us", "siblingP50Us", "siblingP999Us")) {
                double us = r.getSecondaryResults().get(counter).getScore();
                assertEquals(true, us > 0, r.getParams().getParam("pool") + " " + counter + " = " + us);
            }
        }
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void idleCost_everyPool_measuresItsWorkersCpu() throws RunnerException {
        Collection<RunResult> results = new Runner(shortRun(IdleCostBenchmark.class)
                .param("pool", Contenders.pools().toArray(String[]::new))
                .param("burst", "50")
                .param("idleMs", "5")
                .param("bursts", "2")
                .param("periodMs", "3")
                .build()).run();
        assertEquals(new TreeSet<>(Contenders.pools()), values(results, "pool"));
        for (RunResult r : results) {
            String pool = r.getParams().getParam("pool");
            assertEquals(true, r.getSecondaryResults().get("cpuPerTaskUs").getScore() > 0, pool + " ran tasks on CPU");
            assertEquals(true, r.getSecondaryResults().get("idleCores").getScore() >= 0, pool);
        }
    }

    @Test
    @Timeout(value = 200, unit = TimeUnit.SECONDS)
    void schedulerWorkloads_everyPoolAndWorkload_finish() throws RunnerException {
        Collection<RunResult> results = new Runner(shortRun(SchedulerWorkloadsBenchmark.class)
                .param("pool", Contenders.pools().toArray(String[]::new))
                .param("tasks", "64")
                .param("depth", "20")
                .build()).run();
        assertRanEachPair(results, Contenders.pools(), "workload", SchedulerWorkloadsBenchmark.WORKLOADS);
    }

    @Test
    @Timeout(value = 200, unit = TimeUnit.SECONDS)
    void livenessScenarios_everyForkJoinPoolAndScenario_finish() throws RunnerException {
        // JDK 17's ForkJoinPool misses these scenarios' bounded waits now and then (docs/running.md),
        // which would fail this run for a JDK bug; there it runs our pools only, on JDK 25 all.
        List<String> pools = Runtime.version().feature() >= 25 ? Contenders.forkJoinPools()
                : Contenders.forkJoinPools().stream().filter(id -> !id.equals("jdk-fjp")).toList();
        Collection<RunResult> results = new Runner(shortRun(LivenessScenariosBenchmark.class)
                .param("pool", pools.toArray(String[]::new))
                .param("workMs", "1")
                .build()).run();
        assertRanEachPair(results, pools, "scenario", LivenessScenariosBenchmark.SCENARIOS);
    }

    /** Each of {@code pools} ran once with each of {@code values} of {@code param}, and nothing else. */
    private static void assertRanEachPair(Collection<RunResult> results, List<String> pools, String param,
            List<String> values) {
        assertEquals(new TreeSet<>(pools), values(results, "pool"));
        assertEquals(new TreeSet<>(values), values(results, param));
        assertEquals(pools.size() * values.size(), results.size());
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void oversubscription_queueDrainAndFib_runFromOneToEightThreads() throws RunnerException {
        Collection<RunResult> drain = new Runner(shortRun(QueueDrainBenchmark.class)
                .param("pool", "simple-lock", "ws-chase-lev", "jdk-tpe", "jdk-fjp")
                .param("separate", "false")
                .param("threads", "1", "8")
                .param("items", "500")
                .build()).run();
        assertEquals(new TreeSet<>(List.of("1", "8")), values(drain, "threads"));
        Collection<RunResult> fib = new Runner(shortRun(ForkJoinFibBenchmark.class)
                .param("pool", "ws-chase-lev", "jdk-fjp")
                .param("threads", "1", "8")
                .param("n", "12")
                .param("threshold", "0")
                .build()).run();
        assertEquals(4, fib.size());
    }
}
