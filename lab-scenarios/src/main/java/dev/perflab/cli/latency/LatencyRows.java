package dev.perflab.cli.latency;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.latency.TimingMode;
import dev.perflab.scenario.JmhRows;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A latency run's result as JMH-shaped rows ({@link JmhRows}), one per timing mode, so {@code ./lab report},
 * {@code gate} and {@code compare} read it: benchmark {@code COMPONENT.latency}, mode {@code sample} (JMH's
 * sampling mode), params {@code rung}, {@code timing} (service, batch, intended) and {@code rate}.
 *
 * <pre>
 *   primaryMetric     mean latency, us/op; scorePercentiles 50, 90, 99, 99.9, 99.99, 100 (max) as JMH writes them
 *   secondaryMetrics  p50 … p99.99, max (us/op) for gates on a percentile; achievedRate (ops/s);
 *                     notRun (ops: commands the run never started, 0 for an honest run)
 * </pre>
 */
final class LatencyRows {
    private static final String[][] PERCENTILES = {
            {"50.0", "p50_us", "p50"}, {"90.0", "p90_us", "p90"}, {"99.0", "p99_us", "p99"},
            {"99.9", "p99_9_us", "p99.9"}, {"99.99", "p99_99_us", "p99.99"}, {"100.0", "max_us", "max"}};

    private LatencyRows() {
    }

    static JmhRows of(String component, JsonNode result) {
        JmhRows rows = new JmhRows();
        for (TimingMode mode : TimingMode.values()) {
            JsonNode m = result.path("modes").path(mode.id());
            if (m.isMissingNode()) {
                continue;
            }
            Map<String, String> params = new LinkedHashMap<>();
            params.put("rung", result.path("rung").asText());
            params.put("timing", mode.id());
            params.put("rate", String.format(Locale.ROOT, "%.0f", result.path("target_rate_per_s").asDouble()));
            Map<String, Double> percentiles = new LinkedHashMap<>();
            Map<String, JmhRows.Metric> secondary = new LinkedHashMap<>();
            for (String[] p : PERCENTILES) {
                double micros = m.path(p[1]).asDouble(Double.NaN);
                percentiles.put(p[0], micros);
                secondary.put(p[2], JmhRows.Metric.single(micros, "us/op"));
            }
            secondary.put("achievedRate", JmhRows.Metric.single(result.path("achieved_rate_per_s").asDouble(Double.NaN), "ops/s"));
            secondary.put("notRun", JmhRows.Metric.single(result.path("not_run").asDouble(), "ops"));
            rows.add(component + ".latency", "sample", params, JmhRows.Metric.single(m.path("mean_us").asDouble(Double.NaN), "us/op"),
                    percentiles, secondary);
        }
        return rows;
    }
}
