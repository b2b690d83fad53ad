package dev.perflab.report.page;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import dev.perflab.report.ReportException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A results history: one row per run, as {@code ./lab history --export csv} writes it in the shape Apache Otava
 * reads, and optionally the change points Otava found in it ({@code ./lab history --changes --json}).
 *
 * <pre>
 *   time,commit,branch,OrderBookCancelBenchmark.cancelLast[depth=1000,rung=r4-tick-array],…
 *   YYYY-MM-DDThh:mm:ssZ,abc1234,main,1034567.8,…          ◀── one run; an empty cell: not measured then
 *
 *   (params may also be joined by ';', the benchmark named in full, and a secondary metric follow a colon:
 *    dev.perflab.bench.orderbook.OrderBookCancelBenchmark.cancelLast[depth=1000;rung=r4-tick-array]:gc.alloc.rate.norm)
 *
 *   [ {"metric": "OrderBookCancelBenchmark.cancelLast[depth=1000,rung=r4-tick-array]", "commit": "def5678",
 *      "time": "YYYY-MM-DDThh:mm:ssZ", "change_percent": -10.4, "p_value": 0.0003} ]
 * </pre>
 *
 * @param runs    the runs in file order
 * @param metrics every metric column, in file order
 * @param changes change points, in file order; empty without a changes file
 */
record History(List<Run> runs, List<Metric> metrics, List<Change> changes) {
    static final List<String> FIXED_COLUMNS = List.of("time", "commit", "branch");
    /** {@code BENCHMARK[PARAMS]:SECONDARY}, the brackets and the secondary metric optional. */
    private static final Pattern METRIC = Pattern.compile("([^\\[\\]:]+?)(?:\\[([^\\]]*)\\])?(?::(.+))?");

    /** One run: when, which commit, which branch. */
    record Run(String time, String commit, String branch) {
    }

    /**
     * One metric column: a benchmark row over the runs.
     *
     * @param name      the column's name, e.g. {@code Class.method[depth=1000,rung=r4-tick-array]}
     * @param benchmark {@code Class.method}, or the full name
     * @param params    the params named in brackets, in order
     * @param secondary the secondary metric after a colon ({@code …]:gc.alloc.rate.norm}); null for the score
     * @param values    one value per run, null where the run did not measure it
     */
    record Metric(String name, String benchmark, Map<String, String> params, String secondary, List<Double> values) {
    }

    /** A change point of one metric: the run (by commit) where it stepped, by how much, and Otava's p-value. */
    record Change(String metric, String commit, String time, double changePercent, double pValue) {
    }

    static History read(Path csv, Path changesJson) {
        History history = readCsv(csv);
        return changesJson == null ? history : new History(history.runs, history.metrics, readChanges(changesJson, history));
    }

