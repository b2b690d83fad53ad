package dev.perflab.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LadderGroupingTest {
    @TempDir
    Path tmp;
    private static final double EPS = 1e-9;

    @Test
    void groupsByBenchmarkAndNonRungParamsInFileOrder() {
        List<LadderGroup> groups = Fixtures.report(Fixtures.ORDERBOOK, Fixtures.QUEUE).groups();
        assertEquals(List.of(
                "OrderBookCancelBenchmark.cancelFirst  depth=1",
                "OrderBookCancelBenchmark.cancelLast  depth=1",
                "OrderBookCancelBenchmark.cancelLast  depth=1000",
                "QueueBenchmark.offerPoll  capacity=1024"),
                groups.stream().map(LadderGroup::title).toList());
        assertEquals(Map.of("depth", "1000"), groups.get(2).params());
        assertTrue(groups.stream().allMatch(LadderGroup::ladder));
    }

    @Test
    void ordersRungsByFirstAppearanceNotByFileOrderOfTheGroup() {
        LadderGroup depth1000 = Fixtures.report(Fixtures.ORDERBOOK).groups().get(2);
        // in the file: peer-parity, r2-intrusive-list, r0-persistent-scan
        assertEquals(List.of("r0-persistent-scan", "r2-intrusive-list", "peer-parity"), labels(depth1000));
    }

    @Test
    void throughputSpeedups() {
        LadderGroup depth1 = Fixtures.report(Fixtures.ORDERBOOK).groups().get(1);
        assertEquals(List.of("r0-persistent-scan", "r1-tree-map", "r2-intrusive-list", "peer-parity"), labels(depth1));
        List<Step> s = depth1.steps();
        assertEmpty(s.get(0).vsPrev());
        assertSpeedup(1.0, s.get(0).vsR0());
        assertSpeedup(2.5, s.get(1).vsPrev());
        assertSpeedup(2.5, s.get(1).vsR0());
        assertSpeedup(41.2, s.get(2).vsPrev());
        assertSpeedup(103.0, s.get(2).vsR0());
        assertEmpty(s.get(3).vsPrev());
        assertSpeedup(80.0, s.get(3).vsR0());
    }

    @Test
    void missingRungMakesPreviousTheRungBefore() {
        List<Step> s = Fixtures.report(Fixtures.ORDERBOOK).groups().get(2).steps();
        assertSpeedup(1000.0, s.get(1).vsPrev());
        assertSpeedup(1000.0, s.get(1).vsR0());
        assertSpeedup(500.0, s.get(2).vsR0());
    }

    @Test
    void timePerOpSpeedupsAndPeersBetweenRungs() {
        LadderGroup queue = Fixtures.report(Fixtures.QUEUE).groups().get(0);
        assertEquals(List.of("r0-locked-deque", "r1-array-blocking", "peer-jctools", "r2-spsc-ring"), labels(queue));
        List<Step> s = queue.steps();
        assertSpeedup(2.0, s.get(1).vsPrev());
        assertEmpty(s.get(2).vsPrev());
        assertSpeedup(20.0, s.get(2).vsR0());
        assertSpeedup(12.5, s.get(3).vsPrev()); // against r1 (100 ns), skipping the peer (10 ns)
        assertSpeedup(25.0, s.get(3).vsR0());
    }

    @Test
    void firstRungIsTheBaseWhenThereIsNoR0() {
        List<Step> s = Fixtures.report(Fixtures.ORDERBOOK).groups().get(0).steps();
        assertEquals("r1-tree-map", s.get(0).label());
        assertSpeedup(1.0, s.get(0).vsR0());
        assertSpeedup(1.3, s.get(1).vsR0());
        assertSpeedup(1.3, s.get(1).vsPrev());
    }

    /** Without a rung param, one group per benchmark holds all its rows, its params as columns. */
    @Test
    void groupsWithoutRungParamHoldEveryRowOfTheirBenchmark() {
        List<LadderGroup> groups = Fixtures.report(Fixtures.FOREIGN).groups();
        assertEquals(List.of("StringConcatBenchmark.plus", "StringConcatBenchmark.builder", "HashBenchmark.murmur",
                "StartupBenchmark.coldStart"), groups.stream().map(LadderGroup::title).toList());
        LadderGroup plus = groups.get(0);
        assertFalse(plus.ladder());
        assertEquals("thrpt", plus.steps().get(0).label());
        assertEmpty(plus.steps().get(0).vsR0());
        LadderGroup builder = groups.get(1);
        assertEquals(List.of("length"), builder.paramColumns());
        assertEquals(List.of("10", "1000"), builder.steps().stream().map(s -> s.row().params().get("length")).toList());
        assertEquals(List.of("length", "mode", "score", "B/op"), GroupTable.headers(builder));
    }

    @Test
    void rowsOfTwoFilesNeverShareAGroup() throws java.io.IOException {
        Path a = Files.copy(Fixtures.path(Fixtures.ORDERBOOK), tmp.resolve("a.json"));
        Path b = Files.copy(Fixtures.path(Fixtures.ORDERBOOK), tmp.resolve("b.json"));
        LadderReport report = LadderReport.read(List.of(a, b));
        assertEquals(6, report.groups().size());
        assertEquals(List.of("a.json", "a.json", "a.json", "b.json", "b.json", "b.json"),
                report.groups().stream().map(LadderGroup::source).toList());
        assertEquals("OrderBookCancelBenchmark.cancelLast  depth=1  [b.json]", report.title(report.groups().get(4)));
        assertEquals(4, report.groups().get(4).steps().size(), "b's r0 to peer, not a's rows too");
    }

    @Test
    void aGroupOfPeersOnlyHasNoBase() {
        Row a = row("peer-a", 10);
        Row b = row("peer-b", 20);
        List<Step> s = LadderReport.of(List.of(a, b)).groups().get(0).steps();
        assertEmpty(s.get(0).vsR0());
        assertEmpty(s.get(1).vsR0());
        assertTrue(a.isPeer() && !a.isRung());
    }

    @Test
    void rungOrderIsPerBenchmark() {
        Row other = row("x.Other.m", "r2-b", 1);
        Row r0 = row("x.B.m", "r0-a", 1);
        Row r2 = row("x.B.m", "r2-b", 2);
        LadderGroup g = LadderReport.of(List.of(other, r2, r0)).groups().get(1);
        assertEquals(List.of("r2-b", "r0-a"), labels(g)); // file order within x.B.m: r2 came first
    }

    static Row row(String rung, double score) {
        return row("x.B.m", rung, score);
    }

    static Row row(String benchmark, String rung, double score) {
        return new Row(benchmark, benchmark.substring(benchmark.lastIndexOf('.') + 1), Map.of("rung", rung),
                "thrpt", score, Double.NaN, "ops/s", null, "17", "VM", Map.of());
    }

    private static List<String> labels(LadderGroup group) {
        return group.steps().stream().map(Step::label).toList();
    }

    private static void assertSpeedup(double expected, OptionalDouble actual) {
        assertTrue(actual.isPresent(), "speedup missing");
        assertEquals(expected, actual.getAsDouble(), EPS * expected);
    }

    private static void assertEmpty(OptionalDouble actual) {
        assertTrue(actual.isEmpty(), () -> "expected no speedup, got " + actual);
    }
}
