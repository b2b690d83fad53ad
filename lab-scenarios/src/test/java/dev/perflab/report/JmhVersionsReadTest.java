package dev.perflab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.foreign.JmhVersions;
import dev.perflab.history.JmhJsonRows;
import dev.perflab.history.ResultRow;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * JMH 1.19's JSON and 1.37's, as a short run of the lab's tiny project wrote them: 1.19 has no {@code vmName},
 * prefixes its secondary metrics with a middle dot ({@code ·gc.alloc.rate.norm}) and names a sample row's
 * percentiles after the method ({@code max·p0.50}); 1.37 writes {@code gc.alloc.rate.norm} and {@code p0.50}.
 * The tables, the page and the history read both the same way.
 */
class JmhVersionsReadTest {
    static final List<String> VERSIONS = JmhVersions.VERSIONS;

    @ParameterizedTest
    @FieldSource("VERSIONS")
    void everyRowIsReadWithItsParamsScoreIterationsAndAllocation(String version) {
        List<Row> rows = JmhResults.read(JmhVersions.json(version));
        assertEquals(List.of("count", "max", "sum"), rows.stream().map(Row::method).sorted().collect(Collectors.toList()));
        for (Row row : rows) {
            String what = version + " " + row.method();
            assertEquals(Map.of("size", "16"), row.params(), what);
            assertTrue(row.score() > 0 && Double.isFinite(row.score()), what);
            assertFalse(row.unit().isBlank(), what);
            assertNotNull(row.allocBytesPerOp(), what + ": -prof gc's bytes per operation");
            assertEquals(1, row.forks().size(), what + ": one fork");
            assertEquals(2, row.forks().get(0).size(), what + ": its two iterations (a sample row's from its histogram)");
            assertFalse(row.jdkVersion().isBlank(), what);
        }
    }

    @Test
    void bothVersionsNameTheSecondaryMetricsAlike() {
        Map<String, Set<String>> names = new java.util.LinkedHashMap<>();
        for (String version : VERSIONS) {
            for (Row row : JmhResults.read(JmhVersions.json(version))) {
                names.computeIfAbsent(row.method(), m -> new TreeSet<>()).addAll(
                        row.secondaryMetrics().keySet().stream().map(RowParser::normalizedName).collect(Collectors.toList()));
            }
        }
        assertTrue(names.get("max").containsAll(Set.of("p0.50", "p0.99", "gc.alloc.rate.norm")), names.get("max").toString());
        assertTrue(names.get("count").contains("odd"), "the user counter: " + names.get("count"));
        for (String version : VERSIONS) {
            for (Row row : JmhResults.read(JmhVersions.json(version))) {
                Set<String> own = row.secondaryMetrics().keySet().stream().map(RowParser::normalizedName)
                        .collect(Collectors.toCollection(TreeSet::new));
                Set<String> expected = new TreeSet<>(names.get(row.method()));
                expected.remove("gc.count"); // JMH leaves out a count of zero collections in some versions
                own.remove("gc.count");
                assertEquals(expected, own, version + " " + row.method());
            }
        }
    }

    @ParameterizedTest
    @FieldSource("VERSIONS")
    void theTableShowsTheSameRowsForBothVersions(String version) {
        String table = LadderReport.read(List.of(JmhVersions.json(version))).text("JMH " + version);
        for (String method : List.of("count", "max", "sum")) {
            assertTrue(table.contains(method), version + ":\n" + table);
        }
    }

    @ParameterizedTest
    @FieldSource("VERSIONS")
    void theHistoryKeepsEachRowsIterationsAndMetricsByTheirNewNames(String version) throws IOException {
        List<ResultRow> rows = JmhJsonRows.read(new ObjectMapper().readTree(JmhVersions.json(version).toFile()), b -> "suite");
        assertEquals(3, rows.size());
        for (ResultRow row : rows) {
            assertTrue(row.secondary().keySet().stream().noneMatch(n -> n.contains("\u00b7")), version + ": " + row.secondary().keySet());
        }
    }
}
