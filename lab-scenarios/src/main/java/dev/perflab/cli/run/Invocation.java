package dev.perflab.cli.run;

import dev.perflab.jmh.JmhProcess;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One JMH run of a suite: an include regex and {@code -p} lists, and the rows it must write. JMH runs every
 * combination of its {@code -p} lists, so a suite's whole plan is one invocation; a shard's share of it (any subset
 * of rows) is one invocation per benchmark when the benchmark's rows in the share are every combination of their
 * values, else one per benchmark and non-rung params, with that group's rungs as one list.
 *
 * @param include the JMH include regex
 * @param params  the {@code -p} lists, in order
 * @param rows    the rows it runs: exactly every combination of {@code params} for the benchmarks {@code include} names
 */
record Invocation(String include, Map<String, List<String>> params, List<JmhProcess.Configuration> rows) {
    private static final String RUNG = "rung";

    /**
     * The invocations that run {@code share} of a suite's {@code planned} rows: one (the suite's own include and
     * params) when the share is the whole plan, else as few as JMH's cross products allow (see the class comment).
     */
    static List<Invocation> of(String include, Map<String, List<String>> suiteParams, List<JmhProcess.Configuration> planned,
                               List<JmhProcess.Configuration> share) {
        if (share.equals(planned)) {
            return List.of(new Invocation(include, suiteParams, share));
        }
        Map<String, List<JmhProcess.Configuration>> byBenchmark = new LinkedHashMap<>();
        share.forEach(row -> byBenchmark.computeIfAbsent(row.benchmark(), b -> new ArrayList<>()).add(row));
        List<Invocation> invocations = new ArrayList<>();
        for (List<JmhProcess.Configuration> rows : byBenchmark.values()) {
            Map<String, List<String>> values = values(rows);
            if (product(values) == new HashSet<>(rows).size()) {
                invocations.add(new Invocation(exactly(rows.get(0).benchmark()), values, rows));
            } else {
                invocations.addAll(byNonRungParams(rows));
            }
        }
        return invocations;
    }

    /** One invocation per non-rung params, its rungs as one list. */
    private static List<Invocation> byNonRungParams(List<JmhProcess.Configuration> rows) {
        Map<Map<String, String>, List<JmhProcess.Configuration>> groups = new LinkedHashMap<>();
        for (JmhProcess.Configuration row : rows) {
            Map<String, String> rest = new LinkedHashMap<>(row.params());
            rest.remove(RUNG);
            groups.computeIfAbsent(rest, k -> new ArrayList<>()).add(row);
        }
        List<Invocation> invocations = new ArrayList<>();
        for (List<JmhProcess.Configuration> group : groups.values()) {
            invocations.add(new Invocation(exactly(group.get(0).benchmark()), values(group), group));
        }
        return invocations;
    }

    /** Each param's distinct values among {@code rows}, in order of appearance. */
    private static Map<String, List<String>> values(List<JmhProcess.Configuration> rows) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        rows.forEach(row -> row.params().forEach((name, value) -> values.computeIfAbsent(name, n -> new LinkedHashSet<>()).add(value)));
        Map<String, List<String>> lists = new LinkedHashMap<>();
        values.forEach((name, set) -> lists.put(name, List.copyOf(set)));
        return lists;
    }

    private static long product(Map<String, List<String>> values) {
        return values.values().stream().mapToLong(List::size).reduce(1, (a, b) -> a * b);
    }

    /** The include regex of one benchmark and nothing else. */
    private static String exactly(String benchmark) {
        return "^" + Pattern.quote(benchmark) + "$";
    }
}
