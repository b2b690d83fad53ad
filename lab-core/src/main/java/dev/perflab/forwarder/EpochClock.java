package dev.perflab.forwarder;

import java.time.Instant;

/**
 * Nanoseconds since the epoch, read from {@link System#nanoTime()} anchored once to the wall clock, so two
 * processes on one host agree to within the wall clock's reading error (microseconds) and each stays
 * monotonic. The paced Simulator stamps each message with its intended send time on this clock; a client
 * subtracts it from its own reading. Across hosts the two wall clocks must be synchronised (NTP/PTP), and
 * their offset is in every latency.
 *
 * <p>Immutable; safe from any thread.
 */
public final class EpochClock {
    private final long epochNanosAtBase;
    private final long nanoTimeAtBase;

    public EpochClock() {
        Instant now = Instant.now();
        nanoTimeAtBase = System.nanoTime();
        epochNanosAtBase = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /** The epoch time of a {@link System#nanoTime()} reading. */
    public long epochNanos(long nanoTime) {
        return epochNanosAtBase + (nanoTime - nanoTimeAtBase);
    }

    public long nowEpochNanos() {
        return epochNanos(System.nanoTime());
    }
}
