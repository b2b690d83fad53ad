package dev.perflab.history;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.report.Metric;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Reads JMH's JSON result rows (and the scenarios' JMH-shaped ones) into {@link ResultRow}s, keeping every fork's
 * iteration figures: {@code rawData} per fork, or for {@code sample} mode each iteration's mean of
 * {@code rawDataHistogram} (a list per fork of a list per iteration of {@code [value, count]} pairs).
 */
public final class JmhJsonRows {
    private JmhJsonRows() {
    }

    /**
     * @param rows    a JSON array of JMH result rows
     * @param suiteOf the suite that ran a benchmark, by its full name
     */
    public static List<ResultRow> read(JsonNode rows, Function<String, String> suiteOf) {
        List<ResultRow> result = new ArrayList<>();
        for (JsonNode row : rows) {
            String benchmark = row.path("benchmark").asText();
            Map<String, String> params = new LinkedHashMap<>();
            row.path("params").fields().forEachRemaining(p -> params.put(p.getKey(), p.getValue().asText()));
            Map<String, Measure> secondary = new LinkedHashMap<>();
            row.path("secondaryMetrics").fields().forEachRemaining(m -> secondary.put(secondaryName(m.getKey()), measure(m.getValue())));
            List<String> jvmArgs = new ArrayList<>();
            row.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
            String mode = row.path("mode").asText();
            Measure primary = measure(row.path("primaryMetric"));
            if (dev.perflab.report.Row.DISTRIBUTION_MODES.contains(mode)) {
                primary = new Measure(primary.score(), primary.error(), primary.unit(), primary.forks(),
                        percentiles(row.path("primaryMetric").path("scorePercentiles")));
            }
            result.add(new ResultRow(suiteOf.apply(benchmark), benchmark, mode, params, primary, secondary, row.path("forks").asInt(), row.path("threads").asInt(),
                    row.path("jdkVersion").asText(""), row.path("vmName").asText(""), jvmArgs));
        }
        return result;
    }

    /**
     * JMH before 1.37 named secondary metrics {@code ·gc.alloc.rate} and a sample row's percentiles {@code max·p0.50};
     * 1.37 writes {@code gc.alloc.rate} and {@code p0.50} ({@link Metric#name}).
     */
    static String secondaryName(String name) {
        return Metric.name(name);
    }

    /** The flags every row's JVM had, in the first row's order: the run's flags (a benchmark may append its own). */
    public static List<String> commonJvmArgs(List<ResultRow> rows) {
        if (rows.isEmpty()) {
            return List.of();
        }
        List<String> common = new ArrayList<>(rows.get(0).jvmArgs());
        rows.forEach(r -> common.retainAll(r.jvmArgs()));
        return common;
    }

    private static Measure measure(JsonNode metric) {
        List<List<Double>> forks = new ArrayList<>();
        JsonNode histogram = metric.path("rawDataHistogram");
        if (histogram.isArray() && histogram.size() > 0) {
            for (JsonNode fork : histogram) {
                List<Double> iterations = new ArrayList<>();
                fork.forEach(iteration -> iterations.add(histogramMean(iteration)));
                forks.add(iterations);
            }
        } else {
            for (JsonNode fork : metric.path("rawData")) {
                List<Double> iterations = new ArrayList<>();
                fork.forEach(v -> iterations.add(number(v)));
                forks.add(iterations);
            }
        }
        return new Measure(number(metric.path("score")), number(metric.path("scoreError")), metric.path("scoreUnit").asText(""), forks);
    }

    /** JMH's {@code scorePercentiles}, {@code {"0.0": v, "50.0": v, …}}, in its order; unusable values left out. */
    private static Map<String, Double> percentiles(JsonNode node) {
        Map<String, Double> result = new LinkedHashMap<>();
        node.fields().forEachRemaining(p -> {
            double v = number(p.getValue());
            if (Double.isFinite(v)) {
                result.put(p.getKey(), v);
            }
        });
        return result;
    }

    private static double histogramMean(JsonNode pairs) {
        double sum = 0;
        double count = 0;
        for (JsonNode pair : pairs) {
            double n = number(pair.path(1));
            sum += number(pair.path(0)) * n;
            count += n;
        }
        return count == 0 ? Double.NaN : sum / count;
    }

    /** A number, or NaN for JMH's {@code "NaN"}, a null, or a missing value. */
    private static double number(JsonNode value) {
        if (value.isNumber()) {
            return value.asDouble();
        }
        if (value.isTextual()) {
            try {
                return Double.parseDouble(value.asText());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }
}
