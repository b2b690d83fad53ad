package dev.perflab.report;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * How reports name benchmarks: {@code Class.method} without the package, unless two benchmarks of the same
 * input share that short name (the same class name in two packages, or a package renamed between two runs);
 * then both are named in full, so two tables, charts or compared rows never read alike.
 */
public final class BenchmarkNames {
    private BenchmarkNames() {
    }

    /** Each distinct benchmark (full name) to the name to show for it. */
    public static Map<String, String> of(Collection<String> benchmarks) {
        Map<String, Set<String>> byShortName = new HashMap<>();
        Set<String> distinct = new LinkedHashSet<>(benchmarks);
        distinct.forEach(b -> byShortName.computeIfAbsent(shortName(b), k -> new HashSet<>()).add(b));
        Map<String, String> names = new LinkedHashMap<>();
        for (String benchmark : distinct) {
            String shortName = shortName(benchmark);
            names.put(benchmark, byShortName.get(shortName).size() > 1 ? benchmark : shortName);
        }
        return names;
    }

    /** {@code Class.method}: the last two dotted parts of a benchmark's full name. */
    public static String shortName(String benchmark) {
        int methodDot = benchmark.lastIndexOf('.');
        int classDot = methodDot > 0 ? benchmark.lastIndexOf('.', methodDot - 1) : -1;
        return benchmark.substring(classDot + 1);
    }
}
