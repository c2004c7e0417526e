package org.stealbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/** The gate's hand loop consumes every operation's result, as JMH's sample 34 does. */
final class GateWorkloadsTest {

    @Test
    void timed_handsEveryOperationTheBlackhole() {
        Blackhole blackhole = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        List<Blackhole> given = new ArrayList<>();

        GateWorkloads.timed(5, given::add, blackhole);

        assertEquals(5, given.size());
        given.forEach(b -> assertSame(blackhole, b));
    }
}
