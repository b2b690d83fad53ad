package dev.perflab.latency;

import java.util.Locale;

/**
 * Where a command's latency is measured from. The report {@code 004_…} timed one system three ways and
 * got a p99 of 1 ms, 743 ms and 92 ms; the difference between these three views <em>is</em> the lesson.
 */
public enum TimingMode {
    /** From the moment the call starts: hides every wait before it (the report's first, wrong benchmark). */
    SERVICE,
    /** From the start of the one-second batch the command belongs to (the report's second, wrong the other way). */
    BATCH,
    /** From the command's own intended start time: queueing behind a slow command counts (the right one). */
    INTENDED;

    /** The name used on the command line and in result files: {@code service}, {@code batch}, {@code intended}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static TimingMode fromId(String id) {
        for (TimingMode mode : values()) {
            if (mode.id().equals(id)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown timing mode '" + id + "' (expected service, batch, intended or all)");
    }
}
