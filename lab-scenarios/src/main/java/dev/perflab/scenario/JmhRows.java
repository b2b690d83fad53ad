package dev.perflab.scenario;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.report.BetweenForks;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Results that are not JMH's, written in JMH's JSON schema, so {@code ./lab report}, {@code gate} and
 * {@code compare} read an end-to-end scenario or a latency run exactly as they read a JMH run.
 *
 * <pre>
 *   [ { "jmhVersion": "none (perflab scenario)",
 *       "benchmark": "sha-pipeline.endToEnd",         ◀── COMPONENT.WHAT: gates select it by this name
 *       "mode": "thrpt", "threads": 1, "forks": 1,
 *       "jdkVersion": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM",
 *       "params": { "rung": "r12-matched-batches" },  ◀── a ladder wherever "rung" is there
 *       "primaryMetric": { "score": 1.28E7, "scoreError": "NaN", "scoreConfidence": ["NaN", "NaN"],
 *                          "scorePercentiles": {}, "scoreUnit": "ops/s", "rawData": [[1.28E7]] },
 *       "secondaryMetrics": { "lost": { "score": 0, …, "scoreUnit": "ops" }, … } } ]
 * </pre>
 *
 * <p>A scenario measures one window per rung, so its score has no error bar: {@code scoreError} is NaN,
 * as JMH writes it for a single iteration, and {@code compare} treats such rows as it treats JMH's. A scenario
 * that repeats its run with fresh processes ({@code ./lab run forwarder --days N}) writes each repeat as a fork
 * ({@link Metric#forks}), with JMH's error over them.
 *
 * <p>A scenario hands its rows ({@link #json()}) to its run's folder ({@code RunFolder.saveRows}), the one place
 * every run's rows are written and whoever must see them all (the results history) listens.
 */
public final class JmhRows {
    /** What {@code jmhVersion} says, so nobody takes a row for JMH's own. */
    public static final String NOT_JMH = "none (perflab scenario)";
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One metric.
     *
     * @param score  the value
     * @param error  half-width of its 99.9% interval, or NaN when there is none (one measurement)
     * @param unit   e.g. {@code ops/s}, {@code us/op}, {@code ops}, {@code %}
     * @param forks  every measurement behind the score, per fork (fresh process): each fork's windows in order
     */
    public record Metric(double score, double error, String unit, List<List<Double>> forks) {
        /** JMH's own confidence for {@code scoreError}. */
        static final double CONFIDENCE = 0.999;

        public Metric {
            Objects.requireNonNull(unit);
            forks = forks.stream().map(List::copyOf).toList();
        }

        /** Measurements of one window each, written as one fork's iterations. */
        public static Metric oneFork(double score, double error, String unit, List<Double> iterations) {
            return new Metric(score, error, unit, List.of(iterations));
        }

        /** A single measurement: no error bar. */
        public static Metric single(double score, String unit) {
            return oneFork(score, Double.NaN, unit, List.of(score));
        }

        /**
         * One measurement per fork (fresh processes each, as a scenario's repeated run): the score is their mean, the
         * error JMH's 99.9% half-width over them, t(n − 1) · sd / √n, and each is written as a fork of its own, so
         * the spread between them is what a report's between-fork column shows.
         */
        public static Metric forks(List<Double> each, String unit) {
            return forks(each, each.stream().map(List::of).toList(), unit);
        }

        /**
         * One score per fork with each fork's windows as its iterations ({@code ./lab run kv --runs N}: a run's mean
         * rate and its per-second rates): the score and error as {@link #forks(List, String)} has them, over the forks'
         * scores, and every fork's iterations kept, so a report checks each fork's trend and the spread between them.
         */
        public static Metric forks(List<Double> scores, List<List<Double>> iterations, String unit) {
            if (scores.size() != iterations.size()) {
                throw new IllegalArgumentException(scores.size() + " scores for " + iterations.size() + " forks");
            }
            double mean = scores.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
            return new Metric(mean, BetweenForks.halfWidth(scores, CONFIDENCE), unit, iterations);
        }
    }

    private final ArrayNode rows = JSON.createArrayNode();

    /**
     * Adds one row.
     *
     * @param benchmark  {@code COMPONENT.WHAT}, e.g. {@code sha-pipeline.endToEnd}
     * @param mode       JMH's mode id: {@code thrpt}, {@code avgt}, {@code sample}
     * @param params     {@code rung} and whatever else distinguishes the row, in order
     * @param primary    the score
     * @param percentiles for a {@code sample} row, percentile → value (JMH's {@code scorePercentiles}); else empty
     * @param secondary  further metrics by name, in order
     */
    public JmhRows add(String benchmark, String mode, Map<String, String> params, Metric primary,
                       Map<String, Double> percentiles, Map<String, Metric> secondary) {
        ObjectNode row = rows.addObject();
        row.put("jmhVersion", NOT_JMH);
        row.put("benchmark", benchmark);
        row.put("mode", mode);
        row.put("threads", 1);
        row.put("forks", primary.forks().size());
        row.put("jvm", System.getProperty("java.home", ""));
        row.put("jdkVersion", System.getProperty("java.version", ""));
        row.put("vmName", System.getProperty("java.vm.name", ""));
        row.put("vmVersion", System.getProperty("java.vm.version", ""));
        ObjectNode p = row.putObject("params");
        params.forEach(p::put);
        ObjectNode primaryNode = metric(row.putObject("primaryMetric"), primary);
        ObjectNode pct = JSON.createObjectNode();
        new LinkedHashMap<>(percentiles).forEach(pct::put);
        primaryNode.set("scorePercentiles", pct);
        ObjectNode s = row.putObject("secondaryMetrics");
        secondary.forEach((name, m) -> metric(s.putObject(name), m));
        return this;
    }

    private static ObjectNode metric(ObjectNode node, Metric m) {
        node.put("score", m.score());
        node.put("scoreError", m.error());
        ArrayNode confidence = node.putArray("scoreConfidence");
        confidence.add(m.score() - m.error());
        confidence.add(m.score() + m.error());
        node.putObject("scorePercentiles");
        node.put("scoreUnit", m.unit());
        ArrayNode raw = node.putArray("rawData");
        for (List<Double> fork : m.forks()) {
            ArrayNode iterations = raw.addArray();
            fork.forEach(iterations::add);
        }
        return node;
    }

    public int size() {
        return rows.size();
    }

    /** A copy of the rows as JSON: JMH's {@code -rf json} array. */
    public ArrayNode json() {
        return rows.deepCopy();
    }
}
