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
        double seconds = quick.estimateSeconds();
        // issue 12: the quick profile, its new experiments included, stays under 12 minutes
        assertTrue(seconds <= 12 * 60, "quick estimate " + BenchCommand.format(seconds));
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
            BenchCommand.checkParams(quick.only(List.of(e.id())), Map.of(e.contender(), contenders));
        });
    }

    @Test
    void methodsAndModes_readFromTheAnnotations() {
        assertEquals(2, Experiment.DEQUE_OPS.methods(), "pushPop, pushSteal");
        assertEquals(3, Experiment.DEQUE_CONTENTION.methods(), "one per thief group");
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
}
