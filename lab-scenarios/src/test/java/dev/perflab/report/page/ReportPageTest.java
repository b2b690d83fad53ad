package dev.perflab.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.report.Fixtures;
import dev.perflab.report.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page's HTML and its inputs, without a browser (ReportPageBrowserTest opens it in one). */
class ReportPageTest {
    @TempDir
    Path tmp;

    @Test
    void aVerdictIsRecognisedByItsVerdictAndRows() {
        PageInput input = PageInput.read("t", List.of(Fixtures.path("page/ab-verdict.json")), null, null);
        assertTrue(input.results().rows().isEmpty());
        assertEquals(1, input.verdicts().size());
        AbVerdict v = input.verdicts().get(0);
        assertEquals("regression", v.verdict());
        assertEquals(0.05, v.threshold());
        assertEquals(List.of(0.93, 1.01, 1.12, 0.99), v.rows().stream().map(AbVerdict.Ratio::ratio).toList());
        assertEquals(Map.of("rung", "r4-tick-array", "depth", "1000"), v.rows().get(0).params());
        assertTrue(v.rows().get(3).ruler());
        String html = ReportPage.html(input, tmp);
        assertTrue(html.contains("<h2>A/B orderbook: abc1234 → def5678: regression</h2>"), html.substring(0, 3000));
    }

    /** Nothing is fetched: no script, style sheet or image by address; the library is inline. */
    @Test
    void thePageIsSelfContained() {
        String html = page();
        String markup = html.replaceAll("(?s)<script>.*?</script>", "<script></script>")
                .replaceAll("(?s)<script type=\"application/json\"[^>]*>.*?</script>", "");
        assertFalse(Pattern.compile("(?i)<(script|img|iframe)[^>]*\\ssrc=").matcher(markup).find(), "no src attribute");
        assertFalse(Pattern.compile("(?i)<link\\b").matcher(markup).find(), "no linked style sheet");
        assertFalse(Pattern.compile("(?i)url\\(\\s*['\"]?(https?:)?//").matcher(markup).find(), "no remote CSS url()");
        assertTrue(html.contains("Apache ECharts " + ChartLibrary.version()));
        assertTrue(html.contains(ChartLibrary.script().substring(0, 200)), "the library itself is inlined");
    }

