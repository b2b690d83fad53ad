package dev.perflab.report;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpeedupTest {
    @Test
    void throughputHigherIsBetter() {
        assertEquals(4.0, speedup(row("thrpt", 100, "ops/s"), row("thrpt", 400, "ops/s")), 1e-12);
        assertEquals(0.25, speedup(row("thrpt", 400, "ops/s"), row("thrpt", 100, "ops/s")), 1e-12);
    }

    @Test
    void timePerOpLowerIsBetter() {
        assertEquals(4.0, speedup(row("avgt", 400, "ns/op"), row("avgt", 100, "ns/op")), 1e-12);
        assertEquals(2.0, speedup(row("ss", 2, "s/op"), row("ss", 1, "s/op")), 1e-12);
    }

    @Test
    void convertsBetweenTimeUnits() {
        assertEquals(2.0, speedup(row("thrpt", 1, "ops/ms"), row("thrpt", 2000, "ops/s")), 1e-9);
        assertEquals(2.0, speedup(row("avgt", 1, "us/op"), row("avgt", 500, "ns/op")), 1e-9);
        // 1,000,000 ops/s is 1,000 ns/op, so 500 ns/op is twice as fast
        assertEquals(2.0, speedup(row("thrpt", 1_000_000, "ops/s"), row("avgt", 500, "ns/op")), 1e-9);
    }

    @Test
    void classifiesUnits() {
        assertTrue(Speedup.isThroughput("ops/us"));
        assertTrue(Speedup.isTimePerOp("us/op"));
        assertTrue(Speedup.isTimePerOp("min/op"));
        assertFalse(Speedup.isThroughput("ns/op"));
        assertFalse(Speedup.isTimePerOp("B/op"));
    }

    @Test
    void unknownUnitsFallBackToTheModeOnlyWhenEqual() {
        assertEquals(3.0, speedup(row("thrpt", 10, "msgs/s2"), row("thrpt", 30, "msgs/s2")), 1e-12);
        assertEquals(3.0, speedup(row("avgt", 30, "widgets"), row("avgt", 10, "widgets")), 1e-12);
        assertTrue(Speedup.of(row("avgt", 30, "widgets"), row("avgt", 10, "gadgets")).isEmpty());
    }

    @Test
    void nonPositiveOrNaNScoresHaveNoSpeedup() {
        assertTrue(Speedup.of(row("thrpt", 0, "ops/s"), row("thrpt", 10, "ops/s")).isEmpty());
        assertTrue(Speedup.of(row("thrpt", 10, "ops/s"), row("thrpt", Double.NaN, "ops/s")).isEmpty());
        assertTrue(Speedup.of(row("avgt", 10, "ns/op"), row("avgt", 0, "ns/op")).isEmpty());
    }

    @Test
    void facadeExposesTheSameSpeedup() {
        LadderReport report = Fixtures.report(Fixtures.QUEUE);
        Row r0 = report.find("offerPoll", Map.of("rung", "r0")).get(0);
        Row r2 = report.find("offerPoll", Map.of("rung", "r2-spsc-ring")).get(0);
        assertEquals(25.0, LadderReport.speedup(r0, r2).getAsDouble(), 1e-12);
    }

    private static double speedup(Row base, Row candidate) {
        return Speedup.of(base, candidate).orElseThrow();
    }

    private static Row row(String mode, double score, String unit) {
        return new Row("x.B.m", "m", Map.of(), mode, score, Double.NaN, unit, null, "", "", Map.of());
    }
}
