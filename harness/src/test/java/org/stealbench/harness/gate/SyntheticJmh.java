package org.stealbench.harness.gate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;

/**
 * Synthetic JMH results for the gate's tests, in JMH's JSON layout: a benchmark's forks and
 * iterations drawn around a center with a chosen log-normal spread from a fixed seed, so every test
 * sees the same numbers.
 */
final class SyntheticJmh {

    static final String PACKAGE = "org.stealbench.harness.bench.";

    /** Thresholds whose defaults are {@code time} and {@code cpu} (no rules), read from a temporary file. */
    static GateThresholds thresholds(double time, double cpu) {
        try {
            Path file = Files.createTempFile("gate-thresholds", ".json");
            file.toFile().deleteOnExit();
            return GateThresholds.load(Files.writeString(file, "{\"time\": " + time + ", \"cpu\": " + cpu + "}"));
        } catch (IOException | GateException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One benchmark result under construction. */
    static final class Bench {
        String benchmark;
        String mode = "avgt";
        String unit = "ns/op";
        Map<String, String> params = new TreeMap<>();
        double center = 100;
        double spread = 0.01;
        int forks = 5;
        int iterations = 4;
        long seed = 1;
        Double allocation;
        Double cpu;
        double cpuSpread = 0.01;
        String jdkVersion = "17.0.15";
        List<String> jvmArgs = List.of();
        boolean rawData = true;

        Bench(String method) {
            this.benchmark = PACKAGE + method;
        }

        Bench param(String name, String value) {
            params.put(name, value);
            return this;
        }

        Bench center(double value) {
            center = value;
            return this;
        }

        Bench spread(double value) {
            spread = value;
            return this;
        }

        Bench forks(int value) {
            forks = value;
            return this;
        }

        Bench seed(long value) {
            seed = value;
            return this;
        }

        Bench throughput() {
            mode = "thrpt";
            unit = "ops/us";
            return this;
        }

        Bench mode(String value) {
            mode = value;
            return this;
        }

        Bench unit(String value) {
            unit = value;
            return this;
        }

        Bench allocation(double bytesPerOp) {
            allocation = bytesPerOp;
            return this;
        }

        Bench cpu(double nsPerOp, double logSpread) {
            cpu = nsPerOp;
            cpuSpread = logSpread;
            return this;
        }

        Bench jdk(String version) {
            jdkVersion = version;
            return this;
        }

        Bench jvmArgs(String... args) {
            jvmArgs = List.of(args);
            return this;
        }

        Bench noRawData() {
            rawData = false;
            return this;
        }

        /** A copy with every setting the same, for a "current" run derived from a baseline. */
        Bench copy() {
            Bench b = new Bench("x");
            b.benchmark = benchmark;
            b.mode = mode;
            b.unit = unit;
            b.params = new TreeMap<>(params);
            b.center = center;
            b.spread = spread;
            b.forks = forks;
            b.iterations = iterations;
            b.seed = seed;
            b.allocation = allocation;
            b.cpu = cpu;
            b.cpuSpread = cpuSpread;
            b.jdkVersion = jdkVersion;
            b.jvmArgs = jvmArgs;
            b.rawData = rawData;
            return b;
        }

        List<List<Double>> draw(double around, double logSpread, long salt) {
            Random random = new Random(seed * 1_000_003L + salt);
            List<List<Double>> raw = new ArrayList<>();
            for (int f = 0; f < forks; f++) {
                double forkShift = Math.exp(logSpread * random.nextGaussian());
                List<Double> values = new ArrayList<>();
                for (int i = 0; i < iterations; i++) {
                    values.add(around * forkShift * Math.exp(logSpread / 4 * random.nextGaussian()));
                }
                raw.add(values);
            }
            return raw;
        }

        Map<String, Object> json() {
            Map<String, Object> node = new LinkedHashMap<>();
            node.put("jmhVersion", "1.37");
            node.put("benchmark", benchmark);
            node.put("mode", mode);
            node.put("threads", 1);
            node.put("forks", forks);
            node.put("jvmArgs", jvmArgs);
            node.put("jdkVersion", jdkVersion);
            node.put("params", params);
            List<List<Double>> raw = draw(center, spread, 0);
            node.put("primaryMetric", metric(raw, unit, rawData));
            Map<String, Object> secondary = new LinkedHashMap<>();
            if (allocation != null) {
                secondary.put("gc.alloc.rate.norm", metric(draw(allocation, 0.0001, 1), "B/op", true));
            }
            if (cpu != null) {
                secondary.put("cpu.time.norm", metric(draw(cpu, cpuSpread, 2), "ns/op", true));
            }
            node.put("secondaryMetrics", secondary);
            return node;
        }

        JmhResult result() {
            List<List<Double>> raw = draw(center, spread, 0);
            Map<String, Metric> secondary = new LinkedHashMap<>();
            if (allocation != null) {
                secondary.put("gc.alloc.rate.norm", new Metric(allocation, 0, "B/op", draw(allocation, 0.0001, 1)));
            }
            if (cpu != null) {
                secondary.put("cpu.time.norm", new Metric(cpu, 0, "ns/op", draw(cpu, cpuSpread, 2)));
            }
            return new JmhResult(benchmark, mode, 1, new TreeMap<>(params), new Metric(center, 0, unit, raw),
                    secondary, jdkVersion, String.join(" ", jvmArgs), null);
        }
    }

    private static Map<String, Object> metric(List<List<Double>> raw, String unit, boolean withRaw) {
        Map<String, Object> m = new LinkedHashMap<>();
        double score = raw.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).average().orElse(0);
        m.put("score", score);
        m.put("scoreError", 0.0);
        m.put("scoreUnit", unit);
        if (withRaw) {
            m.put("rawData", raw);
        }
        return m;
    }

    private SyntheticJmh() {
    }

    static Bench bench(String method) {
        return new Bench(method);
    }

    static List<JmhResult> results(Bench... benches) {
        List<JmhResult> out = new ArrayList<>();
        for (Bench b : benches) {
            out.add(b.result());
        }
        return out;
    }

    /** Writes the benches as a JMH JSON file. */
    static Path write(Path file, Bench... benches) {
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (Bench b : benches) {
            nodes.add(b.json());
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), nodes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** Writes a run folder: env.json (JDK version and vendor, GC) and one jmh-deque-ops.json. */
    static Path runFolder(Path dir, String jdkVersion, String vendor, Bench... benches) {
        write(dir.resolve("jmh-deque-ops.json"), benches);
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("jdk", Map.of("version", jdkVersion, "vendor", vendor, "vmName", "OpenJDK 64-Bit Server VM"));
        env.put("jvmArgs", List.of());
        env.put("gc", "G1");
        env.put("cores", 2);
        try {
            new ObjectMapper().writeValue(dir.resolve("env.json").toFile(), env);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }
}