    private static History readCsv(Path file) {
        String text = new String(bytes(file, InputFile.HISTORY_CSV_LIMIT, "history CSV files"), StandardCharsets.UTF_8);
        List<List<String>> lines = new ArrayList<>();
        try (MappingIterator<List<String>> it = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY)
                .readerForListOf(String.class).readValues(text)) {
            while (it.hasNextValue()) {
                lines.add(it.nextValue());
            }
        } catch (IOException | RuntimeException e) {
            throw new ReportException(file.toString(), "not CSV (" + firstLine(e) + ")");
        }
        if (lines.isEmpty()) {
            throw new ReportException(file.toString(), "empty history CSV; expected a header line time,commit,branch,METRIC…");
        }
        List<String> header = lines.get(0);
        if (header.size() < FIXED_COLUMNS.size() + 1 || !header.subList(0, 3).equals(FIXED_COLUMNS)) {
            throw new ReportException(file + ":1", "history CSV header must start time,commit,branch and name at least one metric; found "
                    + String.join(",", header.subList(0, Math.min(4, header.size()))));
        }
        List<Run> runs = new ArrayList<>();
        List<List<Double>> columns = new ArrayList<>();
        header.subList(3, header.size()).forEach(h -> columns.add(new ArrayList<>()));
        for (int i = 1; i < lines.size(); i++) {
            List<String> line = lines.get(i);
            if (line.size() == 1 && line.get(0).isBlank()) {
                continue;
            }
            if (line.size() > header.size()) {
                throw new ReportException(file + ":" + (i + 1), line.size() + " cells, the header names " + header.size());
            }
            runs.add(new Run(cell(line, 0), cell(line, 1), cell(line, 2)));
            for (int c = 3; c < header.size(); c++) {
                columns.get(c - 3).add(value(cell(line, c), file, i + 1, header.get(c)));
            }
        }
        List<Metric> metrics = new ArrayList<>();
        for (int c = 3; c < header.size(); c++) {
            metrics.add(metric(header.get(c), columns.get(c - 3), file));
        }
        return new History(runs, metrics, List.of());
    }

    /**
     * Parses {@code Class.method[name=value,…]}: the brackets optional, the params separated by {@code ,} or by
     * {@code ;} (as {@code ./lab history --export csv} writes them, since JMH's own list separator is the comma),
     * the benchmark short or full, and a secondary metric after a colon ({@code …]:gc.alloc.rate.norm}).
     */
    static Metric metric(String name, List<Double> values, Path file) {
        Matcher m = METRIC.matcher(name.strip());
        if (!m.matches()) {
            throw new ReportException(file + ":1", "metric column '" + name + "' is not Class.method[param=value,…]");
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (m.group(2) != null && !m.group(2).isBlank()) {
            for (String pair : m.group(2).split(m.group(2).contains(";") ? ";" : ",")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new ReportException(file + ":1", "metric column '" + name + "': '" + pair + "' is not param=value");
                }
                params.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
            }
        }
        return new Metric(name, m.group(1).strip(), params, m.group(3) == null ? null : m.group(3).strip(), values);
    }

    private static List<Change> readChanges(Path file, History history) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(bytes(file, InputFile.JMH_JSON_LIMIT, "change-point JSON files"));
        } catch (IOException e) {
            throw new ReportException(file.toString(), "not JSON (" + dev.perflab.base.JsonProblem.of(e) + ")");
        }
        if (root == null || !root.isArray()) {
            throw new ReportException(file.toString(), "expected a JSON array of {metric, commit, time, change_percent, p_value}");
        }
        List<Change> changes = new ArrayList<>();
        int index = 0;
        for (JsonNode c : root) {
            index++;
            String metric = c.path("metric").asText("");
            if (metric.isEmpty() || !c.path("change_percent").isNumber()) {
                throw new ReportException(file.toString(), "change #" + index + " has no metric or no numeric change_percent");
            }
            changes.add(new Change(metric, c.path("commit").asText(""), c.path("time").asText(""),
                    c.path("change_percent").asDouble(), c.path("p_value").isNumber() ? c.path("p_value").asDouble() : Double.NaN));
        }
        return changes;
    }

    /** The index of the run a change point names: by commit, else by time; -1 when neither matches. */
    int runIndex(Change change) {
        for (int i = 0; i < runs.size(); i++) {
            if (!change.commit().isEmpty() && runs.get(i).commit().equals(change.commit())) {
                return i;
            }
        }
        for (int i = 0; i < runs.size(); i++) {
            if (!change.time().isEmpty() && runs.get(i).time().equals(change.time())) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] bytes(Path file, long limit, String what) {
        try {
            return InputFile.read(file, limit, what);
        } catch (LabException e) {
            throw new ReportException(e.getMessage());
        }
    }

    private static String cell(List<String> line, int i) {
        return i < line.size() ? line.get(i).strip() : "";
    }

    private static Double value(String cell, Path file, int line, String column) {
        if (cell.isEmpty()) {
            return null;
        }
        try {
            double v = Double.parseDouble(cell);
            return Double.isFinite(v) ? v : null;
        } catch (NumberFormatException e) {
            throw new ReportException(file + ":" + line, "column " + column + ": '" + cell + "' is not a number");
        }
    }

    private static String firstLine(Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse("malformed");
    }
}
