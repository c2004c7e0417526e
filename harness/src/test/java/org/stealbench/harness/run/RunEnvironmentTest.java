package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("quick")
class RunEnvironmentTest {

    private static final Path TREE = Path.of("/work/repo");
    private static final String HEAD = "1111111111111111111111111111111111111111";

    private static Map<String, Object> expected(String sha, Boolean dirty, String source) {
        Map<String, Object> m = new HashMap<>();
        m.put("gitSha", sha);
        m.put("gitDirty", dirty);
        m.put("gitShaSource", source);
        return m;
    }

    @Test
    void commit_jarInsideTheTree_isTheWorkingTreesEvenIfTheBuildSaysOtherwise() {
        // Built from uncommitted changes, committed since: the tree (clean now) describes the jar.
        assertEquals(expected(HEAD, false, "working tree"), RunEnvironment.commit(
                TREE.resolve("harness/target/benchmarks.jar"), TREE, HEAD, "", "222222222222-dirty"));
        assertEquals(expected(HEAD, true, "working tree"), RunEnvironment.commit(
                TREE.resolve("harness/target/benchmarks.jar"), TREE, HEAD, " M pom.xml\n", "222222222222"));
    }

    @Test
    void commit_jarOutsideTheTree_isTheOneTheJarWasBuiltFrom() {
        assertEquals(expected("222222222222", false, "jar build"), RunEnvironment.commit(
                Path.of("/tmp/jars/old.jar"), TREE, HEAD, "", "222222222222"));
        assertEquals(expected("222222222222", true, "jar build"), RunEnvironment.commit(
                Path.of("/tmp/jars/old.jar"), TREE, HEAD, "", "222222222222-dirty"));
        // A sibling folder whose name starts like the tree's is outside it.
        assertEquals(expected("222222222222", false, "jar build"), RunEnvironment.commit(
                Path.of("/work/repo-copy/benchmarks.jar"), TREE, HEAD, "", "222222222222"));
    }

    @Test
    void commit_unknownParts_areNull() {
        // Not in a git checkout: the jar's build, if it recorded one.
        assertEquals(expected("222222222222", false, "jar build"), RunEnvironment.commit(
                Path.of("/tmp/jars/old.jar"), null, null, null, "222222222222"));
        assertEquals(expected(null, null, "jar build"), RunEnvironment.commit(
                Path.of("/tmp/jars/old.jar"), null, null, null, null));
        assertEquals(expected(null, null, "jar build"), RunEnvironment.commit(null, TREE, HEAD, "", null));
        assertEquals(expected(HEAD, null, "working tree"), RunEnvironment.commit(
                TREE.resolve("benchmarks.jar"), TREE, HEAD, null, null));
    }

    /** The selected mode is the bracketed one; no file (not Linux) is null. */
    @Test
    void transparentHugePages_isTheBracketedMode(@TempDir Path dir) throws Exception {
        Path mode = dir.resolve("enabled");
        Files.writeString(mode, "always [madvise] never\n");
        assertEquals("madvise", RunEnvironment.transparentHugePages(mode));
        Files.writeString(mode, "[always] madvise never\n");
        assertEquals("always", RunEnvironment.transparentHugePages(mode));
        Files.writeString(mode, "always madvise [never]\n");
        assertEquals("never", RunEnvironment.transparentHugePages(mode));
        assertNull(RunEnvironment.transparentHugePages(dir.resolve("absent")));
    }

    @Test
    void describe_recordsTheJmhVersionOnTheClassPath() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Object version = RunEnvironment.describe(java, "quick", null, List.of()).get("jmhVersion");
        assertTrue(version instanceof String v && v.matches("\\d+\\.\\d+(\\.\\d+)?"), String.valueOf(version));
    }
}
