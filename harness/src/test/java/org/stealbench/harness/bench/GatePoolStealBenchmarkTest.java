package org.stealbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.stealbench.pools.ForkJoin;
import org.stealbench.pools.PoolKind;

/** The planted steal-path slowdown: every forked task is stolen, and their count scales with workPercent. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
final class GatePoolStealBenchmarkTest {

    @ParameterizedTest
    @ValueSource(ints = {100, 110, 125})
    void forkAndWait_everyForkedTaskIsStolenByTheOtherWorker(int workPercent) throws Exception {
        ExecutorService executor = PoolKind.byId("ws-chase-lev").create(2);
        try {
            CountingForkJoin counting = new CountingForkJoin(ForkJoin.of(executor));
            int tasks = GatePoolPathsBenchmark.tasks(workPercent);
            long returned = executor.submit(() -> GatePoolStealBenchmark.forkAndWait(counting, tasks))
                    .get(30, TimeUnit.SECONDS);
            assertEquals(tasks, returned);
            assertEquals(tasks, counting.forks.get());
            assertEquals(tasks, counting.stolen.get(), "the forking worker ran none of its own tasks");
        } finally {
            Contenders.closePool(executor, "ws-chase-lev");
        }
    }

    @Test
    @Tag("slow")
    void run_atEveryWorkPercent_underJmh() throws RunnerException {
        Collection<RunResult> results = new Runner(BenchmarkSmokeTest.shortRun(GatePoolStealBenchmark.class).build()).run();
        assertEquals(4, results.size(), "100, 105, 110 and 125 percent");
        results.forEach(r -> assertTrue(r.getPrimaryResult().getScore() > 0, r.getParams().toString()));
    }
}
