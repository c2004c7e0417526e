package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.results.ExperimentId;
import org.stealbench.harness.results.JmhJson;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.results.RunFolder;

/** Runs the command's main logic in-process on bad and dry-run input; nothing here runs a benchmark. */
final class BenchCommandTest {

    /**
     * For the tests that start real forks: the forks keep the default heap size but skip its
     * pre-touch, seconds a fork on a machine whose page faults are slow, and nothing is timed.
     */
    private static final String NO_PRE_TOUCH = "-XX:-AlwaysPreTouch";

    @TempDir
    Path dir;

    private record Outcome(int code, String out, String err) {
    }

    /** The command with these arguments, each fork counted at the nominal start unless they give one. */
    private Outcome bench(String... args) {
        boolean given = Arrays.stream(args).anyMatch(a -> a.startsWith("--fork-start"));
        return benchMeasuringStart(given ? args
                : Stream.concat(Stream.of("--fork-start", "1.5"), Arrays.stream(args)).toArray(String[]::new));
    }

    /** The command with exactly these arguments: without --fork-start it starts each JVM once to time it. */
    private Outcome benchMeasuringStart(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of("--out", dir.resolve("runs").toString()));
        all.addAll(List.of(args));
        int code = BenchCommand.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), all.toArray(String[]::new));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Exit 2, one line on standard error containing {@code expected}, and no run folder. */
    private void assertRefused(Outcome o, String expected) {
        assertEquals(2, o.code(), o.err());
        assertEquals(1, o.err().lines().count(), "one line: " + o.err());
        assertTrue(o.err().startsWith("bench: "), o.err());
        assertTrue(o.err().contains(expected), "expected '" + expected + "' in: " + o.err());
        assertFalse(Files.exists(dir.resolve("runs")), "no folder may be created");
    }

    @Test
    void unknownProfile_exits2NamingTheValidOnes() {
        assertRefused(bench("nope"), "unknown profile 'nope'");
    }

    /** A benchmark class given as the profile points to --only with its experiment, and to plain JMH. */
    @Test
    void benchmarkClassAsProfile_exits2PointingToOnlyAndPlainJmh() {
        assertRefused(bench("DequeOpsBenchmark"), "unknown profile 'DequeOpsBenchmark'");
        assertRefused(bench("DequeOpsBenchmark"), "scripts/bench quick --only deque-ops");
        assertRefused(bench("DequeOpsBenchmark"), "java -jar harness/target/benchmarks.jar DequeOpsBenchmark");
    }

    /** An option neither bench nor JMH knows is named as given. */
    @Test
    void unknownOption_exits2NamingItAsGiven() {
        assertRefused(bench("--dry-run", "--nope"), "bench: --nope is not an option of bench or of JMH");
        assertRefused(bench("--dry-run", "-nope"), "bench: -nope is not an option of bench or of JMH");
    }

    /** Options JMH takes that would run nothing or clash with the engine are refused before the run. */
    @Test
    void jmhOptionsBenchCannotHonour_exit2WithTheReason() {
        assertRefused(bench("--dry-run", "-l"), "-l lists and runs nothing");
        assertRefused(bench("-lp"), "-lp lists and runs nothing");
        assertRefused(bench("-lprof"), "use java -jar harness/target/benchmarks.jar -lprof");
        assertRefused(bench("--dry-run", "-prof", "nope"), "-prof nope: JMH cannot use this profiler here");
        assertRefused(bench("-t", "4"), "-t is not taken");
        assertRefused(bench("-tg", "1,1"), "-tg is not taken");
        assertRefused(bench("-o", dir.resolve("log.txt").toString()), "-o is not taken");
        assertRefused(bench("--dry-run", "-bm", "thrpt"), "-bm thrpt: experiment queue-drain measures queueAndDrain in mode ss");
        assertRefused(bench("--only", "queue-drain", "-bm", "ss,avgt"), "-bm avgt,ss: experiment queue-drain");
    }

    /** Honoured JMH options and the JVM arguments are echoed by --dry-run, as every fork gets them. */
    @Test
    void dryRun_echoesTheJmhOptionsAndJvmArguments() {
        Outcome o = bench("--dry-run", "--only", "queue-drain", "-bm", "ss", "-tu", "us", "-foe", "true",
                "-prof", "gc", "-jvmArgsAppend", "-Dstealbench.test=1");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("JMH options: -bm ss -tu us -foe true -prof gc -wi "), o.out());
        assertTrue(o.out().contains("JVM arguments of every fork: -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Dstealbench.test=1"),
                o.out());
    }

    @Test
    void strayProfileWord_exits2SuggestingOnly() {
        assertRefused(bench("quick", "full"), "--only");
        assertRefused(bench("quick", "Fib"), "Fib");
    }

    @Test
    void unknownPool_exits2NamingThePoolKind() {
        assertRefused(bench("--dry-run", "-p", "pool=nope"), "pool 'nope'");
    }

    /** Without --dry-run too: refused before the run folder exists, not inside each fork's setup. */
    @Test
    void unknownPool_realRun_exits2BeforeAnyFolder() {
        assertRefused(bench("-p", "pool=nope"), "-p pool=nope: pool 'nope' does not exist; valid pool ids: ");
    }

    @Test
    void unknownQueue_exits2NamingTheQueueKind() {
        assertRefused(bench("deque-ops", "-p", "queue=nope"), "queue 'nope'");
    }

    @Test
    void poolIdGivenAsQueue_exits2() {
        assertRefused(bench("deque-ops", "-p", "queue=ws-chase-lev"), "queue 'ws-chase-lev'");
    }

    @Test
    void poolAnExperimentCannotTake_exits2NamingTheExperiment() {
        assertRefused(bench("quick", "-p", "pool=simple-lock"), "experiment fork-join-fib does not take pool 'simple-lock'");
    }

    @Test
    void poolEveryExperimentTakes_isAccepted() {
        assertEquals(0, bench("quick", "--dry-run", "-p", "pool=ws-chase-lev,jdk-fjp").code());
    }

    @Test
    void dryRun_listsEachExperimentsThreadLadder() {
        Outcome o = bench("--dry-run", "--only", "queue-drain,deque-ops");

        int cores = Runtime.getRuntime().availableProcessors();
        String quick = String.join(", ", ThreadLadder.SCALING.rungs(true, cores, 1).stream().map(String::valueOf).toList());
        assertEquals(1, o.out().lines().filter(l -> l.trim().startsWith("threads: ")).count(), "deque-ops has none: " + o.out());
        assertTrue(o.out().contains("threads: " + quick + "\n"), o.out());
    }

    @Test
    void threadsOption_replacesTheLadderOfEveryExperimentWithOne() throws Exception {
        BenchCommand command = new BenchCommand();
        command.arguments = new ArrayList<>(List.of("quick"));
        command.only = new ArrayList<>(List.of("queue-drain", "deque-ops", "oversubscribed-fib"));
        command.threads = "1,3,8";
        Map<String, List<String>> ladders = command.parse().threadLadders();

        assertEquals(Map.of("queue-drain", List.of("1", "3", "8"), "oversubscribed-fib", List.of("1", "3", "8")), ladders);
        assertTrue(bench("--dry-run", "--only", "queue-drain", "--threads", "1,3").out().contains("threads: 1, 3\n"));
    }

    @Test
    void threadsOption_bad_exits2() {
        assertRefused(bench("--threads", "0,2"), "--threads 0,2: '0' is not a positive thread count");
        assertRefused(bench("--threads", "2", "-p", "threads=4"), "--threads and -p threads");
    }

    @Test
    void unknownParameterName_exits2() {
        assertRefused(bench("quick", "-p", "nope=1"), "parameter 'nope'");
        assertRefused(bench("deque-ops", "-p", "shape=10x10"), "parameter 'shape'");
    }

    @Test
    void resultFileOptions_exit2PointingToOut() {
        assertRefused(bench("quick", "-rf", "csv"), "--out");
        assertRefused(bench("quick", "-rff", "x.json"), "--out");
    }

    @Test
    void jmhJvmOption_exits2PointingToJvm() {
        assertRefused(bench("quick", "-jvm", "/usr/bin/java"), "--jvm PATH");
    }

    @Test
    void missingJvm_exits2() {
        assertRefused(bench("quick", "--jvm", dir.resolve("no-java").toString()), "--jvm");
    }

    @Test
    void unknownJmhOption_exits2() {
        Outcome o = bench("quick", "-nope", "1");
        assertEquals(2, o.code(), o.err());
        assertFalse(Files.exists(dir.resolve("runs")));
    }

    @Test
    void zeroForks_exits2() {
        assertRefused(bench("quick", "-f", "0"), "-f 0");
    }

    @Test
    void dryRun_appliesForksAndParams() {
        Outcome o = bench("--dry-run", "--only", "deque-ops", "-f", "4", "-p", "queue=locked,duffy", "-p", "depth=0");

        assertEquals(0, o.code(), o.err());
        // 2 methods x 1 depth x 2 queues, 4 rounds
        assertTrue(o.out().matches("(?s).*deque-ops +4 parameter set\\(s\\) in 2 shape\\(s\\) x 4 round\\(s\\).*"), o.out());
        assertFalse(Files.exists(dir.resolve("runs")));
    }

    @Test
    void dryRun_iterationOverridesChangeTheEstimate() {
        String base = bench("--dry-run", "--only", "deque-ops").out().lines().findFirst().orElseThrow();
        String longer = bench("--dry-run", "--only", "deque-ops", "-i", "50", "-r", "1s").out().lines()
                .findFirst().orElseThrow();

        assertFalse(base.equals(longer), base + " / " + longer);
    }

    /** -p with fewer contenders plans fewer forks: the estimate and the per-experiment line follow. */
    @Test
    void dryRun_paramOverride_shrinksTheEstimate() {
        Outcome all = bench("--dry-run", "--only", "deque-ops", "-f", "2", "-i", "1");
        Outcome one = bench("--dry-run", "--only", "deque-ops", "-f", "2", "-i", "1", "-p", "queue=locked");

        assertEquals(0, one.code(), one.err());
        assertTrue(one.out().contains(" x 2 round(s)"), one.out());
        assertTrue(estimateSeconds(one.out()) < estimateSeconds(all.out()), all.out() + "\n" + one.out());
        assertFalse(Files.exists(dir.resolve("runs")));
    }

    /** The plan counts its forks (every parameter set, round and JVM) and the start each is counted at. */
    @Test
    void dryRun_countsTheForks() {
        String jdk = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Outcome o = bench("--dry-run", "--only", "deque-ops,wakeup-latency", "-f", "2", "--jvm", "default", "--jvm", jdk);

        assertEquals(0, o.code(), o.err());
        java.util.regex.Matcher sets = java.util.regex.Pattern.compile("(\\d+) parameter set\\(s\\) in \\d+ shape\\(s\\) x (\\d+) round")
                .matcher(o.out());
        int planned = 0;
        while (sets.find()) {
            planned += Integer.parseInt(sets.group(1)) * Integer.parseInt(sets.group(2));
        }
        assertTrue(planned > 0, o.out());
        assertTrue(o.out().contains("  " + planned + " fork(s) on " + jdk + ", each counted at 1.5 s to start (given by"
                + " --fork-start)"), o.out());
    }

    @Test
    void dryRun_measuresTheForksStart_byStartingTheJvmWithTheirFlags() {
        Outcome o = benchMeasuringStart("--dry-run", "--only", "deque-ops", "-jvmArgsAppend", NO_PRE_TOUCH);

        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().matches("(?s).* fork\\(s\\), each counted at \\d+\\.\\d s to start \\(measured: `java -Xms2g"
                + " -Xmx2g " + NO_PRE_TOUCH + " -version` took \\d+\\.\\d s, plus 0\\.3 s for JMH\\).*"), o.out());
    }

    @Test
    void dryRun_forkStart_countsThatMuchMoreForEachFork() {
        Outcome nominal = bench("--dry-run", "--only", "deque-ops", "--fork-start", "1.5");
        Outcome slow = bench("--dry-run", "--only", "deque-ops", "--fork-start=11.5");

        java.util.regex.Matcher forks = java.util.regex.Pattern.compile("  (\\d+) fork\\(s\\), each counted at 11\\.5 s")
                .matcher(slow.out());
        assertTrue(forks.find(), slow.out());
        assertEquals(estimateSeconds(nominal.out()) + 10 * Long.parseLong(forks.group(1)), estimateSeconds(slow.out()), 1,
                nominal.out() + slow.out());
    }

    @Test
    void forkStartNotASecondCount_exits2() {
        assertRefused(bench("--dry-run", "--fork-start=-1"), "--fork-start");
    }

    @Test
    void jvmThatDoesNotStartWithTheForksFlags_exits2BeforeAnythingIsCreated() {
        assertRefused(benchMeasuringStart("--only", "deque-ops", "-jvmArgsAppend", "-XX:+NoSuchStealbenchFlag"),
                "-XX:+NoSuchStealbenchFlag -version`): Unrecognized VM option 'NoSuchStealbenchFlag'");
    }

    /** The "estimated 1m05s" of the plan's first line, in seconds. */
    private static long estimateSeconds(String out) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("estimated (?:(\\d+)h)?(\\d+)m(?:(\\d+)s)?")
                .matcher(out.lines().findFirst().orElseThrow());
        assertTrue(m.find(), out);
        long h = m.group(1) == null ? 0 : Long.parseLong(m.group(1));
        long s = m.group(3) == null ? 0 : Long.parseLong(m.group(3));
        return h * 3600 + Long.parseLong(m.group(2)) * 60 + s;
    }

    @Test
    void dryRun_twoJvms_estimateCountsBoth() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

        Outcome o = bench("--dry-run", "--only", "seed-003", "--jvm", "default", "--jvm", java);

        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("2 JVM(s)"), o.out());
    }

    @Test
    void progress_left_rescalesFromMeasuredTime() {
        long[] now = {0};
        Progress progress = new Progress(100, () -> now[0]);
        assertEquals(100, progress.left(), 1e-9, "nothing measured yet: the estimate");

        progress.done(10);
        now[0] = 20_000_000_000L;

        assertEquals(180, progress.left(), 1e-9, "10 s of estimate took 20 s, so the 90 s left take 180");
    }

    @Test
    void userHeapSize_replacesTheDefaultSize_keepsThePreTouch() throws Exception {
        BenchCommand command = new BenchCommand();
        command.arguments = new ArrayList<>(List.of("deque-ops", "-jvmArgsAppend", "-Xmx1g"));

        BenchRequest request = command.parse();

        assertEquals(List.of("-XX:+AlwaysPreTouch", "-Xmx1g"), request.jvmArgs());
    }

    @Test
    void userPreTouchFlag_replacesTheDefaultPreTouch_keepsTheSize() {
        assertEquals(List.of("-Xms2g", "-Xmx2g"), BenchRequest.defaultHeapFlags(List.of("-XX:-AlwaysPreTouch")));
        assertEquals(List.of(), BenchRequest.defaultHeapFlags(List.of("-XX:MaxRAMPercentage=50", "-XX:+AlwaysPreTouch")));
        assertEquals(BenchCommand.HEAP_FLAGS, BenchRequest.defaultHeapFlags(List.of("-XX:+UseParallelGC")));
    }

    /** A tiny real run (a functional check; nothing is timed): the interleaved folder's layout. */
    @Test
    @org.junit.jupiter.api.Timeout(value = 300, unit = java.util.concurrent.TimeUnit.SECONDS)
    void interleavedRun_writesRoundsForksAndMergedResults() throws Exception {
        Outcome o = bench("deque-ops", "--no-report", "--no-footprint", "--seed", "11", "-f", "2", "-wi", "0",
                "-i", "1", "-r", "20ms", "-p", "queue=locked,chase-lev", "-p", "depth=0",
                "-jvmArgsAppend", "-Djmh.ignoreLock=true " + NO_PRE_TOUCH);

        assertEquals(0, o.code(), o.err() + o.out());
        RunFolder run = RunFolder.latestIn(dir.resolve("runs")).orElseThrow();
        ExperimentId id = ExperimentId.of("deque-ops");
        RoundsFile rounds = RoundsFile.read(run.rounds(id));
        assertEquals(2 * 2 * 2, rounds.forks().size(), "2 methods x 2 queues x 2 rounds");
        assertEquals(2, rounds.rounds());
        for (RoundsFile.Fork f : rounds.forks()) {
            assertTrue(Files.isRegularFile(run.dir().resolve(f.file())), f.file());
            assertEquals(new RoundsFile.Steadiness("flat", 1, 0, 0, 1), f.steady(), "one iteration is flat");
        }
        List<JmhResult> merged = JmhJson.read(run.results(id));
        assertEquals(4, merged.size());
        for (JmhResult r : merged) {
            assertEquals(2, r.primary().forks(), r.key());
            assertTrue(r.jvmArgs().contains("-Xms2g -Xmx2g -Djmh.ignoreLock=true " + NO_PRE_TOUCH), r.jvmArgs());
        }
        Map<?, ?> env = new com.fasterxml.jackson.databind.ObjectMapper().readValue(run.env().toFile(), Map.class);
        assertEquals(true, env.get("interleaved"));
        assertEquals(2, env.get("rounds"));
        assertEquals(Map.of("seconds", 1.5, "how", "given by --fork-start"), env.get("forkStart"));
        assertTrue(env.get("startedAt").toString().endsWith("Z"), env.get("startedAt").toString());
        assertFalse(Files.exists(run.failures()));
    }

    /**
     * A tiny real run (nothing is timed) of a shape planned for 5 rounds with one contender, so
     * its first look (after round 3) finds nothing left to place: the shape stops there.
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 300, unit = java.util.concurrent.TimeUnit.SECONDS)
    void sequentialRounds_aDecidedShapeStopsAtItsFirstLook() throws Exception {
        Outcome o = bench("seed-004", "--no-report", "--no-footprint", "--seed", "5", "--threads", "1", "-i", "2",
                "-p", "pool=jdk-fjp", "-p", "n=10", "-p", "threshold=0", "-jvmArgsAppend",
                "-Djmh.ignoreLock=true " + NO_PRE_TOUCH);

        assertEquals(0, o.code(), o.err() + o.out());
        RunFolder run = RunFolder.latestIn(dir.resolve("runs")).orElseThrow();
        ExperimentId id = ExperimentId.of("fork-join-fib");
        RoundsFile rounds = RoundsFile.read(run.rounds(id));
        assertEquals(5, rounds.rounds(), "planned");
        assertEquals(3, rounds.forks().size(), "one contender, 3 rounds");
        assertEquals(1, rounds.stops().size(), rounds.toString());
        RoundsFile.Stop stop = rounds.stops().get(0);
        assertEquals(3, stop.rounds());
        assertEquals("10", stop.params().get("n"), stop.toString());
        assertFalse(stop.params().containsKey("pool"), "the shape's parameters but the contender");
        assertTrue(stop.savedSeconds() > 0, stop.toString());
        assertEquals(3, JmhJson.read(run.results(id)).get(0).primary().forks());
        assertTrue(o.out().contains("answer decided after 3 of 5 rounds"), o.out());
        assertTrue(o.out().contains("1 shape(s) stopped before their last round"), o.out());
    }

    @Test
    void looks_onlyAtALooksRound_withEveryForkJudgedAndSteady_andRoundsNotFixed() {
        assertTrue(BenchRun.looks(true, 3, 5, 2, 6, true));
        assertFalse(BenchRun.looks(true, 2, 5, 2, 4, true), "before the first look");
        assertFalse(BenchRun.looks(true, 5, 5, 2, 10, true), "the last round is the report's look");
        assertFalse(BenchRun.looks(true, 3, 5, 2, 5, true), "a fork failed: its contender would be left out");
        assertFalse(BenchRun.looks(true, 3, 5, 2, 6, false), "a fork never became steady");
        assertFalse(BenchRun.looks(false, 3, 5, 2, 6, true), "-f fixed the rounds");
    }

    /** Work a stopped shape skipped leaves the estimate; it is not counted as done in no time. */
    @Test
    void progress_skippedWork_leavesTheTotal_notTheRate() {
        long[] now = {0};
        Progress p = new Progress(400, () -> now[0]);
        p.done(100);
        now[0] = 200_000_000_000L; // 200 s for 100 s of estimate: twice as slow
        p.skipped(100);

        assertEquals(400, p.left(), 1e-9, "200 s of estimate left, at twice the estimate");
    }

    @Test
    void dryRun_printsTheLeastWhenShapesMayStopEarly_notWithFixedRounds() {
        Outcome planned = bench("--dry-run", "--only", "fork-join-fib");
        Outcome fixed = bench("--dry-run", "--only", "fork-join-fib", "-f", "8");

        assertTrue(planned.out().lines().findFirst().orElseThrow().contains(", at least "), planned.out());
        assertTrue(planned.out().matches("(?s).*fork-join-fib .* x 8 round\\(s\\): ~\\S+, at least .*"), planned.out());
        assertFalse(fixed.out().contains("at least"), fixed.out());
    }

    @Test
    void forkOptions_dropWhatTheEngineSets() {
        assertEquals(List.of("-wi", "0", "-prof", "gc"), BenchRequest.forkOptions(
                List.of("-p", "queue=x", "-wi", "0", "-f", "3", "-jvmArgsAppend", "-Dx=1", "-prof", "gc")));
    }

    /** Issue 11: a profile that does not narrow the contenders plans every registry id, forks and -p alike. */
    @Test
    void full_plansTheRegistrysContenders_inForksAndTheirDashP() throws Exception {
        Map<String, List<List<String>>> plan = BenchCommand.plannedForkCommands("full", "--jvm", "default",
                "--only", "deque-ops,seed-002");

        assertEquals(List.of("deque-ops", "enqueue-dequeue"), List.copyOf(plan.keySet()));
        assertEquals(Experiment.DEQUE_OPS.registryContenders(), dashP(plan.get("deque-ops"), "queue"));
        assertEquals(Experiment.ENQUEUE_DEQUEUE.registryContenders(), dashP(plan.get("enqueue-dequeue"), "queue"));
    }

    @Test
    void interleaved_measuresTheWarmUpForTheSteadyStateRule() throws Exception {
        Settings quick = Profile.byName("quick").experiments().get(Experiment.FORK_JOIN_FIB);
        List<String> command = BenchCommand.plannedForkCommands("quick", "--only", "fork-join-fib")
                .get("fork-join-fib").get(0);

        String joined = String.join(" ", command);
        assertTrue(joined.contains("-wi 0 -i " + (quick.warmupIterations() + quick.measurementIterations())), joined);
        assertTrue(BenchCommand.plannedForkCommands("quick", "--only", "fork-join-fib", "-wi", "3", "-i", "4")
                .get("fork-join-fib").get(0).containsAll(List.of("3", "4")), "the user's counts win");
        String warmedByJmh = String.join(" ", BenchCommand.plannedForkCommands("quick", "--only", "fork-join-fib",
                "-wi", "3").get("fork-join-fib").get(0));
        assertTrue(warmedByJmh.contains("-wi 3") && warmedByJmh.contains("-i " + quick.measurementIterations() + " "),
                "the user's -wi is JMH's warm-up, not measured again: " + warmedByJmh);
    }

    @Test
    void quick_plansItsNarrowedSubset_inRegistryOrder() throws Exception {
        Map<String, List<List<String>>> plan = BenchCommand.plannedForkCommands("quick", "--only", "deque-ops");

        List<String> planned = dashP(plan.get("deque-ops"), "queue");
        List<String> registry = Experiment.DEQUE_OPS.registryContenders();
        assertTrue(planned.size() < registry.size(), planned.toString());
        assertEquals(registry.stream().filter(planned::contains).toList(), planned, "registry order");
    }

    /** The distinct values of {@code -p name=...} over the fork command lines, in the order they first appear. */
    static List<String> dashP(List<List<String>> forks, String name) {
        java.util.Set<String> values = new java.util.LinkedHashSet<>();
        for (List<String> command : forks) {
            for (int i = 0; i + 1 < command.size(); i++) {
                if (command.get(i).equals("-p") && command.get(i + 1).startsWith(name + "=")) {
                    values.add(command.get(i + 1).substring(name.length() + 1));
                }
            }
        }
        return List.copyOf(values);
    }

    @Test
    void dryRun_saysWhereTheContendersComeFrom() {
        Outcome full = bench("full", "--dry-run", "--jvm", "default", "--only", "deque-ops");
        Outcome quick = bench("quick", "--dry-run", "--only", "deque-ops");

        int n = Experiment.DEQUE_OPS.registryContenders().size();
        assertTrue(full.out().contains("queue from the registry: all of " + n + ": array-deque, array-deque-fenced, locked,"), full.out());
        assertTrue(quick.out().matches("(?s).*queue from the registry: \\d+ of " + n + ": array-deque, locked, .*"),
                quick.out());
    }

    // --- which JDKs (issue 12: the full profile runs both when both are present) ---

    /** A file that passes for a java executable: the dry runs below never start it. */
    private Path fakeJava(String dirName) throws Exception {
        Path java = Files.createDirectories(dir.resolve(dirName).resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nexit 1\n");
        assertTrue(java.toFile().setExecutable(true));
        return java;
    }

    private Outcome withJdk25(String path, String... args) {
        return withJdk25(path, () -> bench(args));
    }

    private Outcome withJdk25(String path, Supplier<Outcome> what) {
        String before = System.getProperty(Jdk25.PROPERTY);
        System.setProperty(Jdk25.PROPERTY, path);
        try {
            return what.get();
        } finally {
            if (before == null) {
                System.clearProperty(Jdk25.PROPERTY);
            } else {
                System.setProperty(Jdk25.PROPERTY, before);
            }
        }
    }

    @Test
    void full_withoutJvm_runsTheDefaultJavaAndJdk25() throws Exception {
        Path jdk25 = fakeJava("jdk-25");

        Outcome o = withJdk25(jdk25.toString(), "full", "--dry-run", "--only", "global-queue");

        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("2 JVM(s)"), o.out());
        assertTrue(o.out().contains("JVMs: the default java and JDK 25 " + jdk25 + " (STEALBENCH_JDK25)"), o.out());
        assertTrue(o.out().contains("--jvm default runs one"), o.out());
    }

    @Test
    void full_estimate_countsBothJdks() throws Exception {
        Path jdk25 = fakeJava("jdk-25");
        Outcome one = bench("full", "--dry-run", "--jvm", "default", "--only", "global-queue");
        Outcome two = withJdk25(jdk25.getParent().getParent().toString(), "full", "--dry-run",
                "--only", "global-queue");

        assertEquals(0, two.code(), two.err());
        assertTrue(one.out().contains("1 JVM(s)") && one.out().contains("JVMs: --jvm as given"), one.out());
        assertEquals(2 * estimateSeconds(one.out()), estimateSeconds(two.out()), 2, one.out() + two.out());
    }

    @Test
    void otherProfiles_withoutJvm_runTheDefaultJavaOnly() throws Exception {
        Outcome o = withJdk25(fakeJava("jdk-25").toString(), "seed-003", "--dry-run");

        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("1 JVM(s)") && o.out().contains("JVMs: the default java\n"), o.out());
    }

    @Test
    void bothJdks_anyProfile_runsBoth_andRefusesJvmBesideIt() throws Exception {
        Path jdk25 = fakeJava("jdk-25");

        Outcome both = withJdk25(jdk25.toString(), "quick", "--dry-run", "--both-jdks", "--only", "deque-ops");
        assertEquals(0, both.code(), both.err());
        assertTrue(both.out().contains("2 JVM(s)"), both.out());

        assertRefused(withJdk25(jdk25.toString(), "quick", "--both-jdks", "--jvm", "default"), "give one or the other");
    }

    @Test
    void jdk25NamedButMissing_exits2NamingIt() {
        Path missing = dir.resolve("no-such-jdk");

        assertRefused(withJdk25(missing.toString(), "full", "--only", "global-queue"), "STEALBENCH_JDK25=" + missing);
    }

    @Test
    void findJdk25_namedJavaOrHome_elseTheOneMatchUnderTheRoot() throws Exception {
        Path java = fakeJava("temurin-25-jdk");
        Path home = java.getParent().getParent();

        assertEquals(java, Jdk25.find(java.toString(), dir).java());
        assertEquals(java, Jdk25.find(home.toString(), dir).java(), "a JDK home names its bin/java");
        assertEquals(java, Jdk25.find(null, dir).java(), "the one match of <root>/*25*/bin/java");
        assertEquals(dir.resolve("*25*/bin/java").toString(), Jdk25.find("", dir).where());

        fakeJava("openjdk-25");
        Jdk25 several = Jdk25.find(null, dir);
        assertEquals(null, several.java());
        assertTrue(several.where().startsWith("2 javas match "), several.where());

        Jdk25 none = Jdk25.find(null, dir.resolve("empty"));
        assertEquals(null, none.java());
        assertTrue(none.where().startsWith("no "), none.where());
    }

    /** What .ci/run reads: the home of the JDK 25 found, or one line naming what is wrong. */
    @Test
    void jdk25Main_printsTheHomeOfTheNamedJdk_elseExits2NamingIt() throws Exception {
        Path java = fakeJava("temurin-25-jdk");
        Outcome found = withJdk25(java.toString(), () -> jdk25Main());
        Outcome missing = withJdk25(dir.resolve("no-such-jdk").toString(), () -> jdk25Main());

        assertEquals(new Outcome(0, java.getParent().getParent() + System.lineSeparator(), ""), found);
        assertEquals(2, missing.code());
        assertEquals("", missing.out());
        assertEquals(1, missing.err().lines().count(), missing.err());
        assertTrue(missing.err().startsWith("jdk25: STEALBENCH_JDK25=" + dir.resolve("no-such-jdk")), missing.err());
    }

    private static Outcome jdk25Main() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Jdk25.print(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
