package dev.perflab.cli;

import dev.perflab.jmh.JmhProcess;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One JMH run of a suite: an include regex and {@code -p} lists, and the rows it must write. JMH runs every
 * combination of its {@code -p} lists, so a suite's whole plan is one invocation, and a shard's share of it (any
 * subset of rows) is one invocation per benchmark and non-rung params, with that group's rungs as one list.
 *
 * @param include the JMH include regex
 * @param params  the {@code -p} lists, in order
 * @param rows    the rows it runs: exactly every combination of {@code params} for the benchmarks {@code include} names
 */
record Invocation(String include, Map<String, List<String>> params, List<JmhProcess.Configuration> rows) {
    private static final String RUNG = "rung";

    /**
     * The invocations that run {@code share} of a suite's {@code planned} rows: one (the suite's own include and
     * params) when the share is the whole plan, else one per benchmark and non-rung params.
     */
    static List<Invocation> of(String include, Map<String, List<String>> suiteParams, List<JmhProcess.Configuration> planned,
                               List<JmhProcess.Configuration> share) {
        if (share.equals(planned)) {
            return List.of(new Invocation(include, suiteParams, share));
        }
        Map<List<Object>, List<JmhProcess.Configuration>> groups = new LinkedHashMap<>();
        for (JmhProcess.Configuration row : share) {
            Map<String, String> rest = new LinkedHashMap<>(row.params());
            rest.remove(RUNG);
            groups.computeIfAbsent(List.of(row.benchmark(), rest), k -> new ArrayList<>()).add(row);
        }
        List<Invocation> invocations = new ArrayList<>();
        for (List<JmhProcess.Configuration> rows : groups.values()) {
            JmhProcess.Configuration first = rows.get(0);
            Map<String, List<String>> params = new LinkedHashMap<>();
            first.params().forEach((name, value) -> params.put(name, name.equals(RUNG)
                    ? rows.stream().map(r -> r.params().get(RUNG)).distinct().toList() : List.of(value)));
            invocations.add(new Invocation("^" + Pattern.quote(first.benchmark()) + "$", params, rows));
        }
        return invocations;
    }
}
