package dev.perflab.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChartTest {
    @TempDir
    Path tmp;

    @Test
    void writesOneReadablePngPerBenchmarkMethod() throws IOException {
        LadderReport report = Fixtures.report(Fixtures.ORDERBOOK, Fixtures.QUEUE);
        ChartOutput out = report.png(tmp.resolve("charts"), "lab", "header");
        assertTrue(out.warning().isEmpty(), () -> out.warning().get());
        assertEquals(List.of("lab-cancelFirst.png", "lab-cancelLast.png", "lab-offerPoll.png"),
                out.files().stream().map(p -> p.getFileName().toString()).toList());
        for (Path file : out.files()) {
            assertTrue(Files.size(file) > 1000, file + " is too small");
            BufferedImage image = ImageIO.read(file.toFile());
            assertNotNull(image, file + " is not a PNG");
            assertTrue(image.getWidth() > 500 && image.getHeight() > 500);
        }
    }

    @Test
    void logScaleWhenScoresSpanAHundredTimes() {
        List<LadderGroup> groups = Fixtures.report(Fixtures.ORDERBOOK, Fixtures.QUEUE).groups();
        List<LadderGroup> cancelLast = groups.subList(1, 3);  // 1,000 to 1,030,000 ops/s
        List<LadderGroup> offerPoll = groups.subList(3, 4);   // 8 to 200 ns/op
        assertTrue(ChartRenderer.logScale(cancelLast));
        assertFalse(ChartRenderer.logScale(offerPoll));
        CategoryChart chart = ChartRenderer.build(cancelLast);
        assertTrue(chart.getStyler().isYAxisLogarithmic());
        assertFalse(ChartRenderer.build(offerPoll).getStyler().isYAxisLogarithmic());
    }

    @Test
    void chartHasParamsAsCategoriesAndRungsAsSeries() {
        List<LadderGroup> cancelLast = Fixtures.report(Fixtures.ORDERBOOK).groups().subList(1, 3);
        CategoryChart chart = ChartRenderer.build(cancelLast);
        assertEquals("OrderBookCancelBenchmark.cancelLast", chart.getTitle());
        assertEquals("score (ops/s)", chart.getYAxisTitle());
        assertEquals(List.of("r0-persistent-scan", "r1-tree-map", "r2-intrusive-list", "peer-parity"),
                List.copyOf(chart.getSeriesMap().keySet()));
        assertEquals(List.of("depth=1", "depth=1000"), chart.getSeriesMap().get("r1-tree-map").getXData());
    }

    @Test
    void foreignBenchmarkWithoutParamsGetsASingleCategory() {
        ChartOutput out = Fixtures.report(Fixtures.FOREIGN).png(tmp, "other", "h");
        assertTrue(out.warning().isEmpty());
        assertEquals(4, out.files().size()); // plus, builder, murmur, coldStart
        CategoryChart plus = ChartRenderer.build(Fixtures.report(Fixtures.FOREIGN).groups().subList(0, 1));
        assertEquals(List.of("plus"), plus.getSeriesMap().get("thrpt").getXData());
    }

    @Test
    void aChartThatCannotRenderIsSkippedWithAWarning() {
        Row infinite = new Row("x.B.inf", "inf", Map.of(), "thrpt", Double.POSITIVE_INFINITY, Double.NaN, "ops/s",
                null, "", "",
                Map.of());
        Row ok = new Row("x.B.ok", "ok", Map.of(), "thrpt", 5, Double.NaN, "ops/s", null, "", "",
                Map.of());
        ChartOutput out = LadderReport.of(List.of(infinite, ok)).png(tmp, "p", "h");  // XChart rejects infinity
        assertEquals(List.of(tmp.resolve("p-ok.png")), out.files());
        String warning = out.warning().orElseThrow();
        assertTrue(warning.startsWith("PNG chart not written: " + tmp.resolve("p-inf.png") + " ("), warning);
    }

    @Test
    void failureIsAOneLineWarningNotAnException() throws IOException {
        Path notADirectory = Files.writeString(tmp.resolve("file"), "x");
        ChartOutput out = Fixtures.report(Fixtures.QUEUE).png(notADirectory.resolve("charts"), "lab", "h");
        assertTrue(out.files().isEmpty());
        String warning = out.warning().orElseThrow();
        assertTrue(warning.startsWith("PNG chart not written: " + notADirectory.resolve("charts") + " ("), warning);
        assertFalse(warning.contains("\n"));
    }
}
