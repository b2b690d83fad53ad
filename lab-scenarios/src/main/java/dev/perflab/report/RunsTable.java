package dev.perflab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Several files of one project (its commits, or runs of one build) read as a history: per class a table with a row
 * per benchmark, mode and params and a column per file in the order given, each after the first with its change
 * from the column before. Ladders are not read this way: their ratios hold within one run, so each file keeps its
 * own tables.
 *
 * <pre>
 *   ListBenchmark · thrpt · ops/s
 *     method  size   0dc4476.json  1e9e894.json      Δ  f8b9a4a.json       Δ
 *     add     1000      1,000,000     1,002,000  (+0.2%)     500,000  -50.1%
 * </pre>
 * A change in parentheses is within both rows' errors: it is not one.
 */
public final class RunsTable {
    /** A file counts as a run of the same project when at least this share of its rows is in another file too. */
    static final double SHARED_ROWS = 0.5;
    /** What the tables say under them. */
    public static final String FOOTNOTE = "Δ: change from the column before (+ is better, whichever way the unit points);"
            + " in parentheses: within both rows' errors, so not a change";

    private RunsTable() {
    }

    /**
     * True when the report read several files, none holds a ladder, and each shares at least half its rows with
     * the others: the runs of one project, read best side by side.
     */
    public static boolean applies(LadderReport report) {
        if (report.sources().size() < 2 || report.rows().stream().anyMatch(r -> r.rung() != null)) {
            return false;
        }
        Map<String, Set<List<Object>>> keysByFile = new LinkedHashMap<>();
        for (Row r : report.rows()) {
            keysByFile.computeIfAbsent(label(report, r), f -> new LinkedHashSet<>()).add(key(r));
        }
        if (keysByFile.size() < 2) {
            return false;
        }
        for (Map.Entry<String, Set<List<Object>>> file : keysByFile.entrySet()) {
            Set<List<Object>> others = new LinkedHashSet<>();
            keysByFile.forEach((f, keys) -> {
                if (!f.equals(file.getKey())) {
                    others.addAll(keys);
                }
            });
            long shared = file.getValue().stream().filter(others::contains).count();
            if (shared < SHARED_ROWS * file.getValue().size()) {
                return false;
            }
        }
        return true;
    }

    /** The header, then a table per class and mode, then {@link #FOOTNOTE}. */
    public static String render(LadderReport report, String header) {
        List<String> files = report.sources().stream().map(ResultSource::label).toList();
        StringBuilder out = new StringBuilder(header.strip()).append('\n');
        out.append('\n').append(files.size()).append(" runs of one project, side by side in the order given: ")
                .append(String.join(", ", files)).append('\n');
        for (Table t : tables(report, files)) {
            out.append('\n').append(t.title).append('\n');
            t.lines().forEach(l -> out.append("  ").append(l.stripTrailing()).append('\n'));
        }
        return out.append('\n').append(FOOTNOTE).append('\n').toString();
    }

    /**
     * One table: a class in one mode, its rows in file order, a cell per file.
     *
     * @param unit   the unit every score of the table is written in (the first row's; others converted)
     * @param labels each row's method and params
     * @param rows   per row, each file's row (null where that file lacks it), in the files' order
     */
    public record Table(String title, String unit, List<String> headers, List<List<String>> cells, List<String> labels,
                        List<List<Row>> rows) {
        List<String> lines() {
            int[] widths = new int[headers.size()];
            for (int c = 0; c < widths.length; c++) {
                widths[c] = headers.get(c).length();
                for (List<String> row : cells) {
                    widths[c] = Math.max(widths[c], row.get(c).length());
                }
            }
            List<String> lines = new ArrayList<>();
            lines.add(line(headers, widths));
            cells.forEach(r -> lines.add(line(r, widths)));
            return lines;
        }

        private static String line(List<String> cells, int[] widths) {
            StringBuilder s = new StringBuilder();
            for (int c = 0; c < cells.size(); c++) {
                String cell = cells.get(c);
                String pad = " ".repeat(widths[c] - cell.length());
                s.append(c < 2 ? cell + pad : pad + cell).append("  ");
            }
            return s.toString();
        }
    }

    /** The tables of {@link #render}, for the page. */
    public static List<Table> tables(LadderReport report) {
        return tables(report, report.sources().stream().map(ResultSource::label).toList());
    }

    private static List<Table> tables(LadderReport report, List<String> files) {
        Map<List<Object>, Map<List<Object>, Map<String, Row>>> byTable = new LinkedHashMap<>();
        for (Row r : report.rows()) {
            byTable.computeIfAbsent(List.of(Ladders.className(r.benchmark()), r.mode(), Units.kind(r.unit())), k -> new LinkedHashMap<>())
                    .computeIfAbsent(key(r), k -> new LinkedHashMap<>()).putIfAbsent(label(report, r), r);
        }
        List<Table> tables = new ArrayList<>();
        byTable.forEach((k, rows) -> tables.add(table(report, k, rows, files)));
        return tables;
    }

    private static Table table(LadderReport report, List<Object> key, Map<List<Object>, Map<String, Row>> rows, List<String> files) {
        Row any = rows.values().iterator().next().values().iterator().next();
        String unit = any.unit();
        String className = (String) key.get(0);
        List<String> headers = new ArrayList<>(List.of("method", "params"));
        for (int f = 0; f < files.size(); f++) {
            headers.add(files.get(f));
            if (f > 0) {
                headers.add("Δ");
            }
        }
        List<List<String>> cells = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<List<Row>> byFile = new ArrayList<>();
        for (Map<String, Row> perFile : rows.values()) {
            Row first = perFile.values().iterator().next();
            List<String> line = new ArrayList<>(List.of(first.method(), LadderGroup.label(first.params())));
            labels.add((first.method() + " " + LadderGroup.label(first.params())).strip());
            List<Row> inFiles = new ArrayList<>();
            files.forEach(f -> inFiles.add(perFile.get(f)));
            byFile.add(inFiles);
            Row previous = null;
            for (int f = 0; f < files.size(); f++) {
                Row r = perFile.get(files.get(f));
                line.add(r == null ? Formats.NONE : Formats.number(Units.convert(r.score(), r.unit(), unit).orElse(Double.NaN)));
                if (f > 0) {
                    line.add(change(previous, r));
                }
                previous = r == null ? previous : r;
            }
            cells.add(line);
        }
        return new Table(className.substring(className.lastIndexOf('.') + 1) + " · " + key.get(1) + " · " + unit, unit, headers, cells,
                labels, byFile);
    }

    /** {@code -50.1%}, {@code (+0.2%)} within both errors, {@code -} where either run lacks the row. */
    public static String change(Row before, Row after) {
        if (before == null || after == null) {
            return Formats.NONE;
        }
        OptionalDouble x = Speedup.of(before, after);
        if (x.isEmpty()) {
            return Formats.NONE;
        }
        double[] range = Speedup.interval(before, after);
        String percent = String.format(Locale.ROOT, "%+.1f%%", (x.getAsDouble() - 1) * 100);
        return range[0] <= 1 && 1 <= range[1] ? "(" + percent + ")" : percent;
    }

    private static List<Object> key(Row r) {
        return List.of(r.benchmark(), r.mode(), r.params());
    }

    private static String label(LadderReport report, Row r) {
        return report.sourceOf(r).map(ResultSource::label).orElse("");
    }
}