    /** A value read from a file cannot end the data's script element or open another. */
    @Test
    void valuesFromTheFilesCannotBreakOutOfTheScriptOrMarkup() throws IOException {
        String hostile = "</script><script>alert(1)</script><b>";
        Path json = tmp.resolve("hostile.json");
        String quoted = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(hostile);
        Files.writeString(json, "[{\"benchmark\":\"x.Evil.m\",\"mode\":\"thrpt\",\"params\":{\"rung\":" + quoted + ",\"name\":"
                + quoted + "},\"primaryMetric\":{\"score\":1,\"scoreError\":0.1,\"scoreUnit\":\"ops/s\",\"rawData\":[[1,1]]}}]");
        String html = ReportPage.html(PageInput.read("t", List.of(json), null, null), tmp);
        Matcher closings = Pattern.compile("(?i)</script").matcher(html);
        int count = 0;
        while (closings.find()) {
            count++;
        }
        assertEquals(3, count, "the library's, the data's and the page script's own closing tags only");
        assertTrue(html.contains("<\\/script><script>alert(1)<\\/script><b>"), "in the data, </ is written <\\/");
        String markup = html.replaceAll("(?s)<script[^>]*>.*?</script>", "");
        assertFalse(markup.contains("<b>"), "markup from a file is escaped in the page's HTML");
        assertTrue(markup.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;"), "and shown as text");
    }

    @Test
    void noisyRowsAreMarkedInTheTable() {
        String html = page();
        assertTrue(html.contains("<tr class=\"noisy\"><td>r1-indexed-level</td>"), "the noisy row");
        assertEquals(1, html.split("<tr class=\"noisy\">", -1).length - 1, "one noisy row in the fixtures");
        assertTrue(html.contains("noisy (±25%)"));
        String explained = Html.esc(dev.perflab.report.GroupTable.NOISY_FOOTNOTE);
        assertEquals(2, html.split(java.util.regex.Pattern.quote(explained), -1).length, "what noisy means, said once");
    }

    @Test
    void metricColumnsNameTheBenchmarkAndItsParams() {
        History.Metric m = History.metric("OrderBookCancelBenchmark.cancelLast[depth=1000,rung=r4-tick-array]", List.of(), tmp);
        assertEquals("OrderBookCancelBenchmark.cancelLast", m.benchmark());
        assertEquals(Map.of("depth", "1000", "rung", "r4-tick-array"), m.params());
        assertEquals(Map.of(), History.metric("Codec.encode", List.of(), tmp).params());
        History.Metric exported = History.metric(
                "dev.perflab.bench.orderbook.OrderBookCancelBenchmark.cancelLast[depth=1000;rung=r4-tick-array]:gc.alloc.rate.norm", List.of(), tmp);
        assertEquals("dev.perflab.bench.orderbook.OrderBookCancelBenchmark.cancelLast", exported.benchmark());
        assertEquals(Map.of("depth", "1000", "rung", "r4-tick-array"), exported.params());
        assertEquals("gc.alloc.rate.norm", exported.secondary());
        ReportException e = assertThrows(ReportException.class, () -> History.metric("Codec.encode[size]", List.of(), tmp));
        assertTrue(e.getMessage().endsWith("metric column 'Codec.encode[size]': 'size' is not param=value"), e.getMessage());
    }

    @Test
    void theChangePointIsPlacedAtItsCommit() {
        History h = History.read(Fixtures.path("page/history.csv"), Fixtures.path("page/changes.json"));
        assertEquals(12, h.runs().size());
        assertEquals(4, h.metrics().size());
        assertEquals(1, h.changes().size());
        assertEquals(8, h.runIndex(h.changes().get(0)));
        assertEquals(null, h.metrics().get(2).values().get(3), "an empty cell is a run that did not measure it");
    }

    @Test
    void badHistoryInputIsOneLineNamingFileAndLine() throws IOException {
        Path header = Files.writeString(tmp.resolve("h1.csv"), "when,commit,branch,A.b\n1,c,main,2\n");
        assertMessage(header + ":1: history CSV header must start time,commit,branch", () -> History.read(header, null));
        Path cell = Files.writeString(tmp.resolve("h2.csv"), "time,commit,branch,A.b\n1,c,main,2\n2,d,main,fast\n");
        assertMessage(cell + ":3: column A.b: 'fast' is not a number", () -> History.read(cell, null));
        Path changes = Files.writeString(tmp.resolve("c.json"), "[{\"commit\": \"c\"}]");
        Path good = Files.writeString(tmp.resolve("h3.csv"), "time,commit,branch,A.b\n1,c,main,2\n");
        assertMessage(changes + ": change #1 has no metric or no numeric change_percent", () -> History.read(good, changes));
        Path object = Files.writeString(tmp.resolve("c2.json"), "{}");
        assertMessage(object + ": expected a JSON array", () -> History.read(good, object));
    }

    @Test
    void badIntervalLogsAndVerdictsAreOneLineNamingTheFile() throws IOException {
        Path empty = Files.writeString(tmp.resolve("empty.hlog"), "#[comment only]\n");
        assertMessage(empty + ": no interval histograms", () -> LatencyLog.read(empty));
        Path garbage = Files.writeString(tmp.resolve("garbage.hlog"), "0.000,1.000,5.0,not-base64!!\n");
        assertMessage(garbage + ": not an HdrHistogram interval log", () -> LatencyLog.read(garbage));
        Path verdict = Files.writeString(tmp.resolve("v.json"), "{\"verdict\": \"regression\", \"rows\": [{\"benchmark\": \"a.B.c\"}]}");
        assertMessage(verdict + ": A/B verdict row #1 has no benchmark or no numeric ratio",
                () -> PageInput.read("t", List.of(verdict), null, null));
    }

    @Test
    void aPageWithNothingToShowIsRefused() {
        PageInput nothing = PageInput.read("t", List.of(), null, null);
        assertMessage("report page: nothing to show", () -> ReportPage.html(nothing, tmp));
    }

    private static void assertMessage(String start, org.junit.jupiter.api.function.Executable call) {
        ReportException e = assertThrows(ReportException.class, call);
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    private String page() {
        return ReportPage.html(PageInput.read("t", List.of(Fixtures.path("page/ladder-forks.json"), Fixtures.path(Fixtures.FOREIGN)),
                null, null), tmp);
    }
}
