package org.stealbench.harness.history;

/**
 * One ingested run, a row of the store's {@code runs} table: where its figures came from and what
 * they were measured on, so that results of different machines or JDKs are never mixed.
 *
 * @param runId     the run folder's name; for a gate job or a JMH file, its name and a hash of its content
 * @param source    the folder or file ingested, as given
 * @param commit    the git commit measured ({@code unknown} when not recorded); {@code dirty} if its tree had changes
 * @param startedAt ISO-8601 UTC
 * @param machine   the machine's name ({@code ingest --machine}) or its CPU, cores and memory
 * @param cores     0 when unknown
 * @param jdk       vendor and version of the JDK that ran the benchmarks
 * @param profile   the run's profile ({@code quick}, {@code gate-ab}, ...)
 */
public record HistoryRun(String runId, String kind, String source, String commit, boolean dirty, String startedAt,
                         String machine, String cpuModel, int cores, String jdk, String jvmFlags, String os,
                         String profile) {

    /** A run folder written by {@code scripts/bench}. */
    public static final String RUN = "run";
    /** A paired gate job's folder. */
    public static final String GATE = "gate";
    /** A plain JMH JSON file. */
    public static final String JMH = "jmh";

    /** The commit's first seven characters, as the history's pages show it. */
    public String shortCommit() {
        return commit.length() > 7 ? commit.substring(0, 7) : commit;
    }

    /** The short commit with {@code +} when its tree had uncommitted changes, as tables name a run's build. */
    public String commitLabel() {
        return shortCommit() + (dirty ? "+" : "");
    }

    /** The day it started, {@code yyyy-mm-dd} (UTC). */
    public String day() {
        return startedAt.substring(0, Math.min(10, startedAt.length()));
    }
}
