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

    @Test
    void aVersionOneHistoryIsMigratedInPlace() throws Exception {
        StoreContract.aVersionOneHistoryIsMigratedInPlace(HistoryTarget.sqlite(dir.resolve("v1.db")));
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
