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

    private static final GateThresholds THRESHOLDS = GateThresholds.builtIn().withTime(0.10).withCpu(0.10);

    /** Pairs whose A and B values are drawn around the given centers with lognormal noise. */
    private static List<PairedJob.ForkValues[]> pairs(long seed, int n, double time, double timeB, double allocA,
                                                      double allocB, double allocNoise) {
        Random r = new Random(seed);
        List<PairedJob.ForkValues[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double drift = 1 + 0.5 * i;
            out.add(new PairedJob.ForkValues[]{
                new PairedJob.ForkValues(time * drift * Math.exp(0.01 * r.nextGaussian()), "ns/op",
                        time * drift * Math.exp(0.01 * r.nextGaussian()), allocA * Math.exp(allocNoise * r.nextGaussian()), null),
                new PairedJob.ForkValues(timeB * drift * Math.exp(0.01 * r.nextGaussian()), "ns/op",
                        timeB * drift * Math.exp(0.01 * r.nextGaussian()), allocB * Math.exp(allocNoise * r.nextGaussian()), null)});
        }
        return out;
    }

    private static GateVerdict verdict(List<PairedGate.Row> rows, String metric) {
        return rows.stream().filter(r -> r.metric().equals(metric)).findFirst().orElseThrow().verdict();
    }

    @Test
    void anAllocationThatAppearsIsARegressionAndTimeIsJudgedBesideIt() {
        List<PairedGate.Row> rows = PairedGate.judge(Map.of("X.y", pairs(1, 8, 100, 100, 0.2, 24, 0.1)), List.of("X.y"),
                THRESHOLDS, 0.05, 1, 2);
        assertEquals(GateVerdict.REGRESSION, verdict(rows, PairedGate.ALLOCATION));
        assertEquals(GateVerdict.PASS, verdict(rows, PairedGate.TIME));
        assertEquals(GateVerdict.PASS, verdict(rows, PairedGate.CPU));
    }

    @Test
    void noisyLargeAllocationOfTheSameCodeIsNotARegression() {
        for (long seed = 0; seed < 50; seed++) {
            List<PairedGate.Row> rows = PairedGate.judge(Map.of("X.y", pairs(seed, 4, 100, 100, 8e6, 8e6, 0.25)),
                    List.of("X.y"), THRESHOLDS, 0.05, 1, 2);
            assertNotEquals(GateVerdict.REGRESSION, verdict(rows, PairedGate.ALLOCATION), "seed " + seed);
        }
    }

    @Test
    void aThirtyPercentSlowerRowUnderStrongDriftIsARegression() {
        List<PairedGate.Row> rows = PairedGate.judge(Map.of("X.y", pairs(3, 8, 100, 130, 0, 0, 0.01)), List.of("X.y"),
                THRESHOLDS, 0.05, 1, 2);
        assertEquals(GateVerdict.REGRESSION, verdict(rows, PairedGate.TIME));
        assertEquals(GateVerdict.PASS, verdict(rows, PairedGate.ALLOCATION));
    }
}
