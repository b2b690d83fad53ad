package dev.perflab.kv;

import java.util.Arrays;

/**
 * Successful puts per reporting interval of one run, and the figures drawn from it. Interval {@code i}
 * covers {@code [i, i+1)} seconds of the run except the last, which may be shorter
 * ({@link #lastIntervalSeconds()}) because the run reached its record count mid-second.
 */
public final class KvTimeline {
    /** Seconds averaged at each end of the run for the sustain ratio. */
    public static final int SUSTAIN_WINDOW_SECONDS = 5;

    private final long[] writes;
    private final double lastIntervalSeconds;

    public KvTimeline(long[] writesPerInterval, double lastIntervalSeconds) {
        this.writes = writesPerInterval.clone();
        this.lastIntervalSeconds = lastIntervalSeconds;
    }

    /** Writes of each interval. */
    public long[] writes() {
        return writes.clone();
    }

    public double lastIntervalSeconds() {
        return lastIntervalSeconds;
    }

    /** Writes/s of interval {@code i} (the last one divided by its own length). */
    public double rate(int i) {
        double length = i == writes.length - 1 ? lastIntervalSeconds : 1.0;
        return length > 0 ? writes[i] / length : 0;
    }

    /** Whole seconds in the timeline (a short last interval left out). */
    public int fullSeconds() {
        return lastIntervalSeconds >= 1.0 ? writes.length : Math.max(0, writes.length - 1);
    }

    /** Seconds averaged at each end: {@value #SUSTAIN_WINDOW_SECONDS}, or half the whole seconds of a shorter run. */
    public int window() {
        return Math.min(SUSTAIN_WINDOW_SECONDS, fullSeconds() / 2);
    }

    /** Mean writes/s of the first {@link #window()} whole seconds; NaN for a run shorter than 2 s. */
    public double firstRate() {
        int w = window();
        return w == 0 ? Double.NaN : Arrays.stream(writes, 0, w).sum() / (double) w;
    }

    /** Mean writes/s of the last {@link #window()} whole seconds; NaN for a run shorter than 2 s. */
    public double lastRate() {
        int w = window();
        int end = fullSeconds();
        return w == 0 ? Double.NaN : Arrays.stream(writes, end - w, end).sum() / (double) w;
    }

    /** Last-window rate over first-window rate: 1 holds its speed, 0.1 lost 90 % of it. */
    public double sustainRatio() {
        return lastRate() / firstRate();
    }
}
