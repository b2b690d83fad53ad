package dev.perflab.report.page;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import dev.perflab.report.LadderReport;
import dev.perflab.report.ReportException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What one report page shows, read from the files named on the command line: JMH result files (from any
 * project, or JMH-shaped rows of the lab's scenarios), A/B verdicts, HdrHistogram interval logs ({@code .hlog}),
 * and optionally a results history with its change points. The flame graphs beside each result file come along.
 *
 * @param title    the page's title
 * @param results  the JMH results, every file in one report (tables never mix files)
 * @param verdicts the A/B verdicts
 * @param latency  the interval logs
 * @param history  the history, if one was given
 * @param flames    per result file, the flame graphs beside it
 * @param headlines the run's headline lines ({@code r4 over r0, cancel at depth 1,000: ×573 (×483–×681 …)}), shown
 *                  first; empty for a page of files alone
 */
public record PageInput(String title, LadderReport results, List<AbVerdict> verdicts, List<LatencyLog> latency,
                        Optional<History> history, List<FlameGraphs.Flame> flames, List<String> headlines) {
    private static final ObjectMapper JSON = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    /**
     * Sorts the files by what they hold and reads each; an unusable file is a {@link ReportException} naming it.
     *
     * @param historyCsv  a history exported as CSV, or null
     * @param changesJson its change points, or null (needs {@code historyCsv})
     */
    public static PageInput read(String title, List<Path> files, Path historyCsv, Path changesJson) {
        if (changesJson != null && historyCsv == null) {
            throw new LabException("--changes " + changesJson + ": change points need the history they were found in: add --history-csv FILE");
        }
        List<Path> jmh = new ArrayList<>();
        List<AbVerdict> verdicts = new ArrayList<>();
        List<LatencyLog> latency = new ArrayList<>();
        for (Path file : files) {
            if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".hlog")) {
                latency.add(LatencyLog.read(file));
                continue;
            }
            JsonNode verdict = verdictOrNull(file);
            if (verdict != null) {
                verdicts.add(AbVerdict.of(verdict, file.toString()));
            } else {
                jmh.add(file);
            }
        }
        LadderReport results = LadderReport.read(jmh);
        java.util.Set<FlameGraphs.Flame> flames = new java.util.LinkedHashSet<>();
        jmh.forEach(f -> flames.addAll(FlameGraphs.beside(f)));
        Optional<History> history = historyCsv == null ? Optional.empty() : Optional.of(History.read(historyCsv, changesJson));
        return new PageInput(title, results, verdicts, latency, history, List.copyOf(flames), List.of());
    }

    /** The page of one run's results file alone, without headlines (a run of another project's jar has none). */
    public static PageInput ofRun(String title, Path json) {
        return ofRun(title, json, List.of());
    }

    /** The page of one run's results file alone, as {@code ./lab run} writes beside it, its headlines first. */
    public static PageInput ofRun(String title, Path json, List<String> headlines) {
        PageInput input = read(title, List.of(json), null, null);
        return new PageInput(input.title, input.results, input.verdicts, input.latency, input.history, input.flames, List.copyOf(headlines));
    }

    /** The file's JSON when it is an A/B verdict (an object with {@code verdict} and {@code rows}); else null. */
    private static JsonNode verdictOrNull(Path file) {
        if (!file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json")) {
            return null;
        }
        byte[] bytes;
        try {
            bytes = InputFile.read(file, InputFile.JMH_JSON_LIMIT, "JSON result files");
        } catch (LabException e) {
            throw new ReportException(e.getMessage());
        }
        int first = 0;
        while (first < bytes.length && (Character.isWhitespace(bytes[first]) || (bytes[first] & 0xff) >= 0x80)) {
            first++;
        }
        if (first >= bytes.length || bytes[first] != '{') {
            return null;
        }
        try {
            JsonNode root = JSON.readTree(bytes);
            return AbVerdict.is(root) ? root : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The same input with only the result rows {@code keep} accepts ({@code ./lab report --mode}, …). */
    public PageInput filter(java.util.function.Predicate<dev.perflab.report.Row> keep) {
        return new PageInput(title, results.filter(keep), verdicts, latency, history, flames, headlines);
    }

    /** True when there is nothing to show. */
    boolean empty() {
        return results.rows().isEmpty() && verdicts.isEmpty() && latency.isEmpty() && history.isEmpty();
    }
}
