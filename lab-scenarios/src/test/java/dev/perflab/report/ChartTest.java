package dev.perflab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;

class ChartTest {
    @TempDir
    Path tmp;

    @Test
    void writesOneReadablePngPerBenchmarkMethodNamedPrefixClassMethod() throws IOException {
        LadderReport report = Fixtures.report(Fixtures.ORDERBOOK, Fixtures.QUEUE);
        ChartOutput out = report.png(tmp.resolve("charts"), "lab", "header");
        assertTrue(out.warning().isEmpty(), () -> out.warning().get());
        assertEquals(List.of("lab-OrderBookCancelBenchmark-cancelFirst.png", "lab-OrderBookCancelBenchmark-cancelLast.png",
                        "lab-QueueBenchmark-offerPoll.png"),
                out.files().stream().map(p -> p.getFileName().toString()).toList());
        for (Path file : out.files()) {
            assertTrue(Files.size(file) > 1000, file + " is too small");
            BufferedImage image = ImageIO.read(file.toFile());
            assertNotNull(image, file + " is not a PNG");
            assertTrue(image.getWidth() > 500 && image.getHeight() > 500);
        }
    }

    /** A scenario's benchmark is named after its component: the file does not repeat it. */
    @Test
    void aScenarioChartDoesNotRepeatTheComponent() {
        Row row = new Row("mdf.forward", "forward", Map.of("rung", "r0-a"), "thrpt", 5, Double.NaN, "MB/s", null, "", "", Map.of());
        ChartOutput out = LadderReport.of(List.of(row)).png(tmp, "mdf", "h");
        assertEquals(List.of(tmp.resolve("mdf-forward.png")), out.files());
    }

    @Test
    void laddersAreLogScaleOtherRowsOnlyWhenTheySpanAHundredTimes() {
        List<ChartSeries> charts = ChartSeries.of(Fixtures.report(Fixtures.ORDERBOOK, Fixtures.QUEUE, Fixtures.FOREIGN));
        ChartSeries offerPoll = chart(charts, "QueueBenchmark.offerPoll");   // a ladder, 8 to 200 ns/op
        ChartSeries builder = chart(charts, "StringConcatBenchmark.builder"); // no rung, 812 to 61,235 ops/ms
        assertTrue(ChartRenderer.logScale(offerPoll));
        assertTrue(ChartRenderer.build(offerPoll).getStyler().isYAxisLogarithmic());
        assertFalse(ChartRenderer.logScale(builder));
        assertFalse(ChartRenderer.build(builder).getStyler().isYAxisLogarithmic());
    }

    @Test
    void chartHasParamsAsCategoriesAndRungsAsSeries() {
        CategoryChart chart = ChartRenderer.build(chart(ChartSeries.of(Fixtures.report(Fixtures.ORDERBOOK)),
                "OrderBookCancelBenchmark.cancelLast"));
        assertEquals("OrderBookCancelBenchmark.cancelLast", chart.getTitle());
        assertEquals("score (ops/s)", chart.getYAxisTitle());
        assertEquals(List.of("r0-persistent-scan", "r1-tree-map", "r2-intrusive-list", "peer-parity"),
                List.copyOf(chart.getSeriesMap().keySet()));
        assertEquals(List.of("depth=1", "depth=1000"), chart.getSeriesMap().get("r1-tree-map").getXData());
    }

    /** On a log axis XChart draws log y ± log e: each bar's factor spans its interval, y ± e, in decades. */
    @Test
    void everyBarHasItsErrorAsAnErrorBar() {
        CategoryChart chart = ChartRenderer.build(chart(ChartSeries.of(Fixtures.report(Fixtures.ORDERBOOK)),
                "OrderBookCancelBenchmark.cancelLast"));
        CategorySeries r2 = chart.getSeriesMap().get("r2-intrusive-list");
        assertEquals(List.of(1_030_000.0, 1_000_000.0), List.copyOf(r2.getYData()));
        List<? extends Number> factors = List.copyOf(r2.getExtraValues());
        double[][] rows = {{1_030_000, 12_000}, {1_000_000, 15_000}};
        for (int i = 0; i < rows.length; i++) {
            double y = rows[i][0];
            double e = rows[i][1];
            double f = factors.get(i).doubleValue();
            assertEquals(Math.log10((y + e) / (y - e)), 2 * Math.log10(f), 1e-12, "whisker length in decades");
            assertEquals(y + e, y * f, e * e / y, "top end");
            assertEquals(y - e, y / f, e * e / y, "bottom end");
        }
    }

