package dev.perflab.latency;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What a latency run measured. Histograms hold nanoseconds; only recorded (post-warm-up) commands count.
 *
 * @param config           what was asked for
 * @param histograms       one per recorded timing mode, in nanoseconds
 * @param recorded         commands recorded
 * @param notRun           commands never started because the run passed its deadline (the component
 *                         fell too far behind); reported, never dropped silently
 * @param lateStarts       recorded commands that started more than one period, and more than
 *                         {@link LatencyHarness#LATE_SLACK_NANOS}, after their intended time
 * @param maxLatenessNanos the largest delay between a command's intended and actual start
 * @param senderLate       two-thread model only: commands the sender released late by the same measure
 *                         (the harness itself fell behind: the queue was full or the sender was descheduled)
 * @param achievedRatePerSecond recorded commands divided by the time from the first recorded intended start
 *                              to the last completion
 * @param hiccups          the {@link HiccupMeter}'s wake-up delays during the recorded phase, in nanoseconds,
 *                         corrected for coordinated omission
 */
public record LatencyResult(LatencyConfig config, Map<TimingMode, Histogram> histograms, long recorded, long notRun,
                            long lateStarts, long maxLatenessNanos, long senderLate, double achievedRatePerSecond,
                            Histogram hiccups) {
    public LatencyResult {
        histograms = Collections.unmodifiableMap(new EnumMap<>(histograms));
    }

    /** A percentile of one view, in microseconds. */
    public double percentileMicros(TimingMode mode, double percentile) {
        return histograms.get(mode).getValueAtPercentile(percentile) / 1000.0;
    }

    public double maxMicros(TimingMode mode) {
        return histograms.get(mode).getMaxValue() / 1000.0;
    }

    /** A percentile of the platform's hiccups, in microseconds. */
    public double hiccupMicros(double percentile) {
        return hiccups.getValueAtPercentile(percentile) / 1000.0;
    }
}
