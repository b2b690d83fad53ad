package dev.perflab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQLite history: created on first use at the newest schema version, a run stored with all it carries and
 * read back as series; the same checks against PostgreSQL are in {@link PostgresHistoryTest}.
 */
class HistoryStoreTest {
    @TempDir
    Path dir;

    @Test
    void aNewFileIsCreatedAtTheNewestSchemaVersionAndReopenedWithoutChange() {
        Path file = dir.resolve("sub/history.db");
        HistoryTarget target = HistoryTarget.sqlite(file);
        try (HistoryStore store = HistoryStore.open(target)) {
            assertEquals("2", store.schemaVersion());
        }
        assertTrue(Files.isRegularFile(file));
        try (HistoryStore store = HistoryStore.open(target)) {
            assertEquals("2", store.schemaVersion());
            assertTrue(store.components().isEmpty());
        }
    }

    /** The fast path that skips Flyway for an up-to-date history must know the newest migration's version. */
    @Test
    void theNewestMigrationIsTheVersionTheStoreExpects() throws Exception {
        try (var files = Files.list(Path.of("src/main/resources/dev/perflab/history/migration"))) {
            int newest = files.map(f -> f.getFileName().toString()).filter(n -> n.matches("V\\d+__.*\\.sql"))
                    .mapToInt(n -> Integer.parseInt(n.substring(1, n.indexOf("__")))).max().orElseThrow();
            assertEquals(HistoryStore.SCHEMA_VERSION, Integer.toString(newest));
        }
    }

    /**
     * A history of version 1 (made by Flyway with version 1's migration alone, as an older lab left it) is brought
     * to version 2 in place on open: its runs stay, and its rows are read by mode.
     */
    @Test
    void aVersionOneHistoryIsMigratedInPlace() throws Exception {
        Path file = dir.resolve("v1.db");
        org.flywaydb.core.Flyway.configure(HistoryStore.class.getClassLoader()).dataSource("jdbc:sqlite:" + file, null, null)
                .locations(HistoryStore.MIGRATIONS).table(HistoryStore.SCHEMA_TABLE).target("1").loggers("slf4j").load().migrate();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO perflab_run (run_id, recorded_ms, source, component, machine, jdk, jvm_flags, cpu, cores, kernel)"
                    + " VALUES ('r1', 0, 'run', 'old', 'm', 'j', '', 'c', 2, 'k')");
            for (String[] row : new String[][] {{"0", "thrpt", "5.0", "ops/us"}, {"1", "sample", "2.0E-7", "s/op"}}) {
                s.executeUpdate("INSERT INTO perflab_result (run_id, row_no, suite, benchmark, mode, params, score, unit, forks,"
                        + " threads, jdk_version, vm_name, jvm_args, raw_data) VALUES ('r1', " + row[0] + ", 's', 'x.B.m', '" + row[1]
                        + "', '{}', " + row[2] + ", '" + row[3] + "', 1, 1, '', '', '[]', '[]')");
            }
        }
        try (HistoryStore store = HistoryStore.open(HistoryTarget.sqlite(file))) {
            assertEquals("2", store.schemaVersion());
            History old = store.read(HistoryQuery.of("old"));
            assertEquals(java.util.List.of("thrpt", "sample"), old.series().stream().map(Series::mode).toList());
            assertEquals(5.0, old.series().get(0).points().get(0).score());
            assertTrue(old.series().get(1).points().get(0).percentiles().isEmpty(), "a version-1 row has no percentiles");
        }
    }

    @Test
    void aRunIsStoredWholeAndReadBackAsSeries() throws Exception {
        StoreContract.aRunIsStoredWholeAndReadBackAsSeries(HistoryTarget.sqlite(dir.resolve("history.db")));
    }

    @Test
    void filtersNarrowTheSeries() throws Exception {
        StoreContract.filtersNarrowTheSeries(HistoryTarget.sqlite(dir.resolve("history.db")));
    }

    @Test
    void aFileThatIsNotADatabaseIsOneLine() throws Exception {
        Path file = Files.writeString(dir.resolve("notes.db"), "not a database\n".repeat(100));
        var e = org.junit.jupiter.api.Assertions.assertThrows(dev.perflab.base.LabException.class,
                () -> HistoryStore.open(HistoryTarget.sqlite(file)));
        assertEquals("history " + file + ": is not an SQLite database; give another file (or --history none)", e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertEquals("not a database\n".repeat(100), Files.readString(file));
    }

    @Test
    void turnedOffIsNotOpened() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(dev.perflab.base.LabException.class,
                () -> HistoryStore.open(HistoryTarget.parse("--history", "none")));
        assertEquals("the history is turned off (--history none)", e.getMessage());
    }
}
