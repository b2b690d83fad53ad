package dev.perflab.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LadderReportTest {
    private final LadderReport report = Fixtures.report(Fixtures.ORDERBOOK, Fixtures.QUEUE);

    @Test
    void findsByMethodSuffixAndParams() {
        List<Row> rows = report.find("cancelLast", Map.of("depth", "1000", "rung", "r2-intrusive-list"));
        assertEquals(1, rows.size());
        assertEquals(1_000_000.0, rows.get(0).score());
        assertEquals(7, report.find("OrderBookCancelBenchmark.cancelLast", Map.of()).size());
        String fullName = "dev.perflab.bench.OrderBookCancelBenchmark.cancelLast";
        assertEquals(4, report.find(fullName, Map.of("depth", "1")).size());
    }

    @Test
    void suffixMatchesWholeNamePartsOnly() {
        assertTrue(report.find("Last", Map.of()).isEmpty());
        assertTrue(report.find("cancelLast", Map.of("depth", "7")).isEmpty());
        assertTrue(report.find("cancelLast", Map.of("size", "1")).isEmpty());
    }

    @Test
    void rungParamAcceptsShortPrefix() {
        List<Row> r0 = report.find("cancelLast", Map.of("rung", "r0"));
        assertEquals(List.of(10_000.0, 1_000.0), r0.stream().map(Row::score).toList());
        assertTrue(report.find("cancelLast", Map.of("rung", "r0-persistent")).isEmpty());
    }

    @Test
    void stepGivesARowsSpeedups() {
        Row r2 = report.find("cancelLast", Map.of("depth", "1", "rung", "r2")).get(0);
        Step step = report.step(r2).orElseThrow();
        assertEquals(41.2, step.vsPrev().getAsDouble(), 1e-9);
        assertEquals(103.0, step.vsR0().getAsDouble(), 1e-9);
    }

    @Test
    void speedupBetweenAnyTwoRows() {
        Row r0 = report.find("cancelLast", Map.of("depth", "1000", "rung", "r0")).get(0);
        Row parity = report.find("cancelLast", Map.of("depth", "1000", "rung", "peer-parity")).get(0);
        assertEquals(500.0, LadderReport.speedup(r0, parity).getAsDouble(), 1e-9);
        assertEquals(0.002, LadderReport.speedup(parity, r0).getAsDouble(), 1e-12);
    }

    @Test
    void defaultHeaderNamesJdkAndVm() {
        assertEquals("JDK 17.0.15 (OpenJDK 64-Bit Server VM); CPU and cores not recorded in this JMH file",
                report.defaultHeader());
        assertEquals("JDK 21.0.5 (OpenJDK 64-Bit Server VM); CPU and cores not recorded in this JMH file",
                Fixtures.report(Fixtures.FOREIGN).defaultHeader());
    }
}
