package org.stealbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;
import org.stealbench.pools.WorkStealingThreadPool;
import org.stealbench.queues.QueueKind;
import org.stealbench.queues.TaskQueue;

/**
 * Each benchmark's contender {@code @Param} defaults must equal what the registry admits, so a
 * plain {@code java -jar benchmarks.jar} run covers every variant and nothing else. The defaults
 * are annotation constants, which cannot be computed from the registry: when a variant is added,
 * these tests fail with the file and the exact {@code @Param} line to write. {@code scripts/bench}
 * does not wait for them: it passes each experiment's registry ids as {@code -p} itself
 * ({@code Experiment.registryContenders}).
 */
@Tag("quick")
final class ContenderParamsTest {

    static List<String> defaults(Class<?> state, String field) throws NoSuchFieldException {
        return List.of(state.getField(field).getAnnotation(Param.class).value());
    }

    /** Fails unless the field's defaults are {@code expected}, naming the file and the line to write. */
    static void assertDefaults(List<String> expected, Class<?> state, String field) throws NoSuchFieldException {
        List<String> actual = defaults(state, field);
        if (!actual.equals(expected)) {
            fail(mismatch(expected, actual, state, field));
        }
    }

    static String mismatch(List<String> expected, List<String> actual, Class<?> state, String field) {
        Class<?> top = state;
        while (top.getEnclosingClass() != null) {
            top = top.getEnclosingClass();
        }
        List<String> missing = expected.stream().filter(id -> !actual.contains(id)).toList();
        List<String> extra = actual.stream().filter(id -> !expected.contains(id)).toList();
        String what = !missing.isEmpty() || !extra.isEmpty()
                ? (missing.isEmpty() ? "" : "misses " + missing) + (!missing.isEmpty() && !extra.isEmpty() ? " and " : "")
                        + (extra.isEmpty() ? "" : "has " + extra + " the registry does not")
                : "lists the registry's ids in another order";
        String line = expected.stream().map(id -> "\"" + id + "\"").collect(Collectors.joining(", ", "@Param({", "})"));
        return "harness/src/main/java/" + top.getName().replace('.', '/') + ".java: the @Param of "
                + state.getSimpleName() + "." + field + " " + what + "; replace it with:\n    " + line;
    }

    @Test
    void dequeOps_ownerDefaults_equalRegistryDequesAndFloor() throws Exception {
        assertDefaults(Contenders.dequeOps(true), DequeOpsBenchmark.Owner.class, "queue");
    }

    @Test
    void dequeContention_defaults_equalRegistryDeques() throws Exception {
        assertDefaults(Contenders.dequeOps(false), DequeContentionBenchmark.Shared.class, "queue");
    }

    @Test
    void enqueueDequeue_defaults_equalAnyThreadQueuesAndPeers() throws Exception {
        assertDefaults(Contenders.enqueueDequeue(), EnqueueDequeueBenchmark.class, "queue");
    }

    /** All of them at once, so a new pool's failure names every file to change, not just the first. */
    @Test
    void poolBenchmarks_defaults_equalPoolRegistry() {
        assertAll(
                () -> assertDefaults(Contenders.pools(), QueueDrainBenchmark.class, "pool"),
                () -> assertDefaults(Contenders.pools(), RecursiveWorkBenchmark.class, "pool"),
                () -> assertDefaults(Contenders.forkJoinPools(), ForkJoinFibBenchmark.class, "pool"),
                () -> assertDefaults(Contenders.pools(), WakeupLatencyBenchmark.class, "pool"),
                () -> assertDefaults(Contenders.pools(), IdleCostBenchmark.class, "pool"),
                () -> assertDefaults(Contenders.pools(), SchedulerWorkloadsBenchmark.class, "pool"),
                () -> assertDefaults(Contenders.forkJoinPools(), LivenessScenariosBenchmark.class, "pool"));
    }

    @Test
    void schedulerWorkloads_defaults_areEveryWorkload() throws Exception {
        assertEquals(SchedulerWorkloadsBenchmark.WORKLOADS, defaults(SchedulerWorkloadsBenchmark.class, "workload"));
    }

    @Test
    void livenessScenarios_defaults_areEveryScenario() throws Exception {
        assertEquals(LivenessScenariosBenchmark.SCENARIOS, defaults(LivenessScenariosBenchmark.class, "scenario"));
    }

