package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;

final class SettingsTest {

    @Test
    void namedFactories_setWhatTheySay() {
        Settings s = Settings.timed(2, 0.5, 4, 1.0).forks(3).params(Map.of("queue", List.of("a", "b")))
                .withGcProfiler();

        assertEquals(3, s.forks());
        assertEquals(2, s.warmupIterations());
        assertEquals(4, s.measurementIterations());
        assertEquals(1.0, s.measurementSeconds());
        assertEquals(List.of("a", "b"), s.params().get("queue"));
        assertTrue(s.gcProfiler());
        assertEquals(0.25, Settings.singleShot(1, 2, 0.25).secondsPerShot());
    }

    @Test
    void param_addsOneParameterAfterTheOthers() {
        Settings s = Settings.singleShot(1, 2, 0.25).param("n", "25").param("threshold", List.of("0", "10"));

        assertEquals(List.of("n", "threshold"), List.copyOf(s.params().keySet()));
        assertEquals(List.of("0", "10"), s.params().get("threshold"));
    }

    @Test
    void iterationsToJudge_warmUpCountedInMeasurementIterations() {
        assertEquals(7, Settings.singleShot(2, 5, 0.05).iterationsToJudge(true));
        assertEquals(4 + 1, Settings.timed(2, 0.5, 4, 1.0).iterationsToJudge(false), "1 s of warm-up is 1 iteration");
        assertEquals(3 + 2, Settings.timed(1, 0.3, 3, 0.2).iterationsToJudge(false), "0.3 s rounds up to 2 of 0.2 s");
    }

    @Test
    void effective_userOptionsWin() throws Exception {
        Settings profile = Settings.timed(2, 0.5, 4, 1.0).forks(3).params(Map.of("queue", List.of("a", "b")));
        CommandLineOptions jmh = new CommandLineOptions("-f", "5", "-i", "7", "-r", "250ms", "-p", "queue=c");

        Settings s = BenchRequest.effective(profile, jmh, Map.of("queue", List.of("c")));

        assertEquals(5, s.forks());
        assertEquals(0.25, s.measurementSeconds(), 1e-9);
        assertEquals(List.of("c"), s.params().get("queue"));
        assertEquals(4, s.measurementIterations(), "the steady segment still needs the profile's 4");
        assertEquals(7, s.iterationsToJudge(false), "JMH measures and the rule judges the user's 7");
    }

    @Test
    void effective_moreIterationsGiveRoomToSettle_notALongerSteadySegment() throws Exception {
        Settings profile = Settings.singleShot(4, 10, 0.05);

        Settings more = BenchRequest.effective(profile, new CommandLineOptions("-i", "40"), Map.of());
        assertEquals(10, more.measurementIterations());
        assertEquals(40, more.iterationsToJudge(true));

        Settings fewer = BenchRequest.effective(profile, new CommandLineOptions("-i", "6"), Map.of());
        assertEquals(6, fewer.measurementIterations());
        assertEquals(6, fewer.iterationsToJudge(true));

        Settings warmedByJmh = BenchRequest.effective(profile, new CommandLineOptions("-wi", "20", "-i", "40"),
                Map.of());
        assertEquals(20, warmedByJmh.warmupIterations(), "JMH's own warm-up, as the user gave it");
        assertEquals(10, warmedByJmh.measurementIterations());
    }

    @Test
    void noMeasurement_refused() {
        assertThrows(IllegalArgumentException.class, () -> Settings.timed(1, 1, 0, 1));
    }
}
