package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.history.SyntheticHistory;
import dev.perflab.history.SyntheticHistory.RowSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lab history}: its table and sparkline, the CSV export's exact shape, the PNG charts, its filters and errors. */
class HistoryCommandTest {
    private static final String CANCEL = "dev.perflab.bench.OrderBookCancelBenchmark.cancelLast";
    private static final String REPLAY = "dev.perflab.bench.OrderBookReplayBenchmark.replay";

    @TempDir
    Path dir;

    private Path db;
    private final LabCli lab = new LabCli();

    @BeforeEach
    void history() {
        db = dir.resolve("history.db");
        SyntheticHistory.write(db, "orderbook", 12, List.of(
                new RowSpec(CANCEL, Map.of("depth", "1", "rung", "r0-persistent-scan"), 1_000_000, 0.01, 6, 2.0),
                RowSpec.flat(CANCEL, "r4-tick-array", 20_000_000, 0.01),
                new RowSpec(REPLAY, Map.of("rung", "r4-tick-array", "commands", "250k,x"), 30, 0.01, Integer.MAX_VALUE, 1)), 7);
    }

    @Test
    void theTableShowsEachRowsScoresByCommitWithASparkline() {
        assertEquals(0, lab.run("history", "orderbook", "--history", db.toString(), "--last", "3"), lab.err.toString());
        String out = lab.out.toString();
        assertTrue(out.startsWith("history of orderbook in " + db + ": 12 runs from 2026-01-01T00:00:00Z to 2026-01-01T11:00:00Z (UTC), 3 series\n"
                + "measured on JDK 17.0.15 (OpenJDK 64-Bit Server VM) · CPU synthetic · 2 cores (12 runs)\n"), out);
        assertTrue(out.contains("OrderBookCancelBenchmark.cancelLast [depth=1, rung=r0-persistent-scan] · thrpt · 12 runs"), out);
        assertTrue(out.contains("  ▁▁▁▁▁▁██████   "), "the planted doubling, as a sparkline: " + out);
        assertTrue(out.contains("2026-01-01 11:00  c011000000   main"), out);
        assertTrue(out.contains("(9 older runs in the sparkline only; --last N shows more)"), out);
        assertTrue(out.matches("(?s).*2,0\\d\\d,\\d{3} ± \\d{2},\\d{3} ops/s.*"), out);
    }

    @Test
    void filtersResolveRungNamesOnTheComponentsLadder() {
        assertEquals(0, lab.run("history", "orderbook", "--history", db.toString(), "--rung", "r0", "--benchmark", "cancel"), lab.err.toString());
        String out = lab.out.toString();
        assertTrue(out.contains("1 series"), out);
        assertTrue(out.contains("rung=r0-persistent-scan"), out);
        assertFalse(out.contains("r4-tick-array"), out);
        lab.clear();
        assertEquals(0, lab.run("history", "orderbook", "--history", db.toString(), "--since", "2026-01-01T10:00:00Z"));
        assertTrue(lab.out.toString().contains(": 2 runs from 2026-01-01T10:00:00Z"), lab.out.toString());
    }

    @Test
    void theCsvExportHasOneRowPerRunAndOneColumnPerRowOfTheResults() throws Exception {
        Path csv = dir.resolve("out/orderbook.csv");
        assertEquals(0, lab.run("history", "orderbook", "--history", db.toString(), "--export", "csv", "--out", csv.toString(),
                "--secondary", "gc.alloc.rate.norm"), lab.err.toString());
        assertEquals("saved: " + csv + " (12 runs, 6 series)\n", lab.out.toString());
        String text = Files.readString(csv);
        assertEquals("time,commit,branch," + CANCEL + "[depth=1;rung=r0-persistent-scan]," + CANCEL + "[rung=r4-tick-array],\""
                + REPLAY + "[commands=250k,x;rung=r4-tick-array]\"," + CANCEL + "[depth=1;rung=r0-persistent-scan]:gc.alloc.rate.norm,"
                + CANCEL + "[rung=r4-tick-array]:gc.alloc.rate.norm,\"" + REPLAY + "[commands=250k,x;rung=r4-tick-array]:gc.alloc.rate.norm\"",
                text.lines().findFirst().orElseThrow(), "quoted where a name holds a comma");
        CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        try (MappingIterator<String[]> lines = mapper.readerFor(String[].class).readValues(text)) {
            List<String[]> rows = lines.readAll();
            assertEquals(13, rows.size(), "a header and 12 runs");
            String[] run5 = rows.get(6);
            assertEquals("2026-01-01T05:00:00Z", run5[0]);
            assertEquals(SyntheticHistory.commit(5), run5[1]);
            assertEquals("main", run5[2]);
            double before = Double.parseDouble(run5[3]);
            double after = Double.parseDouble(rows.get(7)[3]);
            assertTrue(after / before > 1.8 && after / before < 2.2, before + " → " + after);
            assertEquals("96.0", rows.get(1)[6]);
        }
        lab.clear();
        assertEquals(0, lab.run("history", "orderbook", "--history", db.toString(), "--export", "csv", "--benchmark", "replay"));
        assertEquals(13, lab.out.toString().lines().count(), "printed: the header and a line per run, nothing else");
    }

