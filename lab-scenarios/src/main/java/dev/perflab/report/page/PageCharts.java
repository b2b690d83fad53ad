package dev.perflab.report.page;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.report.BenchmarkNames;
import dev.perflab.report.Formats;
import dev.perflab.report.GroupTable;
import dev.perflab.report.LadderGroup;
import dev.perflab.report.Row;
import dev.perflab.report.RunsTable;
import dev.perflab.report.SeriesColours;
import dev.perflab.report.Units;
import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.report.Step;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The data of each chart of the page, as the JSON {@code page.js} draws: numbers exactly as read from the
 * inputs (the browser test compares them with the files), colours from {@link SeriesColours}, and the axis
 * choices made here (a ladder's axis is logarithmic; other rows' where they span 100× or more).
 */
final class PageCharts {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Plain rows whose largest score is this many times the smallest or more get a log axis. */
    private static final double LOG_SCALE_SPAN = 100;
    /**
     * Upright bars leave their labels level, one per bar, only while every label fits its bar's share of the
     * plot's width (about 1,000 px on the page, labels at 11 px are some 6.5 px a character); past that, or past
     * {@link #MAX_UPRIGHT_BARS} bars, the chart turns: one row per bar, every label shown whatever its length.
     */
    private static final double UPRIGHT_LABELS_PX = 1000;
    private static final double LABEL_CHAR_PX = 6.5;
    private static final int MIN_LABEL_CHARS = 4;
    private static final int MAX_UPRIGHT_BARS = 24;
    /** A param with fewer values than this is no sweep: its rows are bars. */
    private static final int MIN_SWEEP_POINTS = 3;
    /** More lines than this are too many to tell apart: the rows are bars, one per row. */
    private static final int MAX_SWEEP_LINES = 8;
    /** The percentiles drawn as ticks across a sample or single-shot bar (the tooltip also gives the maximum). */
    private static final List<String> SHOWN_PERCENTILES = List.of("50.0", "90.0", "99.0", "99.9");
    /** JMH's old leading {@code ·} of a secondary metric's name (or what a code page made of it). */
    private static final java.util.regex.Pattern SECONDARY = java.util.regex.Pattern.compile("^[^\\p{L}\\p{N}]+");
    /** A log axis starts this many decades below the smallest value, so that the shortest bar still shows. */
    private static final double MIN_BAR_DECADES = 0.3;

    private PageCharts() {
    }

