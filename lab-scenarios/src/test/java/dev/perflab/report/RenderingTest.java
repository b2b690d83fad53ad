package dev.perflab.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RenderingTest {
    private static final String HEADER = "JDK 17.0.15 (OpenJDK 64-Bit Server VM), Test CPU, 4 cores";

    @Test
    void textTableIsAlignedWithSpeedupsAndAllocation() {
        List<String> lines = Fixtures.report(Fixtures.ORDERBOOK).text(HEADER).lines().toList();
        assertEquals(HEADER, lines.get(0));
        int title = lines.indexOf("OrderBookCancelBenchmark.cancelLast  depth=1");
        assertEquals(List.of(
                "  rung                score                     × prev   × r0   B/op",
                "  ------------------  ------------------------  ------  -----  -----",
                "  r0-persistent-scan     10,000 ±    100 ops/s       -  ×1.00  1,248",
                "  r1-tree-map            25,000 ±    300 ops/s   ×2.50  ×2.50     96",
                "  r2-intrusive-list   1,030,000 ± 12,000 ops/s   ×41.2   ×103     ≈0",
                "  peer-parity           800,000 ±  9,000 ops/s       -  ×80.0     24"),
                lines.subList(title + 1, title + 7));
    }

    /** The order book's replay runs r0 in a suite of its own: its tuned table divides by r1 and must say so. */
    @Test
    void aLadderWithoutR0NamesTheRungItsSpeedupsAreOver() {
        LadderGroup withoutR0 = new LadderGroup("b.Replay.replay1M", "thrpt", java.util.Map.of(), true, List.of(
                step("r1-indexed-level", 1.0), step("r2-intrusive-list", 14.0), step("peer-parity", 10.0)));
        assertEquals(List.of("rung", "score", "× prev", "× r1", "B/op"), GroupTable.headers(withoutR0));
        LadderGroup withR0 = new LadderGroup("b.Replay.replay1M", "thrpt", java.util.Map.of(), true, List.of(
                step("r0-persistent-scan", 1.0), step("r1-indexed-level", 14.0)));
        assertEquals("× r0", GroupTable.headers(withR0).get(3));
    }

    private static Step step(String rung, double score) {
        Row row = new Row("b.Replay", "replay1M", java.util.Map.of("rung", rung), "thrpt", score, 0.1, "ops/s", null,
                "17", "vm", java.util.Map.of());
        return new Step(row, java.util.OptionalDouble.empty(), java.util.OptionalDouble.empty());
    }

    @Test
    void timePerOpTableShowsDashWhereAllocationWasNotMeasured() {
        String text = Fixtures.report(Fixtures.QUEUE).text(HEADER);
        assertTrue(text.contains("\nQueueBenchmark.offerPoll  capacity=1024\n"), text);
        assertTrue(text.contains("  r0-locked-deque     200 ±  4.00 ns/op       -  ×1.00     -\n"), text);
        assertTrue(text.contains("  peer-jctools       10.0 ± 0.300 ns/op       -  ×20.0     -\n"), text);
        assertTrue(text.contains("  r2-spsc-ring       8.00 ± 0.200 ns/op   ×12.5  ×25.0     -\n"), text);
    }

    @Test
    void foreignFileWithoutRungsRendersPlainTables() {
        String text = Fixtures.report(Fixtures.FOREIGN).text(HEADER);
        assertTrue(text.contains("StringConcatBenchmark.plus\n"
                + "  mode   score                B/op\n"
                + "  -----  -------------------  ----\n"
                + "  thrpt  45,679 ± 321 ops/ms     -\n"), text);
        assertTrue(text.contains("  sample  23.4 ± 0.500 ns/op     -\n"), text);
        assertTrue(text.contains("  ss    123 ms/op     -\n"), text);
    }

    @Test
    void markdownHasHeaderParagraphHeadingsAndTables() {
        String md = Fixtures.report(Fixtures.ORDERBOOK).markdown(HEADER);
        assertTrue(md.startsWith(HEADER + "\n\n### OrderBookCancelBenchmark.cancelFirst  depth=1\n\n"), md);
        assertTrue(md.contains("| rung | score | × prev | × r0 | B/op |\n| :-- | --: | --: | --: | --: |\n"), md);
        assertTrue(md.contains("| r2-intrusive-list | 1,030,000 ± 12,000 ops/s | ×41.2 | ×103 | ≈0 |\n"), md);
        assertTrue(md.contains("| peer-parity | 500,000 ± 6,000 ops/s | - | ×500 | 24 |\n"), md);
    }

    @Test
    void markdownEscapesPipes() {
        String md = Fixtures.report(Fixtures.QUEUE).markdown("a | b");
        assertTrue(md.startsWith("a \\| b\n"), md);
    }

    @Test
    void modeIsAddedToTitlesOnlyWhenABenchmarkRanInSeveralModes() {
        Row thrpt = LadderGroupingTest.row("x.B.m", "r0-a", 10);
        Row avgt = new Row("x.B.m", "m", thrpt.params(), "avgt", 100, Double.NaN, "ns/op", null, "", "",
                thrpt.secondaryMetrics());
        String text = LadderReport.of(List.of(thrpt, avgt)).text("h");
        assertTrue(text.contains("\nB.m  (thrpt)\n") && text.contains("\nB.m  (avgt)\n"), text);
    }
}
