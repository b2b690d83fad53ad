package dev.perflab.net;

import java.io.Closeable;
import java.util.function.LongSupplier;

/**
 * The liveness watchdog for blocking NIO channels, whose reads and writes ignore {@code SO_TIMEOUT}: a thread
 * that looks at a progress counter (bytes verified, days sent) and closes the channel when it has not moved
 * for {@code stallMillis}. The blocked read or write then fails ({@code AsynchronousCloseException}) and the
 * caller asks {@link #fired()} to tell a stall from any other failure.
 *
 * <pre>
 *   owner thread:  read/write ··· blocked (peer silent, or never reads) ··· AsynchronousCloseException
 *   watchdog:      progress 812 … 812 … 812 ── stallMillis without a change ──▶ fired = true; channel.close()
 * </pre>
 *
 * <p>Thread safety: {@code progress} is read from the watchdog thread, so it must be safe to call from
 * another thread (a volatile or an atomic counter, or one whose stale reads only delay the watchdog);
 * {@link #close()} stops the watchdog and may be called from the owner at any time.
 */
public final class StallWatchdog implements AutoCloseable {
    /** How often the watchdog looks, at most; a tenth of the stall limit when that is shorter. */
    private static final long MAX_LOOK_MILLIS = 250;

    private final Thread thread;
    private volatile boolean fired;
    private volatile boolean closed;

    private StallWatchdog(String name, LongSupplier progress, long stallMillis, Closeable channel) {
        long look = Math.max(10, Math.min(MAX_LOOK_MILLIS, stallMillis / 10));
        thread = new Thread(() -> {
            long last = progress.getAsLong();
            long since = System.nanoTime();
            while (!closed) {
                try {
                    Thread.sleep(look);
                } catch (InterruptedException e) {
                    return;
                }
                long now = progress.getAsLong();
                if (now != last) {
                    last = now;
                    since = System.nanoTime();
                } else if (!closed && System.nanoTime() - since >= stallMillis * 1_000_000L) {
                    fired = true;
                    Sockets.closeQuietly(channel);
                    return;
                }
            }
        }, name + "-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    /** Starts watching: {@code channel} is closed if {@code progress} stands still for {@code stallMillis}. */
    public static StallWatchdog watch(String name, LongSupplier progress, long stallMillis, Closeable channel) {
        return new StallWatchdog(name, progress, stallMillis, channel);
    }

    /** True when the watchdog closed the channel because nothing moved. */
    public boolean fired() {
        return fired;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
