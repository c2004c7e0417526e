package org.stealbench.harness.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order in which forks run, in rounds, so that load drifting over minutes lands on every
 * contender alike instead of on whole contenders. A plan is a pure function of its inputs and
 * seed ({@link Random}'s sequence is specified, so a seed reproduces the order on any JVM).
 *
 * @param seed  the seed the order was drawn with (recorded in the run folder)
 * @param slots every fork in the order it runs
 */
public record RoundPlan(long seed, List<Slot> slots) {

    /**
     * One fork's place in the plan.
     *
     * @param round    0-based round; in an A/B plan the pair index (A and B of round r pair up)
     * @param position 0-based place inside the round
     * @param spec     the fork
     */
    public record Slot(int round, int position, ForkSpec spec) {
    }

    public RoundPlan {
        slots = List.copyOf(slots);
    }

    /**
     * Every spec once per round, each round in a fresh random order.
     *
     * @throws IllegalArgumentException if there are no specs or {@code rounds < 1}
     */
    public static RoundPlan shuffled(List<ForkSpec> specs, int rounds, long seed) {
        if (specs.isEmpty() || rounds < 1) {
            throw new IllegalArgumentException("a round plan needs forks and at least one round (got "
                    + specs.size() + " fork(s), " + rounds + " round(s))");
        }
        Random random = new Random(seed);
        List<Slot> slots = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            List<ForkSpec> order = new ArrayList<>(specs);
            Collections.shuffle(order, random);
            for (int p = 0; p < order.size(); p++) {
                slots.add(new Slot(r, p, order.get(p)));
            }
        }
        return new RoundPlan(seed, slots);
    }

    /** Number of rounds. */
    public int rounds() {
        return slots.isEmpty() ? 0 : slots.get(slots.size() - 1).round() + 1;
    }
}
