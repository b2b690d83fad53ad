package dev.perflab.history;

import dev.perflab.report.Units;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Gathers the rows a query read into runs and series, keeping the wanted rows only. A series is one benchmark in
 * one mode at one combination of params (and one kind of unit): a benchmark JMH ran with {@code -bm all} is four
 * series, never one. Every point is written in the newest point's unit, older ones converted ({@code ops/ms} to
 * {@code ops/s}, {@code s/op} to {@code ns/op}) as JMH's {@code -tu} would have written them.
 */
final class HistoryReader {
    private final HistoryQuery query;
    private final Map<String, StoredRun> runs = new LinkedHashMap<>();
    private final Map<List<Object>, Builder> series = new LinkedHashMap<>();

    HistoryReader(HistoryQuery query) {
        this.query = query;
    }

    void add(StoredRun run, String benchmark, String mode, Map<String, String> params, String metric, double score,
             double error, String unit, Map<String, Double> percentiles) {
        if (!query.wants(benchmark, params)) {
            return;
        }
        StoredRun known = runs.computeIfAbsent(run.id(), id -> run);
        List<Object> key = java.util.Arrays.asList(benchmark, params, metric, mode, Units.kind(unit));
        series.computeIfAbsent(key, k -> new Builder(benchmark, params, metric, mode))
                .points.add(new Series.Point(known, score, error, unit, percentiles));
    }

    History history() {
        List<StoredRun> ordered = new ArrayList<>(runs.values());
        ordered.sort(Comparator.comparing(StoredRun::time));
        Map<String, Integer> sharing = new LinkedHashMap<>();
        series.values().forEach(b -> sharing.merge(b.baseName(), 1, Integer::sum));
        List<Series> result = new ArrayList<>();
        for (Builder b : series.values()) {
            b.points.sort(Comparator.comparing(p -> p.run().time()));
            String unit = b.points.get(b.points.size() - 1).unit();
            result.add(new Series(b.name(sharing.get(b.baseName()) > 1), b.benchmark, b.params, b.metric, b.mode, unit,
                    b.points.stream().map(p -> inUnit(p, unit)).toList()));
        }
        return new History(ordered, result);
    }

    /** The point in the series' unit: score, error and percentiles converted alike. */
    static Series.Point inUnit(Series.Point p, String unit) {
        if (p.unit().equals(unit)) {
            return p;
        }
        Map<String, Double> percentiles = new LinkedHashMap<>();
        p.percentiles().forEach((k, v) -> percentiles.put(k, convert(v, p.unit(), unit)));
        return new Series.Point(p.run(), convert(p.score(), p.unit(), unit), convert(p.error(), p.unit(), unit), unit, percentiles);
    }

    /**
     * A value in another unit of its kind. An error converts as the score does: for a time per operation that is
     * exact; for a throughput too, since both are scaled by the same factor.
     */
    private static double convert(double value, String from, String to) {
        OptionalDouble v = Units.convert(value, from, to);
        return v.isPresent() ? v.getAsDouble() : Double.NaN;
    }

    private static final class Builder {
        final String benchmark;
        final Map<String, String> params;
        final String metric;
        final String mode;
        final List<Series.Point> points = new ArrayList<>();

        Builder(String benchmark, Map<String, String> params, String metric, String mode) {
            this.benchmark = benchmark;
            this.params = params;
            this.metric = metric;
            this.mode = mode;
        }

        /** The row's name across runs, whatever its mode: {@link ResultRow#key(String, Map)} and its metric. */
        String baseName() {
            String key = ResultRow.key(benchmark, params);
            return metric == null ? key : key + ":" + metric;
        }

        /** The CSV column's name: the mode follows the row where the same row was measured in several. */
        String name(boolean severalModes) {
            String key = ResultRow.key(benchmark, params) + (severalModes ? "@" + mode : "");
            return metric == null ? key : key + ":" + metric;
        }
    }
}
