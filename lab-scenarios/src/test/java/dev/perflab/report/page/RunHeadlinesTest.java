package dev.perflab.report.page;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.report.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page of a run opens with the headlines the run printed, before its machine lines; a page of files has none. */
class RunHeadlinesTest {
    @TempDir
    Path tmp;

    @Test
    void aRunsPageOpensWithItsHeadlines() {
        String headline = "r4-tick-array over r0-persistent-scan, cancel at depth 1,000: ×573 (×483–×681 within both rows' errors)";
        String html = ReportPage.html(PageInput.ofRun("perflab · orderbook · standard run",
                Fixtures.path("page/ladder-forks.json"), List.of(headline)), tmp);
        int at = html.indexOf("<ul class=\"headlines\">\n<li>" + headline.replace("'", "&#39;") + "</li>");
        assertTrue(at > 0 && at < html.indexOf("<dl class=\"machines\">"), html.substring(0, Math.min(2000, html.length())));
        String files = ReportPage.html(PageInput.read("t", List.of(Fixtures.path("page/ladder-forks.json")), null, null), tmp);
        assertFalse(files.contains("class=\"headlines\""));
    }
}
