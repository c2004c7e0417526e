package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stealbench.pools.WorkStealingThreadPool.SearchOrder;
import org.stealbench.queues.QueueKind;
import org.stealbench.queues.QueueTraits.Order;

/** The work-stealing pool's own options: builder checks, placement, every option combination, parking. */
final class WorkStealingThreadPoolTest {

    /** Every worker deque kind x search order x steal end the builder accepts. */
    static Stream<Arguments> options() {
        return Stream.of(QueueKind.values())
                .filter(WorkStealingThreadPool::canBackWorkers)
                .flatMap(deque -> Stream.of(SearchOrder.values())
                        .flatMap(order -> Stream.of(false, true)
                                .filter(pop -> !pop || !deque.traits().ownerOnly())
                                .map(pop -> Arguments.of(deque, order, pop))));
    }

    /**
     * Every tuning the harness compares ({@link WorkStealingThreadPool#COMPARED_TUNINGS}), then an
     * example of every other item of the tuning table (WorkStealingTuning), then combinations,
     * named for the test report; the liveness, exactly-once, contract and option-combination tests
     * run under each.
     */
    static Stream<Named<UnaryOperator<WorkStealingPoolBuilder>>> tunings() {
        return Stream.of(WorkStealingThreadPool.COMPARED_TUNINGS.stream(),
                        WorkStealingTuning.singleItemExamples().stream()
                                .filter(spec -> !WorkStealingThreadPool.COMPARED_TUNINGS.contains(spec)),
                        Stream.of("eager-signalling+steal-one", "idle-scans-0", "searching+idle-scans-0",
                        "global-locked+global-batch-8", "global-segmented-mpmc+global-batch-8",
                        "searching+global-batch-8+steal-half+shared-counter",
                        "global-segmented-mpmc+searching+global-batch-8+steal-half+idle-scans-64",
                        "searching+steal-half", "steal-half+global-batch-64", "steal-before-global+steal-half"))
                .flatMap(specs -> specs)
                .map(spec -> Named.of(spec, (UnaryOperator<WorkStealingPoolBuilder>) b -> b.tuning(spec)));
    }

