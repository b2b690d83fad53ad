package dev.perflab.sha;

import dev.perflab.net.Connection;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The writing end of one connection, with the rung's buffering and flush policy, shared by the generator
 * and the executor. From r15 on ({@link PipelineSettings#wholeFrames()}) there is neither a stream buffer nor
 * a flusher: each frame is whole when written, so one write call sends it and nothing waits for a flush.
 *
 * <p>Thread-safety: any thread may call the write methods; they hold this object's lock, so frames never
 * interleave (a flush from the flusher thread waits for a frame in progress). Liveness: a write that has
 * not returned after {@link Roles#LIVENESS_MILLIS} (the peer stopped reading) closes the socket, which
 * makes the write fail instead of hanging.
 */
final class FrameOut implements Closeable {
    private final Connection socket;
    private final DataOutputStream out;
    private final boolean flushEachFrame;
    private final ScheduledExecutorService timers;
    private volatile long writeStartedNanos;
    private volatile boolean stalled;

    FrameOut(Connection socket, PipelineSettings settings, String name) throws IOException {
        this.socket = socket;
        OutputStream raw = socket.out();
        this.out = new DataOutputStream(settings.bufferedStreams()
                ? new BufferedOutputStream(raw, PipelineSettings.STREAM_BUFFER_BYTES) : raw);
        this.flushEachFrame = !settings.timedFlush();
        // two threads: a flush blocked on a stalled peer must not stop the liveness check
        this.timers = Executors.newScheduledThreadPool(2, PoolPolicy.daemon(name + "-timer"));
        if (settings.timedFlush()) {
            timers.scheduleWithFixedDelay(this::flushQuietly, PipelineSettings.FLUSH_INTERVAL_MILLIS,
                    PipelineSettings.FLUSH_INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
        }
        timers.scheduleWithFixedDelay(this::checkLiveness, 1, 1, TimeUnit.SECONDS);
    }

    /** Writes one single-record frame field by field, as a {@code DataOutputStream} user would. */
    synchronized void writeSingle(int type, long id, byte[] body, int bodyOff) throws IOException {
        writeStartedNanos = System.nanoTime();
        try {
            out.writeByte(type);
            out.writeByte(Frames.VERSION);
            out.writeShort(1);
            out.writeLong(id);
            out.write(body, bodyOff, Frames.PAYLOAD_BYTES);
            if (flushEachFrame) {
                out.flush();
            }
        } finally {
            writeStartedNanos = 0;
        }
    }

    /** Writes a whole frame of {@code length} bytes in one call. */
    synchronized void write(byte[] frame, int length) throws IOException {
        writeStartedNanos = System.nanoTime();
        try {
            out.write(frame, 0, length);
            if (flushEachFrame) {
                out.flush();
            }
        } finally {
            writeStartedNanos = 0;
        }
    }

    /** Writes the end frame with the sender's total and flushes. */
    synchronized void finish(long total) throws IOException {
        write(Frames.endFrame(total), Frames.END_FRAME_BYTES);
        out.flush();
    }

    /** True when the liveness check closed the socket because a write hung. */
    boolean stalled() {
        return stalled;
    }

    private synchronized void flushQuietly() {
        writeStartedNanos = System.nanoTime();
        try {
            out.flush();
        } catch (IOException e) {
            // the writer sees the same failure on its next write and reports it
        } finally {
            writeStartedNanos = 0;
        }
    }

    private void checkLiveness() {
        long started = writeStartedNanos;
        if (started != 0 && System.nanoTime() - started > TimeUnit.MILLISECONDS.toNanos(Roles.LIVENESS_MILLIS)) {
            stalled = true;
            Roles.closeQuietly(socket);
        }
    }

    @Override
    public void close() {
        timers.shutdownNow();
        Roles.closeQuietly(socket);
    }
}
