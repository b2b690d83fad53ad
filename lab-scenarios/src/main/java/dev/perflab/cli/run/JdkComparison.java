package dev.perflab.cli.run;

import dev.perflab.report.Formats;
import dev.perflab.report.JmhResults;
import dev.perflab.report.Row;
import dev.perflab.report.Speedup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The same ladder measured on several JDKs, side by side: each rung's score per JDK and how many times
 * faster it is than on the first JDK (direction-aware). Same machine, same code: only the JDK differs.
 */
final class JdkComparison {
    private JdkComparison() {
    }

    static String text(Map<String, Path> resultsByJdk) {
        Map<String, Map<List<Object>, Row>> byJdk = new LinkedHashMap<>();
        resultsByJdk.forEach((label, json) -> byJdk.put(label, JmhResults.read(json).stream()
                .collect(Collectors.toMap(JdkComparison::key, r -> r, (a, b) -> a, LinkedHashMap::new))));
        List<String> labels = new ArrayList<>(byJdk.keySet());
        String first = labels.get(0);
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "JDK comparison: × is each JDK against %s on the same machine (above 1: faster)%n", first));
        String group = null;
        for (Row base : byJdk.get(first).values()) {
            String title = base.shortBenchmark() + " " + base.paramsWithoutRung().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
            if (!title.equals(group)) {
                group = title;
                out.append('\n').append(title.strip()).append('\n');
            }
            out.append(String.format(Locale.ROOT, "  %-22s %s", base.rung() != null ? base.rung() : base.mode(),
                    pad(Formats.score(base))));
            for (String label : labels.subList(1, labels.size())) {
                Row other = byJdk.get(label).get(key(base));
                out.append(other == null ? "  (missing on " + label + ")"
                        : "  " + label + ": " + pad(Formats.score(other)) + " " + Formats.speedup(Speedup.of(base, other)));
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String pad(String s) {
        return String.format(Locale.ROOT, "%-32s", s);
    }

    private static List<Object> key(Row row) {
        return List.of(row.benchmark(), row.mode(), row.params());
    }
}
