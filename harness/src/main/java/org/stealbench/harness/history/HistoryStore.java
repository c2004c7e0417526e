package org.stealbench.harness.history;

import static org.stealbench.harness.history.HistoryException.throwIf;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * The results history's store, through JDBC: an SQLite file by default ({@value #DEFAULT_FILE}),
 * or a PostgreSQL database a team shares; the same SQL serves both. Opening it brings its schema
 * up to date with Flyway ({@code history/migration/V*.sql}), so a file written by an older build
 * opens with a newer one. An ingest is one transaction and idempotent: a run already there (same
 * run id) and its forks are skipped, so ingesting a folder twice adds nothing, and a failure leaves
 * the store as it was.
 */
public final class HistoryStore implements AutoCloseable {

    /** The default store, relative to the repository. */
    public static final String DEFAULT_FILE = "results/history.db";
    private static final String SQLITE = "jdbc:sqlite:";
    /** The {@code runs} table's columns but {@code ingested_at}, in {@link HistoryRun}'s order. */
    private static final String RUN_COLUMNS = "run_id, kind, source, commit_sha, commit_dirty, started_at, machine, "
            + "cpu_model, cores, jdk, jvm_flags, os, profile";
    /** Flyway's own progress lines (through java.util.logging) stay off the commands' output; warnings show. */
    private static final Logger FLYWAY_LOG = Logger.getLogger("org.flywaydb");

    static {
        FLYWAY_LOG.setLevel(Level.WARNING);
    }

    private final Connection connection;

    private HistoryStore(Connection connection) {
        this.connection = connection;
    }

    /**
     * Opens the store at a JDBC URL ({@code jdbc:sqlite:FILE} or {@code jdbc:postgresql://...}),
     * creating an SQLite file (and its folder) when there is none and migrating the schema.
     *
     * @throws HistoryException when the URL is not one of these or the store cannot be opened
     */
    public static HistoryStore open(String url) throws HistoryException {
        throwIf(!url.startsWith(SQLITE) && !url.startsWith("jdbc:postgresql:"),
                "--db " + url + ": expected jdbc:sqlite:FILE or jdbc:postgresql://HOST/DB");
        try {
            if (url.startsWith(SQLITE)) {
                Path parent = Path.of(url.substring(SQLITE.length())).toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
            }
            Flyway.configure().dataSource(url, null, null).locations("classpath:history/migration")
                    .load().migrate();
            Connection c = DriverManager.getConnection(url);
            c.setAutoCommit(false);
            return new HistoryStore(c);
        } catch (FlywayException | SQLException | java.io.IOException e) {
            throw new HistoryException("--db " + url + ": cannot open the store (" + firstLine(e) + ")", e);
        }
    }

    public record Added(int runs, int measurements, int skippedRuns) {
    }

    /**
     * Adds the sources' runs and figures in one transaction; runs already in the store are skipped
     * with their forks.
     *
     * @throws HistoryException when the store refuses a row (nothing of this ingest is kept)
     */
    public Added ingest(List<Ingest> ingests) throws HistoryException {
        String now = Instant.now().toString();
        int runs = 0;
        int rows = 0;
        int skipped = 0;
        try (PreparedStatement run = connection.prepareStatement("INSERT INTO runs (" + RUN_COLUMNS + ", ingested_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_id) DO NOTHING");
             PreparedStatement m = connection.prepareStatement("INSERT INTO measurements (run_id, experiment, "
                     + "benchmark, params, contender, measure, fork, value, unit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                     + "ON CONFLICT (run_id, experiment, benchmark, params, contender, measure, fork) DO NOTHING")) {
            for (Ingest in : ingests) {
                HistoryRun r = in.run();
                if (update(run, r.runId(), r.kind(), r.source(), r.commit(), r.dirty() ? 1 : 0, r.startedAt(),
                        r.machine(), r.cpuModel(), r.cores(), r.jdk(), r.jvmFlags(), r.os(), r.profile(), now) == 0) {
                    skipped++;
                    continue;
                }
                runs++;
                for (Measurement x : in.measurements()) {
                    rows += update(m, r.runId(), x.experiment(), x.benchmark(), x.params(), x.contender(), x.measure(),
                            x.fork(), x.value(), x.unit());
                }
            }
            connection.commit();
            return new Added(runs, rows, skipped);
        } catch (SQLException e) {
            rollback();
            throw new HistoryException("the store refused the ingest, nothing was added (" + firstLine(e) + ")", e);
        }
    }

    /** Every run, oldest first. */
    public List<HistoryRun> runs() throws HistoryException {
        return query("SELECT " + RUN_COLUMNS + " FROM runs ORDER BY started_at, run_id", HistoryStore::run);
    }

    public record Row(HistoryRun run, Measurement measurement) {
    }

    /** Every measurement with its run, in run order (oldest first), then as stored. */
    public List<Row> rows() throws HistoryException {
        return query("SELECT r." + RUN_COLUMNS.replace(", ", ", r.")
                + ", m.experiment, m.benchmark, m.params, m.contender, m.measure, m.fork, m.value, m.unit "
                + "FROM measurements m JOIN runs r ON r.run_id = m.run_id "
                + "ORDER BY r.started_at, r.run_id, m.experiment, m.benchmark, m.params, m.contender, m.measure, m.fork",
                rs -> new Row(run(rs), new Measurement(rs.getString(14), rs.getString(15), rs.getString(16),
                        rs.getString(17), rs.getString(18), rs.getInt(19), rs.getDouble(20), rs.getString(21))));
    }

    private interface RowReader<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private <T> List<T> query(String sql, RowReader<T> reader) throws HistoryException {
        List<T> out = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement(sql); ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(reader.read(rs));
            }
            connection.commit();
            return out;
        } catch (SQLException e) {
            throw new HistoryException("cannot read the store (" + firstLine(e) + ")", e);
        }
    }

    /** Binds {@code values} to the statement's parameters in order and runs it; returns the rows it changed. */
    private static int update(PreparedStatement statement, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            statement.setObject(i + 1, values[i]);
        }
        return statement.executeUpdate();
    }

    private static HistoryRun run(ResultSet rs) throws SQLException {
        return new HistoryRun(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5) != 0,
                rs.getString(6), rs.getString(7), rs.getString(8), rs.getInt(9), rs.getString(10), rs.getString(11),
                rs.getString(12), rs.getString(13));
    }

    private void rollback() {
        try {
            connection.rollback();
        } catch (SQLException e) {
            // the connection is broken: the database discards the open transaction itself
        }
    }

    private static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.strip().lines().findFirst().orElse(m);
    }

    @Override
    public void close() throws HistoryException {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new HistoryException("cannot close the store (" + firstLine(e) + ")", e);
        }
    }
}
