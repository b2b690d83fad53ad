package dev.perflab.history;

import java.util.List;
import java.util.Map;

/**
 * One row's figure over runs, oldest first: a benchmark in one mode at one combination of params, its score or
 * one of its secondary metrics, every point in the series' one unit.
 *
 * @param name   the column name in the CSV export: {@link ResultRow#key()}, then {@code @MODE} where the same
 *               benchmark and params were measured in several modes, then {@code :METRIC} for a secondary metric
 *               ({@code …cancelLast[depth=1;rung=r4-intrusive-list]:gc.alloc.rate.norm})
 * @param metric null for the score; else the secondary metric's name
 * @param unit   the unit of every point: the newest point's, the older ones converted to it
 */
public record Series(String name, String benchmark, Map<String, String> params, String metric, String mode, String unit,
                     List<Point> points) {
    public Series {
        params = Map.copyOf(params);
        points = List.copyOf(points);
    }

    /**
     * One run's figure.
     *
     * @param percentiles a sample or single-shot row's percentiles ({@code "50.0"} → value), in {@code unit};
     *                    empty for other rows
     */
    public record Point(StoredRun run, double score, double error, String unit, Map<String, Double> percentiles) {
        public Point {
            percentiles = Map.copyOf(percentiles);
        }

        public Point(StoredRun run, double score, double error, String unit) {
            this(run, score, error, unit, Map.of());
        }
    }
}
