package dev.perflab.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.base.OutputFile;
import dev.perflab.report.ForeignFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The page of other projects' files in headless Chromium, checked for what a reader sees rather than for the data:
 * every text ECharts drew (axis labels, bar labels, titles), as the browser laid it out, must overlap no other, fit
 * its canvas and be at least 10 px; every category label is shown; and on a log axis a smaller value draws a shorter
 * bar. Three files in the shapes that broke the page: 196 rows of one benchmark (an alignment sweep), 360 rows
 * without params, sub-millisecond values on a log axis, and a size sweep. The page and its screenshot are kept in
 * {@code target/report-page-foreign/}.
 */
class ForeignPageBrowserTest {
    private static final Path DIR = Path.of("target", "report-page-foreign").toAbsolutePath();
    private static final Path PAGE = DIR.resolve("foreign.html");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static HeadlessChromium browser;
    private static List<String> errors;
    private static JsonNode charts;

    @BeforeAll
    static void openThePageInChromium() throws IOException {
        Assumptions.assumeTrue(HeadlessChromium.available(), HeadlessChromium.INSTALL);
        Files.createDirectories(DIR);
        List<Path> files = List.of(ForeignFiles.wide(DIR.resolve("alignment.json")),
                ForeignFiles.unparametrised(DIR.resolve("parsers.json")), ForeignFiles.logScale(DIR.resolve("maps.json")),
                ForeignFiles.sizeSweep(DIR.resolve("sort.json")));
        ReportPage.write(PageInput.read("perflab report · three projects", files, null, null), OutputFile.check("--html", PAGE));
        browser = HeadlessChromium.open(PAGE);
        errors = browser.errors();
        charts = PageLayout.charts(browser);
        browser.screenshot(DIR.resolve("foreign.png"));
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

    /** One chart for the 196 rows, one per class of the 360 (12), one for the log file, one for the sweep. */
    @Test
    void classesAndBenchmarksAreOneChartEach() {
        assertEquals(1 + 12 + 1 + 1, charts.size(), "charts: " + charts.size());
    }

    /** A size sweep is a line per implementation over the size, log-log, each point the JSON's score. */
    @Test
    void aSizeSweepIsALinePerImplementationOverTheSize() throws IOException {
        JsonNode sweep = chart("org.example.sort.SortBenchmark.sort");
        assertEquals("sweep", sweep.get("kind").asText());
        assertEquals("log", sweep.get("xType").asText(), "sizes 1 to 10^6 on a log axis");
        assertTrue(sweep.get("log").asBoolean(), "scores spanning 1,000× on a log axis");
        assertEquals(List.of("impl=array", "impl=linked", "impl=tree"), names(sweep.get("series")));
        int checked = 0;
        for (JsonNode row : JSON.readTree(DIR.resolve("sort.json").toFile())) {
            int line = names(sweep.get("series")).indexOf("impl=" + row.at("/params/impl").asText());
            double size = Double.parseDouble(row.at("/params/size").asText());
            boolean found = false;
            for (JsonNode p : sweep.get("series").get(line).get("data")) {
                found |= p.get(0).asDouble() == size && p.get(1).asDouble() == row.at("/primaryMetric/score").asDouble();
            }
            assertTrue(found, row.at("/params") + " is a point of its line");
            checked++;
        }
        assertEquals(21, checked);
    }

    private static List<String> names(JsonNode series) {
        List<String> names = new ArrayList<>();
        series.forEach(s -> names.add(s.get("name").asText()));
        return names;
    }

    @Test
    void noTextOverlapsAnotherOrLeavesItsChartOrIsTooSmall() {
        List<String> problems = PageLayout.textProblems(charts);
        assertEquals(List.of(), problems.subList(0, Math.min(20, problems.size())), problems.size() + " problems");
    }

    /** Every category of every chart is labelled: 196 offsets, 30 methods per class, 5 map operations. */
    @Test
    void everyCategoryLabelIsShown() {
        assertEquals(List.of(), PageLayout.unlabelledCategories(charts));
        int categories = 0;
        for (JsonNode c : charts) {
            categories += c.get("categories").size();
        }
        assertEquals(196 + 360 + 5, categories);
    }

    /** The 196 rows: each bar at least 10 px thick, so that a row can be read off against its label. */
    @Test
    void theWideChartGivesEachRowRoom() {
        JsonNode wide = chart(ForeignFiles.WIDE_CLASS + ".arraycopy");
        assertEquals(196, wide.get("bars").size());
        for (JsonNode bar : wide.get("bars")) {
            double thickness = wide.get("horizontal").asBoolean() ? bar.get("h").asDouble() : bar.get("w").asDouble();
            assertTrue(thickness >= 10, "bar " + bar + " is " + thickness + " px thick");
        }
    }

    /** On the log axis, bar length grows with the value: 0.008 ms/op draws the shortest bar, not the longest. */
    @Test
    void onALogAxisTheSmallestValueDrawsTheShortestBar() {
        JsonNode maps = chart("org.example.maps.IntMapBenchmark.get");
        assertTrue(maps.get("log").asBoolean(), "0.008 to 52 ms/op spans nearly four decades: a log axis");
        double[] lengths = new double[maps.get("bars").size()];
        for (JsonNode bar : maps.get("bars")) {
            lengths[bar.get("index").asInt()] = maps.get("horizontal").asBoolean() ? bar.get("w").asDouble() : bar.get("h").asDouble();
        }
        for (int i = 1; i < lengths.length; i++) {
            double before = maps.get("values").get(i - 1).asDouble();
            double now = maps.get("values").get(i).asDouble();
            assertTrue(before < now && lengths[i - 1] < lengths[i], "bar " + (i - 1) + " (" + before + ") is "
                    + lengths[i - 1] + " px, bar " + i + " (" + now + ") " + lengths[i] + " px");
        }
        assertTrue(lengths[0] > 0, "the smallest bar still shows");
    }

    private static JsonNode chart(String benchmark) {
        for (JsonNode c : charts) {
            if (c.get("benchmark").asText().equals(benchmark)) {
                return c;
            }
        }
        throw new AssertionError("no chart of " + benchmark);
    }
}