    @Tag("quick")
    @Test
    void tuning_specs_setTheOptionsOrAreRefusedNamingTheItem() {
        WorkStealingPoolBuilder b = WorkStealingThreadPool.builder().threads(1)
                .tuning("searching+global-batch-16+steal-half+shared-counter");
        try (WorkStealingThreadPool pool = b.build()) {
            assertEquals(WorkStealingThreadPool.Admission.SHARED_COUNTER, pool.admission());
            assertEquals(WorkStealingThreadPool.Signalling.SEARCHING, pool.signalling());
            assertEquals(16, pool.globalBatch());
            assertTrue(pool.stealHalf());
        }
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1)
                .tuning("idle-scans-300+global-segmented-mpmc").build()) {
            assertEquals(300, pool.idleScans());
            assertEquals(QueueKind.SEGMENTED_MPMC, pool.globalQueue());
        }
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1)
                .tuning("global-segmented-mpmc+injector-admission").build()) {
            assertEquals(WorkStealingThreadPool.Admission.INJECTOR, pool.admission());
        }
        IllegalArgumentException lockedInjector = assertThrows(IllegalArgumentException.class,
                () -> WorkStealingThreadPool.builder().threads(1).tuning("global-locked+injector-admission").build());
        assertTrue(lockedInjector.getMessage().contains("segmented-mpmc"), lockedInjector.getMessage());
        try (WorkStealingThreadPool eager = WorkStealingThreadPool.builder().threads(1).build();
             WorkStealingThreadPool searching = WorkStealingThreadPool.builder().threads(1).tuning("searching").build()) {
            assertTrue(eager.idleScans() < searching.idleScans(), "each signalling keeps its own default");
        }
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).tuning("default").build()) {
            assertEquals(WorkStealingThreadPool.Signalling.EMPTY_TO_NON_EMPTY, pool.signalling(),
                    "one worker is never more than the cores");
            assertEquals(WorkStealingPoolBuilder.DEFAULT_GLOBAL_BATCH, pool.globalBatch());
            assertEquals(WorkStealingPoolBuilder.DEFAULT_STEAL_HALF, pool.stealHalf());
            assertEquals(WorkStealingThreadPool.Admission.INJECTOR, pool.admission());
        }
        for (String retired : List.of("owner-claim", "owner-cas", "submitter-cells", "precheck-pop", "lifo-slot",
                "propagating", "recheck-own-push", "announce-own-push")) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> WorkStealingThreadPool.builder().tuning(retired), retired);
            assertTrue(refused.getMessage().contains("'" + retired + "'"), refused.getMessage());
        }
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1)
                .tuning("steal-before-global").build()) {
            assertEquals(WorkStealingThreadPool.SearchOrder.LOCAL_STEAL_GLOBAL, pool.searchOrder());
        }
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1)
                .searchOrder(WorkStealingThreadPool.SearchOrder.LOCAL_STEAL_GLOBAL).tuning("global-before-steal").build()) {
            assertEquals(WorkStealingThreadPool.SearchOrder.LOCAL_GLOBAL_STEAL, pool.searchOrder());
        }
        // The admission follows the global queue unless set: the old defaults, and a set one kept.
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1)
                .tuning("global-locked+global-batch-1").build()) {
            assertEquals(QueueKind.LOCKED, pool.globalQueue());
            assertEquals(1, pool.globalBatch());
            assertEquals(WorkStealingThreadPool.Admission.SHARED_COUNTER, pool.admission());
        }
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1)
                .tuning("shared-counter").build()) {
            assertEquals(QueueKind.SEGMENTED_MPMC, pool.globalQueue());
            assertEquals(WorkStealingThreadPool.Admission.SHARED_COUNTER, pool.admission());
        }
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1).tuning("searching").build()) {
            assertEquals(WorkStealingThreadPool.Signalling.SEARCHING, pool.signalling());
        }
        // The default signalling follows the workers against the cores; a set one is kept.
        int cores = Runtime.getRuntime().availableProcessors();
        try (WorkStealingThreadPool asMany = WorkStealingThreadPool.builder().threads(cores).build();
             WorkStealingThreadPool oversubscribed = WorkStealingThreadPool.builder().threads(cores + 1).build();
             WorkStealingThreadPool eagerAnyway = WorkStealingThreadPool.builder().threads(cores + 1)
                     .tuning("eager-signalling").build()) {
            assertEquals(WorkStealingThreadPool.Signalling.EMPTY_TO_NON_EMPTY, asMany.signalling());
            assertEquals(WorkStealingThreadPool.Signalling.SEARCHING, oversubscribed.signalling());
            assertEquals(WorkStealingPoolBuilder.DEFAULT_SEARCH_SCANS, oversubscribed.idleScans());
            assertEquals(WorkStealingThreadPool.Signalling.EMPTY_TO_NON_EMPTY, eagerAnyway.signalling());
            assertEquals(WorkStealingPoolBuilder.DEFAULT_IDLE_SCANS, eagerAnyway.idleScans());
        }
        try (WorkStealingThreadPool fifoPop = WorkStealingThreadPool.builder().threads(1).workerDeque(QueueKind.LOCKED)
                .build();
             WorkStealingThreadPool thievesPop = WorkStealingThreadPool.builder().threads(1).workerDeque(QueueKind.JDK_CLD)
                .thievesPopOwnersEnd(true)
                .build();
             WorkStealingThreadPool defaults = WorkStealingThreadPool.builder().threads(1).build()) {
            assertFalse(fifoPop.recheckOwnPush(), "taking the task back needs a LIFO pop: the push is announced");
            assertFalse(thievesPop.recheckOwnPush(), "thieves at the owner's end: the push is announced");
            assertTrue(defaults.recheckOwnPush(), "chase-lev pops LIFO, thieves steal the other end");
        }
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1)
                .tuning("eager-signalling+steal-one").build()) {
            assertEquals(WorkStealingThreadPool.Signalling.EMPTY_TO_NON_EMPTY, pool.signalling());
            assertFalse(pool.stealHalf());
        }
        for (String bad : new String[] {"", "fast", "searching,steal-half", "global-batch-0", "global-batch-x",
                "global-batch-" + (WorkStealingPoolBuilder.MAX_BATCH + 1), "steal-half+", "default+steal-half",
                " searching", "idle-scans-", "idle-scans--1", "idle-scans-" + (WorkStealingPoolBuilder.MAX_IDLE_SCANS + 1),
                "global-", "global-nonsense", "global-chase-lev", "lifo-slots", "owner"}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> WorkStealingThreadPool.builder().tuning(bad), bad);
            assertTrue(refused.getMessage().startsWith("tuning item '"), refused.getMessage());
            assertTrue(refused.getMessage().contains("global-batch-N") && refused.getMessage().contains("idle-scans-N"),
                    refused.getMessage());
        }
        // two items that set one option: the last would silently win, so the spec is refused
        for (String twice : new String[] {"searching+eager-signalling", "global-locked+global-segmented-mpmc",
                "steal-half+steal-one", "shared-counter+injector-admission", "idle-scans-4+idle-scans-8",
                "steal-before-global+global-before-steal", "global-batch-8+global-batch-1"}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> WorkStealingThreadPool.builder().tuning(twice), twice);
            assertTrue(refused.getMessage().startsWith("tuning '" + twice + "' sets ")
                    && refused.getMessage().endsWith(" twice"), refused.getMessage());
        }
        assertEquals("signalling", assertThrows(NullPointerException.class,
                () -> WorkStealingThreadPool.builder().signalling(null)).getMessage());
    }

    @Tag("quick")
    @Test
    void poolKind_createWithTuning_tunesWsKindsOnlyAndChecksTheSpecForAll() {
        PoolKind ws = PoolKind.byId("ws-chase-lev");
        assertTrue(ws.isTunable());
        try (WorkStealingThreadPool pool = (WorkStealingThreadPool) ws.create(2, "steal-one")) {
            assertFalse(pool.stealHalf());
            assertEquals(QueueKind.CHASE_LEV, pool.workerDeque());
            assertTrue(pool.toString().startsWith("ws-chase-lev["), pool.toString());
        }
        PoolKind fjp = PoolKind.byId("jdk-fjp");
        assertFalse(fjp.isTunable());
        TestPools.close(fjp.create(1, "steal-half"));
        TestPools.close(fjp.create(1, "default"));
        assertThrows(IllegalArgumentException.class, () -> ws.create(2, "nonsense"));
        assertThrows(IllegalArgumentException.class, () -> fjp.create(2, "nonsense"), "checked for every kind");
    }

    /** Every tuning under both search orders: each task runs exactly once and fib is right. */
    @Tag("slow")
    @Timeout(120)
    @ParameterizedTest
    @MethodSource("tunings")
    void mixedWorkload_everyTuning_eachTaskRunsOnceAndFibIsRight(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        for (SearchOrder order : SearchOrder.values()) {
            int parents = 400;
            int children = 50;
            AtomicIntegerArray runs = new AtomicIntegerArray(parents * (children + 1));
            CountDownLatch done = new CountDownLatch(parents * (children + 1));
            try (WorkStealingThreadPool pool = tuning.apply(WorkStealingThreadPool.builder().threads(3)
                    .searchOrder(order)).build()) {
                for (int p = 0; p < parents; p++) {
                    int parent = p * (children + 1);
                    pool.execute(() -> {
                        for (int c = 1; c <= children; c++) {
                            int child = parent + c;
                            pool.execute(() -> {
                                runs.incrementAndGet(child);
                                done.countDown();
                            });
                        }
                        runs.incrementAndGet(parent);
                        done.countDown();
                    });
                }
                assertEquals(6765, Fibonacci.forkJoin(pool, 20, 0));
                TestPools.await(done, pool + ": tasks");
            }
            for (int i = 0; i < runs.length(); i++) {
                assertEquals(1, runs.get(i), "task " + i);
            }
        }
    }

    /**
     * shutdownNow under every tuning: with both workers blocked, it returns exactly the queued
     * tasks; racing three outside submitters whose tasks submit from the workers, every accepted
     * task ran once or was returned, never both.
     */
    @Tag("slow")
    @Timeout(120)
    @ParameterizedTest
    @MethodSource("tunings")
    void shutdownNow_everyTuning_returnsExactlyTheNeverRunTasks(UnaryOperator<WorkStealingPoolBuilder> tuning)
            throws Exception {
        WorkStealingThreadPool blocked = tuning.apply(WorkStealingThreadPool.builder().threads(2)).build();
        CountDownLatch started = new CountDownLatch(2);
        CountDownLatch never = new CountDownLatch(1);
        for (int i = 0; i < 2; i++) {
            blocked.execute(() -> {
                started.countDown();
                TestPools.awaitUninterruptibly(never);
            });
        }
        TestPools.await(started, "blockers");
        Set<Runnable> queued = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < 500; i++) {
            Runnable task = () -> { };
            queued.add(task);
            blocked.execute(task);
        }
        List<Runnable> neverRun = blocked.shutdownNow();
        never.countDown();
        assertEquals(500, neverRun.size());
        assertEquals(queued, identitySet(neverRun));
        assertTrue(blocked.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS));
        assertThrows(RejectedExecutionException.class, () -> blocked.execute(() -> { }));

        for (int round = 0; round < 20; round++) {
            WorkStealingThreadPool pool = tuning.apply(WorkStealingThreadPool.builder().threads(2)).build();
            Map<Runnable, AtomicInteger> accepted = new ConcurrentHashMap<>();
            AtomicBoolean stop = new AtomicBoolean();
            CountDownLatch running = new CountDownLatch(3);
            List<Thread> submitters = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                Thread submitter = new Thread(() -> {
                    running.countDown();
                    while (!stop.get()) {
                        AtomicInteger childRuns = new AtomicInteger();
                        AtomicInteger parentRuns = new AtomicInteger();
                        Runnable child = childRuns::incrementAndGet;
                        Runnable parent = () -> {
                            parentRuns.incrementAndGet();
                            try {
                                pool.execute(child);
                                accepted.put(child, childRuns);
                            } catch (RejectedExecutionException refused) {
                                // not accepted
                            }
                        };
                        try {
                            pool.execute(parent);
                            accepted.put(parent, parentRuns);
                        } catch (RejectedExecutionException refused) {
                            return;
                        }
                    }
                });
                submitters.add(submitter);
                submitter.start();
            }
            TestPools.await(running, "submitters");
            List<Runnable> returned = pool.shutdownNow();
            stop.set(true);
            for (Thread t : submitters) {
                t.join();
            }
            assertTrue(pool.awaitTermination(TestPools.HANG.toMillis(), TimeUnit.MILLISECONDS), pool + " terminated");
            Set<Runnable> returnedSet = identitySet(returned);
            assertEquals(returned.size(), returnedSet.size(), "no task returned twice");
            for (Map.Entry<Runnable, AtomicInteger> e : accepted.entrySet()) {
                int runs = e.getValue().get();
                boolean wasReturned = returnedSet.contains(e.getKey());
                assertTrue(runs == 1 && !wasReturned || runs == 0 && wasReturned,
                        pool + ": an accepted task ran " + runs + " times and was " + (wasReturned ? "" : "not ")
                                + "returned");
            }
        }
    }

    /**
     * One worker, every tuning: outside submissions start in submission order, batch takes from
     * the global queue included (a batch goes into the worker's inbox newest first).
     */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("tunings")
    void outsideSubmissions_oneWorker_everyTuning_startInSubmissionOrder(
            UnaryOperator<WorkStealingPoolBuilder> tuning) {
        try (WorkStealingThreadPool pool = tuning.apply(WorkStealingThreadPool.builder().threads(1)).build()) {
            CountDownLatch release = TestPools.occupyWorker(pool);
            int tasks = 3 * WorkStealingPoolBuilder.MAX_BATCH + 5;
            List<Integer> order = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch done = new CountDownLatch(tasks);
            for (int i = 0; i < tasks; i++) {
                int index = i;
                pool.execute(() -> {
                    order.add(index);
                    done.countDown();
                });
            }
            release.countDown();
            TestPools.await(done, pool + ": tasks");
            assertEquals(IntStream.range(0, tasks).boxed().toList(), order, pool.toString());
        }
    }

    private static Set<Runnable> identitySet(List<Runnable> tasks) {
        Set<Runnable> set = Collections.newSetFromMap(new IdentityHashMap<>());
        set.addAll(tasks);
        return set;
    }

    /** Under every tuning, after each burst every worker parks, and the next burst wakes them. */
    @Tag("quick")
    @Timeout(60)
    @ParameterizedTest
    @MethodSource("tunings")
    void idleWorkers_everyTuning_allParkAfterEachBurst(UnaryOperator<WorkStealingPoolBuilder> tuning) {
        try (WorkStealingThreadPool pool = tuning.apply(WorkStealingThreadPool.builder().threads(4)).build()) {
            for (int round = 0; round < 5; round++) {
                CountDownLatch done = new CountDownLatch(100);
                for (int i = 0; i < 100; i++) {
                    pool.execute(done::countDown);
                }
                TestPools.await(done, "burst " + round);
                assertEquals(Fibonacci.sequential(18), Fibonacci.forkJoin(pool, 18, 0), "fork/join in burst " + round);
                TestPools.awaitCondition(() -> pool.idleWorkers() == 4 && PoolContractTest.allParked(pool),
                        "all four workers to park");
            }
        }
    }

    static Stream<QueueKind> globalKinds() {
        return Stream.of(QueueKind.values()).filter(WorkStealingThreadPool::canServeAsGlobalQueue);
    }

    @Tag("quick")
    @Test
    void builder_badArguments_areRefusedNamingTheArgument() {
        WorkStealingPoolBuilder builder = WorkStealingThreadPool.builder();
        IllegalArgumentException threads = assertThrows(IllegalArgumentException.class, () -> builder.threads(0));
        assertTrue(threads.getMessage().contains("threads"));
        assertEquals("workerDeque", assertThrows(NullPointerException.class, () -> builder.workerDeque(null)).getMessage());
        assertEquals("globalQueue", assertThrows(NullPointerException.class, () -> builder.globalQueue(null)).getMessage());
        assertEquals("searchOrder", assertThrows(NullPointerException.class, () -> builder.searchOrder(null)).getMessage());
        for (QueueKind kind : QueueKind.values()) {
            if (kind.traits().exactlyOnce()) {
                assertDoesNotThrow(() -> WorkStealingThreadPool.builder().workerDeque(kind), kind.id());
            } else {
                IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                        () -> WorkStealingThreadPool.builder().workerDeque(kind), kind.id());
                assertTrue(refused.getMessage().contains("workerDeque"));
            }
            boolean globalOk = !kind.traits().ownerOnly() && kind.traits().exactlyOnce()
                    && (kind.traits().popOrder() == Order.FIFO || kind.traits().stealOrder() == Order.FIFO);
            assertEquals(globalOk, WorkStealingThreadPool.canServeAsGlobalQueue(kind), kind.id());
            if (!globalOk) {
                IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                        () -> WorkStealingThreadPool.builder().globalQueue(kind), kind.id());
                assertTrue(refused.getMessage().contains("globalQueue"));
            }
            if (kind.traits().exactlyOnce() && kind.traits().ownerOnly()) {
                IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                        () -> WorkStealingThreadPool.builder().workerDeque(kind).thievesPopOwnersEnd(true).build());
                assertTrue(refused.getMessage().contains("thievesPopOwnersEnd"));
            }
        }
        assertTrue(Stream.of(QueueKind.values()).anyMatch(k -> !k.traits().exactlyOnce()),
                "the registry has a flawed kind to refuse");
    }

    @Tag("quick")
    @Test
    void builder_defaults_areDocumentedOnes() {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().build()) {
            assertEquals(Runtime.getRuntime().availableProcessors(), pool.threads());
            assertEquals(WorkStealingPoolBuilder.DEFAULT_WORKER_DEQUE, pool.workerDeque());
            assertEquals(WorkStealingPoolBuilder.DEFAULT_GLOBAL_QUEUE, pool.globalQueue());
            assertEquals(WorkStealingPoolBuilder.DEFAULT_SEARCH_ORDER, pool.searchOrder());
            assertFalse(pool.thievesPopOwnersEnd());
            assertFalse(pool.flowsContext());
        }
    }

    /**
     * A mixed workload under every option combination: outside submissions that execute children
     * from the workers, and fork/join; every task runs exactly once and fib is right.
     */
    @Tag("slow")
    @Timeout(120)
    @ParameterizedTest
    @MethodSource("options")
    void mixedWorkload_everyOptionCombination_eachTaskRunsOnceAndFibIsRight(QueueKind deque, SearchOrder order,
                                                                           boolean thievesPop) {
        int parents = 400;
        int children = 50;
        AtomicIntegerArray runs = new AtomicIntegerArray(parents * (children + 1));
        CountDownLatch done = new CountDownLatch(parents * (children + 1));
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(3).workerDeque(deque)
                .searchOrder(order).thievesPopOwnersEnd(thievesPop).build()) {
            for (int p = 0; p < parents; p++) {
                int parent = p * (children + 1);
                pool.execute(() -> {
                    for (int c = 1; c <= children; c++) {
                        int child = parent + c;
                        pool.execute(() -> {
                            runs.incrementAndGet(child);
                            done.countDown();
                        });
                    }
                    runs.incrementAndGet(parent);
                    done.countDown();
                });
            }
            assertEquals(6765, Fibonacci.forkJoin(pool, 20, 1));
            TestPools.await(done, pool + ": tasks");
        }
        for (int i = 0; i < runs.length(); i++) {
            assertEquals(1, runs.get(i), "task " + i);
        }
    }

    @Tag("slow")
    @Timeout(120)
    @ParameterizedTest
    @MethodSource("globalKinds")
    void globalQueue_everyEligibleKind_outsideTasksRunOnce(QueueKind global) throws Exception {
        int perThread = 50_000;
        AtomicIntegerArray runs = new AtomicIntegerArray(2 * perThread);
        CountDownLatch done = new CountDownLatch(2 * perThread);
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(2).globalQueue(global).build()) {
            Thread[] submitters = new Thread[2];
            for (int s = 0; s < 2; s++) {
                int base = s * perThread;
                submitters[s] = new Thread(() -> {
                    for (int i = 0; i < perThread; i++) {
                        int index = base + i;
                        pool.execute(() -> {
                            runs.incrementAndGet(index);
                            done.countDown();
                        });
                    }
                });
                submitters[s].start();
            }
            for (Thread t : submitters) {
                t.join();
            }
            TestPools.await(done, pool + ": tasks");
        }
        for (int i = 0; i < runs.length(); i++) {
            assertEquals(1, runs.get(i), "task " + i);
        }
    }

    @Tag("quick")
    @Timeout(60)
    @Test
    void execute_fromWorker_goesToItsOwnDeque_fromOutside_toTheGlobalQueue() {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.create(1)) {
            CountDownLatch checked = new CountDownLatch(1);
            String[] placement = new String[1];
            pool.execute(() -> {
                pool.execute(() -> { });
                placement[0] = pool.currentDequeSize() + "/" + pool.globalQueueSize();
                checked.countDown();
            });
            TestPools.await(checked, "the placement check");
            assertEquals("1/0", placement[0]);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch gate = new CountDownLatch(1);
            pool.execute(() -> {
                started.countDown();
                TestPools.awaitUninterruptibly(gate);
            });
            TestPools.await(started, "blocker");
            pool.execute(() -> { });
            pool.execute(() -> { });
            assertEquals(2, pool.globalQueueSize());
            gate.countDown();
        }
    }

    /** After a burst every worker parks (thread state WAITING) instead of spinning, and wakes for the next. */
    @Tag("quick")
    @Timeout(60)
    @Test
    void idleWorkers_afterWork_allParkAndWakeForTheNextBurst() {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.create(4)) {
            for (int round = 0; round < 5; round++) {
                CountDownLatch done = new CountDownLatch(100);
                for (int i = 0; i < 100; i++) {
                    pool.execute(done::countDown);
                }
                TestPools.await(done, "burst " + round);
                TestPools.awaitCondition(() -> pool.idleWorkers() == 4 && PoolContractTest.allParked(pool),
                        "all four workers to park");
            }
        }
    }

    @Tag("quick")
    @Timeout(60)
    @Test
    void tryRunOne_pastTheHelpDepthBound_runsNothing() {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.create(1)) {
            boolean[] ranAtBound = new boolean[1];
            pool.invoke(() -> {
                Joinable<Integer> pending = pool.fork(() -> 1);
                ranAtBound[0] = nest(pool, WorkStealingThreadPool.MAX_HELP_DEPTH);
                return pending.join();
            });
            assertFalse(ranAtBound[0]);
        }
    }

    /** Runs {@code levels} nested tryRunOne calls through forked tasks, then one more at the bound. */
    private static boolean nest(WorkStealingThreadPool pool, int levels) {
        if (pool.currentHelpDepth() >= levels) {
            return pool.tryRunOne();
        }
        boolean[] result = new boolean[1];
        pool.fork(() -> {
            result[0] = nest(pool, levels);
            return null;
        });
        assertTrue(pool.tryRunOne(), "below the bound a pending task runs");
        return result[0];
    }
}
