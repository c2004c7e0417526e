package org.stealbench.queues;

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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 11: "a newcomer adds a variant with one class and one registry line". The checklist in
 * {@code package-info.java} ("Adding a variant") promises that the line in {@link QueueKind}
 * alone reaches the contract, exactly-once stress and Lincheck tests. This test does what a
 * newcomer does: it takes the one class ({@link ExampleLockedDeque}, test sources), adds one line
 * to a copy of {@code QueueKind.java}, compiles that copy and loads it (with this module's
 * classes) in a class loader of its own, where the registry has the new kind. There it checks
 * that every parameterized test of the checklist's test classes takes the new kind (a hand-kept
 * list of kinds fails here), and runs the contract test's bodies on it. The harness's
 * {@code AddVariantTest} does the same for the pools and the benchmarks' contender lists.
 */
@Tag("quick")
final class AddVariantTest {

    /** The newcomer's one line, inserted as the registry's first constant. */
    static final String REGISTRY_LINE = "    EXAMPLE_LOCKED(\"example-locked\", ExampleLockedDeque.TRAITS,"
            + " ExampleLockedDeque::new, ExampleLockedDeque::new),";
    static final String EXAMPLE_ID = "example-locked";

    /** The test classes of this module that step 2 of the checklist says the line reaches. */
    static final List<String> REACHED = List.of("QueueContractTest", "ExactlyOnceStressTest", "QueueLincheckTest");

    /** Parameterized tests that take a subset of the kinds on purpose: why the new kind is not in it. */
    static final Map<String, String> SUBSETS = Map.of(
            "QueueLincheckTest.modelCheckingLongScenarios_linearizable",
            "only kinds whose BUDGETS line asks for long scenarios");

    static final Path MODULE_SOURCES = Path.of("src/main/java/org/stealbench/queues");

    @TempDir
    static Path compiled;
    static ClassLoader withExample;
    static Class<?> kindClass;
    static Object exampleKind;

    @BeforeAll
    static void registerTheExampleWithOneLine() throws Exception {
        withExample = compileRegistryWithLine(compiled, REGISTRY_LINE,
                List.of(codeSource(QueueKind.class), codeSource(AddVariantTest.class)));
        kindClass = Class.forName(QueueKind.class.getName(), true, withExample);
        exampleKind = kindClass.getMethod("byId", String.class).invoke(null, EXAMPLE_ID);
    }

    @Test
    void registryLine_alone_makesTheKind() throws Exception {
        assertEquals(QueueKind.values().length + 1, kindClass.getEnumConstants().length);
        Object queue = kindClass.getMethod("create").invoke(exampleKind);
        assertEquals(ExampleLockedDeque.class.getName(), queue.getClass().getName());
        assertEquals(ExampleLockedDeque.TRAITS.toString(),
                kindClass.getMethod("traits").invoke(exampleKind).toString());
    }

    /** Every parameterized test over kinds in the checklist's classes takes the new kind. */
    @Test
    void checklistTests_takeTheNewKind_fromTheRegistryLineAlone() throws Exception {
        List<String> missed = new ArrayList<>();
        int reached = 0;
        for (String name : REACHED) {
            Class<?> test = Class.forName(QueueKind.class.getPackageName() + "." + name, true, withExample);
            for (Method method : test.getDeclaredMethods()) {
                if (!method.isAnnotationPresent(ParameterizedTest.class)
                        || method.getParameterCount() == 0 || method.getParameterTypes()[0] != kindClass) {
                    continue;
                }
                String where = name + "." + method.getName();
                if (kindsOf(test, method).contains(exampleKind)) {
                    reached++;
                } else if (!SUBSETS.containsKey(where)) {
                    missed.add(where);
                }
            }
        }
        assertEquals(List.of(), missed, "parameterized tests that do not take a kind added by its registry line"
                + " (a hand-kept list of kinds?); a deliberate subset belongs in SUBSETS with its reason");
        assertTrue(reached >= REACHED.size(), "found only " + reached + " parameterized tests over kinds");
    }

    /** The contract test's bodies, run on the new kind in the registry that has its line. */
    @Test
    void contractTest_passesOnTheNewKind() throws Exception {
        Class<?> test = Class.forName(QueueContractTest.class.getName(), true, withExample);
        var constructor = test.getDeclaredConstructor();
        constructor.setAccessible(true);
        int ran = 0;
        for (Method method : test.getDeclaredMethods()) {
            if (method.isAnnotationPresent(EnumSource.class)) {
                method.setAccessible(true);
                try {
                    method.invoke(constructor.newInstance(), exampleKind);
                } catch (InvocationTargetException e) {
                    throw new AssertionError("QueueContractTest." + method.getName() + "[" + EXAMPLE_ID + "] failed: "
                            + e.getCause(), e.getCause());
                }
                ran++;
            }
        }
        assertTrue(ran >= 8, "ran only " + ran + " contract tests");
    }