    @Test
    void rangePartitioner_defaults_equalPartitionersAndPeer() throws Exception {
        assertDefaults(Contenders.PARTITIONERS, RangePartitionerBenchmark.class, "partitioner");
    }

    /** A variant added to the registry but not to a benchmark: the failure gives the line to paste. */
    @Test
    void mismatch_registryIdMissing_namesTheFileAndTheExactLine() {
        String message = mismatch(List.of("locked", "duffy", "new-kind"), List.of("locked", "duffy"),
                DequeOpsBenchmark.Owner.class, "queue");
        assertEquals("harness/src/main/java/org/stealbench/harness/bench/DequeOpsBenchmark.java: the @Param of"
                + " Owner.queue misses [new-kind]; replace it with:\n    @Param({\"locked\", \"duffy\", \"new-kind\"})",
                message);
        assertEquals(true, mismatch(List.of("a"), List.of("a", "gone"), EnqueueDequeueBenchmark.class, "queue")
                .contains("has [gone] the registry does not"));
    }

    @Test
    void worstCase_putsAllWorkInTheFirstStaticChunk_sameTotalAsUniform() {
        int[] worst = RangePartitionerBenchmark.tokens("worst", 1000, 4, 10);
        int[] uniform = RangePartitionerBenchmark.tokens("uniform", 1000, 4, 10);
        assertEquals(java.util.Arrays.stream(uniform).sum(), java.util.Arrays.stream(worst).sum());
        assertEquals(0, java.util.Arrays.stream(worst, 250, 1000).sum());
        assertThrows(IllegalArgumentException.class, () -> RangePartitionerBenchmark.tokens("skewed", 10, 2, 1));
    }

    @Test
    void enqueueDequeue_shapes_areTheSeeds25() throws Exception {
        List<String> shapes = defaults(EnqueueDequeueBenchmark.class, "shape");
        assertEquals(25, shapes.size());
        assertEquals(25, shapes.stream().distinct().count());
        for (String shape : shapes) {
            int[] ed = EnqueueDequeueBenchmark.parseShape(shape);
            int[] seedCounts = {10, 20, 40, 80, 100, 200, 400, 800, 1000};
            boolean equal = ed[0] == ed[1];
            boolean oneSideTen = ed[0] == 10 || ed[1] == 10;
            assertEquals(true, (equal || oneSideTen)
                    && java.util.Arrays.stream(seedCounts).anyMatch(c -> c == ed[0])
                    && java.util.Arrays.stream(seedCounts).anyMatch(c -> c == ed[1]), shape);
        }
    }

    @Test
    void parseShape_malformed_throwsNamingTheShape() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EnqueueDequeueBenchmark.parseShape("10by10"));
        assertEquals(true, e.getMessage().contains("10by10"));
        assertThrows(IllegalArgumentException.class, () -> EnqueueDequeueBenchmark.parseShape("0x5"));
    }

    @Test
    void fencedFloor_popsAndStealsAsTheFloorDoes() {
        for (String id : List.of(Contenders.ARRAY_DEQUE, Contenders.ARRAY_DEQUE_FENCED)) {
            TaskQueue<Integer> q = Contenders.queue(id);
            for (int i = 1; i <= 3; i++) {
                q.push(i);
            }
            assertEquals(List.of(3, 1, 1), List.of(q.pop(), q.steal(), q.size()), id);
        }
    }

    @Test
    void queue_unknownId_refusedListingValidIds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Contenders.queue("nope"));
        assertEquals(true, e.getMessage().contains("locked"), e.getMessage());
    }

    @Test
    void queueDrainGlobal_isTheTuningsGlobalQueueItem() {
        try (WorkStealingThreadPool pool = (WorkStealingThreadPool) QueueDrainBenchmark.create("ws-chase-lev", 1,
                "locked", "searching")) {
            assertEquals(QueueKind.LOCKED, pool.globalQueue());
            assertEquals(WorkStealingThreadPool.Signalling.SEARCHING, pool.signalling());
        }
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> QueueDrainBenchmark.create("ws-chase-lev", 1, "locked", "global-segmented-mpmc"));
        assertEquals("tuning 'global-segmented-mpmc+global-locked' sets globalQueue twice", twice.getMessage());
        ExecutorService jdk = QueueDrainBenchmark.create("jdk-tpe", 1, "locked", "default");
        jdk.shutdown(); // a pool that is not ws-* takes neither
    }
}
