package org.stealbench.harness.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order in which forks run, in rounds, so that load drifting over minutes lands on every
 * contender alike instead of on whole contenders, and the rounds after which a shape's answer is
 * looked at. A plan is a pure function of its inputs and seed ({@link Random}'s sequence is
 * specified, so a seed reproduces the order on any JVM).
 *
 * <p>Sequential looks: a shape planned for more than {@link #FIRST_LOOK} rounds is looked at after
 * round {@link #FIRST_LOOK} and after each later round but its last, and stops at the first look
 * where its answer is decided (every contender placed against the best: the report's rule,
 * report/SummarySection). Each early look judges at {@code alpha / looks} ({@link #looks} counts
 * the last, the report's own at {@code alpha}, too), so a shape that stops early rests on intervals
 * stricter than the page's. Unlike the paired gate, whose every look is at {@code alpha / looks},
 * the last look keeps the page's {@code alpha}, so by the union bound the chance that some look
 * misplaces a contender is at most {@code alpha (2 - 1 / looks)} (8.3% for 5 rounds, 9.2% for 8 at
 * alpha 5%), against {@code alpha} with every round run.
 *
 * @param seed  the seed the order was drawn with (recorded in the run folder)
 * @param slots every fork in the order it runs
 */
public record RoundPlan(long seed, List<Slot> slots) {

    /** Rounds a shape runs before its first look: the quick profile's ({@link Experiment#QUICK_ROUNDS}). */
    public static final int FIRST_LOOK = Experiment.QUICK_ROUNDS;

    /** One fork's place in the plan: its round and its place inside the round, both 0-based. */
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

    /** Looks at a shape planned for {@code rounds} rounds, the last (the report's) included: 1 when none is early. */
    public static int looks(int rounds) {
        return Math.max(1, rounds - FIRST_LOOK + 1);
    }

    /** Whether a shape planned for {@code rounds} rounds is looked at once {@code done} of them have run. */
    public static boolean looksAfter(int done, int rounds) {
        return done >= FIRST_LOOK && done < rounds;
    }

    public int rounds() {
        return slots.isEmpty() ? 0 : slots.get(slots.size() - 1).round() + 1;
    }
}
