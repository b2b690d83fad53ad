package dev.perflab.report.page;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.OutputFile;
import dev.perflab.report.BenchmarkNames;
import dev.perflab.report.Formats;
import dev.perflab.report.GroupTable;
import dev.perflab.report.LadderGroup;
import dev.perflab.report.LadderReport;
import dev.perflab.report.ReportException;
import dev.perflab.report.ResultSource;
import dev.perflab.report.Row;
import dev.perflab.report.RunsTable;
import dev.perflab.report.Step;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One self-contained HTML page of results: everything it needs, the chart library ({@link ChartLibrary}), its
 * own script and style, and the data, is inlined, so it opens from disk with no network.
 *
 * <pre>
 *   header       title; per results file its machine line (JDK, CPU, cores) and run length
 *   A/B          per verdict: its builds and machine, each row's ratio with its interval against the threshold
 *   per group    (a ladder at one combination of params, or a benchmark's plain rows)
 *                chart: score per rung on a log axis, error bars, every fork's iterations as points
 *                table: score ± error, × prev, × r0, B/op, noisy rows marked
 *                its history over runs with change points, where a history was given; its flame graphs
 *   latency      per .hlog, each tag's percentile distribution
 *   history      metrics of the history that no table above shows
 * </pre>
 *
 * <p>Tables are HTML written here, so the page reads without its script; the charts are drawn in the browser
 * by {@code page.js} from a JSON island ({@code <script type="application/json" id="perflab-data">}) with one
 * entry per chart element ({@code <div class="chart" data-chart="N">}).
 */
public final class ReportPage {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A contents list longer than this starts folded. */
    private static final int CONTENTS_SHOWN = 12;

    private final PageInput input;
    private final Path pageDir;
    private final ArrayNode charts = JSON.createArrayNode();
    private final Set<String> historyShown = new HashSet<>();
    private final StringBuilder body = new StringBuilder();
    private final List<String[]> contents = new ArrayList<>();

    private ReportPage(PageInput input, Path pageDir) {
        this.input = input;
        this.pageDir = pageDir;
    }

    /** The page's HTML; links (flame graphs) are relative to {@code pageDir}, where the page will be written. */
    public static String html(PageInput input, Path pageDir) {
        if (input.empty()) {
            throw new ReportException("report page: nothing to show (no results, verdict, .hlog or history given)");
        }
        return new ReportPage(input, pageDir.toAbsolutePath()).render();
    }

    /** Writes the page through the lab's output policy (temporary name, then rename). */
    public static void write(PageInput input, OutputFile out) {
        Path dir = out.path().toAbsolutePath().getParent();
        out.writeString(html(input, dir));
    }

    private String render() {
        input.verdicts().forEach(this::verdict);
        LadderReport results = input.results();
        int index = 0;
        if (RunsTable.applies(results)) {
            List<String> files = results.sources().stream().map(ResultSource::label).toList();
            body.append("<p class=\"note\">").append(Html.esc(files.size() + " runs of one project, overlaid in the order given: "
                    + String.join(", ", files) + ". " + RunsTable.FOOTNOTE + ".")).append("</p>\n");
            for (RunsTable.Table t : RunsTable.tables(results)) {
                section("r" + ++index, t.title());
                chart(PageCharts.runs(t, files), Map.of("benchmark", t.title()));
                body.append(Html.table(t.headers(), t.cells(), 2, Set.of(), "")).append("</section>\n");
            }
        } else {
            for (LadderGroup group : results.groups()) {
                group(results, group, ++index);
            }
        }
        input.latency().forEach(this::latency);
        input.history().ifPresent(this::remainingHistory);
        flameIndex();
        return page();
    }

    private String page() {
        StringBuilder out = new StringBuilder(1 << 20);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"perflab ./lab report\">\n")
                .append("<title>").append(Html.esc(input.title())).append("</title>\n<style>\n")
                .append(resource("page.css")).append("</style>\n</head>\n<body>\n<header>\n<h1>")
                .append(Html.esc(input.title())).append("</h1>\n").append(headlines()).append(machines()).append(noisyNote()).append(contents())
                .append("</header>\n<main>\n").append(body).append("</main>\n<footer>Written by <code>./lab report</code>. ")
                .append("Charts drawn with Apache ECharts ").append(Html.esc(ChartLibrary.version()))
                .append(" (Apache License 2.0; Apache ECharts, Copyright The Apache Software Foundation), inlined in this page.")
                .append(" Hover a bar, point or line for its numbers.</footer>\n")
                .append("<script>\n").append(ChartLibrary.script()).append("\n</script>\n")
                .append("<script type=\"application/json\" id=\"perflab-data\">").append(Html.scriptSafe(json(charts)))
                .append("</script>\n<script>\n").append(resource("page.js")).append("</script>\n</body>\n</html>\n");
        return out.toString();
    }

    /** The run's headline speedups, as the run printed them: what a reader came for, before anything else. */
    private String headlines() {
        if (input.headlines().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<ul class=\"headlines\">\n");
        input.headlines().forEach(h -> out.append("<li>").append(Html.esc(h)).append("</li>\n"));
        return out.append("</ul>\n").toString();
    }

    /** One line per results file: its machine (JDK, CPU, cores) and run length. */
    private String machines() {
        List<ResultSource> sources = input.results().sources();
        if (sources.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<dl class=\"machines\">\n");
        for (ResultSource s : sources) {
            out.append("<dt>").append(Html.esc(s.label())).append("</dt><dd>").append(Html.esc(s.machine()))
                    .append(s.runLength().map(l -> " · <span class=\"run-length\">" + Html.esc(l) + " run</span>").orElse(""))
                    .append("</dd>\n");
        }
        return out.append("</dl>\n").toString();
    }

    /** What a noisy or unsteady row is, said once, as the text report says it once under its tables. */
    private String noisyNote() {
        // Several runs side by side mark no row: their changes say, in parentheses, what is within the errors.
        if (RunsTable.applies(input.results())) {
            return "";
        }
        StringBuilder notes = new StringBuilder();
        GroupTable.footnotes(input.results().groups())
                .forEach(note -> notes.append("<p class=\"note noisy-note\">").append(Html.esc(note)).append("</p>\n"));
        return notes.toString();
    }

    private String contents() {
        if (contents.size() < 2) {
            return "";
        }
        // A long list folds away, so that the first chart is where a reader starts, not a screen of links.
        boolean folded = contents.size() > CONTENTS_SHOWN;
        StringBuilder out = new StringBuilder(folded ? "<nav><details><summary>Contents: " + contents.size() + " sections</summary><ul>\n" : "<nav><ul>\n");
        contents.forEach(c -> out.append("<li><a href=\"#").append(c[0]).append("\">").append(Html.esc(c[1])).append("</a></li>\n"));
        return out.append(folded ? "</ul></details></nav>\n" : "</ul></nav>\n").toString();
    }

    private void section(String id, String title) {
        contents.add(new String[] {id, title});
        body.append("<section id=\"").append(id).append("\">\n<h2>").append(Html.esc(title)).append("</h2>\n");
    }

    // ---- results -------------------------------------------------------------------------------------------

    private void group(LadderReport results, LadderGroup group, int index) {
        section("g" + index, results.title(group));
        Map<String, List<Step>> byMode = new LinkedHashMap<>();
        group.steps().forEach(s -> byMode.computeIfAbsent(s.row().mode(), k -> new ArrayList<>()).add(s));
        byMode.forEach((mode, steps) -> chart((group.ladder() ? java.util.Optional.<ObjectNode>empty() : PageCharts.sweep(steps))
                        .orElseGet(() -> PageCharts.ladder(group, mode, steps, byMode.size() > 1)),
                Map.of("benchmark", group.benchmark(), "mode", mode, "params", group.paramsLabel(), "source", group.source())));
        Set<Integer> noisy = new HashSet<>();
        for (int i = 0; i < group.steps().size(); i++) {
            if (!GroupTable.note(group.steps().get(i).row()).isEmpty()) {
                noisy.add(i);
            }
        }
        body.append(Html.table(GroupTable.headers(group), GroupTable.cells(group, Formats::score),
                GroupTable.leftColumns(group), noisy, "noisy"));
        input.history().ifPresent(h -> groupHistory(h, group));
        groupFlames(results, group);
        body.append("</section>\n");
    }

    private void groupHistory(History history, LadderGroup group) {
        List<History.Metric> metrics = new ArrayList<>();
        for (History.Metric m : history.metrics()) {
            if (!historyShown.contains(m.name()) && PageCharts.matches(m, group)) {
                metrics.add(m);
            }
        }
        if (metrics.isEmpty()) {
            return;
        }
        metrics.forEach(m -> historyShown.add(m.name()));
        body.append("<h3>History</h3>\n");
        historyCharts(history, metrics, group.steps().get(0).row().unit());
        changeTable(history, metrics);
    }

    /** One small chart per metric, so that a step of a few percent shows whatever the other rows' scale. */
    private void historyCharts(History history, List<History.Metric> metrics, String unit) {
        body.append("<div class=\"history-grid\">\n");
        metrics.forEach(m -> chart(PageCharts.history(history, List.of(m), unit), Map.of("metrics", metricNames(List.of(m)))));
        body.append("</div>\n");
    }

    private void remainingHistory(History history) {
        Map<String, List<History.Metric>> byBenchmark = new LinkedHashMap<>();
        for (History.Metric m : history.metrics()) {
            if (!historyShown.contains(m.name())) {
                Map<String, String> rest = new LinkedHashMap<>(m.params());
                rest.remove(Row.RUNG_PARAM);
                String benchmark = BenchmarkNames.shortName(m.benchmark()) + (m.secondary() == null ? "" : ": " + m.secondary());
                byBenchmark.computeIfAbsent(LadderGroup.paramsTitle(benchmark, rest), k -> new ArrayList<>()).add(m);
            }
        }
        int index = 0;
        for (Map.Entry<String, List<History.Metric>> e : byBenchmark.entrySet()) {
            section("h" + ++index, "History: " + e.getKey());
            historyCharts(history, e.getValue(), "");
            changeTable(history, e.getValue());
            body.append("</section>\n");
        }
    }

    /** The metrics a history chart draws, in series order, as a JSON array for its {@code data-metrics}. */
    private static String metricNames(List<History.Metric> metrics) {
        return json(metrics.stream().map(History.Metric::name).toList());
    }

    private void changeTable(History history, List<History.Metric> metrics) {
        Set<String> names = new HashSet<>();
        metrics.forEach(m -> names.add(m.name()));
        List<List<String>> rows = new ArrayList<>();
        for (History.Change c : history.changes()) {
            if (names.contains(c.metric())) {
                rows.add(List.of(c.metric(), c.commit(), c.time(), String.format(Locale.ROOT, "%+.1f%%", c.changePercent()),
                        Double.isNaN(c.pValue()) ? Formats.number(Double.NaN) : String.format(Locale.ROOT, "%.2g", c.pValue())));
            }
        }
        if (!rows.isEmpty()) {
            body.append("<p class=\"note\">Change points (Apache Otava):</p>\n").append(Html.table(
                    List.of("metric", "commit", "time", "change", "p-value"), rows, 3, Set.of(), ""));
        }
    }

    /** The flame graphs of this group's rungs and benchmark, where {@code ./lab profile} left them beside its file. */
    private void groupFlames(LadderReport results, LadderGroup group) {
        Path file = group.steps().stream().map(s -> results.sourceOf(s.row())).flatMap(java.util.Optional::stream)
                .map(ResultSource::path).findFirst().orElse(null);
        List<String> links = new ArrayList<>();
        for (FlameGraphs.Flame f : input.flames()) {
            boolean sameFile = file == null || f.file().toAbsolutePath().startsWith(file.toAbsolutePath().getParent());
            boolean rung = group.steps().stream().anyMatch(s -> f.rung().equals(s.row().rung()));
            boolean params = group.params().entrySet().stream().allMatch(p -> java.util.regex.Pattern.compile(
                    "-" + java.util.regex.Pattern.quote(p.getKey() + "-" + p.getValue()) + "(?=[-/\\\\]|$)").matcher(f.label()).find());
            if (sameFile && rung && params && f.label().contains(group.method())) {
                links.add(flameLink(f));
            }
        }
        if (!links.isEmpty()) {
            body.append("<p class=\"flames\">Flame graphs: ").append(String.join(" · ", links)).append("</p>\n");
        }
    }

    private void flameIndex() {
        if (input.flames().isEmpty()) {
            return;
        }
        section("flames", "Flame graphs");
        body.append("<ul class=\"flames\">\n");
        input.flames().forEach(f -> body.append("<li>").append(flameLink(f)).append("</li>\n"));
        body.append("</ul>\n</section>\n");
    }

    private String flameLink(FlameGraphs.Flame f) {
        return "<a href=\"" + Html.esc(FlameGraphs.href(pageDir, f.file())) + "\">" + Html.esc(f.label()) + "</a>";
    }

    // ---- latency, verdicts ---------------------------------------------------------------------------------

    private void latency(LatencyLog log) {
        section("lat" + (charts.size() + 1), "Latency: " + Path.of(log.source()).getFileName());
        chart(PageCharts.latency(log), Map.of("source", log.source()));
        List<List<String>> rows = new ArrayList<>();
        for (LatencyLog.Curve c : log.curves()) {
            rows.add(List.of(c.tag(), String.format(Locale.ROOT, "%,d", c.count()), Formats.number(at(c, 50)),
                    Formats.number(at(c, 99)), Formats.number(at(c, 99.9)), Formats.number(c.maxMicros())));
        }
        body.append(Html.table(List.of("tag", "count", "p50 µs", "p99 µs", "p99.9 µs", "max µs"), rows, 1, Set.of(), ""))
                .append("</section>\n");
    }

    /** The value at the first level at or above {@code percentile}; the max past the last level. */
    private static double at(LatencyLog.Curve c, double percentile) {
        for (int i = 0; i < c.percentiles().size(); i++) {
            if (c.percentiles().get(i) >= percentile) {
                return c.micros().get(i);
            }
        }
        return c.maxMicros();
    }

    private void verdict(AbVerdict v) {
        section("ab" + (charts.size() + 1), "A/B " + (v.component().isEmpty() ? "" : v.component() + ": ")
                + v.baseRev() + " → " + v.headRev() + ": " + v.verdict());
        body.append("<p class=\"machine\">").append(Html.esc(v.machine())).append("</p>\n<p class=\"note\">")
                .append(Html.esc(String.format(Locale.ROOT, "%s; ratio = head over base, above 1 is better; threshold ±%s%%; %s",
                        Path.of(v.source()).getFileName(), Double.isNaN(v.threshold()) ? "?" : Formats.number(v.threshold() * 100),
                        v.method()))).append("</p>\n");
        chart(PageCharts.verdict(v), Map.of("source", v.source()));
        List<List<String>> rows = new ArrayList<>();
        Set<Integer> marked = new HashSet<>();
        Map<String, String> names = PageCharts.names(v);
        for (AbVerdict.Ratio r : v.rows()) {
            if ("regression".equals(r.verdict()) || "improvement".equals(r.verdict())) {
                marked.add(rows.size());
            }
            rows.add(List.of(PageCharts.label(r, names), r.mode(), ratio(r.ratio()), ratio(r.low()) + " – " + ratio(r.high()),
                    r.verdict() + (r.ruler() ? " (ruler)" : ""), Integer.toString(r.pairs())));
        }
        body.append(Html.table(List.of("row", "mode", "ratio", "interval", "verdict", "pairs"), rows, 2, marked, "moved"))
                .append("</section>\n");
    }

    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.3f", r);
    }

    // ---- plumbing ------------------------------------------------------------------------------------------

    /** Adds a chart's data and its element, whose {@code data-*} attributes say what it shows. */
    private void chart(ObjectNode data, Map<String, String> attributes) {
        int index = charts.size();
        charts.add(data);
        body.append("<div class=\"chart chart-").append(data.get("kind").asText()).append("\" data-chart=\"").append(index)
                .append("\" data-kind=\"").append(Html.esc(data.get("kind").asText())).append('"');
        new java.util.TreeMap<>(attributes).forEach((k, v) -> body.append(" data-").append(k).append("=\"").append(Html.esc(v)).append('"'));
        body.append("></div>\n");
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = ReportPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new ReportException("report page: " + name + " is missing from the lab's jar; rebuild it (mvn -DskipTests package)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
