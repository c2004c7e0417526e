package org.stealbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongUnaryOperator;
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

/** The planted pool slowdowns do exactly the extra pool operations asked for, through the pool's own paths. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
final class GatePoolPathsBenchmarkTest {

    @Test
    @Tag("quick")
    void tasks_scaleExactlyWithWorkPercent() {
        assertEquals(20_000, GatePoolPathsBenchmark.tasks(100));
        assertEquals(21_000, GatePoolPathsBenchmark.tasks(105));
        assertEquals(22_000, GatePoolPathsBenchmark.tasks(110));
        assertEquals(25_000, GatePoolPathsBenchmark.tasks(125));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GatePoolPathsBenchmark.tasks(0));
        assertTrue(e.getMessage().contains("workPercent"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 110, 125})
    void leaves_forkOncePerInnerNodeOnTheWorkers(int workPercent) throws Exception {
        ExecutorService executor = PoolKind.byId("ws-chase-lev").create(2);
        try {
            CountingForkJoin counting = new CountingForkJoin(ForkJoin.of(executor));
            int leaves = GatePoolPathsBenchmark.tasks(workPercent);
            long counted = executor.submit(() -> GatePoolPathsBenchmark.leaves(counting, leaves)).get(30, TimeUnit.SECONDS);
            assertEquals(leaves, counted);
            assertEquals(leaves - 1, counting.forks.get(), "one fork per inner node of a binary tree");
        } finally {
            Contenders.closePool(executor, "ws-chase-lev");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 110, 125})
    void submitAll_handsEveryTaskToTheExecutorOnce(int workPercent) throws Exception {
        ExecutorService executor = PoolKind.byId("ws-chase-lev").create(1);
        try {
            AtomicInteger submitted = new AtomicInteger();
            int tasks = GatePoolPathsBenchmark.tasks(workPercent);
            CountDownLatch done = new CountDownLatch(tasks);
            GatePoolPathsBenchmark.submitAll(r -> {
                submitted.incrementAndGet();
                executor.execute(r);
            }, tasks, done);
            assertTrue(done.await(30, TimeUnit.SECONDS), done.getCount() + " tasks never ran");
            assertEquals(tasks, submitted.get());
        } finally {
            Contenders.closePool(executor, "ws-chase-lev");
        }
    }

    @Test
    void gateWorkloads_runBothPathsThroughTheBenchmark() throws Exception {
        for (String method : new String[]{"fork", "submit"}) {
            LongUnaryOperator op = GateWorkloads.open("GatePoolPathsBenchmark." + method,
                    Map.of("workPercent", "110", "threads", "1"));
            try {
                assertTrue(op.applyAsLong(2) > 0, method);
            } finally {
                ((AutoCloseable) op).close();
            }
        }
    }

    @Test
    @Tag("slow")
    void run_everyMethodAndWorkPercent_underJmh() throws RunnerException {
        Collection<RunResult> results = new Runner(BenchmarkSmokeTest.shortRun(GatePoolPathsBenchmark.class)
                .param("workPercent", "100", "125").build()).run();
        assertEquals(2 * 2, results.size(), "fork and submit, 100 and 125 percent, one worker");
        results.forEach(r -> assertTrue(r.getPrimaryResult().getScore() > 0, r.getParams().toString()));
    }
}
