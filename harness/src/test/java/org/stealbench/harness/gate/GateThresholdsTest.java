package org.stealbench.harness.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("quick")
final class GateThresholdsTest {

    @TempDir
    Path dir;

    GateThresholds load(String json) throws IOException, GateException {
        return GateThresholds.load(Files.writeString(dir.resolve("t.json"), json));
    }

    @Test
    void forBenchmark_firstMatchingRuleWinsAndInheritsDefaults() throws Exception {
        GateThresholds t = load("{\"time\": 0.3, \"cpu\": 0.2, \"allocationBytes\": 16, \"rules\": ["
                + "{\"match\": \"*queue=locked*\", \"time\": 0.8},"
                + "{\"match\": \"DequeOpsBenchmark.*\", \"time\": 0.5, \"cpu\": 0.1}]}");
        Threshold locked = t.forBenchmark("DequeOpsBenchmark.pushPop depth=0 queue=locked", "DequeOpsBenchmark.pushPop");
        assertEquals(0.8, locked.time());
        assertEquals(0.2, locked.cpu(), "unset in the rule: from the defaults");
        assertEquals(16, locked.allocationBytes());
        assertEquals("*queue=locked*", locked.rule());
        Threshold other = t.forBenchmark("DequeOpsBenchmark.pushPop depth=0 queue=jdk-cld", "DequeOpsBenchmark.pushPop");
        assertEquals(0.5, other.time());
        assertEquals(0.1, other.cpu());
        Threshold none = t.forBenchmark("EnqueueDequeueBenchmark.run shape=10x10", "EnqueueDequeueBenchmark.run");
        assertEquals(0.3, none.time());
        assertEquals("default", none.rule());
    }

    @Test
    void checkedIn_everyCiRowHasItsOwnRule_andAPlantedRowTheThresholdOfTheRowItStandsFor() throws Exception {
        GateThresholds t = GateThresholds.load(Path.of("../results/gate-ab-thresholds.json"));
        for (GateSubset.Entry e : GateSubset.ci().entries()) {
            assertTrue(!t.forBenchmark(e.label(), e.label().split(" ")[0]).rule().equals("default"), e.label());
        }
        for (GateSubset.Planted path : GateSubset.Planted.values()) {
            // a planted row is labelled by side A's parameters (workPercent=100), as PairedGate looks it up
            String planted = path.entry().label();
            String standsFor = path == GateSubset.Planted.DEQUE ? GateCalibrateCommand.MIRROR : planted;
            assertEquals(t.forBenchmark(standsFor, standsFor.split(" ")[0]).time(),
                    t.forBenchmark(planted, planted.split(" ")[0]).time(), path.id());
            assertEquals(t.forBenchmark(standsFor, standsFor.split(" ")[0]).cpu(),
                    t.forBenchmark(planted, planted.split(" ")[0]).cpu(), path.id());
        }
        for (GateSubset.Planted path : List.of(GateSubset.Planted.FORK, GateSubset.Planted.SUBMIT)) {
            Threshold pool = t.forBenchmark(path.entry().label(), "GatePoolPathsBenchmark." + path.id());
            // issue 29: the gate must be able to fail a +10% pool regression
            assertTrue(pool.time() < 0.10 && pool.cpu() < 0.10, path.id() + ": " + pool);
            assertEquals(path.entry().label(), pool.rule(), "its own rule, not a neighbour's");
        }
        String described = String.join("\n", t.describe());
        assertTrue(!described.contains("ForkJoinFibBenchmark") && !described.contains("QueueDrainBenchmark"), described);
    }

    @Test
    void forBenchmark_shortNameGlobMatchesEveryParameterCombination() throws Exception {
        GateThresholds t = load("{\"rules\": [{\"match\": \"DequeOpsBenchmark.pushPop\", \"time\": 0.7}]}");
        assertEquals(0.7, t.forBenchmark("DequeOpsBenchmark.pushPop depth=64 queue=x", "DequeOpsBenchmark.pushPop").time());
        assertEquals(GateThresholds.BUILT_IN.time(),
                t.forBenchmark("DequeOpsBenchmark.pushSteal depth=64 queue=x", "DequeOpsBenchmark.pushSteal").time());
    }

    @Test
    void glob_specialCharactersAreLiteral() {
        assertTrue(GateThresholds.glob("a.b(c)").matcher("a.b(c)").matches());
        assertTrue(!GateThresholds.glob("a.b").matcher("axb").matches());
        assertTrue(GateThresholds.glob("a?c*").matcher("abcdef").matches());
        assertTrue(GateThresholds.glob("*x\\E[y]??").matcher("ax\\E[y]zz").matches());
        assertTrue(!GateThresholds.glob("*x\\E[y]??").matcher("ax\\E[y]z").matches());
        assertTrue(GateThresholds.glob("**").matcher("").matches() && GateThresholds.glob("").matcher("").matches());
    }

    @Test
    void load_badContent_refusedNamingFileAndProblem() throws IOException {
        for (String[] bad : new String[][] {
                {"[1, 2]", "must hold a JSON object"},
                {"{\"rules\": {}}", "'rules' must be an array"},
                {"{\"rules\": [{\"time\": 0.5}]}", "needs a non-empty \"match\""},
                {"{\"time\": \"big\"}", "'time' must be a number"},
                {"{\"rules\": [{\"match\": \"*\", \"tiem\": 0.5}]}", "unknown key 'tiem' in rule 0"},
                {"{\"allocationBytes\": -1}", "allocationBytes"},
                {"{\"time\": ", "not valid JSON"}}) {
            Path file = Files.writeString(dir.resolve("bad.json"), bad[0]);
            GateException e = assertThrows(GateException.class, () -> GateThresholds.load(file), bad[0]);
            assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
            assertTrue(e.getMessage().contains(bad[1]), bad[0] + " -> " + e.getMessage());
        }
    }
}
