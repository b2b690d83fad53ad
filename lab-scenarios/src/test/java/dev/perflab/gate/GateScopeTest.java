package dev.perflab.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.LabCli;
import dev.perflab.report.LadderReport;
import dev.perflab.scenario.JmhRows;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which rows a gate may pick (by mode; advice that says what tells rows apart) and which gates are checked
 * at all: one component's results against the lab-wide gates file check that component's gates only.
 */
class GateScopeTest {
    @TempDir
    Path dir;

    private Path orderbookRun() throws Exception {
        return Path.of(getClass().getResource("/gate/orderbook-run.json").toURI());
    }

    /** A benchmark measured in two modes, and two classes with the same method name. */
    private LadderReport twoModesAndTwoClasses() throws Exception {
        Path file = dir.resolve("modes.json");
        java.nio.file.Files.writeString(file, new JmhRows()
                .add("p.CancelBenchmark.cancel", "thrpt", Map.of("rung", "r1-a"), JmhRows.Metric.single(2e7, "ops/s"), Map.of(), Map.of())
                .add("p.CancelBenchmark.cancel", "sample", Map.of("rung", "r1-a"), JmhRows.Metric.single(60, "ns/op"), Map.of(), Map.of())
                .add("p.ReplayBenchmark.replay250k", "thrpt", Map.of("rung", "r1-a"), JmhRows.Metric.single(4e6, "ops/s"), Map.of(), Map.of())
                .add("p.NaiveReplayBenchmark.replay250k", "thrpt", Map.of("rung", "r1-a"), JmhRows.Metric.single(1e5, "ops/s"), Map.of(), Map.of())
                .json().toPrettyString());
        return LadderReport.read(List.of(file));
    }

    private static List<GateResult> evaluate(String yaml, LadderReport report) {
        return GateEvaluator.evaluate(GateFile.parse(new StringReader(yaml), "gates.yaml").gates(), report);
    }

    @Test
    void aGateCanPickARowByItsMode() throws Exception {
        LadderReport report = twoModesAndTwoClasses();
        GateResult sampled = evaluate("gates:\n  - name: sampled cancel under 100 ns\n    bound:\n"
                + "      row: {benchmark: cancel, params: {rung: r1}, mode: sample}\n      max: 100\n", report).get(0);
        assertTrue(sampled.passed(), sampled.toString());
        assertEquals(60, sampled.value());
        assertEquals("ns/op", sampled.unit());
        GateResult any = evaluate("gates:\n  - name: which mode?\n    bound:\n"
                + "      row: {benchmark: cancel, params: {rung: r1}}\n      max: 100\n", report).get(0);
        assertFalse(any.passed());
        assertTrue(any.detail().contains("the benchmark ran in several modes; add mode: thrpt or sample"), any.detail());
    }

    @Test
    void rowsOfTwoClassesAskForTheClassNotForParams() throws Exception {
        GateResult r = evaluate("gates:\n  - name: which replay?\n    bound:\n"
                + "      row: {benchmark: replay250k, params: {rung: r1}}\n      min: 1\n", twoModesAndTwoClasses()).get(0);
        assertFalse(r.passed());
        assertTrue(r.detail().contains("they are of different benchmarks; name one by its class: ReplayBenchmark.replay250k, "
                + "NaiveReplayBenchmark.replay250k"), r.detail());
        assertFalse(r.detail().contains("add params"), r.detail());
    }

    @Test
    void aModeOrAKeyThatIsNotOneIsRefused() {
        GateFileException mode = assertThrows(GateFileException.class, () -> GateFile.parse(new StringReader("gates:\n  - name: a\n"
                + "    bound: {row: {benchmark: x, mode: samples}, max: 1}\n"), "g.yaml"));
        assertEquals("g.yaml: gate 1 ('a'): mode 'samples' is not a JMH mode; JMH's JSON writes thrpt, avgt, sample, ss", mode.getMessage());
        GateFileException key = assertThrows(GateFileException.class, () -> GateFile.parse(new StringReader("gates:\n  - name: a\n"
                + "    bound: {row: {benchmark: x, parms: {rung: r1}}, max: 1}\n"), "g.yaml"));
        assertTrue(key.getMessage().contains("'parms' is none of them"), key.getMessage());
    }

