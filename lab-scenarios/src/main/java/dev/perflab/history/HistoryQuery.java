package dev.perflab.history;

import dev.perflab.base.BenchmarkFilter;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Which rows of the history to read: one component's runs, narrowed.
 *
 * @param component the component, e.g. {@code orderbook}
 * @param since     runs recorded at or after this instant; null for all
 * @param branch    runs on this git branch only; null for all
 * @param length    runs of this length only ({@code smoke}, {@code quick}, {@code standard}, {@code full}); null for all
 * @param benchmark rows whose benchmark it selects (found anywhere in {@code Class.method}, as every {@code --benchmark});
 *                  null for all
 * @param rungs     rows whose {@code rung} param is one of these ids; null for all
 * @param secondary secondary metrics to read beside each row's score, e.g. {@code gc.alloc.rate.norm}
 */
public record HistoryQuery(String component, Instant since, String branch, String length, BenchmarkFilter benchmark,
                           Set<String> rungs, List<String> secondary) {
    public HistoryQuery {
        Objects.requireNonNull(component);
        rungs = rungs == null ? null : Set.copyOf(rungs);
        secondary = List.copyOf(secondary);
    }

    /** Every row of a component. */
    public static HistoryQuery of(String component) {
        return new HistoryQuery(component, null, null, null, null, null, List.of());
    }

    boolean wants(String benchmarkName, java.util.Map<String, String> params) {
        return (benchmark == null || benchmark.matches(benchmarkName))
                && (rungs == null || rungs.contains(params.get("rung")));
    }
}
