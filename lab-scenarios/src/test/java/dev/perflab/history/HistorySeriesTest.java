package dev.perflab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.report.ForeignFiles;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A series is one benchmark in one mode, in one unit: a benchmark JMH ran in thrpt, avgt and sample is three
 * series (never a throughput line with a sample value in it), an older run's ops/ms is converted to the newest
 * run's ops/s, and a sample row keeps its percentiles.
 */
class HistorySeriesTest {
    private static final String NANO_TIME = "org.example.time.TimeBenchmark.nanoTime";

    @TempDir
    Path dir;

    @Test
    void modesAreSeriesOfTheirOwnAndUnitsAreConverted() throws Exception {
        JsonNode older = new ObjectMapper().readTree(ForeignFiles.everyMode(dir.resolve("a.json"), 140_000_000).toFile());
        // The older run wrote its throughput in ops/ms (JMH's -tu ms): 140,000 ops/ms is 140,000,000 ops/s.
        ObjectNode thrpt = (ObjectNode) older.get(0).get("primaryMetric");
        thrpt.put("score", 140_000).put("scoreError", 1_400).put("scoreUnit", "ops/ms");
        JsonNode newer = new ObjectMapper().readTree(ForeignFiles.everyMode(dir.resolve("b.json"), 1_680_000).toFile());
        try (HistoryStore store = HistoryStore.open(HistoryTarget.sqlite(dir.resolve("h.db")))) {
            store.append(StoreContract.run("time", Instant.parse("2026-01-01T00:00:00Z"), "a".repeat(40), "main", older));
            store.append(StoreContract.run("time", Instant.parse("2026-01-02T00:00:00Z"), "b".repeat(40), "main", newer));
            History history = store.read(HistoryQuery.of("time"));
            Map<String, Series> byMode = history.series().stream().collect(Collectors.toMap(Series::mode, s -> s));
            assertEquals(3, history.series().size(), "thrpt, avgt and sample apart: " + history.series());
            Series throughput = byMode.get("thrpt");
            assertEquals("ops/s", throughput.unit());
            assertEquals(List.of(140_000_000.0, 1_680_000.0), throughput.points().stream().map(Series.Point::score).toList(),
                    "the older ops/ms converted: throughput fell ×83, and the series says so");
            assertEquals(1_400_000.0, throughput.points().get(0).error(), 1e-6);
            assertTrue(throughput.points().stream().allMatch(p -> p.unit().equals("ops/s")));
            assertEquals(NANO_TIME + "@thrpt", throughput.name(), "the CSV column names the mode where several share a row");
            Series sample = byMode.get("sample");
            assertEquals("s/op", sample.unit());
            assertEquals(3.2e-8, sample.points().get(1).score());
            assertEquals(5e-6, sample.points().get(1).percentiles().get("100.0"));
            assertEquals(9e-8, sample.points().get(1).percentiles().get("99.0"));
            assertTrue(byMode.get("avgt").points().stream().allMatch(p -> p.percentiles().isEmpty()), "avgt keeps no percentiles");
        }
    }

    @Test
    void theTableRescalesTimesAndShowsASamplesPercentiles() throws Exception {
        JsonNode rows = new ObjectMapper().readTree(ForeignFiles.everyMode(dir.resolve("a.json"), 1_680_000).toFile());
        try (HistoryStore store = HistoryStore.open(HistoryTarget.sqlite(dir.resolve("h.db")))) {
            store.append(StoreContract.run("time", Instant.parse("2026-01-01T00:00:00Z"), "a".repeat(40), "main", rows));
            String text = HistoryText.render(store.read(HistoryQuery.of("time")), 5);
            assertTrue(text.contains("TimeBenchmark.nanoTime · sample · 1 runs"), text);
            assertTrue(text.contains("32.0 ± 0.100 ns/op   p50 30.0 · p99 90.0 · p99.9 200 · max 5,000"), "s/op read as ns/op: " + text);
            assertTrue(text.contains("595 ± 5.95 ns/op"), "avgt's 5.95e-7 s/op as ns/op: " + text);
        }
    }
}
