package dev.perflab.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Gathers the rows a query read into runs and series, keeping the wanted rows only. */
final class HistoryReader {
    private final HistoryQuery query;
    private final Map<String, StoredRun> runs = new LinkedHashMap<>();
    private final Map<String, Builder> series = new LinkedHashMap<>();

    HistoryReader(HistoryQuery query) {
        this.query = query;
    }

    void add(StoredRun run, String benchmark, String mode, Map<String, String> params, String metric, double score,
             double error, String unit) {
        if (!query.wants(benchmark, params)) {
            return;
        }
        StoredRun known = runs.computeIfAbsent(run.id(), id -> run);
        String key = ResultRow.key(benchmark, params);
        String name = metric == null ? key : key + ":" + metric;
        series.computeIfAbsent(name, n -> new Builder(n, benchmark, params, metric, mode))
                .points.add(new Series.Point(known, score, error, unit));
    }

    History history() {
        List<StoredRun> ordered = new ArrayList<>(runs.values());
        ordered.sort(Comparator.comparing(StoredRun::time));
        List<Series> result = new ArrayList<>();
        for (Builder b : series.values()) {
            b.points.sort(Comparator.comparing(p -> p.run().time()));
            String unit = b.points.get(b.points.size() - 1).unit();
            result.add(new Series(b.name, b.benchmark, b.params, b.metric, b.mode, unit, b.points));
        }
        return new History(ordered, result);
    }

    private static final class Builder {
        final String name;
        final String benchmark;
        final Map<String, String> params;
        final String metric;
        final String mode;
        final List<Series.Point> points = new ArrayList<>();

        Builder(String name, String benchmark, Map<String, String> params, String metric, String mode) {
            this.name = name;
            this.benchmark = benchmark;
            this.params = params;
            this.metric = metric;
            this.mode = mode;
        }
    }
}
