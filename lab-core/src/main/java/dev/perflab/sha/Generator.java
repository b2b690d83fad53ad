package dev.perflab.sha;

import dev.perflab.concurrent.IdleStrategy;
import dev.perflab.net.Connection;
import dev.perflab.net.Endpoint;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The generator: connects to an executor and sends tasks with ids 0, 1, 2, … for a fixed time, at a
 * target rate or as fast as TCP takes them, then an end frame with the number of tasks it sent.
 *
 * <p>Rungs with {@code generatorBatchTasks == 1} write each task as a 44-byte frame field by field;
 * batch rungs fill a frame of up to that many tasks and write it in one call (from r16 on computing each
 * SplitMix64 output of the frame's payloads once, {@link Payloads#fillConsecutive}). With a rate, tasks that
 * are due are sent once per {@code generatorTickMillis} (the report's "a batch every 10 ms" from r8 on):
 * ticks fall on a fixed schedule from the start ({@link IdleStrategy#waitUntil}, parking all the way, since
 * a tick of milliseconds needs no spin), and one that is already late waits a whole tick from now.
 *
 * <p>From r13 on there are several streams ({@link PipelineSettings#streamCount()}): each is a connection
 * of its own, written by a thread of its own, with its share of the rate and ids from
 * {@code k << STREAM_ID_SHIFT}; the report adds them up.
 *
 * <p>Threads: the calling thread (or one per stream) generates and writes; {@link FrameOut} adds a flusher
 * and a liveness timer per connection. {@link #stop()} may be called from any thread.
 */
public final class Generator {
    /** What the generator did. {@code error} is null after a clean run. */
    public record Report(long generated, double seconds, String error) {
    }

    /** {@link IdleStrategy#waitUntil}'s spin thresholds for a tick: none, it parks until the tick. */
    private static final long TICK_NO_SPIN_NANOS = 0;

    private final PipelineSettings settings;
    private final Endpoint executor;
    private final long ratePerSecond;
    private final long durationNanos;
    private final Consumer<String> log;
    private volatile boolean stopRequested;

    /**
     * @param ratePerSecond tasks per second, or 0 for as fast as the executor takes them
     * @param seconds       how long to generate
     * @param log           one-line messages (errors)
     */
    public Generator(PipelineSettings settings, Endpoint executor, long ratePerSecond, double seconds,
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

    /**
     * Runs the rung's streams (one unless r13 on), each with its share of the rate and its own id range, and
     * adds up what they sent.
     */
    public Report run() {
        int n = settings.streamCount();
        if (n == 1) {
            return runStream(0, ratePerSecond);
        }
        List<Report> reports = Streams.runEach(n, "generator",
                k -> runStream(k, ratePerSecond / n + (k < ratePerSecond % n ? 1 : 0)));
        return new Report(reports.stream().mapToLong(Report::generated).sum(),
                reports.stream().mapToDouble(Report::seconds).max().orElse(0),
                Streams.errors(reports.stream().map(Report::error).collect(Collectors.toList())));
    }

    private Report runStream(int stream, long rate) {
        long start = System.nanoTime();
        long firstId = (long) stream << PipelineSettings.STREAM_ID_SHIFT;
        long[] progress = new long[1];
        String peer = "executor " + executor;
        FrameOut out = null;
        Connection socket;
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
            long sent = generate(out, start, firstId, rate, progress);
            out.finish(sent);
            socket.shutdownOutput();
            return new Report(sent, seconds(start), null);
        } catch (IOException e) {
            String error = out != null && out.stalled()
                    ? peer + " stopped reading for " + Roles.LIVENESS_MILLIS / 1000 + " s"
                    : peer + " closed the connection (" + e.getMessage() + ")";
            error = "generator: " + error + " after " + progress[0] + " tasks sent; stopping";
            log.accept(error);
            return new Report(progress[0], seconds(start), error);
        } finally {
            Roles.closeQuietly(out);
        }
    }

    /**
     * Sends tasks until the time is up; {@code progress[0]} holds the tasks written so far. With a rate, a
     * tick that wakes at or past the end still sends what was due by the end, so the run sends
     * {@code rate × seconds} tasks however late its thread was scheduled (on a loaded machine a tick can
     * come after the whole run's time, which used to end the run with nothing sent).
     */
    private long generate(FrameOut out, long start, long firstId, long rate, long[] progress) throws IOException {
        int batch = settings.generatorBatchTasks();
        byte[] reused = settings.buffersOnce() ? new byte[Frames.frameBytes(batch)] : null;
        long tickNanos = TimeUnit.MILLISECONDS.toNanos(settings.generatorTickMillis());
        long sent = 0;
        long now = start;
        long nextTick = start;
        while (!stopRequested) {
            boolean over = now - start >= durationNanos;
            if (over && rate == 0) {
                break;
            }
            long due = rate == 0 ? batch : (long) (Math.min(now - start, durationNanos) / 1e9 * rate) - sent;
            while (due > 0) {
                int n = (int) Math.min(due, batch);
                send(out, firstId + sent, n, reused);
                sent += n;
                progress[0] = sent;
                due -= n;
            }
            if (over) {
                break;
            }
            if (rate > 0) {
                nextTick += tickNanos;
                long afterSending = System.nanoTime();
                if (nextTick <= afterSending) {
                    nextTick = afterSending + tickNanos;
                }
                now = IdleStrategy.waitUntil(nextTick, TICK_NO_SPIN_NANOS, TICK_NO_SPIN_NANOS);
            } else {
                now = System.nanoTime();
            }
        }
        return sent;
    }

    private void send(FrameOut out, long firstId, int n, byte[] reused) throws IOException {
        if (n == 1 && settings.generatorBatchTasks() == 1) {
            byte[] payload = new byte[Frames.PAYLOAD_BYTES];
            Payloads.fill(firstId, payload, 0);
            out.writeSingle(Frames.TYPE_TASKS, firstId, payload, 0);
            return;
        }
        byte[] frame = reused != null ? reused : new byte[Frames.frameBytes(n)];
        Frames.fillTasks(frame, firstId, n, settings.sharedPayloadMixes());
        out.write(frame, Frames.frameBytes(n));
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
