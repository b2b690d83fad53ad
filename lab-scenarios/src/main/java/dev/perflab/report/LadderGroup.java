package dev.perflab.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The results of one benchmark method at one combination of non-rung params: a ladder when the benchmark has
 * a {@code rung} param (steps in rung order, each with its speedups), otherwise just its rows.
 *
 * @param benchmark full benchmark name
 * @param mode      JMH mode shared by the steps
 * @param params    the params without {@code rung}, in file order
 * @param ladder    true when the rows carry a {@code rung} param
 * @param steps     the rows in display order
 */
public record LadderGroup(String benchmark, String mode, Map<String, String> params, boolean ladder,
                          List<Step> steps) {
    public LadderGroup {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        steps = List.copyOf(steps);
    }

    /** Class and method without the package, e.g. {@code OrderBookCancelBenchmark.cancelLast}. */
    public String shortBenchmark() {
        return steps.get(0).row().shortBenchmark();
    }

    /** The benchmark method, e.g. {@code cancelLast}. */
    public String method() {
        return steps.get(0).row().method();
    }

    /** The params as {@code depth=1000 size=10}; empty when there are none. */
    public String paramsLabel() {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    /** A heading such as {@code OrderBookCancelBenchmark.cancelLast  depth=1000}. */
    public String title() {
        String p = paramsLabel();
        return p.isEmpty() ? shortBenchmark() : shortBenchmark() + "  " + p;
    }
}
