package dev.perflab.report;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FormatsTest {
    @Test
    void numbersAreGroupedFromAThousandAndThreeSignificantDigitsBelow() {
        assertEquals("12,345,678", Formats.number(12_345_678.4));
        assertEquals("1,000", Formats.number(999.7));
        assertEquals("1,235", Formats.number(1234.5));
        assertEquals("123", Formats.number(123.4));
        assertEquals("12.3", Formats.number(12.34));
        assertEquals("1.23", Formats.number(1.234));
        assertEquals("0.0123", Formats.number(0.012345));
        assertEquals("0", Formats.number(0));
        assertEquals("NaN", Formats.number(Double.NaN));
    }

    @Test
    void speedups() {
        assertEquals("×103", Formats.speedup(OptionalDouble.of(103.0)));
        assertEquals("×1,000", Formats.speedup(OptionalDouble.of(1000.0)));
        assertEquals("×41.2", Formats.speedup(OptionalDouble.of(41.2)));
        assertEquals("×1.18", Formats.speedup(OptionalDouble.of(1.1814)));
        assertEquals("×0.85", Formats.speedup(OptionalDouble.of(0.8512)));
        assertEquals("×0.0097", Formats.speedup(OptionalDouble.of(0.0097087)));
        assertEquals("-", Formats.speedup(OptionalDouble.empty()));
    }

    @Test
    void allocation() {
        assertEquals("-", Formats.alloc(null));
        assertEquals("≈0", Formats.alloc(0.0021));
        assertEquals("0.5", Formats.alloc(0.5));
        assertEquals("24", Formats.alloc(24.0));
        assertEquals("98,304", Formats.alloc(98304.0));
    }

    @Test
    void scoreWithAndWithoutError() {
        Row withError = new Row("a.B.c", "c", Map.of(), "thrpt", 12_345_678, 45_678, "ops/s", null, "", "", Map.of());
        assertEquals("12,345,678 ± 45,678 ops/s", Formats.score(withError));
        Row noError = new Row("a.B.c", "c", Map.of(), "ss", 123.4, Double.NaN, "ms/op", null, "", "", Map.of());
        assertEquals("123 ms/op", Formats.score(noError));
    }
}