    @Test
    void pngChartsOnePerBenchmarkMethod() throws Exception {
        Path charts = dir.resolve("charts");
        assertEquals(0, lab.run("history", "orderbook", "--history", db.toString(), "--png", charts.toString()), lab.err.toString());
        for (String name : List.of("orderbook-history-OrderBookCancelBenchmark.cancelLast.png", "orderbook-history-OrderBookReplayBenchmark.replay.png")) {
            byte[] png = Files.readAllBytes(charts.resolve(name));
            assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', name);
        }
    }

    /**
     * The charts stand together: when the last cannot be written (a folder holds its name, as a full disk would fail
     * it), the one drawn before it goes back to the previous chart, byte for byte, and one line says so.
     */
    @Test
    void chartsThatCannotAllBeWrittenLeaveThePreviousChartsWhole() throws Exception {
        Path charts = dir.resolve("charts");
        assertEquals(0, lab.run("history", "orderbook", "--history", db.toString(), "--png", charts.toString()), lab.err.toString());
        List<Path> drawn = lab.out.toString().lines().filter(l -> l.startsWith("saved: ")).map(l -> Path.of(l.substring("saved: ".length()))).toList();
        assertEquals(2, drawn.size(), lab.out.toString());
        Files.writeString(drawn.get(0), "the previous chart");
        Files.delete(drawn.get(1));
        Files.createDirectories(drawn.get(1).resolve("in-the-way"));
        lab.clear();

        assertEquals(2, lab.run("history", "orderbook", "--history", db.toString(), "--png", charts.toString()));
        String line = lab.err.toString().strip();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.contains(drawn.get(1).getFileName().toString()) && line.contains(charts + " unchanged"), line);
        assertEquals("the previous chart", Files.readString(drawn.get(0)), "the chart drawn before the failure is put back");
    }

    /** Under {@code MIN_RUNS} runs there is nothing for Otava to judge: no install, no change point, and it says so. */
    @Test
    void tooFewRunsForChangePointsNeedNoOtava() throws Exception {
        Path few = dir.resolve("few.db");
        SyntheticHistory.write(few, "orderbook", 5, List.of(RowSpec.flat(CANCEL, "r0-persistent-scan", 1_000_000, 0.01)), 3);
        Path json = dir.resolve("changes.json");
        assertEquals(0, lab.run("history", "orderbook", "--history", few.toString(), "--changes", "--json", json.toString()), lab.err.toString());
        assertTrue(lab.out.toString().contains("change points found by Apache Otava in 0 series of at least 8 runs: 0"),
                lab.out.toString());
        assertFalse(lab.out.toString().contains("installing"), lab.out.toString());
        assertEquals("[ ]\n", Files.readString(json));
    }

    @Test
    void badInputIsOneLine() throws Exception {
        assertError("no results history at " + dir.resolve("none.db") + " yet: ./lab run, ./lab latency and ./lab history import add their runs to it"
                + " (or name another with --history)", "history", "orderbook", "--history", dir.resolve("none.db").toString());
        assertError("history " + db + " has no runs of 'kv'; runs of: orderbook (12)", "history", "kv", "--history", db.toString());
        assertError("none of the 12 runs of orderbook in " + db + " has rows that match --rung, --benchmark, --since, --branch and"
                + " --length as given", "history", "orderbook", "--history", db.toString(), "--branch", "feature");
        assertError("--json writes the change points: add --changes", "history", "orderbook", "--history", db.toString(), "--json", "x.json");
        assertError("--export xml: the history exports csv only (--export csv)", "history", "orderbook", "--history", db.toString(), "--export", "xml");
        assertError("--since yesterday: expected a date (2026-01-31), an instant (2026-01-31T12:00:00Z) or days back (30d)",
                "history", "orderbook", "--history", db.toString(), "--since", "yesterday");
        assertError("--history none: there is no history to read; name one with --history DB", "history", "orderbook", "--history", "none");
        assertFalse(Files.exists(dir.resolve("none.db")), "reading never creates a history");
    }

    private void assertError(String expected, String... args) {
        lab.clear();
        assertEquals(2, lab.run(args), lab.out.toString());
        assertEquals("lab: " + expected, lab.err.toString().strip());
    }
}
