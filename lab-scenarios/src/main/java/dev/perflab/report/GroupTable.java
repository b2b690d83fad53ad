package dev.perflab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The header and cells of one group's table, shared by the text and markdown renderers: for a ladder
 * {@code rung | score | × prev | × r0 | B/op}, for plain results {@code mode | score | B/op}. The fourth
 * column names the rung it divides by: {@code × r0}, or {@code × r1} where a suite measures r0 elsewhere
 * (the order book's replay gives r0 a suite of its own, so its tuned table is based on r1).
 */
final class GroupTable {
    private static final String BASE_COLUMN = "× r0";
    private static final List<String> PLAIN = List.of("mode", "score", "B/op");
    /** A row whose error is wider than this share of its score is too noisy to rank against its neighbours. */
    static final double NOISY_RELATIVE_ERROR = 0.25;
    private static final String NOTE = "note";
    /** What a table with a noisy row says under it. */
    static final String NOISY_FOOTNOTE = String.format(Locale.ROOT,
            "noisy: the error is wider than ±%.0f%% of the score, too wide to rank the row; measure longer (--full) or on a quieter machine",
            NOISY_RELATIVE_ERROR * 100);

    private GroupTable() {
    }

    static List<String> headers(LadderGroup group) {
        List<String> headers = new ArrayList<>(group.ladder() ? List.of("rung", "score", "× prev", baseColumn(group), "B/op") : PLAIN);
        if (anyNoisy(group)) {
            headers.add(NOTE);
        }
        return headers;
    }

    /** True when the row's error is wider than {@link #NOISY_RELATIVE_ERROR} of its score. */
    static boolean noisy(Row row) {
        return Double.isFinite(row.scoreError()) && row.scoreError() > NOISY_RELATIVE_ERROR * Math.abs(row.score());
    }

    static boolean anyNoisy(LadderGroup group) {
        return group.steps().stream().anyMatch(s -> noisy(s.row()));
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

    /** One list of cells per step; {@code score} renders the score column. */
    static List<List<String>> cells(LadderGroup group, Function<Row, String> score) {
        List<List<String>> rows = new ArrayList<>();
        boolean notes = anyNoisy(group);
        for (Step step : group.steps()) {
            List<String> cells = new ArrayList<>(group.ladder() ? ladderCells(step, score) : plainCells(step, score));
            if (notes) {
                cells.add(noisy(step.row()) ? String.format(Locale.ROOT, "noisy (±%.0f%%)",
                        100 * step.row().scoreError() / Math.abs(step.row().score())) : "");
            }
            rows.add(cells);
        }
        return rows;
    }

    private static List<String> ladderCells(Step step, Function<Row, String> score) {
        return List.of(step.label(), score.apply(step.row()), Formats.speedup(step.vsPrev()),
                Formats.speedup(step.vsR0()), Formats.alloc(step.row().allocBytesPerOp()));
    }

    private static List<String> plainCells(Step step, Function<Row, String> score) {
        return List.of(step.label(), score.apply(step.row()), Formats.alloc(step.row().allocBytesPerOp()));
    }
}
