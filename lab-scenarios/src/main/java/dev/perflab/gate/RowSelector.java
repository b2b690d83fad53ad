package dev.perflab.gate;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * Picks one row of a JMH result file: the benchmark by name or name suffix ({@code cancelLast},
 * {@code OrderBookCancelBenchmark.cancelLast}) and the params it must have. A {@code rung} param may be an
 * id, its {@code rN} prefix, {@code naive} (the lowest {@code rN} among the matching rows) or {@code tuned}
 * (the highest).
 */
public record RowSelector(String benchmark, Map<String, String> params) {
    public RowSelector {
        params = Map.copyOf(params);
    }

    @Override
    public String toString() {
        return benchmark + (params.isEmpty() ? "" : params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ", " [", "]")));
    }
}
