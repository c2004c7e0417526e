package org.stealbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/**
 * Each benchmark's contender {@code @Param} defaults must equal what the registry admits, so a
 * plain {@code java -jar benchmarks.jar} run covers every variant and nothing else.
 */
@Tag("quick")
final class ContenderParamsTest {

    static List<String> defaults(Class<?> state, String field) throws NoSuchFieldException {
        return List.of(state.getField(field).getAnnotation(Param.class).value());
    }

    @Test
    void dequeOps_ownerDefaults_equalRegistryDequesAndFloor() throws Exception {
        assertEquals(Contenders.dequeOps(true), defaults(DequeOpsBenchmark.Owner.class, "queue"));
    }

    @Test
    void dequeContention_defaults_equalRegistryDeques() throws Exception {
        assertEquals(Contenders.dequeOps(false), defaults(DequeContentionBenchmark.Shared.class, "queue"));
    }

    @Test
    void enqueueDequeue_defaults_equalAnyThreadQueuesAndPeers() throws Exception {
        assertEquals(Contenders.enqueueDequeue(), defaults(EnqueueDequeueBenchmark.class, "queue"));
    }

    @Test
    void poolBenchmarks_defaults_equalPoolRegistry() throws Exception {
        assertEquals(Contenders.pools(), defaults(QueueDrainBenchmark.class, "pool"));
        assertEquals(Contenders.pools(), defaults(RecursiveWorkBenchmark.class, "pool"));
        assertEquals(Contenders.forkJoinPools(), defaults(ForkJoinFibBenchmark.class, "pool"));
        assertEquals(Contenders.pools(), defaults(WakeupLatencyBenchmark.class, "pool"));
        assertEquals(Contenders.pools(), defaults(IdleCostBenchmark.class, "pool"));
        assertEquals(Contenders.pools(), defaults(SchedulerWorkloadsBenchmark.class, "pool"));
    }

    @Test
    void schedulerWorkloads_defaults_areEveryWorkload() throws Exception {
        assertEquals(SchedulerWorkloadsBenchmark.WORKLOADS, defaults(SchedulerWorkloadsBenchmark.class, "workload"));
    }

    @Test
    void rangePartitioner_defaults_equalPartitionersAndPeer() throws Exception {
        assertEquals(Contenders.PARTITIONERS, defaults(RangePartitionerBenchmark.class, "partitioner"));
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
    void queue_unknownId_refusedListingValidIds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Contenders.queue("nope"));
        assertEquals(true, e.getMessage().contains("locked"), e.getMessage());
    }
}
