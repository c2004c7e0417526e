package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.stealbench.queues.QueueKind;

/** The pool registry: ids as DESIGN.md lists them, generated ws-* entries, lookups. */
@Tag("quick")
final class PoolKindTest {

    @Test
    void values_holdDesignIdsAndOneWsPoolPerExactlyOnceQueueKind() {
        List<String> ids = PoolKind.values().stream().map(PoolKind::id).collect(Collectors.toList());
        assertEquals(ids.size(), Set.copyOf(ids).size(), "ids are unique: " + ids);
        for (String id : List.of("simple-lock", "simple-lock-flow", "ws-blocking", "ws-hybrid-fixed", "jdk-tpe",
                "jdk-fjp")) {
            assertTrue(ids.contains(id), id + " missing from " + ids);
        }
        Set<String> wsIds = ids.stream().filter(id -> id.startsWith("ws-")).collect(Collectors.toSet());
        Set<String> expected = Stream.of(QueueKind.values()).filter(k -> k.traits().exactlyOnce())
                .map(k -> "ws-" + k.id()).collect(Collectors.toSet());
        assertEquals(expected, wsIds);
        assertFalse(ids.contains("ws-hybrid"), "a flawed deque never backs a pool");
    }

    @Test
    void byId_everyKind_findsItself() {
        for (PoolKind kind : PoolKind.values()) {
            assertSame(kind, PoolKind.byId(kind.id()));
            assertEquals(kind.id(), kind.toString());
        }
    }

    @Test
    void byId_unknown_throwsListingValidIds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PoolKind.byId("ws-nope"));
        assertTrue(e.getMessage().contains("ws-nope"));
        for (PoolKind kind : PoolKind.values()) {
            assertTrue(e.getMessage().contains(kind.id()), e.getMessage());
        }
    }

    @Test
    void create_everyKind_buildsTheRightPoolOrRefusesZeroThreads() {
        for (PoolKind kind : PoolKind.values()) {
            assertThrows(IllegalArgumentException.class, () -> kind.create(0), kind.id());
            ExecutorService pool = kind.create(2);
            try {
                assertEquals(kind.isStealbenchPool(), pool instanceof StealbenchPool, kind.id());
                if (kind.supportsForkJoin()) {
                    assertNotNull(ForkJoin.of(pool), kind.id());
                } else {
                    assertThrows(IllegalArgumentException.class, () -> ForkJoin.of(pool), kind.id());
                }
                if (pool instanceof WorkStealingThreadPool ws) {
                    assertEquals(kind.id(), "ws-" + ws.workerDeque().id());
                    assertEquals(Optional.of(ws.workerDeque()), kind.workerDeque(), kind.id());
                    assertEquals(Optional.of(ws.globalQueue()), kind.globalQueue(), kind.id());
                    assertEquals(2, ws.threads());
                } else {
                    assertEquals(Optional.empty(), kind.workerDeque(), kind.id());
                }
                if (pool instanceof SimpleLockThreadPool simple) {
                    assertEquals(kind.id().endsWith("-flow"), simple.flowsContext());
                    assertEquals(2, simple.concurrencyLevel());
                }
                if (kind.id().equals("jdk-fjp")) {
                    assertEquals(2, ((java.util.concurrent.ForkJoinPool) pool).getParallelism(),
                            "an explicit pool, never the common one");
                }
            } finally {
                assertTrue(PoolKind.shutdownAndAwait(pool, Duration.ofSeconds(20)));
            }
        }
    }

    @Test
    void shutdownAndAwait_nullArguments_areRefused() {
        ExecutorService pool = PoolKind.byId("jdk-tpe").create(1);
        try {
            assertThrows(NullPointerException.class, () -> PoolKind.shutdownAndAwait(pool, null));
            assertThrows(NullPointerException.class, () -> PoolKind.shutdownAndAwait(null, Duration.ZERO));
        } finally {
            assertTrue(PoolKind.shutdownAndAwait(pool, Duration.ofSeconds(20)));
        }
    }
}
