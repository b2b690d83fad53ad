package dev.perflab.fleet;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * One row a run will write, before it runs: a benchmark at one combination of its parameters (the rung among
 * them), and what it is expected to cost. Immutable.
 *
 * @param benchmark the benchmark's full name as JMH writes it ({@code pkg.Class.method}); for a component's
 *                  end-to-end run, whose rows the lab knows only by rung before it runs, {@code COMPONENT.*}
 *                  ({@link #ofScenario}): any benchmark of that component
 * @param params    its parameter values, as JMH writes them
 * @param cost      expected cost, in the plan's unit: seconds of warm-up and measurement for JMH suites, one
 *                  per rung for an end-to-end run
 */
public record PlannedRow(String benchmark, Map<String, String> params, double cost) {
    /** The benchmark suffix of an end-to-end run's rows: {@code forwarder.*} stands for {@code forwarder.forward}. */
    static final String ANY_BENCHMARK = ".*";

    public PlannedRow {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        if (!(cost >= 0) || Double.isInfinite(cost)) {
            throw new IllegalArgumentException(benchmark + ": cost must be finite and ≥ 0, was " + cost);
        }
    }

    /** A rung of a component's end-to-end run: cost 1, since the lab shards such runs by rung. */
    public static PlannedRow ofScenario(String component, String rungId) {
        return new PlannedRow(component + ANY_BENCHMARK, Map.of("rung", rungId), 1);
    }

    /** What identifies the row, whatever the order its params were listed in. */
    public String key() {
        return benchmark + new TreeMap<>(params);
    }

    /** Whether a row a run wrote ({@code benchmark}, {@code params}) is this planned row. */
    public boolean matches(String writtenBenchmark, Map<String, String> writtenParams) {
        return (benchmark.equals(writtenBenchmark) || wildcard() && writtenBenchmark.startsWith(prefix()))
                && params.equals(writtenParams);
    }

    /** True when a selector naming {@code selector} (a full name or its suffix, as gates name rows) picks this row's benchmark. */
    boolean benchmarkNamedBy(String selector) {
        if (wildcard()) {
            return selector.startsWith(prefix());
        }
        return benchmark.equals(selector) || benchmark.endsWith("." + selector);
    }

    private boolean wildcard() {
        return benchmark.endsWith(ANY_BENCHMARK);
    }

    private String prefix() {
        return benchmark.substring(0, benchmark.length() - ANY_BENCHMARK.length() + 1);
    }

    /** {@code OrderBookCancelBenchmark.cancelLast {depth=1000, rung=r4-…}}: class, method and params. */
    @Override
    public String toString() {
        int method = benchmark.lastIndexOf('.');
        int clazz = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(clazz + 1) + (params.isEmpty() ? "" : " " + params);
    }
}
