package dev.perflab.forwarder;

import dev.perflab.mdf.MdfReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * How a session puts its client's day on the wire: what it copies, what it computes per message, which call
 * writes. The session around it ({@code Forwarder}) is the same for every rung: wait for the day's header, poll
 * the ring from the client's first sequence, park when nothing is new, end when the day is delivered.
 *
 * <pre>
 *   start(stores, first sequence) ─▶ header(day header) ─▶ poll() × … (each: every message available now, written) ─▶ end()
 *   on the wire: the day file from the client's first sequence: header, then (length, message, CRC-32C) × count
 * </pre>
 *
 * The senders of the message rings (mdf-ring's rungs) read through an {@link MdfReader}; the record ring's sends
 * spans of it ({@link RecordSpanSender}). One session thread uses a sender. Counters are read by the forwarder's
 * report from other threads.
 */
public abstract class SessionSender {
    /** The client's reader of a message ring; set by {@link #start} unless a sender reads otherwise. */
    protected MdfReader reader;
    private volatile long bytes;
    private volatile long delivered;
    private volatile long firstWriteNanos;
    private volatile long lastWriteNanos;

    /**
     * Session thread, once, before the header: where the client's day starts.
     *
     * @throws IllegalArgumentException when the configuration's ring is not one this sender reads
     */
    public void start(Forwarder.Stores stores, long fromSequence) {
        if (stores.ring() == null) {
            throw new IllegalArgumentException(getClass().getSimpleName() + " reads a message ring (an mdf-ring rung), not " + stores.ringId());
        }
        reader = stores.ring().reader(fromSequence);
    }

    /** The sequence of the next message this sender will deliver. */
    public long nextSequence() {
        return reader.nextSequence();
    }

    /** Writes the day file's header. */
    public abstract void header(ByteBuffer header) throws IOException;

    /**
     * Delivers every message available now, ending with all of them written to the socket.
     *
     * @return messages delivered (0 when nothing was new)
     */
    public abstract int poll() throws IOException;

    /** The day is delivered: write what is left, then end the stream. */
    public abstract void end() throws IOException;

    /** Frees what the sender holds besides its buffers (a selector); the session calls it once, at its end. */
    public void close() throws IOException {
    }

    /** Bytes written to the client so far. */
    public final long bytes() {
        return bytes;
    }

    /** Messages handed to the socket so far. */
    public final long delivered() {
        return delivered;
    }

    /** {@link System#nanoTime()} of the first write, or 0. */
    public final long firstWriteNanos() {
        return firstWriteNanos;
    }

    /** {@link System#nanoTime()} after the last write. */
    public final long lastWriteNanos() {
        return lastWriteNanos;
    }

    /** Session thread, around every write: the report's send rate counts from the first write to the last. */
    protected final void wrote(long n, long startNanos) {
        if (firstWriteNanos == 0) {
            firstWriteNanos = startNanos;
        }
        bytes += n;
        lastWriteNanos = System.nanoTime();
    }

    /**
     * Session thread: writes everything staged in {@code staging} to the client, counted as one write, and
     * clears it for the next messages; nothing staged, nothing written.
     */
    protected final void writeStaged(ByteBuffer staging, WritableByteChannel channel) throws IOException {
        if (staging.position() == 0) {
            return;
        }
        long start = System.nanoTime();
        int n = staging.position();
        staging.flip();
        while (staging.hasRemaining()) {
            channel.write(staging);
        }
        staging.clear();
        wrote(n, start);
    }

    /** Session thread: {@code n} more messages handed on (negative when staged messages were taken back). */
    protected final void counted(long n) {
        delivered += n;
    }
}
