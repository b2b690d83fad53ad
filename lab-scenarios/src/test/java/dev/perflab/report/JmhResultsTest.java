package dev.perflab.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmhResultsTest {
    @TempDir
    Path tmp;

    @Test
    void readsEveryFieldOfAThroughputRowWithGcProfiler() {
        List<Row> rows = Fixtures.rows(Fixtures.ORDERBOOK);
        assertEquals(9, rows.size());
        Row r = rows.get(2);
        assertEquals("dev.perflab.bench.OrderBookCancelBenchmark.cancelLast", r.benchmark());
        assertEquals("cancelLast", r.method());
        assertEquals("OrderBookCancelBenchmark.cancelLast", r.shortBenchmark());
        assertEquals(List.of("depth", "rung"), List.copyOf(r.params().keySet()));
        assertEquals("r0-persistent-scan", r.rung());
        assertEquals("thrpt", r.mode());
        assertEquals(10000.0, r.score());
        assertEquals(100.0, r.scoreError());
        assertEquals("ops/s", r.unit());
        assertEquals(1248.0, r.allocBytesPerOp());
        assertEquals("17.0.15", r.jdkVersion());
        assertEquals("OpenJDK 64-Bit Server VM", r.vmName());
    }

    @Test
    void keepsAllSecondaryMetricsWithNaNErrors() {
        Row r = Fixtures.rows(Fixtures.ORDERBOOK).get(2);
        assertEquals(List.of("·gc.alloc.rate", "·gc.alloc.rate.norm", "·gc.count", "·gc.time"),
                List.copyOf(r.secondaryMetrics().keySet()));
        Metric norm = r.secondaryMetrics().get("·gc.alloc.rate.norm");
        assertEquals(new Metric(1248.0, 1.248, "B/op"), norm);
        assertTrue(Double.isNaN(r.secondaryMetrics().get("·gc.count").error()));
        assertEquals("counts", r.secondaryMetrics().get("·gc.count").unit());
    }

    @Test
    void rowsWithoutGcProfilerHaveNoAllocation() {
        Row r = Fixtures.rows(Fixtures.QUEUE).get(0);
        assertNull(r.allocBytesPerOp());
        assertTrue(r.secondaryMetrics().isEmpty());
        assertEquals("ns/op", r.unit());
        assertEquals("avgt", r.mode());
    }

    @Test
    void foreignRowsWithoutParamsSampleModeAndNaNError() {
        List<Row> rows = Fixtures.rows(Fixtures.FOREIGN);
        assertTrue(rows.get(0).params().isEmpty());
        assertNull(rows.get(0).rung());
        assertEquals("sample", rows.get(3).mode());
        assertEquals(23.4, rows.get(3).score());
        Row coldStart = rows.get(4);
        assertEquals("ss", coldStart.mode());
        assertEquals("ms/op", coldStart.unit());
        assertTrue(Double.isNaN(coldStart.scoreError()));
        assertEquals("21.0.5", coldStart.jdkVersion());
    }

    @Test
    void readsSeveralFilesInOrder() {
        List<Row> rows = Fixtures.rows(Fixtures.QUEUE, Fixtures.ORDERBOOK);
        assertEquals(4 + 9, rows.size());
        assertEquals("offerPoll", rows.get(0).method());
        assertEquals("cancelFirst", rows.get(4).method());
    }

    @Test
    void acceptsAllocationKeyWithoutMiddleDot() {
        Row r = JmhResults.parse(json("\"gc.alloc.rate.norm\": {\"score\": 24.0, \"scoreError\": \"NaN\","
                + " \"scoreUnit\": \"B/op\"}"), "inline").get(0);
        assertEquals(24.0, r.allocBytesPerOp());
    }

    @Test
    void readsFilesJmhWroteInAWindowsCodePage() throws IOException {
        String text = json("\"·gc.alloc.rate.norm\": {\"score\": 48.0, \"scoreError\": 0.1, \"scoreUnit\": \"B/op\"}");
        Path file = tmp.resolve("cp1252.json");
        Files.write(file, text.getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(48.0, JmhResults.read(file).get(0).allocBytesPerOp());
    }

    @Test
    void missingFile() {
        Path file = tmp.resolve("nope.json");
        assertProblem(file + ": no such file", file);
    }

    @Test
    void notJson() throws IOException {
        Path file = Files.writeString(tmp.resolve("garbage.json"), "<html>\n<body>502</body>\n</html>\n");
        String message = problem(file);
        assertTrue(message.startsWith(file + ":1:1: not JSON (Unexpected character ('<'"), message);
        assertFalse(message.contains("Source") || message.contains("ReadFeature"), message);
    }

    @Test
    void jmhTextOutputInsteadOfJson() {
        Path file = Fixtures.path("not-json.json");
        assertProblem(file + ": not JSON but JMH's text table; run JMH with -rf json -rff FILE.json", file);
    }

    @Test
    void notAnArray() {
        Path file = Fixtures.path("not-array.json");
        assertProblem(file + ": not a JMH result file (expected a JSON array of benchmark results)", file);
    }

    @Test
    void rowWithoutPrimaryMetric() {
        Path file = Fixtures.path("no-primary.json");
        assertProblem(file + ": result #2 (dev.perflab.bench.QueueBenchmark.offerPoll) has no primaryMetric", file);
    }

    @Test
    void emptyArrayAndEmptyFileAndDirectory() throws IOException {
        Path empty = Files.writeString(tmp.resolve("empty.json"), "[ ]");
        assertProblem(empty + ": no benchmark results (empty JMH array)", empty);
        Path blank = Files.writeString(tmp.resolve("blank.json"), "");
        assertProblem(blank + ": empty file, not JSON", blank);
        assertProblem(tmp + ": is a directory, not a JMH JSON file", tmp);
    }

    @Test
    void arrayOfSomethingElse() {
        ReportException e = assertThrows(ReportException.class, () -> JmhResults.parse("[1, 2]", "x.json"));
        assertEquals("x.json: result #1 is not a JSON object", e.getMessage());
        e = assertThrows(ReportException.class, () -> JmhResults.parse("[{\"benchmark\": \"a.B.c\"}]", "y.json"));
        assertEquals("y.json: result #1 (a.B.c) has no primaryMetric", e.getMessage());
    }

    @Test
    void exceptionsCarryNoStackTrace() {
        ReportException e = assertThrows(ReportException.class, () -> JmhResults.parse("{", "z.json"));
        assertEquals(0, e.getStackTrace().length);
        assertFalse(e.getMessage().contains("\n"));
    }

    private static String json(String secondary) {
        return "[{\"benchmark\": \"org.x.Bench.run\", \"mode\": \"avgt\", \"jdkVersion\": \"21\", \"vmName\": \"VM\","
                + " \"primaryMetric\": {\"score\": 5.0, \"scoreError\": \"NaN\", \"scoreUnit\": \"ns/op\"},"
                + " \"secondaryMetrics\": {" + secondary + "}}]";
    }

    private static String problem(Path file) {
        ReportException e = assertThrows(ReportException.class, () -> JmhResults.read(file));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    private static void assertProblem(String expected, Path file) {
        assertEquals(expected, problem(file));
    }

    /** JMH labels every operations counter ops/s; one that counts bytes is shown in B/s. */
    @Test
    void aCounterOfBytesIsLabelledInBytesPerSecond() {
        assertEquals("B/s", RowParser.unit("readerBytes", "ops/s"));
        assertEquals("B/ms", RowParser.unit("readerBytes", "ops/ms"));
        assertEquals("ops/s", RowParser.unit("casRetries", "ops/s"));
        assertEquals("B/op", RowParser.unit("gc.alloc.rate.norm", "B/op"));
    }
}
