package dev.perflab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** The checks every kind of history passes: SQLite ({@link HistoryStoreTest}) and PostgreSQL ({@link PostgresHistoryTest}). */
final class StoreContract {
    private StoreContract() {
    }

    /** The committed JMH file of the report tests: 9 rows, 1 fork of 5 iterations, gc secondary metrics. */
    static JsonNode orderbookRows() throws Exception {
        return new ObjectMapper().readTree(Path.of("src/test/resources/report/orderbook-thrpt.json").toFile());
    }

    static RunRecord run(String component, Instant time, String commit, String branch, JsonNode rows) {
        return new RunRecord(time, new GitState(commit, false, branch), "run", component, "quick",
                new MachineFacts("JDK 17 · CPU test · 2 cores", "OpenJDK 17", "-Xmx2g", "test CPU", 2, "Linux 6 amd64"),
                "results/" + component + "/" + component + ".json", JmhJsonRows.read(rows, b -> b.contains("Cancel") ? "cancel" : "replay"));
    }

    static void aRunIsStoredWholeAndReadBackAsSeries(HistoryTarget target) throws Exception {
        JsonNode rows = orderbookRows();
        String component = "orderbook-" + System.nanoTime();
        Instant t0 = Instant.parse("2026-01-01T10:00:00Z");
        String first;
        try (HistoryStore store = HistoryStore.open(target)) {
            first = store.append(run(component, t0, "a".repeat(40), "main", rows));
            store.append(run(component, t0.plusSeconds(60), "b".repeat(40), "main", rows));
            assertEquals(2, store.components().get(component));
            History history = store.read(new HistoryQuery(component, null, null, null, null, null, List.of("gc.alloc.rate.norm")));
            assertEquals(2, history.runs().size());
            assertEquals("a".repeat(40), history.runs().get(0).git().commit());
            assertEquals(Boolean.FALSE, history.runs().get(0).git().dirty());
            assertEquals(rows.size() * 2, history.series().size(), "a score and an allocation series per row");
            Series s = history.series().get(0);
            JsonNode row = rows.get(0);
            assertEquals(ResultRow.key(row.get("benchmark").asText(), Map.of("depth", "1", "rung", "r1-tree-map")), s.name());
            assertEquals(2, s.points().size());
            assertEquals(row.at("/primaryMetric/score").asDouble(), s.points().get(0).score());
            assertEquals(row.at("/primaryMetric/scoreError").asDouble(), s.points().get(0).error());
            assertEquals("ops/s", s.unit());
            Series alloc = history.series().stream().filter(x -> "gc.alloc.rate.norm".equals(x.metric())).findFirst().orElseThrow();
            assertEquals("B/op", alloc.unit());
            assertTrue(alloc.name().endsWith(":gc.alloc.rate.norm"), alloc.name());
        }
        try (Connection c = DriverManager.getConnection(target.jdbcUrl()); Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT raw_data, suite, jvm_args FROM perflab_result WHERE run_id = '" + first + "' AND row_no = 0")) {
                assertTrue(r.next());
                assertEquals(rows.get(0).at("/primaryMetric/rawData").toString(), r.getString(1), "each fork's iterations, as JMH wrote them");
                assertEquals("cancel", r.getString(2));
                assertEquals("[\"-Xms2g\",\"-Xmx2g\",\"-XX:+UseParallelGC\"]", r.getString(3));
            }
            try (ResultSet r = s.executeQuery("SELECT score_error FROM perflab_metric WHERE run_id = '" + first
                    + "' AND row_no = 0 AND name = 'gc.count'")) {
                assertTrue(r.next());
                r.getDouble(1);
                assertTrue(r.wasNull(), "JMH's \"NaN\" error is stored as NULL");
            }
            try (ResultSet r = s.executeQuery("SELECT COUNT(*) FROM perflab_metric WHERE run_id = '" + first + "'")) {
                assertTrue(r.next());
                int perRow = rows.get(0).get("secondaryMetrics").size();
                assertTrue(perRow >= 4 && r.getInt(1) >= rows.size() * 4, "every secondary metric: " + r.getInt(1));
            }
        }
    }

    static void filtersNarrowTheSeries(HistoryTarget target) throws Exception {
        JsonNode rows = orderbookRows();
        String component = "filters-" + System.nanoTime();
        Instant t0 = Instant.parse("2026-02-01T10:00:00Z");
        try (HistoryStore store = HistoryStore.open(target)) {
            store.append(run(component, t0, "c1", "main", rows));
            store.append(run(component, t0.plusSeconds(3600), "c2", "feature", rows));
            store.append(run(component, t0.plusSeconds(7200), "c3", "main", rows));
            assertEquals(2, store.read(new HistoryQuery(component, null, "main", null, null, null, List.of())).runs().size());
            History since = store.read(new HistoryQuery(component, t0.plusSeconds(3600), null, null, null, null, List.of()));
            assertEquals(List.of("c2", "c3"), since.runs().stream().map(r -> r.git().commit()).toList());
            History rung = store.read(new HistoryQuery(component, null, null, null, Pattern.compile("cancelFirst"), Set.of("r1-tree-map"), List.of()));
            assertTrue(rung.series().size() >= 1, rung.series().toString());
            rung.series().forEach(x -> {
                assertEquals("r1-tree-map", x.params().get("rung"));
                assertTrue(x.benchmark().endsWith("cancelFirst"), x.benchmark());
            });
            assertTrue(store.read(new HistoryQuery(component, null, null, "full", null, null, List.of())).series().isEmpty());
            assertNull(store.components().get("nothing-" + component));
        }
    }

    /**
     * A history of version 1 (made by Flyway with version 1's migration alone, as an older lab left it) is brought
     * to version 2 in place on open: its runs stay, and its rows are read by mode.
     */
    static void aVersionOneHistoryIsMigratedInPlace(HistoryTarget target) throws Exception {
        org.flywaydb.core.Flyway.configure(HistoryStore.class.getClassLoader()).dataSource(target.jdbcUrl(), null, null)
                .locations(HistoryStore.MIGRATIONS).table(HistoryStore.SCHEMA_TABLE).target("1").loggers("slf4j").load().migrate();
        try (Connection c = DriverManager.getConnection(target.jdbcUrl()); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO perflab_run (run_id, recorded_ms, source, component, machine, jdk, jvm_flags, cpu, cores, kernel)"
                    + " VALUES ('r1', 0, 'run', 'old', 'm', 'j', '', 'c', 2, 'k')");
            for (String[] row : new String[][] {{"0", "thrpt", "5.0", "ops/us"}, {"1", "sample", "2.0E-7", "s/op"}}) {
                s.executeUpdate("INSERT INTO perflab_result (run_id, row_no, suite, benchmark, mode, params, score, unit, forks,"
                        + " threads, jdk_version, vm_name, jvm_args, raw_data) VALUES ('r1', " + row[0] + ", 's', 'x.B.m', '" + row[1]
                        + "', '{}', " + row[2] + ", '" + row[3] + "', 1, 1, '', '', '[]', '[]')");
            }
        }
        try (HistoryStore store = HistoryStore.open(target)) {
            assertEquals("2", store.schemaVersion());
            History old = store.read(HistoryQuery.of("old"));
            assertEquals(List.of("thrpt", "sample"), old.series().stream().map(Series::mode).toList());
            assertEquals(5.0, old.series().get(0).points().get(0).score());
            assertTrue(old.series().get(1).points().get(0).percentiles().isEmpty(), "a version-1 row has no percentiles");
        }
    }
}