    @Test
    void aLinearAxisTakesTheErrorAsItIs() {
        CategoryChart chart = ChartRenderer.build(chart(ChartSeries.of(Fixtures.report(Fixtures.FOREIGN)),
                "StringConcatBenchmark.builder"));
        assertFalse(chart.getStyler().isYAxisLogarithmic());
        assertEquals(List.of(402.0, 9.9), List.copyOf(chart.getSeriesMap().get("thrpt").getExtraValues()));
    }

    @Test
    void aRungHasOneColourInEveryChartAndEveryRun() {
        LadderReport orderbook = Fixtures.report(Fixtures.ORDERBOOK);
        List<ChartSeries> charts = ChartSeries.of(orderbook);
        Color first = colour(chart(charts, "OrderBookCancelBenchmark.cancelFirst"), "r2-intrusive-list");
        Color last = colour(chart(charts, "OrderBookCancelBenchmark.cancelLast"), "r2-intrusive-list");
        assertEquals(first, last);
        Color queueR2 = colour(chart(ChartSeries.of(Fixtures.report(Fixtures.QUEUE)), "QueueBenchmark.offerPoll"), "r2-spsc-ring");
        assertEquals(first, queueR2, "every ladder's r2 is drawn alike");
        assertNotEquals(first, colour(chart(charts, "OrderBookCancelBenchmark.cancelLast"), "r1-tree-map"));
        assertEquals(SeriesColours.rung("r4-tick-array"), SeriesColours.rung("r4-other-ladder"));
    }

    @Test
    void theTitleNamesTheRecordedRunLength() throws IOException {
        Path json = Files.copy(Fixtures.path(Fixtures.QUEUE), tmp.resolve("queue.json"));
        dev.perflab.results.RunFolder.of("--out", json.getParent()).writeMachine(json, "JDK x · CPU y · 2 cores", "smoke");
        LadderReport report = LadderReport.read(List.of(json));
        assertEquals("QueueBenchmark.offerPoll · smoke run", ChartRenderer.build(ChartSeries.of(report).get(0)).getTitle());
        assertEquals("JDK x · CPU y · 2 cores · smoke run", report.header());
    }

    /** Two files of the same benchmarks: each file's series stays, keyed by file and mode. */
    @Test
    void twoFilesKeepEveryFilesSeries() throws IOException {
        Path a = Files.copy(Fixtures.path(Fixtures.FOREIGN), tmp.resolve("a.json"));
        Path b = Files.copy(Fixtures.path(Fixtures.FOREIGN), tmp.resolve("b.json"));
        LadderReport report = LadderReport.read(List.of(a, b));
        CategoryChart plus = ChartRenderer.build(chart(ChartSeries.of(report), "StringConcatBenchmark.plus"));
        assertEquals(List.of("thrpt · a.json", "thrpt · b.json"), List.copyOf(plus.getSeriesMap().keySet()));
        ChartOutput out = report.png(tmp.resolve("png"), "x", report.header());
        assertTrue(out.warning().isEmpty(), () -> out.warning().get());
        assertEquals(4, out.files().size());
    }

