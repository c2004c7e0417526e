package org.stealbench.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's contract, run against each database it supports (one subclass per database): ingest
 * of the committed fixture run and a calibration gate job, ingest twice adds nothing, a damaged
 * folder is refused and a failed transaction leaves the store as it was.
 */
abstract class StoreContract {

    static final Path FIXTURE_RUN = Path.of("src/test/resources/report/run/20261122T032225Z-62528d8");
    /** A real gate job folder (an A/A job of the 2026-11-24 calibration), kept as a test fixture. */
    static final Path GATE_JOB = Path.of("src/test/resources/history/gate-job-001-aa");

    @TempDir
    Path tmp;

    /** A JDBC URL of an empty store of this database. */
    abstract String emptyStore() throws Exception;

    @Test
    void ingest_runFolderTwice_addsItsForksOnce() throws Exception {
        try (HistoryStore store = HistoryStore.open(emptyStore())) {
            Ingest run = HistorySources.read(FIXTURE_RUN, null, null);
            HistoryStore.Added first = store.ingest(List.of(run));
            HistoryStore.Added second = store.ingest(List.of(HistorySources.read(FIXTURE_RUN, null, null)));

            assertEquals(1, first.runs());
            assertEquals(run.measurements().size(), first.measurements());
            assertTrue(first.measurements() > 100, "the fixture has many forks: " + first.measurements());
            assertEquals(new HistoryStore.Added(0, 0, 1), second);
            assertEquals(run.measurements().size(), store.rows().size());
            HistoryRun stored = store.runs().get(0);
            assertEquals("20261122T032225Z-62528d8", stored.runId());
            assertEquals("62528d8bc7c9bdb4c409bb96a532d22fc37c7765", stored.commit());
            assertEquals("AMD EPYC", stored.cpuModel());
            assertEquals(2, stored.cores());
            assertEquals("Debian 17.0.15", stored.jdk());
            assertTrue(stored.jvmFlags().contains("-XX:+UseG1GC"));
        }
    }

    @Test
    void ingest_gateJob_storesSideBPerPair() throws Exception {
        try (HistoryStore store = HistoryStore.open(emptyStore())) {
            HistoryStore.Added added = store.ingest(List.of(HistorySources.read(GATE_JOB, null, null)));

            assertEquals(1, added.runs());
            HistoryRun run = store.runs().get(0);
            assertEquals(HistoryRun.GATE, run.kind());
            assertTrue(run.runId().startsWith(GATE_JOB.getFileName() + "-"), run.runId());
            List<HistoryStore.Row> chaseLev = store.rows().stream()
                    .filter(r -> r.measurement().contender().equals("chase-lev")
                            && r.measurement().measure().equals(Measurement.SCORE)
                            && r.measurement().experiment().equals("deque-ops"))
                    .toList();
            assertEquals(8, chaseLev.size());
            assertEquals(17.71211623595117, chaseLev.get(0).measurement().value(), 1e-12);
        }
    }

    @Test
    void ingest_damagedFolder_isRefusedAndStoreUnchanged() throws Exception {
        Path damaged = tmp.resolve("20261122T032225Z-62528d8");
        Files.createDirectories(damaged);
        try (var files = Files.list(FIXTURE_RUN)) {
            for (Path f : files.toList()) {
                if (Files.isRegularFile(f)) {
                    Files.copy(f, damaged.resolve(f.getFileName()));
                }
            }
        }
        String json = Files.readString(damaged.resolve("jmh-deque-ops.json"));
        Files.writeString(damaged.resolve("jmh-deque-ops.json"), json.substring(0, json.length() / 2));
        try (HistoryStore store = HistoryStore.open(emptyStore())) {
            store.ingest(List.of(HistorySources.read(GATE_JOB, null, null)));
            int before = store.rows().size();

            HistoryException e = assertThrows(HistoryException.class, () -> HistorySources.read(damaged, null, null));

            assertTrue(e.getMessage().contains("jmh-deque-ops.json"), e.getMessage());
            assertEquals(before, store.rows().size());
            assertEquals(1, store.runs().size());
        }
    }

    @Test
    void ingest_rowTheStoreRefuses_rollsBackTheWholeIngest() throws Exception {
        try (HistoryStore store = HistoryStore.open(emptyStore())) {
            Ingest good = HistorySources.read(GATE_JOB, null, null);
            Ingest fixture = HistorySources.read(FIXTURE_RUN, null, null);
            Measurement broken = new Measurement("x", "B.m", "", "", Measurement.SCORE, 0, 1.0, null);
            Ingest bad = new Ingest(fixture.run(), List.of(fixture.measurements().get(0), broken));

            assertThrows(HistoryException.class, () -> store.ingest(List.of(good, bad)));

            assertEquals(0, store.runs().size());
            assertEquals(0, store.rows().size());
        }
    }

    @Test
    void open_existingStore_keepsItsRows() throws Exception {
        String url = emptyStore();
        try (HistoryStore store = HistoryStore.open(url)) {
            store.ingest(List.of(HistorySources.read(GATE_JOB, null, null)));
        }
        try (HistoryStore again = HistoryStore.open(url)) {
            assertEquals(1, again.runs().size());
        }
    }

}
