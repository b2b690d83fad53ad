package dev.perflab.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns one element of a JMH JSON array into a {@link Row}; package-private helper of {@link JmhResults}. */
final class RowParser {
    /** The normalized bytes-per-operation metric of JMH's {@code -prof gc}. */
    static final String ALLOC_NORM = "gc.alloc.rate.norm";

    private final JsonNode node;
    private final String source;
    private final int index;

    private RowParser(JsonNode node, String source, int index) {
        this.node = node;
        this.source = source;
        this.index = index;
    }

    /** Parses result number {@code index} (1-based, for messages) of {@code source}. */
    static Row parse(JsonNode node, String source, int index) {
        return new RowParser(node, source, index).row();
    }

    private Row row() {
        if (!node.isObject()) {
            throw problem("is not a JSON object");
        }
        String benchmark = requiredText(node, "benchmark");
        JsonNode primary = node.get("primaryMetric");
        if (primary == null || !primary.isObject()) {
            throw problem("(" + benchmark + ") has no primaryMetric");
        }
        Map<String, Metric> secondary = secondaryMetrics();
        return new Row(benchmark, method(benchmark), params(), requiredText(node, "mode"),
                number(primary.get("score"), "primaryMetric.score"),
                optionalNumber(primary.get("scoreError")),
                requiredText(primary, "scoreUnit"),
                allocBytesPerOp(secondary),
                text(node.get("jdkVersion")), text(node.get("vmName")), secondary, forks(primary),
                node.path(RowMachine.MACHINE_FIELD).isTextual() ? node.get(RowMachine.MACHINE_FIELD).asText() : null,
                Row.DISTRIBUTION_MODES.contains(node.path("mode").asText()) ? percentiles(primary.get("scorePercentiles")) : Map.of());
    }

    /** JMH's {@code scorePercentiles}, {@code {"0.0": v, "50.0": v, …}}, in its order; values that are not numbers left out. */
    private static Map<String, Double> percentiles(JsonNode node) {
        Map<String, Double> result = new LinkedHashMap<>();
        if (node != null && node.isObject()) {
            node.fields().forEachRemaining(e -> {
                double v = optionalNumber(e.getValue());
                if (Double.isFinite(v)) {
                    result.put(e.getKey(), v);
                }
            });
        }
        return result;
    }

    /**
     * Each fork's iteration scores: JMH's {@code rawData} ({@code [fork][iteration]}), or for a {@code sample}
     * row the mean of each iteration's {@code rawDataHistogram} ({@code [fork][iteration][[value, count], …]}).
     * Values that are not numbers are left out; a malformed array is treated as absent, never as an error,
     * since the score itself does not depend on it.
     */
    private static List<List<Double>> forks(JsonNode primary) {
        JsonNode raw = primary.get("rawData");
        if (raw != null && raw.isArray()) {
            return perFork(raw, RowParser::finiteOrNull);
        }
        JsonNode histograms = primary.get("rawDataHistogram");
        if (histograms != null && histograms.isArray()) {
            return perFork(histograms, RowParser::histogramMean);
        }
        return List.of();
    }

    private static List<List<Double>> perFork(JsonNode forks, java.util.function.Function<JsonNode, Double> iteration) {
        List<List<Double>> result = new ArrayList<>();
        for (JsonNode fork : forks) {
            List<Double> scores = new ArrayList<>();
            if (fork.isArray()) {
                fork.forEach(i -> {
                    Double v = iteration.apply(i);
                    if (v != null) {
                        scores.add(v);
                    }
                });
            }
            result.add(scores);
        }
        return result;
    }

    private static Double finiteOrNull(JsonNode value) {
        double d = optionalNumber(value);
        return Double.isFinite(d) ? d : null;
    }

