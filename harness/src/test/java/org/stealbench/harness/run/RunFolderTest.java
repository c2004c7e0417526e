package org.stealbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stealbench.harness.results.ExperimentId;
import org.stealbench.harness.results.RoundsFile;
import org.stealbench.harness.results.RunFolder;

final class RunFolderTest {

    private static final Instant T = Instant.parse("2026-11-22T03:22:25Z");

    @Test
    void name_stampShaAndJdk() {
        assertEquals("20261122T032225Z-62528d8", RunFolder.name(T, "62528d8aaaaaaa", null));
        assertEquals("20261122T032225Z-nogit-jdk25", RunFolder.name(T, null, "25"));
    }

    @Test
    void create_layoutNamesEveryFile(@TempDir Path dir) throws Exception {
        RunFolder run = RunFolder.create(dir, T, "62528d8aaaaaaa", null);
        ExperimentId id = ExperimentId.of("deque-ops");

        assertTrue(Files.isDirectory(run.dir()));
        assertEquals("jmh-deque-ops.json", run.results(id).getFileName().toString());
        assertEquals("rounds-deque-ops.json", run.rounds(id).getFileName().toString());
        assertEquals("forks/deque-ops/x-r0.json", run.relative(run.fork(id, "x-r0")));
        assertEquals("env.json", run.env().getFileName().toString());
        assertThrows(java.nio.file.FileAlreadyExistsException.class,
                () -> RunFolder.create(dir, T, "62528d8aaaaaaa", null));
    }

    @Test
    void latestIn_newestRunFolderIgnoringOthers(@TempDir Path dir) throws Exception {
        RunFolder.create(dir, T, "aaaaaaa", null);
        RunFolder newer = RunFolder.create(dir, T.plusSeconds(60), "bbbbbbb", null);
        Files.createDirectory(dir.resolve("zzz-not-a-run"));

        assertEquals(newer.dir(), RunFolder.latestIn(dir).orElseThrow().dir());
        assertFalse(RunFolder.latestIn(dir.resolve("missing")).isPresent());
    }

    @Test
    void roundsFile_roundTripsAndMarksTheExperimentInterleaved(@TempDir Path dir) throws Exception {
        RunFolder run = RunFolder.create(dir, T, "aaaaaaa", null);
        ExperimentId id = ExperimentId.of("deque-ops");
        assertFalse(run.interleaved(id));
        RoundsFile rounds = new RoundsFile("deque-ops", 42, 3, List.of())
                .with(new RoundsFile.Fork(0, 0, "b.B.m", Map.of("queue", "locked"), T.toString(),
                        "forks/deque-ops/m-r0.json", null, new RoundsFile.Steadiness("warm-up", 12, 3, 0.25, 5)))
                .with(new RoundsFile.Fork(0, 1, "b.B.m", Map.of("queue", "duffy"), T.toString(), null, "died", null));

        rounds.write(run.rounds(id));

        assertTrue(run.interleaved(id));
        assertEquals(rounds, RoundsFile.read(run.rounds(id)));
        assertFalse(rounds.forks().get(0).steady() == null || !rounds.forks().get(0).steady().steady());
        assertFalse(Files.readString(run.rounds(id)).contains("\"steady\" : null"), "a fork that failed has no steady field");
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(run.rounds(id))));
    }

    @Test
    void experiments_listedFromResultFiles(@TempDir Path dir) throws Exception {
        RunFolder run = RunFolder.create(dir, T, "aaaaaaa", null);
        Files.writeString(run.results(ExperimentId.of("queue-drain")), "[]");
        Files.writeString(run.results(ExperimentId.of("deque-ops")), "[]");
        Files.writeString(run.dir().resolve("jmh-Bad Name.json"), "[]");

        assertEquals(List.of(ExperimentId.of("deque-ops"), ExperimentId.of("queue-drain")), run.experiments());
    }

    @Test
    void experimentId_refusesWhatCannotBeAFileName() {
        assertThrows(IllegalArgumentException.class, () -> ExperimentId.of("../x"));
        assertEquals(ExperimentId.of("seed-002"), ExperimentId.ofResultFile("jmh-seed-002.json").orElseThrow());
        assertFalse(ExperimentId.ofResultFile("env.json").isPresent());
    }
}
