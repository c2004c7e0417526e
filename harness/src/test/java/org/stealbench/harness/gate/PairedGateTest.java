package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Rows from fork values: time, CPU and allocation in one family, with known truth. */
class PairedGateTest {

    private static final GateThresholds THRESHOLDS = SyntheticJmh.thresholds(0.10, 0.10);

    /** Pairs whose A and B values are drawn around the given centers with lognormal noise. */
    private static List<PairedJob.ForkValues[]> pairs(long seed, int n, double time, double timeB, double allocA,
                                                      double allocB, double allocNoise) {
        Random r = new Random(seed);
        List<PairedJob.ForkValues[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double drift = 1 + 0.5 * i;
            out.add(new PairedJob.ForkValues[]{
                new PairedJob.ForkValues(time * drift * Math.exp(0.01 * r.nextGaussian()), "ns/op",
                        time * drift * Math.exp(0.01 * r.nextGaussian()), allocA * Math.exp(allocNoise * r.nextGaussian())),
                new PairedJob.ForkValues(timeB * drift * Math.exp(0.01 * r.nextGaussian()), "ns/op",
                        timeB * drift * Math.exp(0.01 * r.nextGaussian()), allocB * Math.exp(allocNoise * r.nextGaussian()))});
        }
        return out;
    }

    private static GateVerdict verdict(List<PairedGate.Row> rows, String metric) {
        return rows.stream().filter(r -> r.metric().equals(metric)).findFirst().orElseThrow().verdict();
    }

    @Test
    void anAllocationThatAppearsIsARegressionAndTimeIsJudgedBesideIt() {
        List<PairedGate.Row> rows = PairedGate.judge(Map.of("X.y", pairs(1, 8, 100, 100, 0.2, 24, 0.1)), List.of("X.y"),
                THRESHOLDS, 0.05, 1, 2, 0);
        assertEquals(GateVerdict.REGRESSION, verdict(rows, PairedGate.ALLOCATION));
        assertEquals(GateVerdict.PASS, verdict(rows, PairedGate.TIME));
        assertEquals(GateVerdict.PASS, verdict(rows, PairedGate.CPU));
    }

    @Test
    void noisyLargeAllocationOfTheSameCodeIsNotARegression() {
        for (long seed = 0; seed < 50; seed++) {
            List<PairedGate.Row> rows = PairedGate.judge(Map.of("X.y", pairs(seed, 4, 100, 100, 8e6, 8e6, 0.25)),
                    List.of("X.y"), THRESHOLDS, 0.05, 1, 2, 0);
            assertNotEquals(GateVerdict.REGRESSION, verdict(rows, PairedGate.ALLOCATION), "seed " + seed);
        }
    }

    @Test
    void aThirtyPercentSlowerRowUnderStrongDriftIsARegression() {
        List<PairedGate.Row> rows = PairedGate.judge(Map.of("X.y", pairs(3, 8, 100, 130, 0, 0, 0.01)), List.of("X.y"),
                THRESHOLDS, 0.05, 1, 2, 0);
        assertEquals(GateVerdict.REGRESSION, verdict(rows, PairedGate.TIME));
        assertEquals(GateVerdict.PASS, verdict(rows, PairedGate.ALLOCATION));
    }

    /** Pairs whose B/A ratio alternates between exp(mean + spread) and exp(mean - spread), under drift. */
    private static List<PairedJob.ForkValues[]> alternating(int n, double mean, double spread) {
        List<PairedJob.ForkValues[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double a = 100 * (1 + 0.2 * i);
            double b = a * Math.exp(mean + (i % 2 == 0 ? spread : -spread));
            out.add(new PairedJob.ForkValues[]{new PairedJob.ForkValues(a, "ns/op", a, 0),
                new PairedJob.ForkValues(b, "ns/op", b, 0)});
        }
        return out;
    }

    @Test
    void aSmallSlowdownUndecidedAtEightPairsIsCaughtAtTheThirdLook() throws Exception {
        // +5% with a 6% spread per pair (the calibration row's own): t = 1.4 at 4 pairs and 2.2 at 8, too little
        // at alpha / 3 with Holm over 3 rows; 3.2 at 16 pairs, enough
        Map<String, List<PairedJob.ForkValues[]>> values = Map.of("X.y", alternating(16, 0.05, 0.06));
        GateThresholds thresholds = SyntheticJmh.thresholds(0.02, 0.02);
        List<String> asked = new ArrayList<>();
        List<PairedGate.Row> rows = PairedGate.decide(values, List.of("X.y"), thresholds, 0.05, List.of(4, 8, 16), 0,
                (undecided, pairs, look) -> asked.add(undecided + " to " + pairs + " at look " + look));
        assertEquals(List.of("[X.y] to 8 at look 2", "[X.y] to 16 at look 3"), asked);
        PairedGate.Row time = rows.stream().filter(r -> r.metric().equals(PairedGate.TIME)).findFirst().orElseThrow();
        assertEquals(GateVerdict.REGRESSION, time.verdict());
        assertEquals(3, time.look());
        assertEquals(16, time.pairs());

        // a declined look (the budget spent) leaves the second look's verdict
        rows = PairedGate.decide(values, List.of("X.y"), thresholds, 0.05, List.of(4, 8, 16), 0,
                (undecided, pairs, look) -> look < 3);
        assertEquals(GateVerdict.INCONCLUSIVE, verdict(rows, PairedGate.TIME));
        assertEquals(8, rows.get(0).pairs());

        // a saved job of 8 pairs is judged again as it ran: no third look on pairs it never had
        Map<String, List<PairedJob.ForkValues[]>> eight = Map.of("X.y", alternating(8, 0.05, 0.06));
        rows = PairedGate.decide(eight, List.of("X.y"), thresholds, 0.05, List.of(4, 8, 16), 0,
                PairedGate.saved(eight, List.of(4, 8, 16)));
        assertEquals(GateVerdict.INCONCLUSIVE, verdict(rows, PairedGate.TIME));
        assertEquals(2, rows.get(0).look());
        rows = PairedGate.decide(values, List.of("X.y"), thresholds, 0.05, List.of(4, 8, 16), 0,
                PairedGate.saved(values, List.of(4, 8, 16)));
        assertEquals(GateVerdict.REGRESSION, verdict(rows, PairedGate.TIME));
    }
}
