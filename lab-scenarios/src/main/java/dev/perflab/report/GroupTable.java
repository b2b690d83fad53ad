package dev.perflab.report;

import java.util.ArrayList;
import java.util.List;
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

    private GroupTable() {
    }

    static List<String> headers(LadderGroup group) {
        return group.ladder() ? List.of("rung", "score", "× prev", baseColumn(group), "B/op") : PLAIN;
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
        for (Step step : group.steps()) {
            rows.add(group.ladder() ? ladderCells(step, score) : plainCells(step, score));
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
