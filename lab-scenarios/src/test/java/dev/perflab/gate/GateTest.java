package dev.perflab.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.LabCli;
import dev.perflab.report.LadderReport;
import dev.perflab.scenario.JmhRows;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gates on a trimmed real run (orderbook-run.json: r0, r2, r4 on cancelLast and cancelNonexistent at depth 1
 * and 1000, JDK 17, 2 cores) and on a hand-made time-per-op file (report/queue-avgt.json).
 */
class GateTest {

    private static LadderReport results(String resource) throws URISyntaxException {
        return LadderReport.read(List.of(Path.of(GateTest.class.getResource(resource).toURI())));
    }

    private static List<GateResult> evaluate(String yaml, String resource) throws URISyntaxException {
        return GateEvaluator.evaluate(GateFile.parse(new StringReader(yaml), "gates.yaml").gates(), results(resource));
    }

    private static final String RATIO = "gates:\n"
            + "  - name: tuned vs naive\n"
            + "    ratio:\n"
            + "      numerator:   {benchmark: cancelLast, params: {rung: tuned, depth: 1000}}\n"
            + "      denominator: {benchmark: cancelLast, params: {rung: naive, depth: 1000}}\n"
            + "    min: %s\n";

    @Test
    void ratioPassesAndFailsOnItsThresholdWithAnInterval() throws Exception {
        GateResult pass = evaluate(String.format(RATIO, 100), "/gate/orderbook-run.json").get(0);
        assertTrue(pass.passed());
        assertEquals(50_132_933.0 / 23_393.0, pass.value(), 5, "r4 / r0 from the file");
        assertTrue(pass.low() < pass.value() && pass.value() < pass.high(), pass.toString());
        GateResult fail = evaluate(String.format(RATIO, 5000), "/gate/orderbook-run.json").get(0);
        assertFalse(fail.passed());
    }

    @Test
    void aPlantedRegressionIsCaught() throws Exception {
        // The same gate on a copy of the run whose tuned rows are ten times slower.
        String yaml = String.format(RATIO, 1000);
        assertTrue(evaluate(yaml, "/gate/orderbook-run.json").get(0).passed());
        assertFalse(evaluate(yaml, "/gate/orderbook-run-regressed.json").get(0).passed());
    }

    @Test
    void missingRowsFailWithTheirOwnMessage() throws Exception {
        GateResult r = evaluate(String.format(RATIO, 1).replace("depth: 1000}}\n    min", "depth: 77}}\n    min")
                .replace("numerator:   {benchmark: cancelLast, params: {rung: tuned, depth: 1000}}",
                        "numerator:   {benchmark: cancelLast, params: {rung: tuned, depth: 77}}"), "/gate/orderbook-run.json").get(0);
        assertFalse(r.passed());
        assertTrue(r.detail().startsWith("no row in " + resource("/gate/orderbook-run.json")
                + " matches cancelLast [depth=77, rung=tuned]; its 12 rows: "), r.detail());
        assertTrue(r.detail().contains("OrderBookCancelBenchmark.cancelLast [depth=1, rung=r0-"), r.detail());
        assertTrue(r.detail().endsWith("more)"), "abbreviated: " + r.detail());
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(GateTest.class.getResource(name).toURI());
    }

    /** A scenario row whose count went missing: {@code lost} is NaN (see RungResult). */
    private static Path unmeasuredRun(Path dir) throws Exception {
        Path results = dir.resolve("toy.json");
        java.nio.file.Files.writeString(results, new JmhRows().add("toy.endToEnd", "thrpt", Map.of("rung", "r1-closed-form"),
                JmhRows.Metric.single(1e6, "ops/s"), Map.of(), Map.of("lost", JmhRows.Metric.single(Double.NaN, "ops"))).json().toPrettyString());
        return results;
    }

    @Test
    void aMetricWithoutAValueFailsSayingWhichGateRowMetricAndFile(@TempDir Path dir) throws Exception {
        Path results = unmeasuredRun(dir);
        Path gates = Files.writeString(dir.resolve("gates.yaml"), "gates:\n  - name: loses nothing\n    bound:\n"
                + "      row: {benchmark: toy.endToEnd, params: {rung: r1}}\n      metric: lost\n      max: 0\n"
                + "  - name: counts hops\n    bound:\n"
                + "      row: {benchmark: toy.endToEnd, params: {rung: r1}}\n      metric: hops\n      max: 0\n");
        LabCli lab = new LabCli();
        assertEquals(1, lab.run("gate", "--results", results.toString(), "--gates", gates.toString()), lab.err.toString());
        List<String> lines = lab.out.toString().lines().collect(Collectors.toList());
        assertTrue(lines.get(1).matches("FAIL +loses nothing +\\(threshold ≤ [0-9.]+\\): metric 'lost' of the row "
                + "toy.endToEnd \\[rung=r1-closed-form] in .*toy.json has no value \\(NaN\\): the run did not measure it"),
                lines.get(1));
        assertTrue(lines.get(2).contains("metric 'hops' is not in the row toy.endToEnd [rung=r1-closed-form] of "
                + results + "; its metrics: primary, lost"), lines.get(2));
    }

