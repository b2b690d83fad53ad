package dev.perflab.cli.run;

import dev.perflab.base.LabException;
import dev.perflab.cli.component.RunLength;
import dev.perflab.report.ReportException;
import dev.perflab.report.page.PageInput;
import dev.perflab.report.page.ReportPage;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The HTML page {@code ./lab run} writes beside a run's JSON, {@code DIR/COMPONENT.html}: the one place that does,
 * for JMH suites ({@link JmhRun}) and end-to-end scenarios ({@link RunComponentCommand}) alike. The page is what
 * {@code ./lab report --html} writes of the same file. A page that cannot be written is a warning line, never
 * a failed run: the results are saved before it.
 */
final class RunPage {
    private RunPage() {
    }

    static void write(RunFolder folder, Path json, String component, RunLength length, PrintWriter console) {
        write(folder, json, component, length, console, java.util.List.of());
    }

    /** @param headlines the run's headline lines as it printed them, shown first on the page */
    static void write(RunFolder folder, Path json, String component, RunLength length, PrintWriter console,
                      java.util.List<String> headlines) {
        Path page = folder.path(ResultsLayout.page(json.getFileName().toString()));
        try {
            ReportPage.write(PageInput.ofRun("perflab · " + component + " · " + length.id() + " run", json, headlines),
                    folder.file(page.getFileName().toString(), json));
            console.println("page: " + page);
        } catch (ReportException | LabException | UncheckedIOException e) {
            console.println("page: not written (" + e.getMessage() + ")");
        }
        console.flush();
    }
}
