package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Plans for machines larger (and smaller) than this one: the profiles for a given core count, and
 * one child JVM that checks {@code -XX:ActiveProcessorCount} reaches the planner.
 */
final class PlanningTest {

    private static final List<Experiment> SCALING = List.of(Experiment.QUEUE_DRAIN, Experiment.FORK_JOIN_FIB);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 16, 64, 128})
    void quick_staysWithinTwelveMinutesOnAnyCoreCount(int cores) {
        double seconds = Profile.estimateSeconds(Profile.byName(Profile.QUICK, cores).experiments(),
                ForkStart.NOMINAL_SECONDS);

        assertTrue(seconds <= 12 * 60, cores + " cores: quick estimate " + Progress.format(seconds));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 16, 64, 128})
    void everyExperimentWithThreads_followsTheCores(int cores) {
        List<String> full = ThreadLadder.full(cores).stream().map(String::valueOf).toList();
        Profile.byName(Profile.FULL, cores).experiments().forEach((e, s) -> {
            List<String> threads = s.params().get(Experiment.THREADS);
            if (e.ladder() == null) {
                assertNull(threads, e.id());
            } else if (e.ladder() == ThreadLadder.OVERSUBSCRIBED) {
                assertEquals(List.of(String.valueOf(2 * cores), String.valueOf(4 * cores)), threads, e.id());
            } else if (e.minThreads() == 1) {
                assertEquals(full, threads, e.id());
            } else {
                assertTrue(threads.stream().allMatch(t -> Integer.parseInt(t) >= e.minThreads()), e.id());
            }
        });
        Profile quick = Profile.byName(Profile.QUICK, cores);
        for (Experiment e : SCALING) {
            List<String> expected = cores == 1 ? List.of("1") : List.of("1", String.valueOf(cores));
            assertEquals(expected, quick.experiments().get(e).params().get(Experiment.THREADS), e.id());
        }
    }

    @Test
    void everyBenchmarkWithAThreadsParam_hasALadder() {
        for (Experiment e : Experiment.values()) {
            boolean declares = e.benchmarks().stream().anyMatch(m -> m.params().containsKey(Experiment.THREADS));
            assertEquals(declares, e.ladder() != null, e.id());
        }
    }

    @Test
    void full_growsWithTheLadder() {
        double two = Profile.estimateSeconds(Profile.byName(Profile.FULL, 2).experiments(), ForkStart.NOMINAL_SECONDS);
        double big = Profile.estimateSeconds(Profile.byName(Profile.FULL, 128).experiments(), ForkStart.NOMINAL_SECONDS);

        assertTrue(big > two, Progress.format(two) + " on 2 cores, " + Progress.format(big) + " on 128");
    }

    /** The planner in a child JVM told it has 16 processors, then 2: the dry run lists their ladders. */
    @ParameterizedTest
    @ValueSource(ints = {2, 16})
    void dryRun_inAJvmWithActiveProcessorCount_listsThatLadder(int cores) throws Exception {
        String out = childDryRun(cores, "full", "--jvm", "default", "--only", "queue-drain,fork-join-fib");
        String ladder = String.join(", ", ThreadLadder.full(cores).stream().map(String::valueOf).toList());

        assertTrue(out.contains(", " + cores + " core(s),"), out);
        assertEquals(2, out.lines().filter(l -> l.trim().equals("threads: " + ladder)).count(), out);
    }

    private static String childDryRun(int cores, String... args) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new java.util.ArrayList<>(List.of(java.toString(), "-XX:ActiveProcessorCount=" + cores,
                "-cp", System.getProperty("java.class.path"), BenchCommand.class.getName(), "--dry-run",
                "--fork-start", "1.5"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
