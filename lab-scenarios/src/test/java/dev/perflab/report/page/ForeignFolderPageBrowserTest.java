package dev.perflab.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.base.OutputFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The page of each JMH result file in a folder ({@code PERFLAB_FOREIGN_DIR}: other projects' files, as they
 * publish them) in headless Chromium, one page per file, with {@link PageLayout}'s checks: no JavaScript error, no
 * text over another, out of its chart or under 10 px, every category labelled, no longer bar for a smaller value on
 * a log axis. Skipped without the variable: the files are not the lab's to ship. Each page, its screenshot and a
 * {@code summary.txt} of every file's charts and problems are kept in {@code target/report-page-foreign-folder/}.
 *
 * <pre>
 *   PERFLAB_FOREIGN_DIR=/path/to/jmh-files mvn -B -q -pl lab-scenarios -am test -Dtest=ForeignFolderPageBrowserTest \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class ForeignFolderPageBrowserTest {
    private static final Path DIR = Path.of("target", "report-page-foreign-folder").toAbsolutePath();

    @Test
    void everyFilesPageIsReadable() throws IOException {
        String folder = System.getenv("PERFLAB_FOREIGN_DIR");
        Assumptions.assumeTrue(folder != null && !folder.isBlank(), "set PERFLAB_FOREIGN_DIR to a folder of JMH result files");
        Assumptions.assumeTrue(HeadlessChromium.available(), HeadlessChromium.INSTALL);
        List<Path> files;
        try (Stream<Path> all = Files.list(Path.of(folder))) {
            files = all.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().collect(Collectors.toList());
        }
        Assumptions.assumeFalse(files.isEmpty(), "no .json file in " + folder);
        Files.createDirectories(DIR);
        List<String> summary = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Path file : files) {
            String name = file.getFileName().toString().replaceFirst("\\.json$", "");
            Path page = DIR.resolve(name + ".html");
            ReportPage.write(PageInput.read("perflab report · " + name, List.of(file), null, null), OutputFile.check("--html", page));
            List<String> mine = new ArrayList<>();
            int charts;
            int categories = 0;
            try (HeadlessChromium browser = HeadlessChromium.open(page)) {
                browser.errors().forEach(e -> mine.add("JavaScript error: " + e));
                JsonNode layout = PageLayout.charts(browser);
                charts = layout.size();
                for (JsonNode c : layout) {
                    categories += c.get("categories").size();
                }
                mine.addAll(PageLayout.textProblems(layout));
                mine.addAll(PageLayout.unlabelledCategories(layout));
                mine.addAll(PageLayout.logBarsOutOfOrder(layout));
                browser.screenshot(DIR.resolve(name + ".png"));
            }
            summary.add(String.format("%-60s %4d charts %6d categories %4d problems", name, charts, categories, mine.size()));
            mine.stream().limit(10).forEach(p -> summary.add("    " + p));
            mine.forEach(p -> problems.add(name + ": " + p));
        }
        Files.write(DIR.resolve("summary.txt"), summary);
        assertEquals(List.of(), problems.subList(0, Math.min(20, problems.size())),
                problems.size() + " problems over " + files.size() + " files; " + DIR.resolve("summary.txt"));
    }
}
