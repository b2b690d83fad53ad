package dev.perflab.history;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One metric of a result row, as JMH reports it, with the figures behind it.
 *
 * @param score       the value; NaN when the run had none
 * @param error       half-width of its 99.9% interval; NaN when there is none (one fork, one iteration, a scenario)
 * @param unit        e.g. {@code ops/s}, {@code us/op}, {@code B/op}
 * @param forks       each fork's measured iterations in order ({@code rawData}); a scenario's row has one fork of one
 *                    value; a {@code sample}-mode row has each iteration's mean, from JMH's histogram
 * @param percentiles JMH's {@code scorePercentiles} by percentile ({@code "50.0"}, {@code "99.9"}), in {@code unit};
 *                    empty where JMH wrote none worth keeping (throughput and average-time rows repeat the score)
 */
public record Measure(double score, double error, String unit, List<List<Double>> forks, Map<String, Double> percentiles) {
    public Measure {
        Objects.requireNonNull(unit);
        forks = forks.stream().map(List::copyOf).toList();
        percentiles = Collections.unmodifiableMap(new LinkedHashMap<>(percentiles));
    }

    /** A measure without percentiles. */
    public Measure(double score, double error, String unit, List<List<Double>> forks) {
        this(score, error, unit, forks, Map.of());
    }
}
