package dev.perflab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The data of one chart: the rows of one benchmark in one mode, from every file of the report, as categories
 * (the params other than {@code rung}) by series (each rung or peer; the mode where there is none), a series per
 * file where the report read several, so no file's rows hide another's.
 *
 * @param benchmark   full benchmark name
 * @param mode        the JMH mode every point shares
 * @param title       the benchmark as titles name it
 * @param unit        the first row's unit
 * @param ladder      true when the rows carry a {@code rung} param
 * @param categories  category labels in order of first appearance
 * @param series      series in order of first appearance
 * @param runLengths  the run lengths recorded for the files involved, e.g. {@code [smoke]}
 */
record ChartSeries(String benchmark, String mode, String title, String unit, boolean ladder, List<String> categories,
                   List<Series> series, List<String> runLengths) {

    /**
     * One series.
     *
     * @param name   the legend's name: rung id, or mode, with the file's label where there are several files
     * @param colour {@code #rrggbb}: the rung's own colour ({@link SeriesColours})
     * @param rows   one row per category, null where the series has none there
     */
    record Series(String name, String colour, List<Row> rows) {
    }

    /** One chart per (benchmark, mode), in the order the report's groups first show them. */
    static List<ChartSeries> of(LadderReport report) {
        // sets, not lists: a chart of thousands of groups once asked each group whether it was there already
        Map<List<String>, Set<LadderGroup>> charts = new LinkedHashMap<>();
        for (LadderGroup g : report.groups()) {
            for (Step s : g.steps()) {
                charts.computeIfAbsent(List.of(s.row().benchmark(), s.row().mode()), k -> new LinkedHashSet<>()).add(g);
            }
        }
        List<ChartSeries> result = new ArrayList<>();
        charts.forEach((key, groups) -> result.add(build(report, key.get(0), key.get(1), List.copyOf(groups))));
        return result;
    }

    private static ChartSeries build(LadderReport report, String benchmark, String mode, List<LadderGroup> groups) {
        List<String> files = report.sources().stream().map(ResultSource::label).toList();
        Set<String> categories = new LinkedHashSet<>();
        Map<String, Map<String, Row>> bySeries = new LinkedHashMap<>();
        Map<String, String> colours = new LinkedHashMap<>();
        Set<String> runLengths = new LinkedHashSet<>();
        for (LadderGroup g : groups) {
            for (Step s : g.steps()) {
                Row row = s.row();
                if (!row.mode().equals(mode) || !row.benchmark().equals(benchmark)) {
                    continue;  // a class's group holds its other methods too: each has its own PNG
                }
                String category = category(row);
                categories.add(category);
                String name = g.source().isEmpty() ? s.label() : s.label() + " · " + g.source();
                bySeries.computeIfAbsent(name, k -> new LinkedHashMap<>()).putIfAbsent(category, row);
                colours.computeIfAbsent(name, k -> SeriesColours.of(row.rung(), colours.size(), files.indexOf(g.source())));
                report.sourceOf(row).flatMap(ResultSource::runLength).ifPresent(runLengths::add);
            }
        }
        List<String> categoryList = List.copyOf(categories);
        List<Series> series = new ArrayList<>();
        bySeries.forEach((name, rows) -> {
            List<Row> perCategory = new ArrayList<>();
            categoryList.forEach(c -> perCategory.add(rows.get(c)));
            series.add(new Series(name, colours.get(name), perCategory));
        });
        Row first = groups.get(0).steps().stream().map(Step::row).filter(r -> r.mode().equals(mode) && r.benchmark().equals(benchmark))
                .findFirst().orElseThrow();
        return new ChartSeries(benchmark, mode, report.displayName(benchmark), first.unit(), first.rung() != null,
                categoryList, series, List.copyOf(runLengths));
    }

    /** A row's category: its params without {@code rung}, or its method where it has none. */
    private static String category(Row row) {
        String params = LadderGroup.label(row.paramsWithoutRung());
        return params.isEmpty() ? row.method() : params;
    }

    /** The params' names, for the x axis's title. */
    String axisTitle() {
        Set<String> names = new LinkedHashSet<>();
        series.forEach(s -> s.rows().stream().filter(java.util.Objects::nonNull)
                .forEach(r -> names.addAll(r.paramsWithoutRung().keySet())));
        return String.join(", ", names);
    }

    /** The smallest and largest positive finite score; {@code [∞, 0]} when there is none. */
    double[] positiveRange() {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (Series s : series) {
            for (Row r : s.rows()) {
                if (r != null && r.score() > 0 && Double.isFinite(r.score())) {
                    min = Math.min(min, r.score());
                    max = Math.max(max, r.score());
                }
            }
        }
        return new double[] {min, max};
    }
}
