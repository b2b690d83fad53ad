package dev.perflab.latency;

import dev.perflab.concurrent.IdleStrategy;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * How the thread that holds the schedule waits for the next intended start: the sender in the two-thread
 * model, the one thread in the one-thread model.
 *
 * <p>Why two: on 16 cores the sleeping sender released each command 35–40 µs late at 45,000/s (a park's
 * wake-up on a VM), and the intended view charged that to the book (intended p50 35–40 µs against a
 * service p50 of 0.3 µs). The spinning sender holds its schedule to about a microsecond but keeps a core
 * busy; on a 2-core machine two busy threads would starve the JIT, the GC and the OS, so there the sender
 * sleeps and the lateness it adds is counted in {@code sender_late}.
 */
public enum Sender {
    /** Parks while the target is more than {@link #PARK_BEYOND_NANOS} away, then spins the rest. */
    SPIN,
    /** Parks until the target, however close; leaves the core free, wakes a park's latency late. */
    SLEEP;

    /** Waits longer than this park first; shorter ones spin. */
    public static final long PARK_BEYOND_NANOS = 1_000_000;
    /**
     * A parked wait wakes this long before its target and spins the rest: parking wakes tens of µs late on
     * a busy VM (50–100 µs measured here), which would otherwise show up as intended latency.
     */
    public static final long SPIN_LAST_NANOS = 500_000;
    /** Two spinning threads (sender and component) plus room for the JIT, the GC and the OS. */
    public static final int MIN_CORES_TO_SPIN_WITH_TWO_THREADS = 4;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Sender fromId(String id) {
        for (Sender s : values()) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown sender '" + id + "' (expected spin or sleep)");
    }

    /** The default: spin, except with two threads on fewer than {@value #MIN_CORES_TO_SPIN_WITH_TWO_THREADS} cores. */
    public static Sender defaultFor(ThreadModel threads, int cores) {
        return threads == ThreadModel.SENDER_AND_COMPONENT && cores < MIN_CORES_TO_SPIN_WITH_TWO_THREADS ? SLEEP : SPIN;
    }

    /** Waits until {@code target} (a {@link System#nanoTime()} value); returns the time it woke, ≥ target. */
    long waitUntil(long target) {
        return this == SPIN ? spinUntil(target) : sleepUntil(target);
    }

    private static long spinUntil(long target) {
        return IdleStrategy.waitUntil(target, PARK_BEYOND_NANOS, SPIN_LAST_NANOS);
    }

    private static long sleepUntil(long target) {
        long now = System.nanoTime();
        while (now < target && !Thread.currentThread().isInterrupted()) {
            LockSupport.parkNanos(target - now);
            now = System.nanoTime();
        }
        return Math.max(now, target);
    }
}