    @Test
    void ambiguousSelectorsFail() throws Exception {
        String yaml = "gates:\n  - name: which depth?\n    bound:\n      row: {benchmark: cancelLast, params: {rung: r4}}\n      max: 1e12\n";
        GateResult r = evaluate(yaml, "/gate/orderbook-run.json").get(0);
        assertFalse(r.passed());
        assertTrue(r.detail().startsWith("2 rows match"), r.detail());
    }

    @Test
    void timePerOpRatiosPointTheRightWay() throws Exception {
        String yaml = "gates:\n  - name: ring beats locked deque\n    ratio:\n"
                + "      numerator:   {benchmark: offerPoll, params: {rung: tuned}}\n"
                + "      denominator: {benchmark: offerPoll, params: {rung: naive}}\n    min: 20\n";
        GateResult r = evaluate(yaml, "/report/queue-avgt.json").get(0);
        assertEquals(25.0, r.value(), 1e-9, "200 ns/op over 8 ns/op: ×25 better, not ×0.04");
        assertTrue(r.passed());
        assertEquals((200.0 - 4) / (8 + 0.2), r.low(), 1e-9);
        assertEquals((200.0 + 4) / (8 - 0.2), r.high(), 1e-9);
    }

    @Test
    void secondaryMetricBound() throws Exception {
        String yaml = "gates:\n  - name: r4 does not allocate\n    bound:\n"
                + "      row: {benchmark: cancelLast, params: {rung: r4, depth: 1000}}\n"
                + "      metric: gc.alloc.rate.norm\n      max: 1\n"
                + "  - name: r0 does\n    bound:\n"
                + "      row: {benchmark: cancelLast, params: {rung: r0, depth: 1000}}\n"
                + "      metric: gc.alloc.rate.norm\n      max: 1\n"
                + "  - name: no such metric\n    bound:\n"
                + "      row: {benchmark: cancelLast, params: {rung: r0, depth: 1000}}\n"
                + "      metric: gc.nonsense\n      max: 1\n";
        List<GateResult> r = evaluate(yaml, "/gate/orderbook-run.json");
        assertTrue(r.get(0).passed(), r.get(0).toString());
        assertFalse(r.get(1).passed());
        assertTrue(r.get(1).value() > 100_000, "r0 allocates ~235 kB per cancel at depth 1000");
        assertFalse(r.get(2).passed());
        assertTrue(r.get(2).detail().contains("run JMH with -prof gc"), r.get(2).detail());
    }

    @Test
    void badGateFilesNameWhatIsWrong() {
        assertEquals("g.yaml: expected a top-level 'gates:' list",
                assertThrows(GateFileException.class, () -> GateFile.parse(new StringReader("x: 1"), "g.yaml")).getMessage());
        assertEquals("g.yaml: gate 1 ('a'): needs exactly one of 'ratio' or 'bound'",
                assertThrows(GateFileException.class, () -> GateFile.parse(new StringReader(
                        "gates:\n  - name: a\n"), "g.yaml")).getMessage());
        assertEquals("g.yaml: gate 1 ('a'): 'min' must be a number (missing)",
                assertThrows(GateFileException.class, () -> GateFile.parse(new StringReader(
                        "gates:\n  - name: a\n    ratio: {numerator: {benchmark: x}, denominator: {benchmark: y}}\n"),
                        "g.yaml")).getMessage());
        assertTrue(assertThrows(GateFileException.class, () -> GateFile.parse(new StringReader("gates: [a, {"), "g.yaml"))
                .getMessage().startsWith("g.yaml: not valid YAML: "));
    }

    @Test
    void junitXmlHasOneTestCasePerGateAndMarksFailures() throws Exception {
        List<GateResult> r = evaluate(String.format(RATIO, 100) + String.format(RATIO, 5000).substring("gates:\n".length()),
                "/gate/orderbook-run.json");
        String xml = GateOutput.junitXml(r);
        assertTrue(xml.contains("tests=\"2\" failures=\"1\""), xml);
        assertEquals(2, xml.split("<testcase ").length - 1);
        assertEquals(1, xml.split("<failure ").length - 1);
        String md = GateOutput.markdown(r, "header");
        assertTrue(md.startsWith("### perflab gates: 1 of 2 failed"), md);
    }

