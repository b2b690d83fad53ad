package dev.perflab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Renders groups as plain text: the header line, then per group a title line and an aligned table whose
 * scores line up on their {@code ±}.
 */
final class TextRenderer {
    private static final String INDENT = "  ";
    private static final String GAP = "  ";

    private TextRenderer() {
    }

    static String render(String header, List<LadderGroup> groups, Function<LadderGroup, String> titles) {
        StringBuilder out = new StringBuilder(header.strip()).append('\n');
        for (LadderGroup group : groups) {
            out.append('\n').append(titles.apply(group)).append('\n');
            table(group).forEach(line -> out.append(line).append('\n'));
        }
        GroupTable.footnotes(groups).forEach(note -> out.append('\n').append(note).append('\n'));
        return out.toString();
    }

    private static List<String> table(LadderGroup group) {
        List<String> headers = GroupTable.headers(group);
        List<List<String>> rows = GroupTable.cells(group, alignedScores(group));
        int[] widths = widths(headers, rows);
        int left = GroupTable.leftColumns(group);
        List<String> lines = new ArrayList<>();
        lines.add(line(headers, widths, left));
        lines.add(line(rule(widths), widths, left));
        rows.forEach(r -> lines.add(line(r, widths, left)));
        return lines;
    }

    /** Score cells padded so that numbers, {@code ±} and units line up within the group. */
    private static Function<Row, String> alignedScores(LadderGroup group) {
        int scoreWidth = 0;
        int errorWidth = 0;
        for (Step s : group.steps()) {
            Row shown = GroupTable.displayed(group, s.row());
            scoreWidth = Math.max(scoreWidth, Formats.number(shown.score()).length());
            errorWidth = Math.max(errorWidth, error(shown).length());
        }
        int sw = scoreWidth;
        int ew = errorWidth;
        return row -> padLeft(Formats.number(row.score()), sw) + errorPart(row, ew) + " " + row.unit();
    }

    /** {@code " ± error"} padded to the group's widest error; blank when this row, or every row, has none. */
    private static String errorPart(Row row, int errorWidth) {
        if (errorWidth == 0) {
            return "";
        }
        String error = error(row);
        return error.isEmpty() ? " ".repeat(errorWidth + 3) : " ± " + padLeft(error, errorWidth);
    }

    private static String error(Row row) {
        return Double.isNaN(row.scoreError()) ? "" : Formats.number(row.scoreError());
    }

    private static int[] widths(List<String> headers, List<List<String>> rows) {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        return widths;
    }

    private static List<String> rule(int[] widths) {
        List<String> rule = new ArrayList<>();
        for (int w : widths) {
            rule.add("-".repeat(w));
        }
        return rule;
    }

    /** The first {@code left} columns (params, label, score) align left, the numeric ones right. */
    private static String line(List<String> cells, int[] widths, int left) {
        StringBuilder line = new StringBuilder(INDENT);
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            line.append(c < left ? padRight(cell, widths[c]) : padLeft(cell, widths[c]));
            line.append(c + 1 < cells.size() ? GAP : "");
        }
        return line.toString().stripTrailing();
    }

    private static String padLeft(String s, int width) {
        return " ".repeat(Math.max(0, width - s.length())) + s;
    }

    private static String padRight(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
