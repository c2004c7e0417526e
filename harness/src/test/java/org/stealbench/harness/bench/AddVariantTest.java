package org.stealbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stealbench.queues.StealbenchFirst.codeSource;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Param;
import org.stealbench.pools.PoolKind;
import org.stealbench.queues.QueueKind;
import org.stealbench.queues.StealbenchFirst;

/**
 * Issue 11, the harness's half (the queues module's {@code AddVariantTest} is the other): a
 * newcomer's one class ({@code ExampleLockedDeque}, the queues module's test sources) and one
 * line in a copy of {@code QueueKind.java}, compiled and loaded in a class loader of their own.
 * The checklist in the queues {@code package-info.java} promises that the line alone gives a
 * work-stealing pool ({@code ws-<id>}), that the benchmarks' contender lists take the new kind
 * and that {@code scripts/bench}'s planned forks carry it; the {@code @Param} defaults,
 * annotation constants, are the one thing that cannot follow (they matter only to a plain
 * {@code java -jar benchmarks.jar}), and {@code ContenderParamsTest} must then fail naming every
 * file and the exact line to write.
 */
@Tag("quick")
final class AddVariantTest {

    static final String EXAMPLE_ID = "example-locked";
    static final String REGISTRY_LINE = "    EXAMPLE_LOCKED(\"" + EXAMPLE_ID + "\", ExampleLockedDeque.TRAITS,"
            + " ExampleLockedDeque::new, ExampleLockedDeque::new),";
    static final Path QUEUES = Path.of("../queues/src");
    static final Path KIND_SOURCE = QUEUES.resolve("main/java/org/stealbench/queues/QueueKind.java");
    static final Path EXAMPLE_SOURCE = QUEUES.resolve("test/java/org/stealbench/queues/ExampleLockedDeque.java");

    @TempDir
    static Path compiled;
    static ClassLoader withExample;

