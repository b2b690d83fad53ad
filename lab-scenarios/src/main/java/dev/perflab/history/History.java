package dev.perflab.history;

import java.util.List;

/**
 * What a query read: the runs that have at least one wanted row, oldest first, and each row's series.
 */
public record History(List<StoredRun> runs, List<Series> series) {
    public History {
        runs = List.copyOf(runs);
        series = List.copyOf(series);
    }
}