    /**
     * The checklist's steps 1 and 2 are one class and one registry line, and the test classes its
     * step 2 names in this module are the ones checked above; the README says the same.
     */
    @Test
    void checklist_namesOneClassOneLine_andTheTestsChecked() throws IOException {
        String info = Files.readString(MODULE_SOURCES.resolve("package-info.java"), StandardCharsets.UTF_8);
        int start = info.indexOf("<h2>Adding a variant</h2>");
        assertTrue(start >= 0, "package-info.java has no 'Adding a variant' section");
        String checklist = info.substring(start, info.indexOf("</ol>", start));
        List<String> steps = Arrays.stream(checklist.split("<li>")).skip(1)
                .map(s -> s.replaceAll("\\s*\\*\\s*", " ").strip()).toList();
        assertTrue(steps.get(0).startsWith("One class here"), steps.get(0));
        assertTrue(steps.get(1).startsWith("One line in {@link org.stealbench.queues.QueueKind}"), steps.get(1));
        Set<String> named = new TreeSet<>();
        Matcher m = Pattern.compile("\\{@code (\\w+Test)\\}").matcher(steps.get(1));
        while (m.find()) {
            named.add(m.group(1));
        }
        assertEquals(new TreeSet<>(REACHED), named, "the test classes step 2 names");
        String readme = Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        assertTrue(readme.contains("is one class and one `QueueKind` line"), "README.md: the one-class-one-line promise");
    }

    /** Step 5: each kind has its row in docs/using.md's variant table. */
    @Test
    void usingDoc_variantTable_hasARowForEveryKind() throws IOException {
        List<String> rows = Files.readAllLines(Path.of("../docs/using.md"), StandardCharsets.UTF_8).stream()
                .filter(line -> line.startsWith("| `")).toList();
        List<String> missing = Stream.of(QueueKind.values()).map(QueueKind::id)
                .filter(id -> rows.stream().noneMatch(row -> row.split("\\|")[1].contains("`" + id + "`")))
                .toList();
        assertEquals(List.of(), missing, "docs/using.md: kinds without a row in the variant table");
    }

    /** The kinds a parameterized test runs with, read from its source as JUnit would. */
    static Set<Object> kindsOf(Class<?> test, Method method) throws ReflectiveOperationException {
        EnumSource enumSource = method.getAnnotation(EnumSource.class);
        if (enumSource != null) {
            Set<String> names = Set.of(enumSource.names());
            return Arrays.stream(enumSource.value().getEnumConstants())
                    .filter(c -> names.isEmpty() || switch (enumSource.mode()) {
                        case INCLUDE -> names.contains(((Enum<?>) c).name());
                        case EXCLUDE -> !names.contains(((Enum<?>) c).name());
                        default -> false;
                    })
                    .collect(Collectors.toCollection(LinkedHashSet::new));
        }
        MethodSource methodSource = method.getAnnotation(MethodSource.class);
        assertNotNull(methodSource, test.getSimpleName() + "." + method.getName() + ": no @EnumSource or @MethodSource");
        Set<Object> kinds = new LinkedHashSet<>();
        for (String factoryName : methodSource.value()) {
            Method factory = test.getDeclaredMethod(factoryName.isEmpty() ? method.getName() : factoryName);
            factory.setAccessible(true);
            try (Stream<?> arguments = (Stream<?>) factory.invoke(null)) {
                arguments.forEach(a -> kinds.add(a instanceof Arguments args ? args.get()[0] : a));
            }
        }
        return kinds;
    }

    /**
     * Compiles {@code QueueKind.java} with {@code line} inserted as its first constant into
     * {@code out}, and returns a class loader that loads every {@code org.stealbench} class from
     * {@code out} first, then from {@code classes}: the registry with the new line, the rest as built.
     */
    static ClassLoader compileRegistryWithLine(Path out, String line, List<Path> classes) throws IOException {
        String source = Files.readString(MODULE_SOURCES.resolve("QueueKind.java"), StandardCharsets.UTF_8);
        String header = "public enum QueueKind {\n";
        assertTrue(source.contains(header), "QueueKind.java: no '" + header.strip() + "' line");
        Path copy = Files.createDirectories(out.resolve("src")).resolve("QueueKind.java");
        Files.writeString(copy, source.replace(header, header + line + "\n"), StandardCharsets.UTF_8);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "no Java compiler in this JDK");
        Path classesOut = Files.createDirectories(out.resolve("classes"));
        String classPath = classes.stream().map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator));
        int exit = javac.run(null, null, null, "--release", "17", "-proc:none", "-nowarn",
                "-cp", classPath, "-d", classesOut.toString(), copy.toString());
        assertEquals(0, exit, "javac of QueueKind.java with the line " + line);
        List<URL> urls = new ArrayList<>();
        urls.add(classesOut.toUri().toURL());
        for (Path path : classes) {
            urls.add(path.toUri().toURL());
        }
        return new StealbenchFirst(urls.toArray(URL[]::new), AddVariantTest.class.getClassLoader());
    }
}
