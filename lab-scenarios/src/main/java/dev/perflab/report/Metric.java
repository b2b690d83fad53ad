package dev.perflab.report;

/**
 * One secondary metric of a JMH result, e.g. {@code ·gc.alloc.rate.norm}.
 *
 * @param score the metric's mean
 * @param error its 99.9% error half-width; NaN when JMH could not compute one
 * @param unit  as JMH wrote it, e.g. {@code B/op}
 */
public record Metric(double score, double error, String unit) {
}
