package dev.perflab.gate;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * Picks one row of a JMH result file: the benchmark by name or name suffix ({@code cancelLast},
 * {@code OrderBookCancelBenchmark.cancelLast}), the params it must have and, for a benchmark run in several
 * modes, its JMH mode ({@code thrpt}, {@code avgt}, {@code sample}, {@code ss}; null: any). A {@code rung} param
 * may be an id, its {@code rN} prefix, {@code naive} (the lowest {@code rN} among the matching rows) or
 * {@code tuned} (the highest).
 */
public record RowSelector(String benchmark, Map<String, String> params, String mode) {
    /** JMH's modes as its JSON writes them. */
    public static final java.util.List<String> MODES = java.util.List.of("thrpt", "avgt", "sample", "ss");

    public RowSelector {
        params = Map.copyOf(params);
    }

    /** A selector of any mode. */
    public RowSelector(String benchmark, Map<String, String> params) {
        this(benchmark, params, null);
    }

    @Override
    public String toString() {
        return benchmark + (params.isEmpty() ? "" : params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ", " [", "]")))
                + (mode == null ? "" : " (" + mode + ")");
    }
}
