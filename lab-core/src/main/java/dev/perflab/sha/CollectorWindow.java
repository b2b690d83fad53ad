package dev.perflab.sha;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The one wall-clock window in which a collector counts tasks/s, shared by every stream it reads (r13 on read
 * several): it opens {@code warmup} after the first result of any stream and closes {@code measure} later, when
 * the generator stops sending, or at the last result if that comes first (or if the length of the measurement
 * was not given).
 *
 * <pre>
 *   first result (any stream)      window opens                         generator stops   last result
 *   ───┬────────────────────────────┬────────────────────────────────────┬─────────────────┬──▶ time
 *      │◀─────── warm-up ──────────▶│◀──────────── measure ─────────────▶│◀── the drain ──▶│
 *                                   └── counted: every stream's results ─┘   (not counted)
 * </pre>
 *
 * Why: when the window ended at the last result, the drain after the generator stopped (the executor finishing its
 * backlog with the generator's core free) was counted as if it were the steady state; and with one window per
 * stream, summing the streams' rates added rates over different stretches of time.
 *
 * <p>Measured from the collector's own clock: the generator's stop is taken as first result + warm-up + measure,
 * which is late by the first result's trip through the pipeline (the window is that much later, never longer).
 *
 * <h2>Assumptions and guarantees</h2>
 * Each stream's reader thread calls {@link Stream#tick} for the results it read; any thread may read the figures
 * once every stream has finished. Lock-free: two atomics shared by the streams, the rest per stream.
 */
final class CollectorWindow {
    private final long warmupNanos;
    private final long measureNanos;
    /** The first result of any stream; 0 until there is one. */
    private final AtomicLong first = new AtomicLong();
    /** The latest result of any stream. */
    private final AtomicLong last = new AtomicLong();

    /**
     * @param warmupSeconds  results before this long after the first are left out
     * @param measureSeconds how long the generator sends after the warm-up; 0 when not known (the window then
     *                       closes at the last result)
     */
    CollectorWindow(double warmupSeconds, double measureSeconds) {
        this.warmupNanos = (long) (warmupSeconds * 1e9);
        this.measureNanos = (long) (measureSeconds * 1e9);
    }

    /** One stream's counts at the window's edges. */
    final class Stream {
        private long total;
        private long beforeOpen;
        private long beforeClose;

        /** {@code n} results read at {@code now} ({@link System#nanoTime()}). */
        void tick(int n, long now) {
            first.compareAndSet(0, now);
            total += n;
            if (now <= opens()) {
                beforeOpen = total;
            }
            if (now <= plannedClose()) {
                beforeClose = total;
            }
            last.accumulateAndGet(now, Math::max);
        }

        /** This stream's results inside the window (all of them when no result came after the warm-up). */
        long counted() {
            return measuredAfterWarmup() ? beforeClose - beforeOpen : beforeClose;
        }
    }

    private long opens() {
        return first.get() + warmupNanos;
    }

    private long plannedClose() {
        return measureNanos > 0 ? opens() + measureNanos : Long.MAX_VALUE;
    }

    /** False when nothing came after the warm-up: the window is then the whole run, from the first result. */
    private boolean measuredAfterWarmup() {
        return last.get() > opens();
    }

    /** The window's length in seconds. */
    double seconds() {
        if (first.get() == 0) {
            return 0;
        }
        long start = measuredAfterWarmup() ? opens() : first.get();
        return (Math.min(plannedClose(), last.get()) - start) / 1e9;
    }

    /** Tasks per second over the window, counting {@code counted} results. */
    double rate(long counted) {
        double seconds = seconds();
        return seconds > 0 ? counted / seconds : 0;
    }
}
