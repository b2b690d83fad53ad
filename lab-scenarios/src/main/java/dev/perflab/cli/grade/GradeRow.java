package dev.perflab.cli.grade;

import dev.perflab.report.BenchmarkNames;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One JMH row a grade measures: a benchmark and every one of its params (the rung among them), run one fork at a
 * time.
 *
 * @param benchmark the full name, {@code pkg.Class.method}
 * @param params    every {@code @Param} this row pins, in order
 */
record GradeRow(String benchmark, Map<String, String> params) {
    GradeRow {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** This row with one more param (or one replaced). */
    GradeRow with(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(params);
        more.put(name, value);
        return new GradeRow(benchmark, more);
    }

    /** JMH's include regex for exactly this benchmark. */
    String include() {
        return "^" + Pattern.quote(benchmark) + "$";
    }

    /** {@code cancelLast rung=student depth=1000}. */
    String label() {
        String method = BenchmarkNames.shortName(benchmark);
        return method.substring(method.indexOf('.') + 1) + " " + params.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
