package dev.perflab.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.report.JmhResults;
import dev.perflab.report.Row;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunComparisonTest {

    private static Row row(String rung, double score, double error, String unit) {
        return new Row("bench.Queue.offer", "offer", Map.of("rung", rung), unit.endsWith("/op") ? "avgt" : "thrpt",
                score, error, unit, null, "17", "VM", Map.of());
    }

    private static Verdict verdict(Row base, Row head, double threshold) {
        return RunComparison.of(List.of(base), List.of(head), threshold).rows().get(0).verdict();
    }

    @Test
    void overlappingIntervalsMeanNoChangeEvenPastTheThreshold() {
        assertEquals(Verdict.NO_CHANGE, verdict(row("r1-a", 100, 20, "ops/s"), row("r1-a", 80, 20, "ops/s"), 0.10));
    }

    @Test
    void separatedIntervalsPastTheThresholdAreRegressionsOrImprovements() {
        assertEquals(Verdict.REGRESSION, verdict(row("r1-a", 100, 2, "ops/s"), row("r1-a", 80, 2, "ops/s"), 0.10));
        assertEquals(Verdict.IMPROVEMENT, verdict(row("r1-a", 100, 2, "ops/s"), row("r1-a", 120, 2, "ops/s"), 0.10));
    }

    @Test
    void movesBelowTheThresholdAreNoChange() {
        assertEquals(Verdict.NO_CHANGE, verdict(row("r1-a", 100, 1, "ops/s"), row("r1-a", 95, 1, "ops/s"), 0.10));
        assertEquals(Verdict.REGRESSION, verdict(row("r1-a", 100, 1, "ops/s"), row("r1-a", 95, 1, "ops/s"), 0.03));
    }

    @Test
    void timePerOpFallingIsAnImprovement() {
        assertEquals(Verdict.IMPROVEMENT, verdict(row("r1-a", 100, 1, "ns/op"), row("r1-a", 80, 1, "ns/op"), 0.10));
        assertEquals(Verdict.REGRESSION, verdict(row("r1-a", 100, 1, "ns/op"), row("r1-a", 130, 1, "ns/op"), 0.10));
    }

    @Test
    void rungRatiosAreComparedToo() {
        // Base machine: r1 is ×10 r0. Head machine is twice as fast overall, and r1 kept its ×10: no ratio change.
        RunComparison sameRatio = RunComparison.of(
                List.of(row("r0-x", 100, 1, "ops/s"), row("r1-y", 1000, 10, "ops/s")),
                List.of(row("r0-x", 200, 2, "ops/s"), row("r1-y", 2000, 20, "ops/s")), 0.10);
        assertEquals(1, sameRatio.ratios().size());
        assertEquals(Verdict.NO_CHANGE, sameRatio.ratios().get(0).verdict());
        assertEquals(2, sameRatio.rows().stream().filter(r -> r.verdict() == Verdict.IMPROVEMENT).count());
        // r1 lost its lead: ×10 → ×5.
        RunComparison lost = RunComparison.of(
                List.of(row("r0-x", 100, 1, "ops/s"), row("r1-y", 1000, 10, "ops/s")),
                List.of(row("r0-x", 200, 2, "ops/s"), row("r1-y", 1000, 10, "ops/s")), 0.10);
        assertEquals(Verdict.REGRESSION, lost.ratios().get(0).verdict());
        assertEquals(0.5, lost.ratios().get(0).change(), 1e-9);
        assertEquals(1, lost.ratioRegressions());
    }

    @Test
    void unmatchedRowsAreListed() {
        RunComparison c = RunComparison.of(List.of(row("r0-x", 1, 0, "ops/s")), List.of(row("r9-z", 1, 0, "ops/s")), 0.1);
        assertEquals(1, c.onlyInBase().size());
        assertEquals(1, c.onlyInHead().size());
        assertEquals(0, c.rows().size());
    }

    /** A package renamed between base and head: the two unmatched rows read alike unless named in full. */
    @Test
    void aPackageRenameListsTheFullNamesThatDiffer() {
        Row base = new Row("org.old.codec.Codec.encode", "encode", Map.of("size", "10"), "thrpt", 5, 0.1, "ops/s", null, "17", "VM", Map.of());
        Row head = new Row("org.neu.codec.Codec.encode", "encode", Map.of("size", "10"), "thrpt", 5, 0.1, "ops/s", null, "17", "VM", Map.of());
        Row same = row("r0-x", 1, 0, "ops/s");
        String text = CompareOutput.text(RunComparison.of(List.of(base, same), List.of(head, same), 0.1), 0.1, true);
        assertTrue(text.contains("  only in base: org.old.codec.Codec.encode size=10 (thrpt)\n"), text);
        assertTrue(text.contains("  only in head: org.neu.codec.Codec.encode size=10 (thrpt)\n"), text);
        assertTrue(text.contains("Queue.offer rung=r0-x (thrpt)"), "a short name shared by no other benchmark stays short: " + text);
    }

    @Test
    void aRunAgainstItselfHasNoChangeAndTheDoctoredCopyRegresses() throws Exception {
        List<Row> run = JmhResults.read(Path.of(getClass().getResource("/gate/orderbook-run.json").toURI()));
        List<Row> slower = JmhResults.read(Path.of(getClass().getResource("/gate/orderbook-run-regressed.json").toURI()));
        assertEquals(0, RunComparison.of(run, run, 0.1).regressions());
        RunComparison c = RunComparison.of(run, slower, 0.1);
        assertEquals(4, c.regressions(), "the four r4 rows were divided by 10");
        assertTrue(c.rows().stream().filter(r -> r.verdict() == Verdict.REGRESSION)
                .allMatch(r -> r.base().rung().equals("r4-tick-array")));
    }
}
