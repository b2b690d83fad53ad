package dev.perflab.ab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * One side's forks of an A/B run put back together the way JMH reports a run of several forks: one row per
 * benchmark and params, its {@code rawData} holding every fork's iterations, its score their mean and its error
 * the half-width of the 99.9% Student t interval over them (JMH's own definition). {@code ./lab ab} runs each fork
 * as a JMH run of its own so base and head can alternate; the history wants one figure per row and run, as
 * {@code ./lab run} records it.
 */
public final class ForkRows {
    /** JMH's confidence for {@code scoreError}. */
    static final double JMH_CONFIDENCE = 0.999;

    private ForkRows() {
    }

    /**
     * The rows of single-fork JMH runs, combined per benchmark, mode and params, in first-seen order.
     *
     * @param forkRows JMH JSON rows, each from a run of one fork
     */
    public static ArrayNode combine(JsonNode forkRows) {
        Map<List<Object>, List<JsonNode>> byRow = new LinkedHashMap<>();
        for (JsonNode row : forkRows) {
            List<Object> key = List.of(row.path("benchmark").asText(), row.path("mode").asText(), row.path("params").toString());
            byRow.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
        }
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (List<JsonNode> forks : byRow.values()) {
            out.add(combineRow(forks));
        }
        return out;
    }

    private static ObjectNode combineRow(List<JsonNode> forks) {
        ObjectNode row = forks.get(0).deepCopy();
        row.put("forks", forks.stream().mapToInt(f -> Math.max(1, f.path("forks").asInt(1))).sum());
        row.set("primaryMetric", combineMetric(forks.stream().map(f -> f.path("primaryMetric")).toList()));
        ObjectNode secondaries = JsonNodeFactory.instance.objectNode();
        forks.get(0).path("secondaryMetrics").fieldNames().forEachRemaining(name ->
                secondaries.set(name, combineMetric(forks.stream().map(f -> f.path("secondaryMetrics").path(name))
                        .filter(m -> !m.isMissingNode()).toList())));
        row.set("secondaryMetrics", secondaries);
        return row;
    }

    /** Every fork's iterations in one {@code rawData}; score and error over all of them. */
    static ObjectNode combineMetric(List<JsonNode> metrics) {
        ObjectNode metric = metrics.get(0).deepCopy();
        ArrayNode rawData = JsonNodeFactory.instance.arrayNode();
        SummaryStatistics all = new SummaryStatistics();
        for (JsonNode m : metrics) {
            for (JsonNode fork : m.path("rawData")) {
                rawData.add(fork.deepCopy());
                fork.forEach(v -> all.addValue(v.asDouble()));
            }
        }
        // Histogram-shaped metrics (sample mode) keep the first fork's figures: they carry no rawData to pool.
        if (all.getN() == 0) {
            return metric;
        }
        double mean = all.getMean();
        double error = all.getN() < 2 ? Double.NaN
                : new TDistribution(all.getN() - 1).inverseCumulativeProbability(1 - (1 - JMH_CONFIDENCE) / 2)
                * all.getStandardDeviation() / Math.sqrt(all.getN());
        metric.put("score", mean);
        if (Double.isNaN(error)) {
            metric.put("scoreError", "NaN");
        } else {
            metric.put("scoreError", error);
        }
        ArrayNode confidence = JsonNodeFactory.instance.arrayNode();
        confidence.add(Double.isNaN(error) ? mean : mean - error).add(Double.isNaN(error) ? mean : mean + error);
        metric.set("scoreConfidence", confidence);
        metric.remove("scorePercentiles");  // the first fork's percentiles would misdescribe the pooled iterations
        metric.set("rawData", rawData);
        return metric;
    }
}