    /** The same Class.method in two packages: two charts, two titles, each naming its package. */
    @Test
    void theSameClassMethodInTwoPackagesGetsTwoCharts() {
        Row a = new Row("org.alpha.Codec.encode", "encode", Map.of(), "thrpt", 5, 0.1, "ops/s", null, "", "", Map.of());
        Row b = new Row("org.beta.Codec.encode", "encode", Map.of(), "thrpt", 7, 0.1, "ops/s", null, "", "", Map.of());
        LadderReport report = LadderReport.of(List.of(a, b));
        ChartOutput out = report.png(tmp, "p", "h");
        assertEquals(List.of(tmp.resolve("p-org-alpha-Codec-encode.png"), tmp.resolve("p-org-beta-Codec-encode.png")), out.files());
        assertEquals(List.of("org.alpha.Codec.encode", "org.beta.Codec.encode"),
                ChartSeries.of(report).stream().map(c -> ChartRenderer.build(c).getTitle()).toList());
        assertEquals(List.of("org.alpha.Codec.encode", "org.beta.Codec.encode"),
                report.groups().stream().map(report::title).toList());
    }

    /** Forty categories of two params, three rungs: a series per rung, and room for every label. */
    @Test
    void manyRowsOfSeveralParamsGetASeriesPerRungAndLabelsThatDoNotOverlap() {
        List<Row> rows = new ArrayList<>();
        for (String depth : List.of("1", "10", "100", "1000")) {
            for (int size = 1; size <= 10; size++) {
                for (String rung : List.of("r0-naive", "r1-better", "r2-tuned")) {
                    rows.add(new Row("x.Book.cancel", "cancel", Map.of("depth", depth, "orderSize", Integer.toString(size * 100), "rung", rung),
                            "thrpt", 1000.0 * (rung.charAt(1) - '0' + 1) * size, 10, "ops/s", null, "", "", Map.of()));
                }
            }
        }
        ChartSeries data = ChartSeries.of(LadderReport.of(rows)).get(0);
        CategoryChart chart = ChartRenderer.build(data);
        assertEquals(List.of("r0-naive", "r1-better", "r2-tuned"), List.copyOf(chart.getSeriesMap().keySet()));
        assertEquals(40, data.categories().size());
        FontMetrics metrics = metrics(chart);
        int plotWidth = chart.getWidth() - 300;  // less the y axis and the legend, generously
        int slot = plotWidth / data.categories().size();
        int widest = data.categories().stream().mapToInt(metrics::stringWidth).max().orElseThrow();
        boolean upright = chart.getStyler().getXAxisLabelRotation() == 90;
        assertTrue(upright ? slot >= metrics.getHeight() : slot >= widest,
                "labels of " + widest + " px (line " + metrics.getHeight() + " px) in slots of " + slot + " px, upright " + upright);
        if (upright) {
            assertTrue(chart.getHeight() >= 540 + widest, "room below the plot for upright labels");
        }
    }

    @Test
    void aChartThatCannotRenderIsSkippedWithAWarning() {
        Row infinite = new Row("x.B.inf", "inf", Map.of(), "thrpt", Double.POSITIVE_INFINITY, Double.NaN, "ops/s",
                null, "", "", Map.of());
        Row ok = new Row("x.B.ok", "ok", Map.of(), "thrpt", 5, Double.NaN, "ops/s", null, "", "", Map.of());
        ChartOutput out = LadderReport.of(List.of(infinite, ok)).png(tmp, "p", "h");  // XChart rejects infinity
        assertEquals(List.of(tmp.resolve("p-B-ok.png")), out.files());
        String warning = out.warning().orElseThrow();
        assertTrue(warning.startsWith("PNG chart not written: " + tmp.resolve("p-B-inf.png") + " ("), warning);
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

    private static ChartSeries chart(List<ChartSeries> charts, String title) {
        return charts.stream().filter(c -> c.title().equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError("no chart " + title + " in " + charts.stream().map(ChartSeries::title).toList()));
    }

    private static Color colour(ChartSeries data, String series) {
        return ChartRenderer.build(data).getSeriesMap().get(series).getFillColor();
    }

    private static FontMetrics metrics(CategoryChart chart) {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            return g.getFontMetrics(chart.getStyler().getAxisTickLabelsFont());
        } finally {
            g.dispose();
        }
    }
}
