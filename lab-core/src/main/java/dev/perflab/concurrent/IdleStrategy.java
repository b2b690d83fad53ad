package dev.perflab.concurrent;

import java.util.concurrent.locks.LockSupport;

/**
 * What a thread does when its loop finds no work, in the manner of Agrona's idle strategies. The caller
 * counts the empty rounds since it last found work and passes that count; it resets to 0 on work.
 *
 * <pre>
 *   strategy            an empty round costs                    wake-up after work arrives   core while idle
 *   ─────────────       ───────────────────────────             ──────────────────────────   ───────────────
 *   spin()              Thread.onSpinWait (a PAUSE)             ~nanoseconds                 100% busy
 *   yielding()          Thread.yield                            ~µs (the OS's next turn)     busy, but shared
 *   spinThenYield(n)    n spins, then yields                    as spin, then as yield       busy, but shared
 *   parking(ns)         LockSupport.parkNanos(ns)               ≥ a timer slice (tens of µs)  free
 * </pre>
 *
 * <p>Guarantees: every strategy returns (none blocks longer than its park time) and keeps no state, so
 * one instance may be shared by any number of threads. {@link #waitUntil} is the timed counterpart: park
 * while the target is far, spin the last stretch, so a start lands within a spin of its time.
 */
@FunctionalInterface
public interface IdleStrategy {
    /**
     * Idles once.
     *
     * @param rounds empty rounds since work was last found (0 the first time)
     */
    void idle(int rounds);

    /** Spins: lowest wake-up latency, one core busy. */
    static IdleStrategy spin() {
        return rounds -> Thread.onSpinWait();
    }

    /** Yields the core to any other runnable thread each round. */
    static IdleStrategy yielding() {
        return rounds -> Thread.yield();
    }

    /** Spins for the first {@code spins} rounds, then yields. */
    static IdleStrategy spinThenYield(int spins) {
        return rounds -> {
            if (rounds < spins) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        };
    }

    /** Parks for {@code nanos} each round: frees the core, wakes a timer slice late. */
    static IdleStrategy parking(long nanos) {
        return rounds -> LockSupport.parkNanos(nanos);
    }

    /**
     * Waits until {@link System#nanoTime()} reaches {@code target}: parks while more than
     * {@code parkBeyondNanos} remain (leaving {@code spinLastNanos} to spare), spins the rest.
     *
     * @return the time it woke, ≥ {@code target}
     */
    static long waitUntil(long target, long parkBeyondNanos, long spinLastNanos) {
        long now = System.nanoTime();
        while (now < target) {
            long remaining = target - now;
            if (remaining > parkBeyondNanos) {
                LockSupport.parkNanos(remaining - spinLastNanos);
            } else {
                Thread.onSpinWait();
            }
            now = System.nanoTime();
        }
        return now;
    }
}
