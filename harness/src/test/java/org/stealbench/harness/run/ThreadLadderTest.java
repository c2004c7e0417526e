package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

final class ThreadLadderTest {

    @Test
    void full_powersOfTwoUpToTheCores_thenTheCores_thenTwiceThem() {
        assertEquals(List.of(1, 2), ThreadLadder.full(1));
        assertEquals(List.of(1, 2, 4), ThreadLadder.full(2));
        assertEquals(List.of(1, 2, 3, 6), ThreadLadder.full(3));
        assertEquals(List.of(1, 2, 4, 6, 12), ThreadLadder.full(6));
        assertEquals(List.of(1, 2, 4, 8, 16, 32), ThreadLadder.full(16));
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128, 256), ThreadLadder.full(128));
    }

    @Test
    void rungs_quickCapsTheLadderAtOneAndTheCores() {
        assertEquals(List.of(1), ThreadLadder.SCALING.rungs(true, 1, 1));
        assertEquals(List.of(1, 2), ThreadLadder.SCALING.rungs(true, 2, 1));
        assertEquals(List.of(1, 128), ThreadLadder.SCALING.rungs(true, 128, 1));
        assertEquals(ThreadLadder.full(64), ThreadLadder.SCALING.rungs(false, 64, 1));
    }

    @Test
    void rungs_allCoresRunsTheCoresAloneInQuick() {
        assertEquals(List.of(16), ThreadLadder.ALL_CORES.rungs(true, 16, 1));
        assertEquals(ThreadLadder.full(16), ThreadLadder.ALL_CORES.rungs(false, 16, 1));
    }

    @Test
    void rungs_oversubscribedTakesTwiceAndFourTimesTheCores() {
        assertEquals(List.of(4), ThreadLadder.OVERSUBSCRIBED.rungs(true, 2, 1));
        assertEquals(List.of(4, 8), ThreadLadder.OVERSUBSCRIBED.rungs(false, 2, 1));
        assertEquals(List.of(256, 512), ThreadLadder.OVERSUBSCRIBED.rungs(false, 128, 1));
    }

    @Test
    void rungs_belowTheMinimum_areRaisedToIt() {
        assertEquals(List.of(2), ThreadLadder.ALL_CORES.rungs(true, 1, 2));
        assertEquals(List.of(2), ThreadLadder.ALL_CORES.rungs(false, 1, 2));
        assertEquals(List.of(2, 4), ThreadLadder.ALL_CORES.rungs(false, 2, 2));
    }

    @Test
    void rungs_noCores_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> ThreadLadder.full(0));
    }

    @Test
    void parse_keepsTheOrderGivenWithoutRepeats() {
        assertEquals(List.of(1, 2, 8), ThreadLadder.parse("1,2,8"));
        assertEquals(List.of(8, 1), ThreadLadder.parse("8,1,8"));
    }

    @Test
    void parse_badElement_namesIt() {
        for (String bad : List.of("1,,2", "0", "-1", "two", "1,2,")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ThreadLadder.parse(bad));
            assertTrue(e.getMessage().startsWith("--threads " + bad + ":"), e.getMessage());
        }
    }
}