    @BeforeAll
    static void registerTheExampleWithOneLine() throws IOException {
        String source = Files.readString(KIND_SOURCE, StandardCharsets.UTF_8);
        String header = "public enum QueueKind {\n";
        assertTrue(source.contains(header), KIND_SOURCE + ": no '" + header.strip() + "' line");
        Path sources = Files.createDirectories(compiled.resolve("src"));
        Path kind = Files.writeString(sources.resolve("QueueKind.java"),
                source.replace(header, header + REGISTRY_LINE + "\n"), StandardCharsets.UTF_8);
        Path example = Files.copy(EXAMPLE_SOURCE, sources.resolve("ExampleLockedDeque.java"));
        Path classes = Files.createDirectories(compiled.resolve("classes"));
        List<Path> built = List.of(codeSource(QueueKind.class), codeSource(PoolKind.class),
                codeSource(Contenders.class), codeSource(AddVariantTest.class));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "no Java compiler in this JDK");
        int exit = javac.run(null, null, null, "--release", "17", "-proc:none", "-nowarn",
                "-cp", codeSource(QueueKind.class).toString(), "-d", classes.toString(),
                kind.toString(), example.toString());
        assertEquals(0, exit, "javac of the example class and QueueKind.java with the line " + REGISTRY_LINE);
        List<URL> urls = new ArrayList<>();
        urls.add(classes.toUri().toURL());
        for (Path path : built) {
            urls.add(path.toUri().toURL());
        }
        withExample = new StealbenchFirst(urls.toArray(URL[]::new), AddVariantTest.class.getClassLoader());
    }

    @SuppressWarnings("unchecked")
    static <T> T call(String type, String method, Object... args) throws Exception {
        Class<?> owner = Class.forName(type, true, withExample);
        for (Method m : owner.getDeclaredMethods()) {
            if (m.getName().equals(method) && m.getParameterCount() == args.length) {
                m.setAccessible(true);
                return (T) m.invoke(null, args);
            }
        }
        throw new NoSuchMethodException(type + "." + method);
    }

    @Test
    void registryLine_alone_givesAWorkStealingPoolThatRuns() throws Exception {
        Object pool = call(PoolKind.class.getName(), "byId", "ws-" + EXAMPLE_ID);
        ExecutorService executor = (ExecutorService) pool.getClass().getMethod("create", int.class).invoke(pool, 2);
        try {
            Callable<String> task = () -> Thread.currentThread().getName();
            assertNotNull(executor.submit(task).get(30, TimeUnit.SECONDS));
        } finally {
            assertTrue(PoolKind.shutdownAndAwait(executor, Duration.ofSeconds(30)), "the example's pool terminates");
        }
    }

    @Test
    void registryLine_alone_reachesEveryContenderList() throws Exception {
        String contenders = Contenders.class.getName();
        assertTrue(AddVariantTest.<List<String>>call(contenders, "dequeOps", true).contains(EXAMPLE_ID), "deque-ops contenders");
        assertTrue(AddVariantTest.<List<String>>call(contenders, "enqueueDequeue").contains(EXAMPLE_ID), "enqueue/dequeue contenders");
        assertTrue(AddVariantTest.<List<String>>call(contenders, "pools").contains("ws-" + EXAMPLE_ID), "pool contenders");
        assertTrue(AddVariantTest.<List<String>>call(contenders, "forkJoinPools").contains("ws-" + EXAMPLE_ID), "fork/join contenders");
        assertEquals("ExampleLockedDeque", call(contenders, "queue", EXAMPLE_ID).getClass().getSimpleName(),
                "Contenders.queue(id) makes the example");
    }

    /**
     * The run engine takes its contenders from the registries, not from the {@code @Param}
     * defaults (which still lack the example here): with the line alone, every fork command that
     * {@code scripts/bench} plans for the full profile, and for each one-experiment profile that
     * compares queues, carries the example ({@code -p queue=}, {@code -p global=}, or its pool
     * {@code -p pool=ws-...}) in every experiment but the partitioners' and the pool tunings'.
     */
    @Test
    void registryLine_alone_reachesEveryExperimentsPlannedForks() throws Exception {
        Class<?> experiment = Class.forName("org.stealbench.harness.run.Experiment", true, withExample);
        String command = "org.stealbench.harness.run.BenchCommand";
        Map<String, List<List<String>>> full = call(command, "plannedForkCommands",
                (Object) new String[] {"full", "--jvm", "default"});
        Set<String> without = new TreeSet<>();
        for (Object e : experiment.getEnumConstants()) {
            String id = (String) experiment.getMethod("id").invoke(e);
            String param = (String) experiment.getMethod("contender").invoke(e);
            String expected = param + "=" + (param.equals("pool") ? "ws-" : "") + EXAMPLE_ID;
            List<List<String>> forks = full.get(id);
            assertNotNull(forks, "the full profile plans " + id);
            if (!param.equals("partitioner") && !param.equals("tuning")) {
                assertTrue(forks.stream().anyMatch(f -> f.contains(expected)), id + ": no fork with -p " + expected);
            } else {
                without.add(id);
            }
            if (param.equals("queue") || param.equals("global")) {
                String profile = (String) experiment.getMethod("profile").invoke(e);
                Map<String, List<List<String>>> alone = call(command, "plannedForkCommands",
                        (Object) new String[] {profile, "--jvm", "default"});
                assertTrue(alone.get(id).stream().anyMatch(f -> f.contains(expected)),
                        "profile " + profile + ": no fork with -p " + expected);
            }
        }
        assertEquals(Set.of("range-partitioner", "pool-options-drain", "pool-options-fib", "pool-options-scheduler"), without,
                "experiments whose contenders are no queue or pool registry's (partitioners, the pool's tunings)");
    }

    /**
     * The benchmarks' {@code @Param} defaults cannot follow the registry by themselves: with the new
     * line, {@code ContenderParamsTest} fails, and its failures name every benchmark file whose
     * contender {@code @Param} takes registry ids, each with the line to write, the new id in it.
     */
    @Test
    void contenderParamsTest_withTheNewLine_namesEveryFileAndTheLineToWrite() throws Exception {
        Class<?> test = Class.forName(ContenderParamsTest.class.getName(), true, withExample);
        var constructor = test.getDeclaredConstructor();
        constructor.setAccessible(true);
        List<String> failures = new ArrayList<>();
        for (Method method : test.getDeclaredMethods()) {
            if (method.isAnnotationPresent(Test.class)) {
                method.setAccessible(true);
                try {
                    method.invoke(constructor.newInstance());
                } catch (InvocationTargetException e) {
                    failures.add(e.getCause().getMessage());
                }
            }
        }
        Pattern named = Pattern.compile("harness/src/main/java/org/stealbench/harness/bench/(\\w+)\\.java: the @Param of"
                + " [\\w.]+ misses \\[(ws-)?" + EXAMPLE_ID + "\\]; replace it with:\n    @Param\\(\\{[^\n]*\"(ws-)?"
                + EXAMPLE_ID + "\"[^\n]*\\}\\)");
        Set<String> files = new TreeSet<>();
        for (String failure : failures) {
            Matcher m = named.matcher(failure);
            assertTrue(m.find(), "a failure that does not give the file and the line to write:\n" + failure);
            do {
                files.add(m.group(1));
            } while (m.find());
        }
        assertEquals(benchmarksWithRegistryContenders(), files, "the files the failures name");
    }

    /**
     * Benchmark classes whose {@code queue} or {@code pool} {@code @Param} is a contender list: it
     * lists more than one registry id (a single id is a fixed setting, such as the gate
     * calibration's queue or the partitioner experiment's pool).
     */
    static Set<String> benchmarksWithRegistryContenders() throws IOException {
        Path bench = Path.of("src/main/java/org/stealbench/harness/bench");
        Set<String> registryIds = new TreeSet<>(Contenders.pools());
        for (QueueKind kind : QueueKind.values()) {
            registryIds.add(kind.id());
        }
        Set<String> out = new TreeSet<>();
        try (var files = Files.list(bench)) {
            for (Path file : files.filter(f -> f.toString().endsWith("Benchmark.java")).toList()) {
                String name = file.getFileName().toString().replace(".java", "");
                for (Class<?> type : classAndNested(name)) {
                    for (var field : type.getFields()) {
                        Param param = field.getAnnotation(Param.class);
                        if (param != null && Set.of("queue", "pool").contains(field.getName())
                                && List.of(param.value()).stream().filter(registryIds::contains).count() > 1) {
                            out.add(name);
                        }
                    }
                }
            }
        }
        return out;
    }

    static List<Class<?>> classAndNested(String simpleName) {
        try {
            Class<?> top = Class.forName(Contenders.class.getPackageName() + "." + simpleName);
            List<Class<?>> all = new ArrayList<>(List.of(top));
            all.addAll(List.of(top.getDeclaredClasses()));
            return all;
        } catch (ClassNotFoundException e) {
            return List.of();
        }
    }
}
