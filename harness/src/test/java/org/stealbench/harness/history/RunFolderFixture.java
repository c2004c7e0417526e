package org.stealbench.harness.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.stealbench.harness.results.ExperimentId;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.results.RunFolder;
import org.stealbench.harness.stats.SteadyState;

/**
 * Run folders for the tests, as {@code scripts/bench} lays them out: {@code env.json},
 * {@code command.txt}, and per experiment a JMH JSON whose results have one fork per round (two
 * iterations of the value given, so each fork's mean is that value) and, when interleaved, a
 * rounds file.
 */
final class RunFolderFixture {

    static final String FIB = "fork-join-fib";
    static final String FIB_BENCHMARK = "org.stealbench.harness.bench.ForkJoinFibBenchmark.fib";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final Map<String, Object> env = new LinkedHashMap<>();
    private final Map<String, List<Map<String, Object>>> results = new TreeMap<>();
    private boolean interleaved = true;
    /** Per pool, the 0-based rounds whose fork never became steady. */
    private final Map<String, Set<Integer>> unsettled = new TreeMap<>();

    private RunFolderFixture(Path dir) {
        this.dir = dir;
        env.put("jdk", Map.of("vendor", "Debian", "version", "17.0.15"));
        env.put("cpuModel", "AMD EPYC");
        env.put("cores", 2);
        env.put("memoryBytes", 24L << 30);
        env.put("gitSha", dir.getFileName().toString().split("-")[1] + "0000000000");
        env.put("gitDirty", false);
        env.put("startedAt", HistorySources.stampOf(dir.getFileName().toString()));
        env.put("profile", "full");
    }

    /** A run folder named {@code name} (a run folder's name: stamp, sha, maybe JDK) under {@code parent}. */
    static RunFolderFixture at(Path parent, String name) {
        return new RunFolderFixture(parent.resolve(name));
    }

    RunFolderFixture jdk(String vendor, String version) {
        env.put("jdk", Map.of("vendor", vendor, "version", version));
        return this;
    }

    RunFolderFixture cpu(String model) {
        env.put("cpuModel", model);
        return this;
    }

    /** Without rounds files: JMH's own order, not interleaved. */
    RunFolderFixture notInterleaved() {
        interleaved = false;
        return this;
    }

    /** The pool's forks of these 0-based rounds never became steady (the others were flat). */
    RunFolderFixture unsettled(String pool, Integer... rounds) {
        unsettled.put(pool, Set.of(rounds));
        return this;
    }

    /** fork/join fib of this pool, threshold 0, a fork per round with these means (ms/op). */
    RunFolderFixture fib(String pool, double... roundMeans) {
        return result(FIB, FIB_BENCHMARK, Map.of("pool", pool, "threads", "2", "threshold", "0", "n", "32"),
                roundMeans);
    }

    RunFolderFixture result(String experiment, String benchmark, Map<String, String> params, double... roundMeans) {
        List<List<Double>> raw = new ArrayList<>();
        double sum = 0;
        for (double v : roundMeans) {
            raw.add(List.of(v, v));
            sum += v;
        }
        Map<String, Object> primary = new LinkedHashMap<>();
        primary.put("score", sum / roundMeans.length);
        primary.put("scoreError", 0.0);
        primary.put("scoreUnit", "ms/op");
        primary.put("rawData", raw);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("benchmark", benchmark);
        r.put("mode", "ss");
        r.put("threads", 1);
        r.put("forks", roundMeans.length);
        r.put("jdkVersion", "17.0.15");
        r.put("jvmArgs", List.of("-Xms2g", "-Xmx2g"));
        r.put("params", new TreeMap<>(params));
        r.put("primaryMetric", primary);
        r.put("secondaryMetrics", Map.of());
        results.computeIfAbsent(experiment, e -> new ArrayList<>()).add(r);
        return this;
    }

    /** Writes the folder; returns it. */
    Path write() throws IOException {
        RunFolder run = RunFolder.at(Files.createDirectories(dir));
        run.writeEnv(env);
        run.writeCommand("scripts/bench full --only=" + String.join(",", results.keySet()));
        for (Map.Entry<String, List<Map<String, Object>>> e : results.entrySet()) {
            ExperimentId id = ExperimentId.of(e.getKey());
            Files.writeString(run.results(id), JSON.writeValueAsString(e.getValue()));
            if (interleaved) {
                rounds(id.value(), e.getValue()).write(run.rounds(id));
            }
        }
        return dir;
    }

    /** The rounds file of an experiment's results: one fork of each per round, in the order given. */
    @SuppressWarnings("unchecked")
    private RoundsFile rounds(String experiment, List<Map<String, Object>> results) {
        int n = (Integer) results.get(0).get("forks");
        List<RoundsFile.Fork> forks = new ArrayList<>();
        for (int round = 0; round < n; round++) {
            for (int position = 0; position < results.size(); position++) {
                Map<String, String> params = (Map<String, String>) results.get(position).get("params");
                boolean never = unsettled.getOrDefault(params.get("pool"), Set.of()).contains(round);
                forks.add(new RoundsFile.Fork(round, position, (String) results.get(position).get("benchmark"), params,
                        (String) env.get("startedAt"), "forks/" + experiment + "/r" + round + "-" + position + ".json",
                        null, new RoundsFile.Steadiness((never ? SteadyState.Kind.NO_STEADY_STATE : SteadyState.Kind.FLAT).label(), 2,
                                0, 0, 2)));
            }
        }
        return new RoundsFile(experiment, 1, n, forks);
    }
}