    /** r0 falls 51% over its iterations (KvPutBenchmark's fault); r7 holds still; r1 ran 3 iterations only. */
    private static Path trendingRun(Path dir) throws Exception {
        Path results = dir.resolve("kv-put.json");
        Files.writeString(results, new JmhRows()
                .add("KvPutBenchmark.put", "thrpt", Map.of("rung", "r0-fixed-buckets"), JmhRows.Metric.oneFork(330e3, 9e4, "ops/s",
                        List.of(443e3, 398e3, 352e3, 307e3, 261e3, 216e3)), Map.of(), Map.of())
                .add("KvPutBenchmark.put", "thrpt", Map.of("rung", "r1-sized-buckets"), JmhRows.Metric.oneFork(1.4e6, 2e4, "ops/s",
                        List.of(1.41e6, 1.39e6, 1.40e6)), Map.of(), Map.of())
                .add("KvPutBenchmark.put", "thrpt", Map.of("rung", "r7-write-behind"), JmhRows.Metric.oneFork(1.5e6, 2e4, "ops/s",
                        List.of(1.50e6, 1.51e6, 1.49e6, 1.50e6, 1.52e6, 1.50e6)), Map.of(), Map.of())
                .json().toPrettyString());
        return results;
    }

    private static GateResult evaluateOn(Path results, String yaml) {
        return GateEvaluator.evaluate(GateFile.parse(new StringReader(yaml), "gates.yaml").gates(),
                LadderReport.read(List.of(results))).get(0);
    }

    private static final String KV_RATIO = "gates:\n  - name: r7 over %s\n%s    ratio:\n"
            + "      numerator:   {benchmark: put, params: {rung: r7}}\n"
            + "      denominator: {benchmark: put, params: {rung: %s}}\n    min: 2\n";

    @Test
    void aRowThatTrendsIsNamedInTheGatesNoteAndFailsAGateThatRequiresSteadiness(@TempDir Path dir) throws Exception {
        Path run = trendingRun(dir);
        GateResult noted = evaluateOn(run, String.format(KV_RATIO, "r0", "", "r0"));
        assertTrue(noted.passed(), "without steady: true the trend is said, not judged: " + noted);
        assertTrue(noted.detail().contains("KvPutBenchmark.put [rung=r0-fixed-buckets] not steady (−51% over 6 iterations"), noted.detail());
        GateResult required = evaluateOn(run, String.format(KV_RATIO, "r0", "    steady: true\n", "r0"));
        assertFalse(required.passed(), required.toString());
        assertTrue(required.threshold().endsWith(", steady"), required.threshold());
        assertTrue(GateOutput.text(List.of(required)).startsWith("FAIL"), GateOutput.text(List.of(required)));
    }

    @Test
    void aGateThatRequiresSteadinessFailsOnARowTooShortToTell(@TempDir Path dir) throws Exception {
        GateResult r = evaluateOn(trendingRun(dir), String.format(KV_RATIO, "r1", "    steady: true\n", "r1"));
        assertFalse(r.passed(), r.toString());
        assertTrue(r.detail().contains("[rung=r1-sized-buckets] undecided (3 iterations in 1 fork"), r.detail());
    }

    @Test
    void aSteadyBoundPassesAndSaysSo(@TempDir Path dir) throws Exception {
        GateResult r = evaluateOn(trendingRun(dir), "gates:\n  - name: r7 steady\n    steady: true\n    bound:\n"
                + "      row: {benchmark: put, params: {rung: r7}}\n      min: 1\n");
        assertTrue(r.passed(), r.toString());
        assertTrue(r.detail().contains("[rung=r7-write-behind] steady ("), r.detail());
    }

    @Test
    void aMisspeltOrMistypedSteadyKeyIsRefused() {
        String bound = "    bound:\n      row: {benchmark: put}\n      min: 1\n";
        assertEquals("g.yaml: gate 1 ('a'): 'stedy' is not a gate's key; a gate has name, ratio, bound, min, steady",
                assertThrows(GateFileException.class, () -> GateFile.parse(new StringReader(
                        "gates:\n  - name: a\n    stedy: true\n" + bound), "g.yaml")).getMessage());
        assertEquals("g.yaml: gate 1 ('a'): 'steady' must be true or false, was yes please",
                assertThrows(GateFileException.class, () -> GateFile.parse(new StringReader(
                        "gates:\n  - name: a\n    steady: yes please\n" + bound), "g.yaml")).getMessage());
    }
}
