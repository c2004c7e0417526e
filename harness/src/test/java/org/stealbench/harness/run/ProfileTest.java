package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class ProfileTest {

    @Test
    void quick_comparesContendersInAtLeastThreeRoundsUnderTwelveMinutes() {
        Profile quick = Profile.byName(Profile.QUICK);

        quick.experiments().forEach((e, s) -> assertTrue(s.forks() >= 3, e.id() + ": " + s.forks() + " rounds"));
        double seconds = Profile.estimateSeconds(quick.experiments(), ForkStart.NOMINAL_SECONDS);
        // issue 12: the quick profile, its new experiments included, stays under 12 minutes
        assertTrue(seconds <= 12 * 60, "quick estimate " + Progress.format(seconds));
    }

    @Test
    void schedulerExperiments_runEightRoundsOf1560ShotsInEveryProfile() {
        Settings quick = Profile.byName(Profile.QUICK).experiments().get(Experiment.SCHEDULER_WORKLOADS);
        Map<Experiment, Settings> full = Profile.byName(Profile.FULL).experiments();

        for (Settings s : List.of(quick, full.get(Experiment.SCHEDULER_WORKLOADS),
                full.get(Experiment.POOL_OPTIONS_SCHEDULER))) {
            assertEquals(8, s.forks(), "rounds");
            assertEquals(1500, s.warmupIterations(), "shots the steady-state rule may discard");
            assertEquals(60, s.measurementIterations(), "shots a steady segment holds");
        }
        assertEquals(8, Profile.byName(Profile.QUICK).experiments().get(Experiment.FORK_JOIN_FIB).forks(),
                "quick's fork/join rounds");
        assertEquals(3, Profile.byName(Profile.QUICK).experiments().get(Experiment.DEQUE_OPS).forks(),
                "the other experiments keep the profile's rounds");
        assertEquals(5, full.get(Experiment.FORK_JOIN_FIB).forks());
    }

    @Test
    void full_runsAtLeastFiveRounds() {
        Profile.byName(Profile.FULL).experiments()
                .forEach((e, s) -> assertTrue(s.forks() >= 5, e.id() + ": " + s.forks() + " rounds"));
    }

    @Test
    void quick_contendersAreRegistryIds() {
        Profile quick = Profile.byName(Profile.QUICK);
        quick.experiments().forEach((e, s) -> {
            List<String> contenders = s.params().get(e.contender());
            assertFalse(contenders == null || contenders.isEmpty(), e.id());
            BenchRequest.checkParams(quick.only(List.of(e.id())), Map.of(e.contender(), contenders));
        });
    }

    @Test
    void methodsAndModes_readFromTheAnnotations() {
        assertEquals(2, Experiment.DEQUE_OPS.benchmarks().size(), "pushPop, pushSteal");
        assertEquals(3, Experiment.DEQUE_CONTENTION.benchmarks().size(), "one per thief group");
        assertTrue(Experiment.QUEUE_DRAIN.singleShot());
        assertFalse(Experiment.DEQUE_OPS.singleShot());
    }

    @Test
    void shapes_differOnlyInTheContender() {
        List<Shapes.Shape> shapes = Shapes.of(Experiment.DEQUE_OPS,
                Map.of("queue", List.of("locked", "duffy"), "depth", List.of("0", "64")));

        assertEquals(4, shapes.size(), "2 methods x 2 depths");
        for (Shapes.Shape shape : shapes) {
            assertEquals(2, shape.parameters().size());
            Map<String, String> a = shape.parameters().get(0);
            Map<String, String> b = shape.parameters().get(1);
            assertEquals("locked", a.get("queue"));
            assertEquals("duffy", b.get("queue"));
            assertEquals(a.get("depth"), b.get("depth"));
        }
    }

    @Test
    void shapes_undeclaredParameterKeepsItsDefaults() {
        List<Shapes.Shape> shapes = Shapes.of(Experiment.DEQUE_OPS, Map.of("queue", List.of("locked")));

        assertEquals(4, shapes.size(), "depth keeps its two declared defaults, for each method");
    }

    @Test
    void only_unknownExperiment_namesTheValidOnes() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Profile.byName(Profile.QUICK).only(List.of("nope")));
        assertTrue(e.getMessage().contains("deque-ops"), e.getMessage());
    }

    /** Issue 11: the full and one-experiment profiles leave the contenders to the registry. */
    @Test
    void full_andOneExperimentProfiles_takeEveryRegistryContender() {
        Profile.byName(Profile.FULL).experiments().forEach((e, s) ->
                assertEquals(e.registryContenders(), s.params().get(e.contender()), e.id()));
        for (Experiment e : Experiment.values()) {
            assertEquals(e.registryContenders(), Profile.byName(e.profile()).experiments().get(e).params()
                    .get(e.contender()), e.profile());
        }
    }

    @Test
    void quick_narrowsTheRegistryList_inItsOrder() {
        Profile.byName(Profile.QUICK).experiments().forEach((e, s) -> {
            List<String> quick = s.params().get(e.contender());
            assertEquals(e.registryContenders().stream().filter(quick::contains).toList(), quick, e.id());
        });
    }

    @Test
    void planned_fillsTheContenderOnlyWhereTheSettingsLeaveItOut() {
        Settings open = Settings.timed(1, 1, 1, 1).params(Map.of("depth", List.of("0")));
        Settings narrowed = open.params(Map.of("queue", List.of("locked"), "depth", List.of("0")));

        assertEquals(Experiment.DEQUE_OPS.registryContenders(),
                Experiment.DEQUE_OPS.planned(open).params().get("queue"));
        assertEquals(List.of("0"), Experiment.DEQUE_OPS.planned(open).params().get("depth"));
        assertEquals(List.of("locked"), Experiment.DEQUE_OPS.planned(narrowed).params().get("queue"));
    }

    @Test
    void planned_narrowsToTheRegistrysIdsInItsOrderContenderFirst() {
        Settings subset = Settings.timed(1, 1, 1, 1).param("depth", "0").param("queue", "chase-lev", "gone", "locked");

        Settings planned = Experiment.DEQUE_OPS.planned(subset);

        assertEquals(List.of("queue", "depth"), List.copyOf(planned.params().keySet()));
        assertEquals(Experiment.DEQUE_OPS.registryContenders().stream()
                .filter(List.of("chase-lev", "locked")::contains).toList(), planned.params().get("queue"));
    }

    /**
     * The registry list of each experiment is what its benchmark's contender {@code @Param} lists
     * (ContenderParamsTest holds those to the registry), except where the {@code @Param} is a single
     * default setting (the global queue's {@code default}).
     */
    @Test
    void registryContenders_equalTheBenchmarksContenderDefaults() {
        for (Experiment e : Experiment.values()) {
            for (BenchmarkCatalog.Method m : e.benchmarks()) {
                List<String> declared = m.params().get(e.contender());
                if (declared.size() > 1) {
                    assertEquals(e.registryContenders(), declared, e.id() + " " + m.name());
                }
            }
        }
    }
}
