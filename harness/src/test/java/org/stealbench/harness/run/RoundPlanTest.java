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
    void abba_evenPairs_eachSideLeadsHalfTheTimeAndPairsRunBackToBack() {
        List<ForkSpec> a = specs("a", 3);
        List<ForkSpec> b = specs("b", 3);

        RoundPlan plan = RoundPlan.abba(a, b, 8, 99);

        assertEquals(48, plan.slots().size());
        assertEquals(8, plan.rounds());
        Map<String, Integer> aLeads = new HashMap<>();
        for (int i = 0; i < plan.slots().size(); i += 2) {
            RoundPlan.Slot first = plan.slots().get(i);
            RoundPlan.Slot second = plan.slots().get(i + 1);
            assertEquals(first.round(), second.round());
            assertEquals(first.spec().label().substring(1), second.spec().label().substring(1), "a pair is one benchmark");
            assertNotEquals(first.spec().label().charAt(0), second.spec().label().charAt(0), "a pair is A and B");
            if (first.spec().label().startsWith("a")) {
                aLeads.merge(first.spec().label(), 1, Integer::sum);
            }
        }
        assertEquals(Map.of("a0", 4, "a1", 4, "a2", 4), aLeads);
    }

    @Test
    void abba_consecutivePairs_formAbbaBlocks() {
        RoundPlan plan = RoundPlan.abba(specs("a", 1), specs("b", 1), 6, 3);

        List<String> order = labels(plan);
        for (int block = 0; block < 6; block += 2) {
            int at = block * 2;
            assertEquals(order.get(at), order.get(at + 3), "block " + block + ": " + order);
            assertEquals(order.get(at + 1), order.get(at + 2), "block " + block + ": " + order);
        }
    }

    @Test
    void abba_sameSeed_sameOrder() {
        List<ForkSpec> a = specs("a", 4);
        List<ForkSpec> b = specs("b", 4);

        assertEquals(labels(RoundPlan.abba(a, b, 6, 5)), labels(RoundPlan.abba(a, b, 6, 5)));
        assertNotEquals(labels(RoundPlan.abba(a, b, 6, 5)), labels(RoundPlan.abba(a, b, 6, 6)));
    }

    @Test
    void abba_unequalSides_refused() {
        assertThrows(IllegalArgumentException.class, () -> RoundPlan.abba(specs("a", 2), specs("b", 3), 4, 1));
        assertThrows(IllegalArgumentException.class, () -> RoundPlan.shuffled(List.of(), 4, 1));
        assertThrows(IllegalArgumentException.class, () -> RoundPlan.shuffled(specs("c", 2), 0, 1));
    }
}