    /** The mean of one iteration's histogram, {@code [[value, count], …]}; null when it holds no samples. */
    private static Double histogramMean(JsonNode histogram) {
        double sum = 0;
        double count = 0;
        if (histogram.isArray()) {
            for (JsonNode bucket : histogram) {
                double value = optionalNumber(bucket.get(0));
                double n = optionalNumber(bucket.get(1));
                if (Double.isFinite(value) && Double.isFinite(n) && n > 0) {
                    sum += value * n;
                    count += n;
                }
            }
        }
        return count > 0 ? sum / count : null;
    }

    private static String method(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    private Map<String, String> params() {
        Map<String, String> params = new LinkedHashMap<>();
        JsonNode p = node.get("params");
        if (p != null && p.isObject()) {
            p.fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
        }
        return params;
    }

    private Map<String, Metric> secondaryMetrics() {
        Map<String, Metric> metrics = new LinkedHashMap<>();
        JsonNode s = node.get("secondaryMetrics");
        if (s != null && s.isObject()) {
            s.fields().forEachRemaining(e -> metrics.put(e.getKey(), metric(e.getKey(), e.getValue())));
        }
        return metrics;
    }

    private Metric metric(String name, JsonNode m) {
        return new Metric(number(m.get("score"), "secondaryMetrics." + name + ".score"),
                optionalNumber(m.get("scoreError")), unit(name, text(m.get("scoreUnit"))));
    }

    /**
     * A secondary metric's unit. JMH writes {@code ops/TIME} for every {@code @AuxCounters} operations counter
     * whatever it counts; a counter whose name ends in {@code Bytes} counts bytes (the lab's convention, e.g.
     * {@code MdfRingBenchmark}'s {@code readerBytes}), so its unit is shown as {@code B/TIME}.
     */
    static String unit(String metric, String jmhUnit) {
        return metric.endsWith("Bytes") && jmhUnit.startsWith("ops/") ? "B/" + jmhUnit.substring("ops/".length()) : jmhUnit;
    }

    /** {@code gc.alloc.rate.norm}, whether JMH wrote it as {@code ·gc.alloc.rate.norm} or not. */
    private static Double allocBytesPerOp(Map<String, Metric> secondary) {
        for (Map.Entry<String, Metric> e : secondary.entrySet()) {
            if (normalizedName(e.getKey()).equals(ALLOC_NORM)) {
                return e.getValue().score();
            }
        }
        return null;
    }

    /** A metric name as JMH 1.37 writes it ({@link Metric#name}). */
    static String normalizedName(String key) {
        return Metric.name(key);
    }

    private String requiredText(JsonNode parent, String field) {
        JsonNode value = parent.get(field);
        if (value == null || !value.isValueNode() || value.asText().isBlank()) {
            throw problem("has no " + field);
        }
        return value.asText();
    }

    private static String text(JsonNode value) {
        return value == null || value.isNull() ? "" : value.asText();
    }

    private double number(JsonNode value, String field) {
        double d = optionalNumber(value);
        if (Double.isNaN(d) && (value == null || !isNaN(value))) {
            throw problem("has no numeric " + field);
        }
        return d;
    }

    /** A JMH number: JSON numbers, or the strings JMH writes for odd values ("NaN", "+INF", "-INF"). */
    private static double optionalNumber(JsonNode value) {
        if (value == null || value.isNull()) {
            return Double.NaN;
        }
        if (value.isNumber()) {
            return value.doubleValue();
        }
        switch (value.asText().strip()) {
            case "+INF": case "INF": case "Infinity": case "+Infinity": return Double.POSITIVE_INFINITY;
            case "-INF": case "-Infinity": return Double.NEGATIVE_INFINITY;
            default: return parseOrNaN(value.asText());
        }
    }

    private static double parseOrNaN(String text) {
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static boolean isNaN(JsonNode value) {
        return value.isNumber() ? Double.isNaN(value.doubleValue()) : "NaN".equals(value.asText().strip());
    }

    private ReportException problem(String what) {
        return new ReportException(source, "result #" + index + " " + what);
    }
}
