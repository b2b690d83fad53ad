package dev.perflab.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The rows of one table. A <b>ladder</b> (the benchmark has a {@code rung} param) is one benchmark method at one
 * combination of its other params, steps in rung order, each with its speedups. <b>Plain</b> results (no
 * {@code rung}) are one benchmark method with all its rows, its params shown as columns
 * ({@link #paramColumns()}), so a project with hundreds of param combinations gets one table per benchmark,
 * not one per combination. Rows of different files never share a group: a ladder's ratios hold within one run.
 *
 * @param benchmark full benchmark name
 * @param mode      JMH mode of the first step (a plain group may hold several modes)
 * @param params    a ladder's params without {@code rung}, in file order; empty for a plain group
 * @param ladder    true when the rows carry a {@code rung} param
 * @param steps     the rows in display order
 * @param source    the label of the file the rows came from ({@link ResultSource#label()}); empty when the
 *                  report read one file or none
 */
public record LadderGroup(String benchmark, String mode, Map<String, String> params, boolean ladder,
                          List<Step> steps, String source) {
    public LadderGroup {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        steps = List.copyOf(steps);
    }

    /** A group of a report that read a single file (or rows made in code). */
    public LadderGroup(String benchmark, String mode, Map<String, String> params, boolean ladder, List<Step> steps) {
        this(benchmark, mode, params, ladder, steps, "");
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
        return label(params);
    }

    /** A ladder's params, or a plain row's own, as {@code depth=1000 size=10}. */
    public static String label(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    /** A heading of a benchmark and params: {@code OrderBookCancelBenchmark.cancelLast  depth=1000}. */
    public static String paramsTitle(String benchmarkName, Map<String, String> params) {
        String p = label(params);
        return p.isEmpty() ? benchmarkName : benchmarkName + "  " + p;
    }

    /** A heading such as {@code OrderBookCancelBenchmark.cancelLast  depth=1000}. */
    public String title() {
        return titled(shortBenchmark());
    }

    /** The heading with the benchmark named as given (the full name where two packages share a short one). */
    public String titled(String benchmarkName) {
        return paramsTitle(benchmarkName, params);
    }

    /** True when the group holds several methods of one class (each measured at one set of params, grouped by class). */
    public boolean severalMethods() {
        return steps.stream().map(s -> s.row().benchmark()).distinct().count() > 1;
    }

    /** The benchmark's class, e.g. {@code org.example.Parser01Benchmark}. */
    public String className() {
        return Ladders.className(benchmark);
    }

    /** A plain group's param names, in the order they first appear: its table's leading columns. */
    public List<String> paramColumns() {
        if (ladder) {
            return List.of();
        }
        Set<String> names = new LinkedHashSet<>();
        steps.forEach(s -> names.addAll(s.row().params().keySet()));
        return List.copyOf(names);
    }
}
