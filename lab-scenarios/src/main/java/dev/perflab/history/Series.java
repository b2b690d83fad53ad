package dev.perflab.history;

import java.util.List;
import java.util.Map;

/**
 * One row's figure over runs, oldest first: a benchmark at one combination of params, its score or one of
 * its secondary metrics.
 *
 * @param name   the column name in the CSV export: {@link ResultRow#key()}, then {@code :METRIC} for a
 *               secondary metric ({@code …cancelLast[depth=1;rung=r4-intrusive-list]:gc.alloc.rate.norm})
 * @param metric null for the score; else the secondary metric's name
 * @param unit   the unit of the newest point
 */
public record Series(String name, String benchmark, Map<String, String> params, String metric, String mode, String unit,
                     List<Point> points) {
    public Series {
        params = Map.copyOf(params);
        points = List.copyOf(points);
    }

    /** One run's figure. */
    public record Point(StoredRun run, double score, double error, String unit) {
    }
}
