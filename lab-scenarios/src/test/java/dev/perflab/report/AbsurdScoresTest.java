package dev.perflab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ab.AbRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scores no benchmark measures (0, negative, 1e308, 1e-320) print in a line's width and say what they are. */
class AbsurdScoresTest {
    @TempDir
    Path dir;

    @Test
    void extremeMagnitudesArePowersOfTenNotHundredsOfDigits() {
        assertEquals("1.00e+308", Formats.number(1e308));
        assertEquals("1.00e-320", Formats.number(1e-320));
        assertEquals("-2.50e+20", Formats.number(-2.5e20));
        assertEquals("0", Formats.number(0));
        assertEquals("12,345,678", Formats.number(12_345_678));
        assertEquals("-", Formats.speedup(OptionalDouble.of(Double.POSITIVE_INFINITY)));
        assertEquals("×1.00e+300", Formats.speedup(OptionalDouble.of(1e300)));
        assertEquals("–", AbRow.percent(Double.POSITIVE_INFINITY));
        assertEquals("1.00e+302%", AbRow.percent(1e300));
    }

    @Test
    void rowsWithoutAUsableScoreAreNamedInANote() throws Exception {
        String row = "{\"benchmark\":\"a.B.m\",\"mode\":\"thrpt\",\"params\":{\"rung\":\"%s\"},"
                + "\"primaryMetric\":{\"score\":%s,\"scoreError\":\"NaN\",\"scoreUnit\":\"ops/s\"}}";
        Path json = Files.writeString(dir.resolve("x.json"), "[" + String.format(row, "r0-a", "0") + ","
                + String.format(row, "r1-b", "-5") + "," + String.format(row, "r2-c", "1.0E308") + "]");
        String text = LadderReport.read(List.of(json)).text("header");
        assertTrue(text.contains("1.00e+308 ops/s"), text);
        assertTrue(text.contains("note: 2 rows have a score that is not a positive finite number (0, negative, NaN or ∞)"), text);
        assertTrue(text.lines().allMatch(l -> l.length() < 200), text);
    }

    /**
     * A scenario row whose run reported errors (a forwarder configuration with one failed day among eight) has no
     * score: its cell says "failed", and its note says why, not that it measured nothing.
     */
    @Test
    void aScenarioRowWhoseRunFailedSaysFailedNotNaN() throws Exception {
        String row = "{\"jmhVersion\":\"none (perflab scenario)\",\"benchmark\":\"forwarder.forward\",\"mode\":\"thrpt\","
                + "\"forks\":3,\"params\":{\"rung\":\"%s\"},\"primaryMetric\":{\"score\":%s,\"scoreError\":\"NaN\","
                + "\"scoreUnit\":\"MB/s\",\"rawData\":[%s]},\"secondaryMetrics\":{\"errors\":{\"score\":%d,"
                + "\"scoreError\":\"NaN\",\"scoreUnit\":\"lines\"}}}";
        Path json = Files.writeString(dir.resolve("forwarder.json"), "[" + String.format(row, "r0-a", "60.0", "[59.0],[60.0],[61.0]", 0)
                + "," + String.format(row, "r1-b", "\"NaN\"", "[70.0],[\"NaN\"],[72.0]", 1) + "]");
        String text = LadderReport.read(List.of(json)).text("header");
        assertTrue(text.lines().anyMatch(l -> l.contains("r1-b") && l.contains(" failed ")), text);
        assertFalse(text.contains("NaN MB/s"), text);
        assertTrue(text.contains("failed: 1 row has no score because its run reported errors"), text);
        assertFalse(text.contains("not a positive finite number"), "the failed row is not a row that measured nothing: " + text);
    }
}
