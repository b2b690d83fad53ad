package dev.perflab.sha;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The generator: connects to an executor and sends tasks with ids 0, 1, 2, … for a fixed time, at a
 * target rate or as fast as TCP takes them, then an end frame with the number of tasks it sent.
 *
 * <p>Rungs with {@code generatorBatchTasks == 1} write each task as a 44-byte frame field by field;
 * batch rungs fill a frame of up to that many tasks and write it in one call. With a rate, tasks that
 * are due are sent once per {@code generatorTickMillis} (the report's "a batch every 10 ms" from r8 on).
 *
 * <p>Threads: the calling thread generates and writes; {@link FrameOut} adds a flusher and a liveness timer.
 */
public final class Generator {
    /** What the generator did. {@code error} is null after a clean run. */
    public record Report(long generated, double seconds, String error) {
    }

    private final PipelineSettings settings;
    private final InetSocketAddress executor;
    private final long ratePerSecond;
    private final long durationNanos;
    private final Consumer<String> log;
    private volatile boolean stopRequested;
    /** Tasks written so far; kept in a field so a failed run still reports them. */
    private long sent;

    /**
     * @param ratePerSecond tasks per second, or 0 for as fast as the executor takes them
     * @param seconds       how long to generate
     * @param log           one-line messages (errors)
     */
    public Generator(PipelineSettings settings, InetSocketAddress executor, long ratePerSecond, double seconds,
                     Consumer<String> log) {
        this.settings = settings;
        this.executor = executor;
        this.ratePerSecond = ratePerSecond;
        this.durationNanos = (long) (seconds * 1e9);
        this.log = log;
    }

    /** Ends the run early, as if its time were up (the end frame is still sent). */
    public void stop() {
        stopRequested = true;
    }

    public Report run() {
        long start = System.nanoTime();
        String peer = "executor " + Roles.hostPort(executor);
        FrameOut out = null;
        Socket socket;
        try {
            socket = Roles.connect(executor, "executor");
        } catch (IOException e) {
            // never connected: say so, not "closed the connection"
            String error = "generator: " + e.getMessage();
            log.accept(error);
            return new Report(0, seconds(start), error);
        }
        try {
            out = new FrameOut(socket, settings, "generator");
            generate(out, start);
            out.finish(sent);
            socket.shutdownOutput();
            return new Report(sent, seconds(start), null);
        } catch (IOException e) {
            String error = out != null && out.stalled()
                    ? peer + " stopped reading for " + Roles.LIVENESS_MILLIS / 1000 + " s"
                    : peer + " closed the connection (" + e.getMessage() + ")";
            error = "generator: " + error + " after " + sent + " tasks sent; stopping";
            log.accept(error);
            return new Report(sent, seconds(start), error);
        } finally {
            Roles.closeQuietly(out);
        }
    }

    private void generate(FrameOut out, long start) throws IOException {
        int batch = settings.generatorBatchTasks();
        byte[] reused = settings.buffersOnce() ? new byte[Frames.frameBytes(batch)] : null;
        long tickNanos = TimeUnit.MILLISECONDS.toNanos(settings.generatorTickMillis());
        long now = start;
        while (!stopRequested && now - start < durationNanos) {
            long due = ratePerSecond == 0 ? batch : (long) ((now - start) / 1e9 * ratePerSecond) - sent;
            while (due > 0) {
                int n = (int) Math.min(due, batch);
                send(out, sent, n, reused);
                sent += n;
                due -= n;
            }
            if (ratePerSecond > 0) {
                LockSupport.parkNanos(tickNanos);
            }
            now = System.nanoTime();
        }
    }

    private void send(FrameOut out, long firstId, int n, byte[] reused) throws IOException {
        if (n == 1 && settings.generatorBatchTasks() == 1) {
            byte[] payload = new byte[Frames.PAYLOAD_BYTES];
            Payloads.fill(firstId, payload, 0);
            out.writeSingle(Frames.TYPE_TASKS, firstId, payload, 0);
            return;
        }
        byte[] frame = reused != null ? reused : new byte[Frames.frameBytes(n)];
        Frames.fillTasks(frame, firstId, n);
        out.write(frame, Frames.frameBytes(n));
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
