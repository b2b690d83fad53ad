package dev.perflab.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/** Renders groups as GitHub markdown: the header as a paragraph, then per group a heading and a table. */
final class MarkdownRenderer {
    private MarkdownRenderer() {
    }

    static String render(String header, List<LadderGroup> groups, Function<LadderGroup, String> titles) {
        StringBuilder out = new StringBuilder(escape(header.strip())).append('\n');
        for (LadderGroup group : groups) {
            out.append("\n### ").append(escape(titles.apply(group))).append("\n\n");
            List<String> headers = GroupTable.headers(group);
            out.append(row(headers));
            out.append(row(alignment(headers.size(), GroupTable.leftColumns(group) - 1)));
            GroupTable.cells(group, Formats::score).forEach(cells -> out.append(row(cells)));
        }
        GroupTable.footnotes(groups).forEach(note -> out.append('\n').append(escape(note)).append('\n'));
        return out.toString();
    }

    /** The {@code left} columns that name a row (params, label) left-aligned, every other column right-aligned. */
    private static List<String> alignment(int columns, int left) {
        List<String> align = new ArrayList<>(Collections.nCopies(columns, "--:"));
        for (int c = 0; c < left; c++) {
            align.set(c, ":--");
        }
        return align;
    }

    private static String row(List<String> cells) {
        StringBuilder row = new StringBuilder("|");
        cells.forEach(c -> row.append(' ').append(escape(c)).append(" |"));
        return row.append('\n').toString();
    }

    /** Escapes what would break a table cell or start markdown emphasis. */
    private static String escape(String s) {
        return s.replace("|", "\\|").replace("*", "\\*").replace("_", "\\_");
    }
}