    /**
     * A group's bars in one mode: a ladder's rungs, or a benchmark's rows by params. Each bar carries its score,
     * error, the interval they make, its colour, × r0 and B/op, and whether it is noisy; {@code points} holds
     * every fork's iterations as {@code [bar, value, fork, iteration, forks, iterations]}.
     */
    static ObjectNode ladder(LadderGroup group, String mode, List<Step> steps, boolean modeInTitle) {
        ObjectNode chart = JSON.createObjectNode();
        chart.put("kind", "ladder");
        Row first = steps.get(0).row();
        chart.put("unit", first.unit());
        Map<String, String> constant = constantParams(steps);
        chart.put("mode", mode);
        chart.put("subtitle", modeInTitle ? mode : "");
        chart.put("ladder", group.ladder());
        ArrayNode categories = chart.putArray("categories");
        ArrayNode bars = chart.putArray("bars");
        ArrayNode points = chart.putArray("points");
        ArrayNode percentiles = chart.putArray("percentiles");
        Map<String, Integer> seen = new HashMap<>();
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        boolean nonPositive = false;
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            Row row = step.row();
            String label = group.ladder() ? step.label() : plainLabel(row, constant);
            int repeat = seen.merge(label, 1, Integer::sum);
            categories.add(repeat > 1 ? label + " #" + repeat : label);
            ObjectNode bar = bars.addObject();
            number(bar, "value", row.score());
            double error = Double.isFinite(row.scoreError()) ? row.scoreError() : 0;
            number(bar, "error", row.scoreError());
            number(bar, "low", row.score() - error);
            number(bar, "high", row.score() + error);
            bar.put("colour", group.ladder() ? SeriesColours.rung(step.label()) : SeriesColours.indexed(0));
            bar.put("noisy", GroupTable.noisy(row));
            bar.put("steady", !GroupTable.notSteady(row));
            bar.put("note", GroupTable.note(row));
            bar.put("score", Formats.score(row));
            bar.put("vsR0", speedup(step.vsR0()));
            bar.put("vsPrev", speedup(step.vsPrev()));
            bar.put("alloc", row.allocBytesPerOp() == null ? "" : Formats.number(row.allocBytesPerOp()) + " B/op");
            bar.put("percentiles", percentilesText(group, row));
            ObjectNode metrics = bar.putObject("metrics");
            row.secondaryMetrics().forEach((name, m) -> {
                ArrayNode v = metrics.putArray(SECONDARY.matcher(name).replaceFirst(""));
                v.add(Double.isFinite(m.score()) ? m.score() : 0).add(Double.isFinite(m.error()) ? m.error() : 0).add(m.unit());
            });
            for (String key : SHOWN_PERCENTILES) {
                Double v = row.percentiles().get(key);
                if (v != null && Double.isFinite(v)) {
                    percentiles.addArray().add(i).add(v).add("p" + key.replaceAll("\\.0$", ""));
                    if (v > 0) {
                        min = Math.min(min, v);
                        max = Math.max(max, v);
                    }
                }
            }
            for (int f = 0; f < row.forks().size(); f++) {
                List<Double> iterations = row.forks().get(f);
                for (int k = 0; k < iterations.size(); k++) {
                    double v = iterations.get(k);
                    points.addArray().add(i).add(v).add(f).add(k).add(row.forks().size()).add(iterations.size());
                    if (v > 0) {
                        min = Math.min(min, v);
                        max = Math.max(max, v);
                    }
                }
            }
            if (!(row.score() > 0) || !Double.isFinite(row.score())) {
                nonPositive = true;
            } else {
                min = Math.min(min, row.score());
                max = Math.max(max, row.score());
                if (row.score() - error > 0) {
                    min = Math.min(min, row.score() - error);
                }
            }
        }
        boolean log = !nonPositive && max > 0 && (group.ladder() || max / min >= LOG_SCALE_SPAN);
        chart.put("log", log);
        if (log) {
            chart.put("yMin", Math.pow(10, Math.floor(Math.log10(min) - MIN_BAR_DECADES)));
        }
        String displayUnit = Units.readable(max, first.unit());
        chart.put("displayUnit", displayUnit);
        chart.put("scale", Units.convert(1, first.unit(), displayUnit).orElse(1));
        int longest = 0;
        for (JsonNode c : categories) {
            longest = Math.max(longest, c.asText().length());
        }
        boolean horizontal = categories.size() * Math.max(longest, MIN_LABEL_CHARS) * LABEL_CHAR_PX > UPRIGHT_LABELS_PX
                || categories.size() > MAX_UPRIGHT_BARS;
        chart.put("horizontal", horizontal);
        chart.put("barLabels", group.ladder() || bars.findValues("noisy").stream().anyMatch(JsonNode::asBoolean));
        // A ladder's section title already names its params; a benchmark's rows are titled by the benchmark alone.
        chart.put("constant", group.ladder() ? "" : LadderGroup.label(constant));
        ArrayNode metricNames = chart.putArray("metricNames");
        commonMetrics(steps).forEach(metricNames::add);
        return chart;
    }

    /** The secondary metrics every row of the chart has (allocation, GC, a profiler's counters), to chart instead of the score. */
    private static List<String> commonMetrics(List<Step> steps) {
        java.util.Set<String> common = null;
        for (Step s : steps) {
            java.util.Set<String> names = new java.util.LinkedHashSet<>();
            s.row().secondaryMetrics().keySet().forEach(n -> names.add(SECONDARY.matcher(n).replaceFirst("")));
            if (common == null) {
                common = names;
            } else {
                common.retainAll(names);
            }
        }
        return common == null ? List.of() : List.copyOf(common);
    }

    /** A sample or single-shot row's spread, in its group's display unit: {@code p50 30.0 · p99 90.0 · max 5,000 ns/op}. */
    private static String percentilesText(LadderGroup group, Row row) {
        Row shown = GroupTable.displayed(group, row);
        List<String> parts = new java.util.ArrayList<>();
        for (String key : List.of("50.0", "90.0", "99.0", "99.9", "100.0")) {
            Double v = shown.percentiles().get(key);
            if (v != null) {
                parts.add((key.equals("100.0") ? "max" : "p" + key.replaceAll("\\.0$", "")) + " " + Formats.number(v));
            }
        }
        return parts.isEmpty() ? "" : String.join(" · ", parts) + " " + shown.unit();
    }

    /**
     * Several runs of one project overlaid, one class in one mode: a row per benchmark and params, a point per run
     * (in its colour and symbol) with its error as a whisker, and each point's change from the run before.
     */
    static ObjectNode runs(RunsTable.Table table, List<String> files) {
        ObjectNode chart = JSON.createObjectNode();
        chart.put("kind", "runs");
        ArrayNode categories = chart.putArray("categories");
        table.labels().forEach(categories::add);
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        ArrayNode series = chart.putArray("series");
        for (int f = 0; f < files.size(); f++) {
            ObjectNode s = series.addObject();
            s.put("name", files.get(f));
            s.put("colour", SeriesColours.indexed(f));
            ArrayNode values = s.putArray("values");
            for (List<Row> perFile : table.rows()) {
                Row r = perFile.get(f);
                double v = r == null ? Double.NaN : Units.convert(r.score(), r.unit(), table.unit()).orElse(Double.NaN);
                if (!Double.isFinite(v)) {
                    values.addNull();
                    continue;
                }
                double e = Double.isFinite(r.scoreError()) ? Units.convert(r.scoreError(), r.unit(), table.unit()).orElse(0) : 0;
                Row before = null;
                for (int b = f - 1; b >= 0 && before == null; b--) {
                    before = perFile.get(b);
                }
                values.addArray().add(v).add(v - e).add(v + e).add(f == 0 ? "" : RunsTable.change(before, r));
                if (v > 0) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        boolean log = max > 0 && max / min >= LOG_SCALE_SPAN;
        chart.put("log", log);
        if (log) {
            chart.put("yMin", Math.pow(10, Math.floor(Math.log10(min) - MIN_BAR_DECADES)));
        }
        String displayUnit = Units.readable(max, table.unit());
        chart.put("unit", table.unit());
        chart.put("displayUnit", displayUnit);
        chart.put("scale", Units.convert(1, table.unit(), displayUnit).orElse(1));
        return chart;
    }

    /**
     * A plain group that is a sweep: one numeric param with at least {@link #MIN_SWEEP_POINTS} values, and at most
     * {@link #MAX_SWEEP_LINES} combinations of the other varying params. Drawn as a line per combination over the
     * param, not as bars in param order: a size of 10 and of 10,000 are not neighbours. Empty when the rows are
     * no sweep.
     */
    static java.util.Optional<ObjectNode> sweep(List<Step> steps) {
        Map<String, String> constant = constantParams(steps);
        Map<String, java.util.Set<String>> values = new LinkedHashMap<>();
        for (Step s : steps) {
            s.row().params().forEach((k, v) -> {
                if (!constant.containsKey(k)) {
                    values.computeIfAbsent(k, x -> new java.util.LinkedHashSet<>()).add(v);
                }
            });
        }
        String axis = values.entrySet().stream().filter(e -> e.getValue().size() >= MIN_SWEEP_POINTS && e.getValue().stream().allMatch(PageCharts::numeric))
                .max(java.util.Comparator.comparingInt(e -> e.getValue().size())).map(Map.Entry::getKey).orElse(null);
        if (axis == null || steps.stream().anyMatch(s -> !s.row().mode().equals(steps.get(0).row().mode()))) {
            return java.util.Optional.empty();
        }
        Map<String, List<Row>> lines = new LinkedHashMap<>();
        for (Step s : steps) {
            Map<String, String> rest = new LinkedHashMap<>(s.row().params());
            rest.remove(axis);
            constant.keySet().forEach(rest::remove);
            lines.computeIfAbsent(LadderGroup.label(rest), k -> new java.util.ArrayList<>()).add(s.row());
        }
        if (lines.size() > MAX_SWEEP_LINES) {
            return java.util.Optional.empty();
        }
        ObjectNode chart = JSON.createObjectNode();
        chart.put("kind", "sweep");
        chart.put("param", axis);
        Row first = steps.get(0).row();
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        ArrayNode series = chart.putArray("series");
        int index = 0;
        for (Map.Entry<String, List<Row>> line : lines.entrySet()) {
            ObjectNode s = series.addObject();
            s.put("name", line.getKey().isEmpty() ? first.method() : line.getKey());
            s.put("colour", SeriesColours.indexed(index++));
            ArrayNode points = s.putArray("points");
            List<Row> sorted = new java.util.ArrayList<>(line.getValue());
            sorted.sort(java.util.Comparator.comparingDouble(r -> Double.parseDouble(r.params().get(axis))));
            for (Row r : sorted) {
                double x = Double.parseDouble(r.params().get(axis));
                double e = Double.isFinite(r.scoreError()) ? r.scoreError() : 0;
                points.addArray().add(x).add(r.score()).add(r.score() - e).add(r.score() + e).add(Formats.score(r));
                xMin = Math.min(xMin, x);
                xMax = Math.max(xMax, x);
                if (r.score() > 0) {
                    min = Math.min(min, r.score());
                    max = Math.max(max, r.score());
                }
            }
        }
        chart.put("xLog", xMin > 0 && xMax / xMin >= LOG_SCALE_SPAN);
        chart.put("log", min > 0 && max / min >= LOG_SCALE_SPAN);
        String displayUnit = Units.readable(max, first.unit());
        chart.put("unit", first.unit());
        chart.put("displayUnit", displayUnit);
        chart.put("scale", Units.convert(1, first.unit(), displayUnit).orElse(1));
        chart.put("constant", LadderGroup.label(constant));
        return java.util.Optional.of(chart);
    }

    private static boolean numeric(String value) {
        try {
            return Double.isFinite(Double.parseDouble(value.strip()));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Params every row of the chart shares: said once under its title, not on every bar. */
    private static Map<String, String> constantParams(List<Step> steps) {
        Map<String, String> constant = new LinkedHashMap<>(steps.get(0).row().params());
        if (steps.size() < 2) {
            return Map.of();
        }
        for (Step s : steps) {
            constant.entrySet().removeIf(e -> !e.getValue().equals(s.row().params().get(e.getKey())));
        }
        return constant;
    }

    /** A plain row's bar: its method where the group holds several, then the params that vary. */
    private static String plainLabel(Row row, Map<String, String> constant) {
        Map<String, String> varying = new LinkedHashMap<>(row.params());
        constant.keySet().forEach(varying::remove);
        String params = LadderGroup.label(varying);
        return params.isEmpty() ? row.method() : params;
    }

    private static String speedup(OptionalDouble x) {
        return x.isPresent() ? Formats.speedup(x) : "";
    }

    /** True when the history metric is the score of one of the group's rows: same benchmark, same params. */
    static boolean matches(History.Metric metric, LadderGroup group) {
        if (metric.secondary() != null) {
            return false;
        }
        if (!metric.benchmark().equals(BenchmarkNames.shortName(group.benchmark()))
                && !metric.benchmark().equals(group.benchmark())) {
            return false;
        }
        return group.steps().stream().anyMatch(s -> s.row().params().equals(metric.params()));
    }

    /**
     * Metrics over the runs: one line each (a rung's in its colour), values as read (null where a run did not
     * measure it), and each change point as {@code [run index, change %, p-value]} on its metric's line.
     */
    static ObjectNode history(History history, List<History.Metric> metrics, String unit) {
        ObjectNode chart = JSON.createObjectNode();
        chart.put("kind", "history");
        chart.put("unit", unit);
        chart.put("title", metrics.size() == 1 ? metrics.get(0).name() : "");
        ArrayNode runs = chart.putArray("runs");
        history.runs().forEach(r -> runs.addObject().put("time", r.time()).put("commit", r.commit()).put("branch", r.branch()));
        ArrayNode series = chart.putArray("series");
        int index = 0;
        for (History.Metric m : metrics) {
            ObjectNode s = series.addObject();
            String rung = m.params().get(Row.RUNG_PARAM);
            s.put("name", rung != null ? rung : m.name());
            s.put("metric", m.name());
            s.put("colour", rung != null ? SeriesColours.rung(rung) : SeriesColours.indexed(index));
            ArrayNode values = s.putArray("values");
            m.values().forEach(v -> {
                if (v == null) {
                    values.addNull();
                } else {
                    values.add(v);
                }
            });
            ArrayNode changes = s.putArray("changes");
            for (History.Change c : history.changes()) {
                int run = c.metric().equals(m.name()) ? history.runIndex(c) : -1;
                if (run >= 0) {
                    ArrayNode change = changes.addArray().add(run).add(c.changePercent());
                    if (Double.isNaN(c.pValue())) {
                        change.addNull();
                    } else {
                        change.add(c.pValue());
                    }
                }
            }
            index++;
        }
        return chart;
    }

    /** Each tag's percentile curve: {@code [percentile, µs]} pairs, the percentile below 100. */
    static ObjectNode latency(LatencyLog log) {
        ObjectNode chart = JSON.createObjectNode();
        chart.put("kind", "latency");
        chart.put("unit", "µs");
        ArrayNode series = chart.putArray("series");
        int index = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (LatencyLog.Curve c : log.curves()) {
            for (double v : c.micros()) {
                if (v > 0) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        chart.put("log", max > 0 && max / min >= LOG_SCALE_SPAN);
        for (LatencyLog.Curve c : log.curves()) {
            ObjectNode s = series.addObject();
            s.put("name", c.tag());
            s.put("colour", SeriesColours.indexed(index++));
            s.put("max", c.maxMicros());
            ArrayNode points = s.putArray("points");
            for (int i = 0; i < c.percentiles().size(); i++) {
                points.addArray().add(c.percentiles().get(i)).add(c.micros().get(i));
            }
        }
        return chart;
    }

    /** Each row's ratio with its interval and verdict, against 1 and the threshold either side. */
    static ObjectNode verdict(AbVerdict v) {
        ObjectNode chart = JSON.createObjectNode();
        chart.put("kind", "verdict");
        number(chart, "threshold", v.threshold());
        ArrayNode rows = chart.putArray("rows");
        Map<String, String> names = names(v);
        for (AbVerdict.Ratio r : v.rows()) {
            rows.addObject().put("label", label(r, names)).put("ratio", r.ratio()).put("low", r.low()).put("high", r.high())
                    .put("verdict", r.verdict()).put("ruler", r.ruler()).put("unit", r.unit()).put("mode", r.mode())
                    .put("pairs", r.pairs());
        }
        return chart;
    }

    /** How a verdict's rows name their benchmarks: short, or in full where two packages share the short name. */
    static Map<String, String> names(AbVerdict v) {
        return BenchmarkNames.of(v.rows().stream().map(AbVerdict.Ratio::benchmark).toList());
    }

    /** A verdict row as people read it: {@code OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000}. */
    static String label(AbVerdict.Ratio r, Map<String, String> names) {
        String params = LadderGroup.label(new LinkedHashMap<>(r.params()));
        String name = names.getOrDefault(r.benchmark(), BenchmarkNames.shortName(r.benchmark()));
        return params.isEmpty() ? name : name + " " + params;
    }

    private static void number(ObjectNode node, String field, double value) {
        if (Double.isFinite(value)) {
            node.put(field, value);
        } else {
            node.putNull(field);
        }
    }
}
