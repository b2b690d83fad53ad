package dev.perflab.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.base.OutputFile;
import dev.perflab.report.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The report page in a real browser: headless Chromium (Debian's {@code chromium} and {@code chromium-driver},
 * driven by Selenium) opens the page of the fixtures from disk and the test fails on a JavaScript error, on a
 * chart that is missing, empty or unpainted, and on any chart whose numbers differ from the input files, read
 * back through ECharts' own API ({@code echarts.getInstanceByDom(div).getOption()}). The page and a screenshot
 * of it are kept in {@code target/report-page/}. Without Chromium the test is skipped with how to install it.
 */
class ReportPageBrowserTest {
    private static final Path DIR = Path.of("target", "report-page").toAbsolutePath();
    private static final Path PAGE = DIR.resolve("report.html");
    /** The recorded levels of the fixture's interval log, per tag, in nanoseconds. */
    private static final Map<String, long[][]> LEVELS = Map.of(
            "service", new long[][] {{20_000, 9_000}, {45_000, 900}, {300_000, 90}, {5_000_000, 10}},
            "intended", new long[][] {{25_000, 9_000}, {900_000, 990}, {40_000_000, 10}});
    private static final ObjectMapper JSON = new ObjectMapper();

    private static HeadlessChromium browser;
    private static ChromeDriver driver;
    private static List<String> errors;
    private static JsonNode charts;

    @BeforeAll
    static void openThePageInChromium() throws IOException {
        Assumptions.assumeTrue(HeadlessChromium.available(), HeadlessChromium.INSTALL);
        writePage();
        browser = HeadlessChromium.open(PAGE);
        driver = browser.driver();
        errors = browser.errors();
        charts = browser.charts();
        browser.screenshot(DIR.resolve("report.png"));
    }

