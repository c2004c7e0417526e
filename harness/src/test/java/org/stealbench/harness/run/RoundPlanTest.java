package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

final class RoundPlanTest {

    private static List<ForkSpec> specs(String side, int n) {
        List<ForkSpec> specs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            specs.add(new ForkSpec(side + i, Path.of("java"), Path.of(side + ".jar"), "b.Bench.m",
                    Map.of("queue", "q" + i), List.of(), List.of()));
        }
        return specs;
    }

    private static List<String> labels(RoundPlan plan) {
        return plan.slots().stream().map(s -> s.spec().label()).toList();
    }

    @Test
    void shuffled_everyRound_runsEverySpecOnce() {
        List<ForkSpec> specs = specs("c", 5);

        RoundPlan plan = RoundPlan.shuffled(specs, 4, 42);

        assertEquals(20, plan.slots().size());
        assertEquals(4, plan.rounds());
        for (int r = 0; r < 4; r++) {
            int round = r;
            List<RoundPlan.Slot> slots = plan.slots().stream().filter(s -> s.round() == round).toList();
            assertEquals(Set.copyOf(specs), new HashSet<>(slots.stream().map(RoundPlan.Slot::spec).toList()));
            assertEquals(List.of(0, 1, 2, 3, 4), slots.stream().map(RoundPlan.Slot::position).toList());
        }
    }

    @Test
    void shuffled_sameSeed_sameOrder_otherSeed_otherOrder() {
        List<ForkSpec> specs = specs("c", 6);

        assertEquals(labels(RoundPlan.shuffled(specs, 5, 7)), labels(RoundPlan.shuffled(specs, 5, 7)));
        assertNotEquals(labels(RoundPlan.shuffled(specs, 5, 7)), labels(RoundPlan.shuffled(specs, 5, 8)));
        assertEquals(7, RoundPlan.shuffled(specs, 5, 7).seed());
    }

    @Test
    void shuffled_manyRounds_orderChangesBetweenRounds() {
        RoundPlan plan = RoundPlan.shuffled(specs("c", 4), 30, 1);

        Set<List<String>> orders = new HashSet<>();
        for (int r = 0; r < 30; r++) {
            int round = r;
            orders.add(plan.slots().stream().filter(s -> s.round() == round).map(s -> s.spec().label()).toList());
        }
        assertTrue(orders.size() > 5, "30 rounds of 4 forks drew only " + orders.size() + " orders");
    }

    @Test
    void shuffled_noForksOrNoRounds_refused() {
        assertThrows(IllegalArgumentException.class, () -> RoundPlan.shuffled(List.of(), 4, 1));
        assertThrows(IllegalArgumentException.class, () -> RoundPlan.shuffled(specs("c", 2), 0, 1));
    }

    @Test
    void looks_afterTheFirstLookRoundAndEachLaterOneButTheLast() {
        assertEquals(1, RoundPlan.looks(2));
        assertEquals(1, RoundPlan.looks(3));
        assertEquals(3, RoundPlan.looks(5));
        assertEquals(6, RoundPlan.looks(8));
        assertEquals(List.of(3, 4), java.util.stream.IntStream.rangeClosed(1, 5)
                .filter(done -> RoundPlan.looksAfter(done, 5)).boxed().toList());
        assertEquals(List.of(), java.util.stream.IntStream.rangeClosed(1, 3)
                .filter(done -> RoundPlan.looksAfter(done, 3)).boxed().toList());
    }
}
