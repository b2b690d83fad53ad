package dev.perflab.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The page of a real run, named by {@code PERFLAB_REPORT_PAGE} (as {@code .ci/run} names its smoke run's
 * {@code orderbook.html}), opened in headless Chromium: no JavaScript error, every chart drawn, painted and
 * holding data, and under 2 MiB. A screenshot lands beside it ({@code NAME.png}). Skipped without the variable or
 * without Chromium.
 */
class RunPageBrowserTest {
    private static final long MAX_PAGE_BYTES = 2L * 1024 * 1024;

    @Test
    void theRunsPageOpensWithoutErrorsAndDrawsEveryChart() throws IOException {
        String named = System.getenv("PERFLAB_REPORT_PAGE");
        Assumptions.assumeTrue(named != null && !named.isBlank(), "PERFLAB_REPORT_PAGE names no page to open");
        Assumptions.assumeTrue(HeadlessChromium.available(), HeadlessChromium.INSTALL);
        Path page = Path.of(named).toAbsolutePath();
        assertTrue(Files.isRegularFile(page), page + " is not a file");
        assertTrue(Files.size(page) < MAX_PAGE_BYTES, page + ": " + Files.size(page) + " bytes");
        try (HeadlessChromium browser = HeadlessChromium.open(page)) {
            assertEquals(List.of(), browser.errors());
            JsonNode charts = browser.charts();
            assertTrue(charts.size() > 0, "a run's page has charts");
            for (JsonNode c : charts) {
                assertFalse(c.path("missing").asBoolean(), "no ECharts instance: " + c);
                assertTrue(c.get("series").size() > 0 && c.get("series").get(0).get("data").size() > 0, "empty chart: " + c);
                assertTrue(c.get("painted").asInt() > 5_000, "canvas barely painted: " + c.get("kind") + " " + c.get("benchmark"));
            }
            String name = page.getFileName().toString();
            browser.screenshot(page.resolveSibling(name.substring(0, name.lastIndexOf('.')) + ".png"));
        }
    }
}
