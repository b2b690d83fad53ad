package dev.perflab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The header and cells of one group's table, shared by the text, markdown and HTML renderers: for a ladder
 * {@code rung | score | × prev | × r0 | B/op}, for plain results {@code PARAM… | mode | score | B/op}, a column
 * per param so that one table holds all of a benchmark's rows, and {@code method | mode | score | B/op} for a
 * class's methods without params. The fourth
 * column names the rung it divides by: {@code × r0}, or {@code × r1} where a suite measures r0 elsewhere
 * (the order book's replay gives r0 a suite of its own, so its tuned table is based on r1).
 */
public final class GroupTable {
    private static final String BASE_COLUMN = "× r0";
    private static final List<String> PLAIN = List.of("mode", "score", "B/op");
    /** A row whose error is wider than this share of its score is too noisy to rank against its neighbours. */
    public static final double NOISY_RELATIVE_ERROR = 0.25;
    private static final String NOTE = "note";
    private static final String FORKS = "between forks";
    /** The leading column of a class's methods (rows without params, one table per class). */
    private static final String METHOD = "method";
    /** What a table with a noisy row says under it. */
    public static final String NOISY_FOOTNOTE = String.format(Locale.ROOT,
            "noisy: the error is wider than ±%.0f%% of the score, too wide to rank the row; measure longer (--full) or on a quieter machine",
            NOISY_RELATIVE_ERROR * 100);

    private GroupTable() {
    }

    public static List<String> headers(LadderGroup group) {
        List<String> headers = new ArrayList<>(group.severalMethods() ? List.of(METHOD) : List.of());
        headers.addAll(group.paramColumns());
        headers.addAll(group.ladder() ? List.of("rung", "score", "× prev", baseColumn(group), "B/op") : PLAIN);
        if (anySeveralForks(group)) {
            headers.add(FORKS);
        }
        if (anyNoted(group)) {
            headers.add(NOTE);
        }
        return headers;
    }

    /** How many columns, from the left, name the row rather than measure it: params, label and score. */
    public static int leftColumns(LadderGroup group) {
        return group.paramColumns().size() + 2 + (group.severalMethods() ? 1 : 0);
    }

    /** True when the row's error is wider than {@link #NOISY_RELATIVE_ERROR} of its score. */
    public static boolean noisy(Row row) {
        return Double.isFinite(row.scoreError()) && row.scoreError() > NOISY_RELATIVE_ERROR * Math.abs(row.score());
    }

    public static boolean anyNoisy(LadderGroup group) {
        return group.steps().stream().anyMatch(s -> noisy(s.row()));
    }

    /** True when the row's iterations trend ({@link Trend}): its score depends on how long it ran. */
    public static boolean notSteady(Row row) {
        return Trend.of(row).notSteady();
    }

    public static boolean anyNotSteady(LadderGroup group) {
        return group.steps().stream().anyMatch(s -> notSteady(s.row()));
    }

    /** True when some row of the group has a note: noisy, not steady, or both. */
    public static boolean anyNoted(LadderGroup group) {
        return anyNoisy(group) || anyNotSteady(group);
    }

    /** True when a row of the group ran several forks: the table then shows the interval between them. */
    public static boolean anySeveralForks(LadderGroup group) {
        return group.steps().stream().anyMatch(s -> BetweenForks.of(s.row()).several());
    }

    /** True when the group is a ladder whose rows each ran one fork (and recorded its iterations). */
    static boolean oneForkLadder(LadderGroup group) {
        return group.ladder() && group.steps().stream().allMatch(s -> BetweenForks.of(s.row()).forks() == 1);
    }

    /** The footnotes a table of these groups needs under it, one per kind of note its rows have. */
    public static List<String> footnotes(List<LadderGroup> groups) {
        List<String> notes = new ArrayList<>();
        if (groups.stream().anyMatch(GroupTable::oneForkLadder)) {
            notes.add(BetweenForks.ONE_FORK_FOOTNOTE);
        }
        if (groups.stream().anyMatch(GroupTable::anyNoisy)) {
            notes.add(NOISY_FOOTNOTE);
        }
        if (groups.stream().anyMatch(GroupTable::anyNotSteady)) {
            notes.add(Trend.FOOTNOTE);
        }
        long failed = groups.stream().flatMap(g -> g.steps().stream()).filter(s -> failed(s.row())).count();
        if (failed > 0) {
            notes.add(String.format(java.util.Locale.ROOT, "failed: %d row%s no score because %s run reported errors (a day or a"
                    + " role that failed; the run's console and log name it); the days that ran are in the between-forks column, and a"
                    + " mean without the failed ones would flatter the configuration",
                    failed, failed == 1 ? " has" : "s have", failed == 1 ? "its" : "their"));
        }
        long unusable = groups.stream().flatMap(g -> g.steps().stream())
                .filter(s -> !(s.row().score() > 0 && Double.isFinite(s.row().score())) && !failed(s.row())).count();
        if (unusable > 0) {
            notes.add(String.format(java.util.Locale.ROOT, "note: %d row%s a score that is not a positive finite number (0, negative,"
                    + " NaN or ∞): no speedup is computed against %s; a benchmark that measured nothing?",
                    unusable, unusable == 1 ? " has" : "s have", unusable == 1 ? "it" : "them"));
        }
        return notes;
    }

    /** {@code × r0}, or {@code × rN} for the rung the group's speedups are over ({@code r1-…} → {@code × r1}). */
    static String baseColumn(LadderGroup group) {
        Row base = Ladders.base(group.steps().stream().map(Step::row).toList());
        if (base == null) {
            return BASE_COLUMN;
        }
        String rung = base.rung();
        int dash = rung.indexOf('-');
        return "× " + (dash > 0 ? rung.substring(0, dash) : rung);
    }

    /**
     * The row as the group's table shows it: a time per operation in the unit that reads best for the group's
     * largest score ({@code 0.0000599 s/op} as {@code 59.9 us/op}), every row of the group in the same one; other
     * units as they are. Only the display changes: ratios, gates and comparisons read the rows as JMH wrote them.
     */
    public static Row displayed(LadderGroup group, Row row) {
        String unit = displayUnit(group);
        if (unit.equals(row.unit())) {
            return row;
        }
        double factor = Units.convert(1, row.unit(), unit).orElse(Double.NaN);
        if (Double.isNaN(factor)) {
            return row;
        }
        Map<String, Double> percentiles = new LinkedHashMap<>();
        row.percentiles().forEach((k, v) -> percentiles.put(k, v * factor));
        return new Row(row.benchmark(), row.method(), row.params(), row.mode(), row.score() * factor, row.scoreError() * factor,
                unit, row.allocBytesPerOp(), row.jdkVersion(), row.vmName(), row.secondaryMetrics(), row.forks(), row.machine(),
                percentiles, row.serialCorrelation());
    }

    /** The unit a group's scores are shown in: {@link Units#readable} of its largest, where all share one unit. */
    static String displayUnit(LadderGroup group) {
        String unit = group.steps().get(0).row().unit();
        if (group.steps().stream().anyMatch(s -> !s.row().unit().equals(unit))) {
            return unit;
        }
        double largest = group.steps().stream().mapToDouble(s -> s.row().score()).filter(Double::isFinite).max().orElse(Double.NaN);
        return Units.readable(largest, unit);
    }

    /** One list of cells per step; {@code score} renders the score column, of the row {@link #displayed} in its group's unit. */
    public static List<List<String>> cells(LadderGroup group, Function<Row, String> score) {
        List<List<String>> rows = new ArrayList<>();
        boolean notes = anyNoted(group);
        boolean forks = anySeveralForks(group);
        List<String> paramColumns = group.paramColumns();
        for (Step step : group.steps()) {
            List<String> cells = new ArrayList<>();
            if (group.severalMethods()) {
                cells.add(step.row().method());
            }
            paramColumns.forEach(p -> cells.add(step.row().params().getOrDefault(p, Formats.NONE)));
            cells.addAll(group.ladder() ? ladderCells(group, step, score) : plainCells(group, step, score));
            if (forks) {
                cells.add(BetweenForks.of(step.row()).cell());
            }
            if (notes) {
                cells.add(note(step.row()));
            }
            rows.add(cells);
        }
        return rows;
    }

    /**
     * What the note column says of a row: {@code noisy (±31%)}, {@code not steady (−51% over 6 iterations)}, both
     * (joined by {@code ; }), or nothing.
     */
    public static String note(Row row) {
        String noisy = noisy(row) ? noisyNote(row) : "";
        String trend = Trend.of(row).note();
        return noisy.isEmpty() || trend.isEmpty() ? noisy + trend : noisy + "; " + trend;
    }

    /** What the note column says of a noisy row, e.g. {@code noisy (±31%)}. */
    public static String noisyNote(Row row) {
        return String.format(Locale.ROOT, "noisy (±%.0f%%)", 100 * row.scoreError() / Math.abs(row.score()));
    }

    /** What a failed scenario row's score cell says in place of {@code NaN MB/s}. */
    static final String FAILED = "failed";
    /** The secondary metric a scenario writes for its roles' error lines ({@code RungResult}). */
    private static final String ERRORS_METRIC = "errors";

    /**
     * True for a scenario row with no score whose run reported errors: a forwarder configuration with a failed day
     * among its days is the configuration's failure, not a measurement of nothing.
     */
    public static boolean failed(Row row) {
        Metric errors = row.secondaryMetrics().get(ERRORS_METRIC);
        return Double.isNaN(row.score()) && errors != null && errors.score() > 0;
    }

    private static String scoreCell(LadderGroup group, Step step, Function<Row, String> score) {
        return failed(step.row()) ? FAILED : score.apply(displayed(group, step.row()));
    }

    private static List<String> ladderCells(LadderGroup group, Step step, Function<Row, String> score) {
        return List.of(step.label(), scoreCell(group, step, score), Formats.speedup(step.vsPrev()),
                Formats.speedup(step.vsR0()), Formats.alloc(step.row().allocBytesPerOp()));
    }

    private static List<String> plainCells(LadderGroup group, Step step, Function<Row, String> score) {
        return List.of(step.label(), scoreCell(group, step, score), Formats.alloc(step.row().allocBytesPerOp()));
    }
}
