package dev.perflab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import dev.perflab.report.LadderReport;
import dev.perflab.results.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Conservation decides the exit rule; RungResult rows read back through the report as a ladder. */
class ScenarioRowsTest {
    @TempDir
    Path dir;

    @Test
    void conservationHoldsOnlyWhenEveryStageAgrees() {
        assertTrue(Conservation.of("generated", 10, "executed", 10, "collected", 10).holds());
        Conservation lossy = Conservation.of("generated", 10, "executed", 10, "collected", 7);
        assertFalse(lossy.holds());
        assertEquals(3, lossy.lost());
        assertEquals("lost 3; executed says 10, collected 7", lossy.problem());
        Conservation crashed = Conservation.of("sent", 5, "received", Conservation.MISSING);
        assertFalse(crashed.holds());
        assertEquals(Conservation.MISSING, crashed.lost());
        assertEquals("counts missing (received)", crashed.problem());
    }

    @Test
    void rowsAreWrittenWholeOrNotAtAllWithAOneLineError() throws Exception {
        Path file = dir.resolve("toy.json");
        JmhRows rows = new JmhRows().add("toy.endToEnd", "thrpt", Map.of("rung", "r0-a"), JmhRows.Metric.single(5, "ops/s"),
                Map.of(), Map.of());
        RunFolder run = RunFolder.of("--out", dir);
        run.saveRows(file.getFileName().toString(), rows.json(), "test machine", null);
        assertEquals(1, LadderReport.read(List.of(file)).rows().size());
        Path folder = Files.createDirectory(dir.resolve("taken.json"));
        LabException e = assertThrows(LabException.class, () -> run.saveRows("taken.json", rows.json(), "test machine", null));
        assertEquals("--out " + folder + ": is a directory; give a file name", e.getMessage());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of("taken.json", "toy.json", "toy.machine.txt"), left.map(p -> p.getFileName().toString()).sorted()
                    .collect(Collectors.toList()), "no temporary file is left behind");
        }
    }

    @Test
    void theExitRuleIgnoresExhibitsOnly() {
        RungResult ok = result("r0-a", false, 10, 10);
        RungResult brokenExhibit = result("x-b", true, 10, 9);
        RungResult brokenRung = result("r1-c", false, 10, 9);
        assertEquals(0, RungResult.exitCode(List.of(ok, brokenExhibit)));
        assertEquals(1, RungResult.exitCode(List.of(ok, brokenRung)));
    }

    @Test
    void rowsReadBackAsALadderWithTheirSecondaryMetrics() throws Exception {
        JmhRows rows = new JmhRows();
        result("r0-a", false, 100, 100).addTo(rows, "demo.endToEnd", "ops/s", Map.of());
        result("r1-b", false, 400, 400).addTo(rows, "demo.endToEnd", "ops/s", Map.of());
        Path file = RunFolder.of("--out", dir).saveRows("demo.json", rows.json(), "test machine", null);
        LadderReport report = LadderReport.read(List.of(file));
        String text = report.text("test machine");
        assertTrue(text.contains("demo.endToEnd") && text.contains("r1-b") && text.contains("×4.00"), text);
    }

    /**
     * A rung run three times over (fresh processes each, as {@code run forwarder --days 3}): its row keeps each run as
     * a fork, its score is their mean with JMH's 99.9% error over them, and the report shows the spread between them.
     */
    @Test
    void repeatedRunsAreWrittenAsForksWithTheirSpread() throws Exception {
        RungResult combined = RungResult.overRepeats(List.of(result("r0-a", false, 100, 100), result("r0-a", false, 110, 110),
                result("r0-a", false, 120, 120)), "day");
        assertEquals(110, combined.score(), 1e-9);
        assertEquals(List.of(100.0, 110.0, 120.0), combined.repeats());
        assertTrue(combined.correct());
        JmhRows rows = new JmhRows();
        combined.addTo(rows, "demo.endToEnd", "ops/s", Map.of());
        var row = rows.json().get(0);
        assertEquals(3, row.path("forks").asInt(), row.toString());
        var raw = row.path("primaryMetric").path("rawData");
        assertEquals(3, raw.size(), raw.toString());
        assertEquals(120, raw.get(2).get(0).asDouble(), raw.toString());
        // sd 10 over 3 runs: t(0.9995, 2) = 31.6, so 31.6 · 10 / √3
        assertEquals(31.599 * 10 / Math.sqrt(3), row.path("primaryMetric").path("scoreError").asDouble(), 0.01, row.toString());
        Path file = RunFolder.of("--out", dir).saveRows("days.json", rows.json(), "test machine", null);
        String text = LadderReport.read(List.of(file)).text("test machine");
        assertTrue(text.contains("100–120") && text.contains("(3 forks)"), text);

        RungResult failedDay = RungResult.overRepeats(List.of(result("r0-a", false, 100, 100), result("r0-a", false, 100, 90)), "day");
        assertFalse(failedDay.correct());
        assertTrue(failedDay.errors().stream().anyMatch(e -> e.startsWith("day 2: ")), failedDay.errors().toString());
        assertTrue(RungResult.overRepeats(List.of(result("r0-a", false, 100, 100)), "day").repeats().isEmpty(),
                "one run is the row of one run");
    }

    private static RungResult result(String rung, boolean exhibit, long sent, long received) {
        return new RungResult(rung, exhibit, received * 1.0, Conservation.of("sent", sent, "received", received), 50,
                List.of(), true, Map.of());
    }
}
