package dev.perflab.history;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One row of a run's results: a benchmark at one combination of params, as in JMH's JSON (or a scenario's
 * JMH-shaped row).
 *
 * @param suite      the lab's suite that ran it ({@code cancel}, {@code replay}), {@code end-to-end} for a
 *                   scenario's rows, {@code latency} for a latency run's
 * @param benchmark  JMH's full name, e.g. {@code dev.perflab.bench.OrderBookCancelBenchmark.cancelLast}
 * @param mode       {@code thrpt}, {@code avgt}, {@code sample}, {@code ss}
 * @param params     the params in the row's order
 * @param primary    the score
 * @param secondary  every secondary metric by name (JMH's leading {@code ·} dropped: {@code gc.alloc.rate.norm})
 * @param forks      JMH's fork count (0 when JMH ran in process); threads likewise
 * @param jvmArgs    the flags of the measuring JVM when the row names them (JMH rows do), else empty
 */
public record ResultRow(String suite, String benchmark, String mode, Map<String, String> params, Measure primary,
                        Map<String, Measure> secondary, int forks, int threads, String jdkVersion, String vmName,
                        List<String> jvmArgs) {
    public ResultRow {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        secondary = Collections.unmodifiableMap(new LinkedHashMap<>(secondary));
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** The series this row belongs to over time: {@link #key(String, Map)}. */
    public String key() {
        return key(benchmark, params);
    }

    /**
     * A row's name across runs: the benchmark, then its params sorted by name in brackets, joined by
     * {@code ;} (JMH's own separator for param values is the comma): {@code B.cancelLast[depth=1;rung=r0-persistent]}.
     * Without params, the benchmark alone.
     */
    public static String key(String benchmark, Map<String, String> params) {
        if (params.isEmpty()) {
            return benchmark;
        }
        return benchmark + new TreeMap<>(params).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(";", "[", "]"));
    }
}
