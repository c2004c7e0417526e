package org.stealbench.harness.history;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server for the store's tests, started from the machine's Debian
 * {@code postgresql} package ({@code /usr/lib/postgresql/<version>/bin}): a fresh cluster in a
 * temporary folder, on a free loopback port, without fsync. PostgreSQL refuses to run as root, so
 * under root its commands run as the package's {@code postgres} user ({@code runuser}).
 */
final class PostgresServer implements AutoCloseable {

    private static final String USER = "postgres";

    private final Path dir;
    private final Path bin;
    private final int port;
    private int databases;

    private PostgresServer(Path dir, Path bin, int port) {
        this.dir = dir;
        this.bin = bin;
        this.port = port;
    }

    /** Creates and starts a cluster; fails naming what is missing when the package is not installed. */
    static PostgresServer start() throws IOException, InterruptedException {
        Path bin = binaries();
        Path dir = Files.createTempDirectory("stealbench-pg");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        PostgresServer server = new PostgresServer(dir, bin, port);
        if (root()) {
            run(List.of("chown", USER, dir.toString()), dir);
        }
        server.pg(List.of(bin.resolve("initdb").toString(), "-D", dir.resolve("data").toString(), "-A", "trust",
                "-U", USER, "-E", "UTF8", "--locale=C", "--no-sync"));
        server.pg(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-w", "-t", "60",
                "-l", dir.resolve("server.log").toString(), "-o", "-p " + port + " -k " + dir
                        + " -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off", "start"));
        return server;
    }

    /** A JDBC URL of a new, empty database on the server. */
    String newDatabase() throws SQLException {
        String name = "store" + (databases++);
        try (Connection c = DriverManager.getConnection(url("postgres")); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return url(name);
    }

    private String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=" + USER;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            pg(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "immediate",
                    "-w", "stop"));
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private void pg(List<String> command) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (root()) {
            full.addAll(List.of("runuser", "-u", USER, "--"));
        }
        full.addAll(command);
        run(full, dir);
    }

    private static void run(List<String> command, Path dir) throws IOException, InterruptedException {
        Path log = Files.createTempFile("stealbench-pg", ".log");
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!p.waitFor(90, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + ": did not finish in 90 s");
            }
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + ": exit " + p.exitValue() + ": " + Files.readString(log));
            }
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** The newest installed server's bin folder. */
    private static Path binaries() throws IOException {
        Path base = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(base)) {
            try (Stream<Path> versions = Files.list(base)) {
                var found = versions.filter(v -> Files.isExecutable(v.resolve("bin/initdb")))
                        .max(Comparator.comparingInt(v -> Integer.parseInt(v.getFileName().toString().replaceAll("\\D", "0"))));
                if (found.isPresent()) {
                    return found.get().resolve("bin");
                }
            }
        }
        throw new IOException("no PostgreSQL server under /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql)");
    }
}
