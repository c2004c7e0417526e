package org.stealbench.harness.history;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The store's contract on a real PostgreSQL server the test starts ({@link PostgresServer}). */
final class PostgresStoreTest extends StoreContract {

    private static PostgresServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    String emptyStore() throws Exception {
        return server.newDatabase();
    }
}