    @AfterAll
    static void close() throws IOException {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void opensWithoutAnyJavaScriptError() {
        assertEquals(List.of(), errors);
    }

    @Test
    void loadsNothingFromOutsideThePage() {
        Object resources = driver.executeScript("return performance.getEntriesByType('resource').map(function (e) { return e.name; })");
        assertEquals(List.of(), resources, "a self-contained page fetches nothing");
    }

    @Test
    void everyChartIsDrawnAndPainted() {
        assertEquals(13, charts.size(), "7 tables' charts, 1 latency, 1 A/B, 4 history: " + charts);
        for (JsonNode c : charts) {
            assertFalse(c.path("missing").asBoolean(), "no ECharts instance: " + c);
            assertTrue(c.get("width").asInt() > 300 && c.get("height").asInt() > 150, "no room: " + c);
            assertTrue(c.get("series").size() > 0 && c.get("series").get(0).get("data").size() > 0, "empty chart: " + c);
            assertTrue(c.get("painted").asInt() > 5_000, "canvas barely painted (" + c.get("painted") + " pixels): " + c.get("kind"));
        }
    }

    /** Each ladder chart's bars, error bars and iteration points are the JSON's score, score ± error and rawData. */
    @Test
    void ladderChartsShowTheNumbersOfTheJson() throws IOException {
        Map<String, JsonNode> rows = new HashMap<>();
        for (String file : List.of("page/ladder-forks.json", Fixtures.FOREIGN)) {
            for (JsonNode row : JSON.readTree(Fixtures.path(file).toFile())) {
                rows.put(key(row.get("benchmark").asText(), row.path("params")), row);
            }
        }
        int checkedBars = 0;
        for (JsonNode c : charts) {
            if (!c.get("kind").asText().equals("ladder")) {
                continue;
            }
            if (c.get("benchmark").asText().startsWith("dev.perflab")) {
                assertEquals("log", c.get("yType").asText(), "a ladder is drawn on a log axis: " + c);
            }
            JsonNode bars = c.get("series").get(0).get("data");
            JsonNode errorBars = c.get("series").get(1).get("data");
            Set<List<Double>> points = new HashSet<>();
            c.get("series").get(2).get("data").forEach(p -> points.add(List.of(p.get(0).asDouble(), p.get(1).asDouble(),
                    p.get(2).asDouble(), p.get(3).asDouble())));
            Set<List<Double>> expectedPoints = new HashSet<>();
            for (int i = 0; i < bars.size(); i++) {
                JsonNode row = rows.get(rowKey(c, c.get("x").get(i).asText()));
                assertNotNull(row, "no row of the JSON for bar " + c.get("x").get(i) + " of " + c);
                JsonNode metric = row.get("primaryMetric");
                double score = metric.get("score").asDouble();
                double error = metric.get("scoreError").asDouble();
                error = Double.isNaN(error) ? 0 : error;  // JMH writes "NaN" for one iteration: no error bar
                assertEquals(List.of((double) i, score), List.of(bars.get(i).get(0).asDouble(), bars.get(i).get(1).asDouble()),
                        "bar " + i + " of " + c.get("benchmark"));
                assertEquals(List.of((double) i, score - error, score + error), List.of(errorBars.get(i).get(0).asDouble(),
                        errorBars.get(i).get(1).asDouble(), errorBars.get(i).get(2).asDouble()), "error bar " + i);
                JsonNode raw = metric.get("rawData");
                JsonNode histograms = metric.get("rawDataHistogram");
                for (int f = 0; raw != null && f < raw.size(); f++) {
                    for (int k = 0; k < raw.get(f).size(); k++) {
                        expectedPoints.add(List.of((double) i, raw.get(f).get(k).asDouble(), (double) f, (double) k));
                    }
                }
                for (int f = 0; raw == null && histograms != null && f < histograms.size(); f++) {
                    for (int k = 0; k < histograms.get(f).size(); k++) {
                        double sum = 0;
                        double count = 0;
                        for (JsonNode bucket : histograms.get(f).get(k)) {
                            sum += bucket.get(0).asDouble() * bucket.get(1).asDouble();
                            count += bucket.get(1).asDouble();
                        }
                        expectedPoints.add(List.of((double) i, sum / count, (double) f, (double) k));
                    }
                }
                checkedBars++;
            }
            assertEquals(expectedPoints, points, "every fork's iterations of " + c.get("benchmark") + " " + c.get("params"));
        }
        assertEquals(13 + 5, checkedBars, "the 13 rows of ladder-forks.json and the 5 of foreign.json");
    }

    /** The bimodal rung shows as two clusters of points, one per fork, far apart. */
    @Test
    void aBimodalRungShowsItsTwoForks() {
        JsonNode depth1 = null;
        for (JsonNode c : charts) {
            if (c.get("params").asText().equals("depth=1") && c.get("benchmark").asText().endsWith("cancelLast")) {
                depth1 = c;
            }
        }
        assertNotNull(depth1, "the chart of cancelLast at depth=1");
        int r1 = indexOf(depth1.get("x"), "r1-indexed-level");
        double[] lowest = {Double.MAX_VALUE, Double.MAX_VALUE};
        double[] highest = {0, 0};
        for (JsonNode p : depth1.get("series").get(2).get("data")) {
            if (p.get(0).asInt() == r1) {
                int fork = p.get(2).asInt();
                lowest[fork] = Math.min(lowest[fork], p.get(1).asDouble());
                highest[fork] = Math.max(highest[fork], p.get(1).asDouble());
            }
        }
        assertTrue(lowest[0] > highest[1] * 1.4, "fork 1 runs at about 60% of fork 0: " + lowest[0] + " vs " + highest[1]);
    }

    /** A sample row's percentiles are ticks across its bar, at JMH's p50, p90, p99 and p99.9. */
    @Test
    void sampleRowsShowTheirPercentiles() throws IOException {
        JsonNode murmur = null;
        for (JsonNode c : charts) {
            if (c.get("benchmark").asText().endsWith("HashBenchmark.murmur")) {
                murmur = c;
            }
        }
        assertNotNull(murmur, "the chart of the sample row");
        JsonNode expected = null;
        for (JsonNode row : JSON.readTree(Fixtures.path(Fixtures.FOREIGN).toFile())) {
            if (row.get("benchmark").asText().endsWith("murmur")) {
                expected = row.at("/primaryMetric/scorePercentiles");
            }
        }
        List<Double> ticks = new ArrayList<>();
        murmur.get("series").get(3).get("data").forEach(t -> ticks.add(t.get(1).asDouble()));
        assertEquals(List.of(expected.get("50.0").asDouble(), expected.get("90.0").asDouble(), expected.get("99.0").asDouble(),
                expected.get("99.9").asDouble()), ticks);
    }

    /** Choosing gc.alloc.rate.norm above a ladder's chart draws each rung's allocation instead of its score. */
    @Test
    void aSecondaryMetricCanBeChartedInsteadOfTheScore() throws IOException {
        Object drawn = driver.executeScript(String.join("\n",
                "var select = document.querySelector('select.metric-choice');",
                "var el = select.nextElementSibling;",
                "select.value = 'gc.alloc.rate.norm';",
                "select.dispatchEvent(new Event('change'));",
                "var o = echarts.getInstanceByDom(el).getOption();",
                "return JSON.stringify({ benchmark: el.dataset.benchmark, params: el.dataset.params, metric: el.dataset.metric,",
                "  values: o.series[0].data.map(function (d) { return d[1]; }), categories: (o.yAxis[0].type === 'category' ? o.yAxis : o.xAxis)[0].data });"));
        JsonNode chart = JSON.readTree((String) drawn);
        assertEquals("gc.alloc.rate.norm", chart.get("metric").asText());
        int checked = 0;
        for (JsonNode row : JSON.readTree(Fixtures.path("page/ladder-forks.json").toFile())) {
            String params = "depth=" + row.at("/params/depth").asText();
            if (row.get("benchmark").asText().equals(chart.get("benchmark").asText()) && chart.get("params").asText().equals(params)) {
                int i = indexOf(chart.get("categories"), row.at("/params/rung").asText());
                assertEquals(row.at("/secondaryMetrics/\u00b7gc.alloc.rate.norm/score").asDouble(), chart.get("values").get(i).asDouble(), 0,
                        "the allocation of " + row.at("/params/rung"));
                checked++;
            }
        }
        assertTrue(checked >= 3, "the rungs of " + chart);
    }

    @Test
    void noisyRowsAreMarked() {
        @SuppressWarnings("unchecked")
        List<String> noisy = (List<String>) driver.executeScript(
                "return Array.prototype.map.call(document.querySelectorAll('tr.noisy'), function (tr) { return tr.textContent; })");
        assertEquals(1, noisy.size(), noisy::toString);
        assertTrue(noisy.get(0).startsWith("r1-indexed-level") && noisy.get(0).contains("noisy (±25%)"), noisy::toString);
    }

    @Test
    void theMachineLineAndRunLengthAreInTheHeader() {
        String header = (String) driver.executeScript("return document.querySelector('header').textContent");
        assertTrue(header.contains("JDK 17.0.15 (OpenJDK 64-Bit Server VM) · CPU Fixture CPU · 2 cores · quick run"), header);
        assertTrue(header.contains("JDK 21.0.5 (OpenJDK 64-Bit Server VM); CPU and cores not recorded in this JMH file"), header);
    }

    /** Each tag's curve takes exactly the values recorded, each level from the percentile where it starts. */
    @Test
    void latencyChartShowsTheLogsPercentiles() {
        JsonNode latency = only("latency");
        assertEquals(new TreeSet<>(LEVELS.keySet()), names(latency));
        for (JsonNode s : latency.get("series")) {
            Histogram h = histogram(LEVELS.get(s.get("name").asText()));
            Set<Long> shown = new TreeSet<>();
            for (JsonNode p : s.get("data")) {
                double percentile = 100 - 100 / p.get(0).asDouble();
                long nanos = Math.round(p.get(1).asDouble() * 1000);
                assertTrue(h.valuesAreEquivalent(nanos, h.getValueAtPercentile(Math.max(0, percentile - 1e-9))),
                        s.get("name") + " at " + percentile + "%: " + nanos + " ns, HdrHistogram says " + h.getValueAtPercentile(percentile));
                shown.add(h.lowestEquivalentValue(nanos));
            }
            Set<Long> levels = new TreeSet<>();
            for (long[] level : LEVELS.get(s.get("name").asText())) {
                levels.add(h.lowestEquivalentValue(level[0]));
            }
            assertEquals(levels, shown, "every recorded level of " + s.get("name"));
        }
    }

    @Test
    void abChartShowsEachRatioWithItsInterval() throws IOException {
        JsonNode verdict = only("verdict");
        JsonNode rows = JSON.readTree(Fixtures.path("page/ab-verdict.json").toFile()).get("rows");
        JsonNode data = verdict.get("series").get(0).get("data");
        assertEquals(rows.size(), data.size());
        for (int i = 0; i < rows.size(); i++) {
            JsonNode r = rows.get(i);
            assertEquals(List.of((double) i, r.get("ratio").asDouble(), r.get("low").asDouble(), r.get("high").asDouble()),
                    List.of(data.get(i).get(0).asDouble(), data.get(i).get(1).asDouble(), data.get(i).get(2).asDouble(),
                            data.get(i).get(3).asDouble()));
            assertTrue(verdict.get("y").get(i).asText().contains(r.get("params").get("rung").asText()), verdict.get("y").toString());
        }
    }

    /** The history's values per run, and the change point at its commit: on the ladder's chart or in a section of its own. */
    @Test
    void historyChartsShowTheCsvAndTheChangePoint() throws IOException {
        List<List<String>> lines = new ArrayList<>();
        try (com.fasterxml.jackson.databind.MappingIterator<List<String>> it = new com.fasterxml.jackson.dataformat.csv.CsvMapper()
                .enable(com.fasterxml.jackson.dataformat.csv.CsvParser.Feature.WRAP_AS_ARRAY).readerForListOf(String.class)
                .readValues(Fixtures.path("page/history.csv").toFile())) {
            it.forEachRemaining(lines::add);
        }
        List<JsonNode> history = new ArrayList<>();
        charts.forEach(c -> {
            if (c.get("kind").asText().equals("history")) {
                history.add(c);
            }
        });
        assertEquals(4, history.size(), "one per metric: three under their tables, the replay metric in a section of its own");
        Map<String, List<String>> columns = new HashMap<>();
        List<String> header = lines.get(0);
        for (int c = 3; c < header.size(); c++) {
            List<String> values = new ArrayList<>();
            for (List<String> line : lines.subList(1, lines.size())) {
                values.add(line.get(c));
            }
            columns.put(header.get(c), values);
        }
        int series = 0;
        for (JsonNode chart : history) {
            assertEquals(lines.subList(1, lines.size()).stream().map(l -> l.get(1).substring(0, 8)).toList(),
                    JSON.convertValue(chart.get("x"), List.class));
            for (int m = 0; m < chart.get("series").size(); m++) {
                JsonNode s = chart.get("series").get(m);
                String metric = chart.get("metrics").get(m).asText();
                List<String> values = columns.get(metric);
                assertNotNull(values, metric + " is a column of the CSV");
                assertTrue(metric.contains(s.get("name").asText()), s.get("name") + " names " + metric);
                for (int i = 0; i < values.size(); i++) {
                    JsonNode v = s.get("data").get(i);
                    if (values.get(i).isEmpty()) {
                        assertTrue(v.isNull(), metric + " run " + i + " was not measured");
                    } else {
                        assertEquals(Double.parseDouble(values.get(i)), v.asDouble(), 0, metric + " run " + i);
                    }
                }
                boolean stepped = metric.equals("OrderBookCancelBenchmark.cancelLast[depth=1000,rung=r2-intrusive-list]");
                assertEquals(stepped ? 1 : 0, s.get("marks").size(), metric + "'s change points");
                if (stepped) {
                    assertEquals(8, s.get("marks").get(0).get(0).asInt(), "the change point is at run 8, commit c08fffff");
                }
                series++;
            }
        }
        assertEquals(4, series);
    }

    @Test
    void flameGraphLinksLeadToTheFiles() {
        @SuppressWarnings("unchecked")
        List<String> hrefs = (List<String>) driver.executeScript(
                "return Array.prototype.map.call(document.querySelectorAll('a[href*=\"flame-\"]'), function (a) { return a.href; })");
        assertEquals(2, hrefs.size(), "under its table and in the index: " + hrefs);
        for (String href : hrefs) {
            assertTrue(Files.isRegularFile(Path.of(java.net.URI.create(href))), href);
        }
    }

    @Test
    void thePageIsSmall() throws IOException {
        assertTrue(Files.size(PAGE) < 2L * 1024 * 1024, Files.size(PAGE) + " bytes");
    }

    // ---- the page under test -------------------------------------------------------------------------------

    /**
     * The fixtures copied into {@code target/report-page/}, a flame graph where {@code ./lab profile} puts one
     * beside them, an interval log written here with known values, and the page of them all.
     */
    private static void writePage() throws IOException {
        Files.createDirectories(DIR);
        Path ladder = copy("page/ladder-forks.json");
        copy("page/ladder-forks.machine.txt");
        Path foreign = copy(Fixtures.FOREIGN);
        Path verdict = copy("page/ab-verdict.json");
        Path history = copy("page/history.csv");
        Path changes = copy("page/changes.json");
        Path flame = DIR.resolve("r2-intrusive-list")
                .resolve("dev.perflab.bench.orderbook.OrderBookCancelBenchmark.cancelLast-Throughput-depth-1000-rung-r2-intrusive-list")
                .resolve("flame-cpu-forward.html");
        Files.createDirectories(flame.getParent());
        Files.writeString(flame, "<!DOCTYPE html><title>flame</title>");
        Path hlog = DIR.resolve("latency.hlog");
        writeLog(hlog);
        PageInput input = PageInput.read("perflab report · fixtures", List.of(ladder, foreign, verdict, hlog), history, changes);
        ReportPage.write(input, OutputFile.check("--html", PAGE));
    }

    private static Path copy(String fixture) throws IOException {
        Path target = DIR.resolve(Path.of(fixture).getFileName());
        return Files.copy(Fixtures.path(fixture), target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** Two seconds per tag, each second holding half of every level's count, as the lab's child writes them. */
    private static void writeLog(Path hlog) throws IOException {
        try (var out = new java.io.PrintStream(Files.newOutputStream(hlog), false, java.nio.charset.StandardCharsets.UTF_8)) {
            org.HdrHistogram.HistogramLogWriter writer = new org.HdrHistogram.HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputLegend();
            for (int second = 0; second < 2; second++) {
                for (String tag : List.of("service", "intended")) {
                    Histogram interval = new Histogram(3);
                    for (long[] level : LEVELS.get(tag)) {
                        interval.recordValueWithCount(level[0], level[1] / 2);
                    }
                    interval.setStartTimeStamp(1_000L * second);
                    interval.setEndTimeStamp(1_000L * (second + 1));
                    interval.setTag(tag);
                    writer.outputIntervalHistogram(interval);
                }
            }
        }
    }

    private static Histogram histogram(long[][] levels) {
        Histogram h = new Histogram(3);
        for (long[] level : levels) {
            h.recordValueWithCount(level[0], level[1]);
        }
        return h;
    }

    // ---- reading back --------------------------------------------------------------------------------------

    private static String key(String benchmark, JsonNode params) {
        Map<String, String> p = new java.util.TreeMap<>();
        params.fields().forEachRemaining(e -> p.put(e.getKey(), e.getValue().asText()));
        return benchmark + p;
    }

    /** The JSON row a bar stands for: a ladder's bar is a rung at the chart's params, another's its own params. */
    private static String rowKey(JsonNode chart, String category) {
        Map<String, String> p = new java.util.TreeMap<>();
        String params = chart.get("params").asText();
        boolean ladder = chart.get("benchmark").asText().startsWith("dev.perflab");
        String own = ladder ? params : category.contains("=") ? category : "";
        for (String pair : own.split(" ")) {
            if (pair.contains("=")) {
                p.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
            }
        }
        if (ladder) {
            p.put("rung", category);
        }
        return chart.get("benchmark").asText() + p;
    }

    private static JsonNode only(String kind) {
        List<JsonNode> found = new ArrayList<>();
        charts.forEach(c -> {
            if (c.get("kind").asText().equals(kind)) {
                found.add(c);
            }
        });
        assertEquals(1, found.size(), kind + " charts: " + found);
        return found.get(0);
    }

    private static Set<String> names(JsonNode chart) {
        Set<String> names = new TreeSet<>();
        chart.get("series").forEach(s -> names.add(s.get("name").asText()));
        return names;
    }

    private static int indexOf(JsonNode array, String value) {
        for (int i = 0; i < array.size(); i++) {
            if (array.get(i).asText().equals(value)) {
                return i;
            }
        }
        throw new AssertionError(value + " not in " + array);
    }

}
