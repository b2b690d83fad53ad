package dev.perflab.gate;

import dev.perflab.report.LadderReport;
import dev.perflab.report.Metric;
import dev.perflab.report.Row;
import dev.perflab.report.RowMachine;
import dev.perflab.report.Speedup;
import dev.perflab.report.Trend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Evaluates gates against the rows of one run. A ratio's interval comes from both rows' JMH errors (the
 * half-width of JMH's 99.9% confidence interval): the worst case of one against the best case of the
 * other. A gate passes on its measured value; when the interval straddles the threshold the result says
 * so, since a rerun could fall either side. A gate whose rows are missing or ambiguous fails, by name; a gate
 * about a component whose results were not given at all is "not checked" instead.
 */
public final class GateEvaluator {
    private static final Pattern RUNG_NUMBER = Pattern.compile("r(\\d+)-.*");

    private GateEvaluator() {
    }

    public static List<GateResult> evaluate(List<Gate> gates, LadderReport report) {
        return evaluate(gates, report, benchmark -> Optional.empty());
    }

    /**
     * Evaluates the gates whose component has results in the report; the others are "not checked". A gate's
     * component is the component of the benchmarks its rows name, as {@code componentOf} tells it from a
     * benchmark's name (full, {@code Class.method} or a scenario's {@code COMPONENT.what}); a gate whose
     * component it cannot tell is checked, and fails when its rows are missing, as before.
     *
     * @param componentOf a benchmark's component, or empty when unknown
     */
    public static List<GateResult> evaluate(List<Gate> gates, LadderReport report, Function<String, Optional<String>> componentOf) {
        Set<String> given = new TreeSet<>();
        report.rows().forEach(r -> componentOf.apply(r.benchmark()).ifPresent(given::add));
        List<GateResult> results = new ArrayList<>();
        for (Gate gate : gates) {
            Set<String> components = components(gate, report, componentOf);
            if (!components.isEmpty() && components.stream().noneMatch(given::contains)) {
                results.add(GateResult.notChecked(gate, threshold(gate), "not checked: no results of " + String.join(", ", components)
                        + " were given"));
                continue;
            }
            GateResult result = gate instanceof Gate.Ratio ? ratio((Gate.Ratio) gate, report) : bound((Gate.Bound) gate, report);
            results.add(Double.isNaN(result.value()) ? result : steadiness(result, report));
        }
        return results;
    }

    /**
     * A measured result with its rows' trends said: a row that is not steady is named in the note whatever the
     * gate; a gate that requires {@code steady} fails on it, and on a row with too few iterations to tell.
     */
    private static GateResult steadiness(GateResult result, LadderReport report) {
        Gate gate = result.gate();
        List<RowSelector> selectors = gate instanceof Gate.Ratio r ? List.of(r.numerator(), r.denominator()) : List.of(((Gate.Bound) gate).row());
        List<String> notes = new ArrayList<>();
        boolean steady = true;
        for (RowSelector selector : selectors) {
            Row row = select(report, selector).row;
            Trend trend = Trend.of(row);
            boolean fails = trend.notSteady() || (gate.steady() && trend.verdict() == Trend.Verdict.UNDECIDED);
            if (fails || (gate.steady() && selectors.size() == 1)) {
                notes.add(describe(row) + " " + trend.describe());
            }
            steady &= !fails;
        }
        if (notes.isEmpty()) {
            return result;
        }
        String detail = (result.detail().isEmpty() ? "" : result.detail() + "; ") + String.join("; ", notes);
        boolean passed = result.passed() && (steady || !gate.steady());
        return new GateResult(gate, passed, result.value(), result.low(), result.high(), result.unit(), result.threshold(), detail);
    }

    /**
     * The components a gate is about: those of the benchmarks its rows name, or, for a bare method name
     * ({@code cancelLast}), of the rows in the report that it matches.
     */
    public static Set<String> components(Gate gate, LadderReport report, Function<String, Optional<String>> componentOf) {
        List<RowSelector> selectors = gate instanceof Gate.Ratio r ? List.of(r.numerator(), r.denominator()) : List.of(((Gate.Bound) gate).row());
        Set<String> components = new TreeSet<>();
        for (RowSelector selector : selectors) {
            Optional<String> named = componentOf.apply(selector.benchmark());
            if (named.isPresent()) {
                components.add(named.get());
            } else {
                report.find(selector.benchmark(), Map.of()).forEach(row -> componentOf.apply(row.benchmark()).ifPresent(components::add));
            }
        }
        return components;
    }

    private static String threshold(Gate gate) {
        String steady = gate.steady() ? ", steady" : "";
        if (gate instanceof Gate.Ratio r) {
            return "≥ " + format(r.min()) + steady;
        }
        Gate.Bound b = (Gate.Bound) gate;
        return (b.min() != null ? "≥ " + format(b.min()) : "") + (b.min() != null && b.max() != null ? " and " : "")
                + (b.max() != null ? "≤ " + format(b.max()) : "") + steady;
    }

    /**
     * The first ratio gate whose two rows were measured on two machines (a merged result set's shards), as the one
     * line that refuses it; empty when every ratio divides rows of one machine (or of unknown ones).
     *
     * @param flag the option that allows such a ratio anyway, named in the line
     */
    public static Optional<String> acrossMachines(List<Gate> gates, LadderReport report, String flag) {
        for (Gate gate : gates) {
            if (gate instanceof Gate.Ratio ratio) {
                Row numerator = select(report, ratio.numerator()).row;
                Row denominator = select(report, ratio.denominator()).row;
                if (numerator != null && denominator != null && RowMachine.differ(numerator, denominator)) {
                    return Optional.of(RowMachine.refusal("gate '" + gate.name() + "'",
                            new java.util.LinkedHashSet<>(List.of(numerator.machine(), denominator.machine())), flag));
                }
            }
        }
        return Optional.empty();
    }

    private static GateResult ratio(Gate.Ratio gate, LadderReport report) {
        String threshold = threshold(gate);
        Selection numerator = select(report, gate.numerator());
        Selection denominator = select(report, gate.denominator());
        if (numerator.row == null || denominator.row == null) {
            return GateResult.failure(gate, threshold, numerator.row == null ? numerator.problem : denominator.problem);
        }
        for (Selection side : List.of(numerator, denominator)) {
            if (!Double.isFinite(side.row.score())) {
                return GateResult.failure(gate, threshold, "the score of " + describe(side.row) + " in "
                        + where(report, side.row) + " is " + side.row.score() + ": the run did not measure it");
            }
        }
        OptionalDouble value = Speedup.of(denominator.row, numerator.row);
        if (value.isEmpty()) {
            return GateResult.failure(gate, threshold, "rows cannot be compared (units " + numerator.row.unit()
                    + " and " + denominator.row.unit() + ")");
        }
        double[] interval = Speedup.interval(denominator.row, numerator.row);
        double low = interval[0];
        double high = interval[1];
        boolean passed = value.getAsDouble() >= gate.min();
        String note = low < gate.min() && high >= gate.min() ? "interval straddles the threshold: noisy" : "";
        return new GateResult(gate, passed, value.getAsDouble(), low, high, "×", threshold, note);
    }

    private static GateResult bound(Gate.Bound gate, LadderReport report) {
        String threshold = threshold(gate);
        Selection selection = select(report, gate.row());
        if (selection.row == null) {
            return GateResult.failure(gate, threshold, selection.problem);
        }
        Metric metric = metric(selection.row, gate.metric());
        if (metric == null) {
            return GateResult.failure(gate, threshold, "metric '" + gate.metric() + "' is not in the row "
                    + describe(selection.row) + " of " + where(report, selection.row) + "; its metrics: "
                    + metricNames(selection.row) + (gate.metric().startsWith("gc.") ? " (run JMH with -prof gc)" : ""));
        }
        if (Double.isNaN(metric.score())) {
            return GateResult.failure(gate, threshold, "metric '" + gate.metric() + "' of the row "
                    + describe(selection.row) + " in " + where(report, selection.row)
                    + " has no value (NaN): the run did not measure it");
        }
        double v = metric.score();
        double e = Double.isFinite(metric.error()) ? metric.error() : 0;
        boolean passed = (gate.min() == null || v >= gate.min()) && (gate.max() == null || v <= gate.max());
        boolean straddles = (gate.min() != null && v - e < gate.min() && v + e >= gate.min())
                || (gate.max() != null && v + e > gate.max() && v - e <= gate.max());
        return new GateResult(gate, passed, v, v - e, v + e, metric.unit(), threshold,
                straddles ? "interval straddles the threshold: noisy" : "");
    }

    private static Metric metric(Row row, String name) {
        if (name.equals("primary")) {
            return new Metric(row.score(), row.scoreError(), row.unit());
        }
        Metric m = row.secondaryMetrics().get(name);
        if (m != null) {
            return m;
        }
        // as JMH 1.37 names it, whatever JMH wrote (·gc.alloc.rate.norm, a sample row's max·p0.50)
        return row.secondaryMetrics().entrySet().stream().filter(e -> Metric.name(e.getKey()).equals(name))
                .map(java.util.Map.Entry::getValue).findFirst().orElse(null);
    }

    /** A row a selector picked, or why none could be picked. */
    record Selection(Row row, String problem) {
    }

    /** The one row {@code selector} picks in the report, or why none or several do. */
    static Selection select(LadderReport report, RowSelector selector) {
        String rung = selector.params().get(Row.RUNG_PARAM);
        boolean alias = "naive".equals(rung) || "tuned".equals(rung);
        Map<String, String> params = new LinkedHashMap<>(selector.params());
        if (alias) {
            params.remove(Row.RUNG_PARAM);
        }
        List<Row> rows = report.find(selector.benchmark(), params);
        if (selector.mode() != null) {
            rows = rows.stream().filter(r -> r.mode().equals(selector.mode())).collect(Collectors.toList());
        }
        if (alias) {
            rows = pickAlias(rows, rung);
        }
        if (rows.size() == 1) {
            return new Selection(rows.get(0), "");
        }
        if (rows.isEmpty()) {
            return new Selection(null, "no row in " + files(report) + " matches " + selector + "; "
                    + abbreviated(report.rows()));
        }
        List<String> files = rows.stream().map(r -> where(report, r)).distinct().collect(Collectors.toList());
        boolean sameRow = rows.stream().map(r -> List.of(r.benchmark(), r.mode(), r.params())).distinct().count() == 1;
        if (sameRow && files.size() > 1) {
            return new Selection(null, rows.size() + " rows match " + selector + ": the same row in " + files.size()
                    + " files (" + String.join(", ", files) + "); a gate reads one run: give one file with --results");
        }
        return new Selection(null, rows.size() + " rows match " + selector + " (" + howToPickOne(rows) + ")");
    }

    /** What tells the rows apart, and so what the selector should add: the class, the mode, or params. */
    static String howToPickOne(List<Row> rows) {
        List<String> benchmarks = rows.stream().map(Row::shortBenchmark).distinct().collect(Collectors.toList());
        if (benchmarks.size() > 1) {
            return "they are of different benchmarks; name one by its class: "
                    + benchmarks.stream().limit(3).collect(Collectors.joining(", "));
        }
        List<String> modes = rows.stream().map(Row::mode).distinct().collect(Collectors.toList());
        if (modes.size() > 1) {
            return "the benchmark ran in several modes; add mode: " + String.join(" or ", modes);
        }
        return "add params to pick one: " + rows.stream().map(r -> r.params().toString()).distinct().limit(3)
                .collect(Collectors.joining(", "));
    }

    /** How many rows a message lists before it only counts the rest. */
    static final int ROWS_SHOWN = 4;

    /** {@code OrderBookCancelBenchmark.cancelLast [depth=1000, rung=r4-…]}: as a gate's selector would name it. */
    static String describe(Row row) {
        return new RowSelector(row.shortBenchmark(), row.params()).toString();
    }

    /** The result file a row came from, or "the results" for rows not read from a file. */
    private static String where(LadderReport report, Row row) {
        return report.source(row).map(Path::toString).orElse("the results");
    }

    private static String files(LadderReport report) {
        List<Path> files = report.files();
        return files.isEmpty() ? "the results" : files.stream().map(Path::toString).collect(Collectors.joining(", "));
    }

    /** {@code its 12 rows: A [..], B [..], … (+8 more)}: enough to see what the gate could have meant. */
    static String abbreviated(List<Row> rows) {
        List<String> names = rows.stream().map(GateEvaluator::describe).distinct().collect(Collectors.toList());
        return "its " + rows.size() + (rows.size() == 1 ? " row: " : " rows: ")
                + String.join(", ", names.subList(0, Math.min(ROWS_SHOWN, names.size())))
                + (names.size() > ROWS_SHOWN ? ", … (+" + (names.size() - ROWS_SHOWN) + " more)" : "");
    }

    private static String metricNames(Row row) {
        List<String> names = new ArrayList<>(List.of("primary"));
        row.secondaryMetrics().keySet().forEach(name -> names.add(Metric.name(name)));
        return String.join(", ", names);
    }

    /** {@code naive}: the rows of the lowest-numbered rung; {@code tuned}: of the highest. */
    private static List<Row> pickAlias(List<Row> rows, String alias) {
        Comparator<Row> byNumber = Comparator.comparingInt(GateEvaluator::rungNumber);
        List<Row> rungs = rows.stream().filter(r -> rungNumber(r) >= 0).collect(Collectors.toList());
        if (rungs.isEmpty()) {
            return rungs;
        }
        Row pick = "naive".equals(alias) ? rungs.stream().min(byNumber).get() : rungs.stream().max(byNumber).get();
        return rungs.stream().filter(r -> rungNumber(r) == rungNumber(pick)).collect(Collectors.toList());
    }

    private static int rungNumber(Row row) {
        String rung = row.rung();
        Matcher m = rung == null ? null : RUNG_NUMBER.matcher(rung);
        return m != null && m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }

    static String format(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Double.isInfinite(v)) {
            return "∞";
        }
        double a = Math.abs(v);
        if (a >= 1 && a == Math.rint(a)) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return a >= 1000 ? String.format(Locale.ROOT, "%,.0f", v)
                : a >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : a >= 0.01 || a == 0 ? String.format(Locale.ROOT, "%.3g", v)
                : String.format(Locale.ROOT, "%.2e", v);
    }
}
