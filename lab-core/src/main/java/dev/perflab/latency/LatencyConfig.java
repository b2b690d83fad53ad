package dev.perflab.latency;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a latency run does.
 *
 * @param ratePerSecond  target rate, commands per second
 * @param warmupSeconds  commands in this first stretch run on schedule but are not recorded
 * @param seconds        recorded stretch
 * @param arrivals       spacing of intended start times
 * @param seed           seed of the Poisson schedule
 * @param threads        one thread, or sender + component thread
 * @param modes          which views to record
 * @param sender         how the thread holding the schedule waits ({@link Sender#defaultFor} when not chosen)
 */
public record LatencyConfig(double ratePerSecond, double warmupSeconds, double seconds, Arrivals arrivals, long seed,
                            ThreadModel threads, Set<TimingMode> modes, Sender sender) {
    /** The smallest period the harness schedules: below it, reading the clock costs more than the gap. */
    public static final long MIN_PERIOD_NANOS = 50;

    public LatencyConfig {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("rate must be a positive number of commands/s, was " + ratePerSecond);
        }
        if (1e9 / ratePerSecond < MIN_PERIOD_NANOS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "rate %.0f commands/s is too high to schedule: one command every %.1f ns, the timer needs ≥ %d ns",
                    ratePerSecond, 1e9 / ratePerSecond, MIN_PERIOD_NANOS));
        }
        if (!(warmupSeconds >= 0) || !(seconds > 0)) {
            throw new IllegalArgumentException("seconds must be > 0 and warm-up ≥ 0, were " + seconds + " and " + warmupSeconds);
        }
        if (modes.isEmpty()) {
            throw new IllegalArgumentException("at least one timing mode is needed");
        }
        modes = Set.copyOf(EnumSet.copyOf(modes));
        if (sender == null) {
            throw new IllegalArgumentException("sender must be spin or sleep");
        }
    }

    /** With this machine's default sender for the thread model ({@link Sender#defaultFor}). */
    public LatencyConfig(double ratePerSecond, double warmupSeconds, double seconds, Arrivals arrivals, long seed,
                         ThreadModel threads, Set<TimingMode> modes) {
        this(ratePerSecond, warmupSeconds, seconds, arrivals, seed, threads, modes,
                Sender.defaultFor(threads, Runtime.getRuntime().availableProcessors()));
    }

    public long warmupCommands() {
        return (long) Math.ceil(warmupSeconds * ratePerSecond);
    }

    public long recordedCommands() {
        return Math.max(1, (long) Math.ceil(seconds * ratePerSecond));
    }
}