    /**
     * The order book's results against the lab-wide ci/gates.yaml: every other component's gate is "not checked"
     * (SKIP, skipped in JUnit), not failed; the order book's own gates are checked.
     */
    @Test
    void oneComponentsResultsCheckOnlyThatComponentsGates() throws Exception {
        Path gates = Path.of("../ci/gates.yaml");
        int total = GateFile.read(gates).gates().size();
        LabCli lab = new LabCli();
        Path junit = dir.resolve("gates.xml");
        lab.run("gate", "--results", orderbookRun().toString(), "--gates", gates.toString(), "--junit", junit.toString());
        List<String> lines = lab.out.toString().lines().collect(Collectors.toList());
        List<String> skipped = lines.stream().filter(l -> l.startsWith("SKIP")).collect(Collectors.toList());
        List<String> checked = lines.stream().filter(l -> l.startsWith("PASS") || l.startsWith("FAIL")).collect(Collectors.toList());
        assertEquals(3, checked.size(), lab.out.toString());
        assertTrue(checked.stream().allMatch(l -> l.contains("cancelLast") || l.contains("cancel")), checked.toString());
        assertEquals(total - 3, skipped.size(), lab.out.toString());
        assertTrue(skipped.stream().anyMatch(l -> l.contains("not checked: no results of sha-pipeline were given")), skipped.toString());
        assertTrue(lab.out.toString().contains(total + " gates: "), lab.out.toString());
        assertTrue(lab.out.toString().contains(", " + (total - 3) + " not checked (no results of their component given)"), lab.out.toString());
        String xml = Files.readString(junit);
        assertTrue(xml.contains("skipped=\"" + (total - 3) + "\""), xml);
        assertEquals(total - 3, xml.split("<skipped ").length - 1);
    }

    @Test
    void aMissingRowOfAComponentWhoseResultsWereGivenStillFails() throws Exception {
        Path gates = Files.writeString(dir.resolve("gates.yaml"), "gates:\n"
                + "  - name: tuned beats naive\n    ratio:\n"
                + "      numerator:   {benchmark: OrderBookCancelBenchmark.cancelLast, params: {rung: tuned, depth: 1000}}\n"
                + "      denominator: {benchmark: OrderBookCancelBenchmark.cancelLast, params: {rung: naive, depth: 1000}}\n    min: 100\n"
                + "  - name: a depth the run did not measure\n    bound:\n"
                + "      row: {benchmark: OrderBookCancelBenchmark.cancelLast, params: {rung: tuned, depth: 77}}\n      min: 1\n"
                + "  - name: a replay the run did not measure\n    bound:\n"
                + "      row: {benchmark: OrderBookReplayBenchmark.replay250k, params: {rung: tuned}}\n      min: 1\n"
                + "  - name: the ring\n    bound:\n"
                + "      row: {benchmark: MdfRingBenchmark.deliver, params: {rung: r4}}\n      min: 1\n");
        LabCli lab = new LabCli();
        assertEquals(1, lab.run("gate", "--results", orderbookRun().toString(), "--gates", gates.toString()), lab.err.toString());
        List<String> lines = lab.out.toString().lines().collect(Collectors.toList());
        assertTrue(lines.get(1).startsWith("PASS  tuned beats naive"), lines.get(1));
        assertTrue(lines.get(2).startsWith("FAIL  a depth the run did not measure"), lines.get(2));
        assertTrue(lines.get(3).startsWith("FAIL  a replay the run did not measure"), "the order book's results were given: " + lines.get(3));
        assertTrue(lines.get(4).startsWith("SKIP  the ring") && lines.get(4).contains("no results of mdf-ring were given"), lines.get(4));
        assertEquals("4 gates: 1 passed, 2 failed, 1 not checked (no results of their component given)", lines.get(5));

        lab.clear();
        assertEquals(1, lab.run("gate", "--results", orderbookRun().toString(), "--gates", gates.toString(), "--component", "orderbook"));
        assertFalse(lab.out.toString().contains("the ring"), "--component filters the gates: " + lab.out);
        assertTrue(lab.out.toString().contains("3 gates: 1 passed, 2 failed\n"), lab.out.toString());

        lab.clear();
        assertEquals(2, lab.run("gate", "--results", orderbookRun().toString(), "--gates", gates.toString(), "--component", "kv"));
        assertTrue(lab.err.toString().contains("has no gate about kv"), lab.err.toString());
    }

    @Test
    void gatesOfWhichNoneIsAboutTheResultsCheckNothingAndSaySo() throws Exception {
        Path gates = Files.writeString(dir.resolve("gates.yaml"), "gates:\n  - name: the ring\n    bound:\n"
                + "      row: {benchmark: MdfRingBenchmark.deliver, params: {rung: r4}}\n      min: 1\n");
        LabCli lab = new LabCli();
        assertEquals(2, lab.run("gate", "--results", orderbookRun().toString(), "--gates", gates.toString()));
        assertTrue(lab.err.toString().contains("so nothing was checked"), lab.err.toString());
    }
}
