package org.stealbench.harness.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class FiguresTableTest {

    private static final String FJP = FiguresTable.BASELINE;
    private static final String WS = FiguresTable.POOL;
    /** Rounds whose load drifts eightfold while ws-chase-lev takes about half of jdk-fjp's time in each. */
    private static final double[] DRIFTING = {10, 20, 40, 80, 160};
    private static final double[] HALF_OF_DRIFTING = {5.05, 9.9, 20.2, 39.6, 80.8};

    @TempDir
    Path tmp;

    private String table(RunFolderFixture... runs) throws Exception {
        List<FiguresTable.Run> read = new ArrayList<>();
        for (RunFolderFixture r : runs) {
            read.add(FiguresTable.read(r.write()));
        }
        return FiguresTable.markdown(read);
    }

    private RunFolderFixture run(String name) {
        return RunFolderFixture.at(tmp, name);
    }

    @Test
    void markdown_roundsThatDriftTogether_ratioOfThePairedRoundsWithItsInterval() throws Exception {
        String t = table(run("20261126T210758Z-adaba82-jdk17").fib(FJP, DRIFTING).fib(WS, HALF_OF_DRIFTING));

        // per-round ratios 0.505, 0.495, 0.505, 0.495, 0.505: unpaired, the drift would make the interval span 0.1x to 2.5x
        assertEquals("""
                #### AMD EPYC, 2 cores, 24 GiB

                | workload | JDK | time ws-chase-lev / jdk-fjp | 95% interval | rounds | forks never steady | commit | date |
                | --- | --- | --- | --- | --- | --- | --- | --- |
                | fork-join-fib, ForkJoinFibBenchmark.fib, n=32 threads=2 threshold=0 | Debian 17.0.15 | 0.501x | 0.494 to 0.508 | 5 | none | adaba82 | 2026-11-26 |

                """, t);
    }

    @Test
    void markdown_aTuningOtherThanTheDefaults_noRow() throws Exception {
        RunFolderFixture r = run("20261126T210758Z-adaba82");
        for (String tuning : List.of("default", "searching")) {
            for (String pool : List.of(FJP, WS)) {
                r.result("fork-join-fib", "org.stealbench.harness.bench.ForkJoinFibBenchmark.fib",
                        Map.of("pool", pool, "threads", "2", "n", "25", "tuning", tuning), 10, 11, 12);
            }
        }
        String t = table(r);

        assertTrue(t.contains("tuning=default"), t);
        assertFalse(t.contains("tuning=searching"), t);
    }

    @Test
    void markdown_twoJdksOnOneMachine_oneTableWithARowPerJdk() throws Exception {
        String t = table(run("20261126T210758Z-adaba82-jdk17").fib(FJP, 10, 11, 12).fib(WS, 5, 5.5, 6),
                run("20261126T210920Z-adaba82-jdk25").jdk("Eclipse Adoptium", "25.0.3").fib(FJP, 10, 11, 12)
                        .fib(WS, 20, 22, 24));

        assertEquals(1, t.lines().filter(l -> l.startsWith("#### ")).count(), t);
        assertTrue(t.contains("| Debian 17.0.15 | 0.5x | 0.5 to 0.5 | 3 |"), t);
        assertTrue(t.contains("| Eclipse Adoptium 25.0.3 | 2x | 2 to 2 | 3 |"), t);
    }

    @Test
    void markdown_twoMachines_aTableEachNeverMixed() throws Exception {
        String t = table(run("20261126T210758Z-adaba82").fib(FJP, 10, 11, 12).fib(WS, 5, 5.5, 6),
                run("20261127T090000Z-adaba82").cpu("Intel Xeon").fib(FJP, 10, 11, 12).fib(WS, 20, 22, 24));

        int amd = t.indexOf("#### AMD EPYC, 2 cores, 24 GiB");
        int intel = t.indexOf("#### Intel Xeon, 2 cores, 24 GiB");
        assertTrue(amd >= 0 && intel > amd, t);
        assertTrue(t.substring(amd, intel).contains("| 0.5x |") && !t.substring(amd, intel).contains("| 2x |"), t);
        assertTrue(t.substring(intel).contains("| 2x |") && !t.substring(intel).contains("| 0.5x |"), t);
    }

    @Test
    void markdown_olderAndNewerRunOnOneJdk_showsTheNewer() throws Exception {
        String t = table(run("20261126T210758Z-adaba82").fib(FJP, 10, 11, 12).fib(WS, 5, 5.5, 6),
                run("20261127T090000Z-bbbbbbb").fib(FJP, 10, 11, 12).fib(WS, 20, 22, 24));

        assertTrue(t.contains("| 2x | 2 to 2 | 3 | none | bbbbbbb | 2026-11-27 |"), t);
        assertFalse(t.contains("adaba82"), t);
    }

    @Test
    void markdown_contenderWithNoSteadyFork_saysNotSteadyInsteadOfARatio() throws Exception {
        String t = table(run("20261126T210758Z-adaba82").fib(FJP, 10, 11, 12).fib(WS, 5, 5.5, 6)
                .unsettled(WS, 0, 1, 2).unsettled(FJP, 1));

        assertTrue(t.contains("| not steady | - | 3 | ws-chase-lev 3 of 3, jdk-fjp 1 of 3 | adaba82 |"), t);
        assertFalse(t.contains("0.5x"), t);
    }

    @Test
    void markdown_someForksUnsettled_ratioWithTheirCount() throws Exception {
        String t = table(run("20261126T210758Z-adaba82").fib(FJP, 10, 11, 12).fib(WS, 5, 5.5, 6)
                .unsettled(WS, 1).unsettled(FJP, 0, 2));

        assertTrue(t.contains("| 0.5x | 0.5 to 0.5 | 3 | ws-chase-lev 1 of 3, jdk-fjp 2 of 3 | adaba82 |"), t);
    }

    @Test
    void markdown_contendersWithDifferentRounds_refusedNamingTheRun() throws Exception {
        Path dir = run("20261126T210758Z-adaba82").fib(FJP, 10, 11, 12).fib(WS, 5, 5.5).write();
        FiguresTable.Run in = FiguresTable.read(dir);

        HistoryException e = assertThrows(HistoryException.class, () -> FiguresTable.markdown(List.of(in)));

        assertTrue(e.getMessage().startsWith(dir + ": fork-join-fib") && e.getMessage().contains("cannot pair"),
                e.getMessage());
    }

    @Test
    void markdown_noWorkloadWithBothContenders_refused() throws Exception {
        FiguresTable.Run in = FiguresTable.read(run("20261126T210758Z-adaba82").fib(FJP, 10, 11, 12).fib("ws-duffy", 5, 6, 7)
                .write());

        HistoryException e = assertThrows(HistoryException.class, () -> FiguresTable.markdown(List.of(in)));

        assertTrue(e.getMessage().contains("both ws-chase-lev and jdk-fjp"), e.getMessage());
    }

    @Test
    void read_runNotInterleaved_refusedNamingTheExperiment() throws Exception {
        Path dir = run("20261126T210758Z-adaba82").notInterleaved().fib(FJP, 10, 11).fib(WS, 5, 6).write();

        HistoryException e = assertThrows(HistoryException.class, () -> FiguresTable.read(dir));

        assertTrue(e.getMessage().contains("fork-join-fib did not run in interleaved rounds"), e.getMessage());
    }

    @Test
    void intoDoc_replacesOnlyWhatLiesBetweenTheMarkers() throws Exception {
        String doc = "# Doc\n\nbefore\n" + FiguresTable.BEGIN + "\nold table\n" + FiguresTable.END + "\nafter\n";

        assertEquals("# Doc\n\nbefore\n" + FiguresTable.BEGIN + "\nnew table\n\n" + FiguresTable.END + "\nafter\n",
                FiguresTable.intoDoc(doc, "new table\n\n", Path.of("doc.md")));
    }

    @Test
    void intoDoc_markerMissingOrTwice_refused() {
        String table = "t\n";
        Path file = Path.of("doc.md");

        assertThrows(HistoryException.class, () -> FiguresTable.intoDoc("no markers\n", table, file));
        assertThrows(HistoryException.class, () -> FiguresTable.intoDoc(FiguresTable.END + "\n" + FiguresTable.BEGIN
                + "\n", table, file));
        HistoryException e = assertThrows(HistoryException.class, () -> FiguresTable.intoDoc(FiguresTable.BEGIN + "\n"
                + FiguresTable.END + "\n" + FiguresTable.END + "\n", table, file));
        assertTrue(e.getMessage().startsWith("doc.md: "), e.getMessage());
    }
}
