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

    /**
     * Balanced A/B pairs: {@code a.get(i)} pairs with {@code b.get(i)}. Round r holds pair r of
     * every i, the i in a fresh random order; inside a pair the two forks run back to back. Pairs
     * come in ABBA blocks (pair 2k runs one side first, pair 2k+1 the other), the side that leads
     * each block drawn at random, so each side leads equally often when {@code pairs} is even
     * (an odd last pair draws its leader).
     *
     * @throws IllegalArgumentException if the lists differ in size, are empty, or {@code pairs < 1}
     */
    public static RoundPlan abba(List<ForkSpec> a, List<ForkSpec> b, int pairs, long seed) {
        if (a.size() != b.size() || a.isEmpty() || pairs < 1) {
            throw new IllegalArgumentException("an A/B plan needs as many A forks as B forks and at least one pair (got "
                    + a.size() + " A, " + b.size() + " B, " + pairs + " pair(s))");
        }
        Random random = new Random(seed);
        boolean[][] aLeads = new boolean[a.size()][pairs];
        for (int i = 0; i < a.size(); i++) {
            for (int block = 0; block < pairs; block += 2) {
                boolean lead = random.nextBoolean();
                aLeads[i][block] = lead;
                if (block + 1 < pairs) {
                    aLeads[i][block + 1] = !lead;
                }
            }
        }
        List<Slot> slots = new ArrayList<>();
        List<Integer> indices = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            indices.add(i);
        }
        for (int r = 0; r < pairs; r++) {
            Collections.shuffle(indices, random);
            int p = 0;
            for (int i : indices) {
                ForkSpec first = aLeads[i][r] ? a.get(i) : b.get(i);
                ForkSpec second = aLeads[i][r] ? b.get(i) : a.get(i);
                slots.add(new Slot(r, p++, first));
                slots.add(new Slot(r, p++, second));
            }
        }
        return new RoundPlan(seed, slots);
    }

    /** Number of rounds (pairs, in an A/B plan). */
    public int rounds() {
        return slots.isEmpty() ? 0 : slots.get(slots.size() - 1).round() + 1;
    }
}
