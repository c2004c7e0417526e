package org.stealbench.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class HistoryChangesTest {

    private static HistoryRun run(int i) {
        return new HistoryRun("r" + i, HistoryRun.RUN, "runs/r" + i, String.format("%040x", i), false,
                String.format("2026-11-%02dT00:00:00Z", i + 1), "m", "cpu", 2, "jdk", "", "os", "quick");
    }

    @Test
    void find_stepInOneContender_namesItsCommitRangeSizeAndOnlyThatContender() {
        Random random = new Random(5);
        List<HistoryStore.Row> rows = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            HistoryRun run = run(i);
            for (int fork = 0; fork < 3; fork++) {
                double a = 100 * (i >= 14 ? 1.2 : 1) * (1 + 0.01 * random.nextGaussian());
                double b = 50 * (1 + 0.01 * random.nextGaussian());
                rows.add(new HistoryStore.Row(run, new Measurement("e", "B.m", "", "a", Measurement.SCORE, fork, a, "ns/op")));
                rows.add(new HistoryStore.Row(run, new Measurement("e", "B.m", "", "b", Measurement.SCORE, fork, b, "ns/op")));
            }
        }

        List<HistoryChanges.Group> groups = HistoryChanges.find(HistorySeries.charts(rows), EDivisive.standard());

        assertEquals(1, groups.size(), groups.toString());
        HistoryChanges.Group g = groups.get(0);
        assertEquals("r13", g.lastBefore().runId());
        assertEquals("r14", g.firstAfter().runId());
        assertEquals(List.of("a"), g.changes().stream().map(HistoryChanges.Change::contender).toList());
        HistoryChanges.Change c = g.changes().get(0);
        assertTrue(c.low() < 1.2 && 1.2 < c.high(), c.toString());
        assertTrue(c.high() / c.low() < 1.05, "a tight interval at 1% noise: " + c);
    }
}
