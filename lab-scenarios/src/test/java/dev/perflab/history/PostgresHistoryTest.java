package dev.perflab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The history on a real PostgreSQL server, the one a team or a fleet shares: the same checks as the SQLite
 * history ({@link StoreContract}), each test in a schema of its own that Flyway creates and the test drops.
 * The server is named by {@value #ENV} (.ci/run starts Debian's PostgreSQL and sets it); without a reachable
 * server every test is skipped with one line saying how to start one.
 */
class PostgresHistoryTest {
    static final String ENV = "PERFLAB_TEST_POSTGRES";
    static final String HOW = "start one (Debian: apt-get install postgresql; pg_ctlcluster 15 main start; create a role and"
            + " database, as .ci/run does) and set " + ENV + "=jdbc:postgresql://localhost:5432/perflab_test?user=perflab&password=perflab";

    private String url;
    private String schema;

    @BeforeEach
    void server() {
        url = System.getenv(ENV);
        Assumptions.assumeTrue(url != null && !url.isBlank(), "no PostgreSQL server named: " + HOW);
        try (Connection c = DriverManager.getConnection(url)) {
            c.isValid(5);
        } catch (SQLException e) {
            Assumptions.assumeTrue(false, "PostgreSQL at " + HistoryTarget.redact(url) + " is not reachable ("
                    + HistoryStore.reason(e) + "): " + HOW);
        }
        schema = "perflab_test_" + ProcessHandle.current().pid() + "_" + System.nanoTime();
    }

    @AfterEach
    void dropSchema() throws SQLException {
        if (schema != null) {
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            }
        }
    }

    private HistoryTarget target() {
        return HistoryTarget.parse("test", url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema);
    }

    @Test
    void aNewSchemaIsCreatedAtTheNewestVersion() {
        try (HistoryStore store = HistoryStore.open(target())) {
            assertEquals("2", store.schemaVersion());
        }
        try (HistoryStore store = HistoryStore.open(target())) {
            assertEquals("2", store.schemaVersion());
            assertEquals(0, store.components().size());
        }
    }

    @Test
    void aRunIsStoredWholeAndReadBackAsSeries() throws Exception {
        StoreContract.aRunIsStoredWholeAndReadBackAsSeries(target());
    }

    @Test
    void aVersionOneHistoryIsMigratedInPlace() throws Exception {
        StoreContract.aVersionOneHistoryIsMigratedInPlace(target());
    }

    @Test
    void filtersNarrowTheSeries() throws Exception {
        StoreContract.filtersNarrowTheSeries(target());
    }
}
