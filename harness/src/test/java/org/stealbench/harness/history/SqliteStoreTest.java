package org.stealbench.harness.history;

/** The store's contract on an SQLite file. */
final class SqliteStoreTest extends StoreContract {

    private int stores;

    @Override
    String emptyStore() {
        return "jdbc:sqlite:" + tmp.resolve("store-" + (stores++) + "/history.db");
    }
}
