package dev.perflab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The header and cells of one group's table, shared by the text and markdown renderers: for a ladder
 * {@code rung | score | × prev | × r0 | B/op}, for plain results {@code mode | score | B/op}.
 */
final class GroupTable {
    private static final List<String> LADDER = List.of("rung", "score", "× prev", "× r0", "B/op");
    private static final List<String> PLAIN = List.of("mode", "score", "B/op");

    private GroupTable() {
    }

    static List<String> headers(LadderGroup group) {
        return group.ladder() ? LADDER : PLAIN;
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
