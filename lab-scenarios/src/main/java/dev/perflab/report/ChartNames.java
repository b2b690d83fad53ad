package dev.perflab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Chooses a PNG file name per chart: {@code <prefix>-<method>.png}, widened to {@code <prefix>-<Class>-<method>}
 * when two benchmark classes share a method name, and suffixed with the mode when a benchmark ran in several.
 */
final class ChartNames {
    private ChartNames() {
    }

    /** File name to the groups drawn in it, in group order. */
    static Map<String, List<LadderGroup>> byFile(List<LadderGroup> groups, String prefix) {
        Set<String> clashingMethods = clashing(groups, LadderGroup::method, LadderGroup::benchmark);
        Set<String> multiMode = clashing(groups, LadderGroup::benchmark, LadderGroup::mode);
        Map<String, List<LadderGroup>> files = new LinkedHashMap<>();
        for (LadderGroup g : groups) {
            String name = clashingMethods.contains(g.method()) ? g.shortBenchmark().replace('.', '-') : g.method();
            name = multiMode.contains(g.benchmark()) ? name + "-" + g.mode() : name;
            files.computeIfAbsent(safe(prefix + "-" + name) + ".png", k -> new ArrayList<>()).add(g);
        }
        return files;
    }

    /** Keys that map to more than one distinct value. */
    private static Set<String> clashing(List<LadderGroup> groups, Function<LadderGroup, String> key,
                                        Function<LadderGroup, String> value) {
        return groups.stream()
                .collect(Collectors.groupingBy(key, Collectors.mapping(value, Collectors.toSet())))
                .entrySet().stream().filter(e -> e.getValue().size() > 1).map(Map.Entry::getKey)
                .collect(Collectors.toSet());
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
