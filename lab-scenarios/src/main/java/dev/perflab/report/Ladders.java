package dev.perflab.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Groups rows into tables, groups in file order: a ladder per (file, benchmark, mode, params minus
 * {@code rung}); rows without a {@code rung} one group per (file, benchmark), except a method measured at one
 * set of params only (none, or the same fixed ones): such methods are one group per (file, class, params), so a
 * class of 30 methods is one table and one chart, not 30 of one bar each. Within a ladder, rows are ordered by
 * where their rung value first appears among the benchmark's rows, which is the {@code @Param} declaration order
 * JMH runs them in, and each gets its speedups over the previous rung and over {@code r0}.
 */
final class Ladders {
    private Ladders() {
    }

    static List<LadderGroup> of(List<Row> rows) {
        return of(rows, row -> "");
    }

    /** @param source the label of the file a row came from; rows of different files never share a group */
    static List<LadderGroup> of(List<Row> rows, Function<Row, String> source) {
        Map<String, Map<String, Integer>> rungOrder = rungOrder(rows);
        List<LadderGroup> groups = new ArrayList<>();
        for (List<Row> members : bucket(rows, source).values()) {
            groups.add(group(members, rungOrder, source.apply(members.get(0))));
        }
        return groups;
    }

    /** Per benchmark, each rung value's first position among that benchmark's rows. */
    private static Map<String, Map<String, Integer>> rungOrder(List<Row> rows) {
        Map<String, Map<String, Integer>> orders = new HashMap<>();
        for (Row row : rows) {
            if (row.rung() != null) {
                Map<String, Integer> order = orders.computeIfAbsent(row.benchmark(), b -> new HashMap<>());
                order.putIfAbsent(row.rung(), order.size());
            }
        }
        return orders;
    }

    private static Map<List<Object>, List<Row>> bucket(List<Row> rows, Function<Row, String> source) {
        // each (file, benchmark)'s distinct params among its rows without a rung: one set means one bar per method
        Map<List<Object>, java.util.Set<Map<String, String>>> paramSets = new HashMap<>();
        for (Row row : rows) {
            if (row.rung() == null) {
                paramSets.computeIfAbsent(List.of(source.apply(row), row.benchmark()), k -> new java.util.HashSet<>()).add(row.params());
            }
        }
        Map<List<Object>, List<Row>> buckets = new LinkedHashMap<>();
        for (Row row : rows) {
            boolean oneSet = row.rung() == null && paramSets.get(List.of(source.apply(row), row.benchmark())).size() == 1;
            List<Object> key = row.rung() != null
                    ? List.of(source.apply(row), row.benchmark(), row.mode(), row.paramsWithoutRung())
                    : oneSet ? List.of(source.apply(row), className(row.benchmark()), "methods", row.params())
                    : List.of(source.apply(row), row.benchmark());
            buckets.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
        }
        return buckets;
    }

    /** {@code org.example.Parser01Benchmark.variant03} → {@code org.example.Parser01Benchmark}. */
    static String className(String benchmark) {
        int dot = benchmark.lastIndexOf('.');
        return dot > 0 ? benchmark.substring(0, dot) : benchmark;
    }

    private static LadderGroup group(List<Row> members, Map<String, Map<String, Integer>> rungOrder, String source) {
        Row first = members.get(0);
        boolean ladder = first.rung() != null;
        if (!ladder) {
            return new LadderGroup(first.benchmark(), first.mode(), Map.of(), false, plain(members), source);
        }
        List<Row> ordered = new ArrayList<>(members);
        Map<String, Integer> order = rungOrder.get(first.benchmark());
        ordered.sort(Comparator.comparing(r -> order.getOrDefault(r.rung(), Integer.MAX_VALUE)));
        return new LadderGroup(first.benchmark(), first.mode(), first.paramsWithoutRung(), true, steps(ordered), source);
    }

    private static List<Step> plain(List<Row> rows) {
        return rows.stream().map(r -> new Step(r, OptionalDouble.empty(), OptionalDouble.empty())).toList();
    }

    private static List<Step> steps(List<Row> ordered) {
        Row base = base(ordered);
        List<Step> steps = new ArrayList<>();
        Row previousRung = null;
        for (Row row : ordered) {
            OptionalDouble vsPrev = row.isRung() && previousRung != null
                    ? Speedup.of(previousRung, row) : OptionalDouble.empty();
            OptionalDouble vsR0 = base != null ? Speedup.of(base, row) : OptionalDouble.empty();
            steps.add(new Step(row, vsPrev, vsR0));
            previousRung = row.isRung() ? row : previousRung;
        }
        return steps;
    }

    /** The group's {@code r0-…} row, else its first rung, else null (a group of peers only). */
    static Row base(List<Row> ordered) {
        return ordered.stream().filter(r -> r.isRung() && r.rung().startsWith("r0-")).findFirst()
                .orElse(ordered.stream().filter(Row::isRung).findFirst().orElse(null));
    }
}
