package dev.perflab.forwarder;

import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.marketdata.MdfMessage;
import dev.perflab.net.Sockets;
import dev.perflab.pump.BufferReceiver;
import dev.perflab.pump.StreamVerifier;
import dev.perflab.pump.WireDay;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * A client of the forwarder: subscribes, then reads its day file to the end, checking every record's length
 * and CRC-32C ({@link StreamVerifier}) and accounting for every sequence ({@link SequenceAudit}: gaps,
 * duplicates, reorderings counted, not stopped at).
 *
 * <pre>
 *   connect ──PLSB from name──▶ forwarder
 *           ◀── day header (count) · record × count · EOF
 *   per record: audit(sequence) · [--latency] now − stamp ──▶ HdrHistogram (ns) · [--slow] park
 * </pre>
 *
 * One thread. Reads wait at most until the deadline, so a silent forwarder cannot hang a client past it.
 */
public final class ClientStream {
    static final int READ_BYTES = 64 * 1024;
    /** Latencies are kept to 3 significant digits, up to an hour. */
    static final int LATENCY_DIGITS = 3;
    static final long LATENCY_MAX_NANOS = 3_600_000_000_000L;

    /**
     * What a client received.
     *
     * @param announced   the count in the day header the forwarder sent, or -1 if none came
     * @param received    records received with a good length and CRC
     * @param gaps        sequences of the announced range never received
     * @param duplicates  sequences received more than once
     * @param reorderings sequences received after a higher one
     * @param bytes       bytes read (whole units)
     * @param seconds     from the first message to the end of the stream (from the subscription if none came)
     * @param latency     publish → client latency in ns (paced runs), or null
     * @param error       one line, or null
     * @param malformed   the error is a bad frame (an offset line), not a lost connection
     */
    public record Result(long announced, long received, long gaps, long duplicates, long reorderings, long bytes,
                         double seconds, Histogram latency, String error, boolean malformed) {
        /** Every announced message arrived once, in order, and the stream ended cleanly. */
        public boolean complete() {
            return error == null && announced >= 0 && received == announced && gaps == 0 && duplicates == 0 && reorderings == 0;
        }
    }

    private ClientStream() {
    }

    /**
     * Warms the client's per-message path (the checks, the audit, the latency histogram) on days read from
     * memory until the compilers are nearly idle ({@link WarmUp#untilQuiet}); returns the seconds it took.
     * Only the compiled code stays: the real day starts with an empty audit and histogram.
     */
    public static double warmUp(int messages) throws Exception {
        return WarmUp.untilQuiet(messages, ClientStream::readFromMemory);
    }

    /** One warm-up round: the day's bytes in {@link #READ_BYTES} reads, through the checks a real read goes through. */
    static void readFromMemory(WireDay day) throws IOException, MdfFormatException {
        SequenceAudit audit = new SequenceAudit(1);
        Histogram latency = new Histogram(LATENCY_MAX_NANOS, LATENCY_DIGITS);
        StreamVerifier verifier = verifier("the warm-up day", audit, latency, new EpochClock(), 0, new long[1]);
        byte[] image = day.image();
        int[] at = {0};
        BufferReceiver.receive(buf -> {
            if (at[0] == image.length) {
                return -1;
            }
            int n = Math.min(buf.remaining(), image.length - at[0]);
            buf.put(image, at[0], n);
            at[0] += n;
            return n;
        }, ByteBuffer.allocate(READ_BYTES), verifier);
        if (audit.received() != day.messages() || audit.gaps(day.messages()) != 0) {
            throw new IllegalStateException("the client's warm-up read " + audit.received() + " of " + day.messages() + " messages");
        }
    }

    /**
     * How long the client waits in silence: {@link Sockets#LIVENESS_MILLIS} once the day flows; before its first
     * message the forwarder may itself be waiting for its Simulator (up to {@link Sockets#acceptTimeoutMillis()}), so
     * the first wait is that and the liveness limit on top. A forwarder that accepts and never answers, or one that is
     * frozen, ends the client within these, not at the run's deadline.
     */
    static long silenceLimitMillis(boolean flowing) {
        return flowing ? Sockets.LIVENESS_MILLIS : Sockets.acceptTimeoutMillis() + Sockets.LIVENESS_MILLIS;
    }

    /** Checks each record, accounts for its sequence and, with a clock, records its latency: the same for a real and a warm-up read. */
    private static StreamVerifier verifier(String source, SequenceAudit audit, Histogram latency, EpochClock clock,
                                           long slowNanosPerMessage, long[] firstMessageNanos) {
        return new StreamVerifier(source, (buf, at, length) -> {
            if (firstMessageNanos[0] == 0) {
                firstMessageNanos[0] = System.nanoTime();
            }
            audit.accept(MdfMessage.sequenceOf(buf, at));
            if (clock != null) {
                long nanos = clock.nowEpochNanos() - buf.getLong(at + PacedSender.STAMP_OFFSET);
                latency.recordValue(Math.min(LATENCY_MAX_NANOS, Math.max(0, nanos)));
            }
            if (slowNanosPerMessage > 0) {
                LockSupport.parkNanos(slowNanosPerMessage);
            }
        }, false);
    }

    /**
     * Subscribes to the forwarder at {@code forwarder} and reads the whole day.
     *
     * @param slowNanosPerMessage a slow client: park this long after each message (0: read as fast as it comes)
     * @param clock               measures latency against the stamps of a paced Simulator, or null for none
     * @param deadlineNanos       {@link System#nanoTime()} after which any wait ends the read
     */
    public static Result run(InetSocketAddress forwarder, Subscription subscription, long slowNanosPerMessage,
                             EpochClock clock, long deadlineNanos) {
        return run(forwarder, subscription, slowNanosPerMessage, clock, deadlineNanos, () -> { });
    }

    /**
     * As {@link #run(InetSocketAddress, Subscription, long, EpochClock, long)}, calling {@code subscribed} once the
     * subscription is on the wire: a role says so, so that a client missing from the forwarder's count can be told
     * from one that asked and was not served.
     */
    public static Result run(InetSocketAddress forwarder, Subscription subscription, long slowNanosPerMessage,
                             EpochClock clock, long deadlineNanos, Runnable subscribed) {
        SequenceAudit audit = new SequenceAudit(subscription.fromSequence());
        Histogram latency = clock == null ? null : new Histogram(LATENCY_MAX_NANOS, LATENCY_DIGITS);
        long[] firstMessageNanos = {0};
        StreamVerifier verifier = verifier("stream from the forwarder " + Sockets.hostPort(forwarder), audit, latency, clock,
                slowNanosPerMessage, firstMessageNanos);
        long start = System.nanoTime();
        String error = null;
        boolean malformed = false;
        boolean[] silent = {false};
        try (Socket socket = Sockets.connect(forwarder, "forwarder")) {
            socket.getOutputStream().write(subscription.encode());
            subscribed.run();
            BufferReceiver.Source raw = BufferReceiver.of(socket.getInputStream());
            BufferReceiver.Source source = buf -> {
                long left = (deadlineNanos - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    throw new SocketTimeoutException("deadline");
                }
                long silence = silenceLimitMillis(firstMessageNanos[0] != 0);
                silent[0] = silence < left;
                socket.setSoTimeout((int) Math.min(silence, left));
                return raw.read(buf);
            };
            BufferReceiver.receive(source, ByteBuffer.allocate(READ_BYTES), verifier);
        } catch (MdfFormatException e) {
            error = e.getMessage();
            malformed = true;
        } catch (SocketTimeoutException e) {
            error = "client " + subscription.name() + ": " + (!silent[0] ? "the run's deadline passed"
                    : "the forwarder at " + Sockets.hostPort(forwarder) + " sent nothing for " + silenceLimitMillis(firstMessageNanos[0] != 0) / 1000
                    + " s (its silence limit" + (firstMessageNanos[0] != 0 ? "" : " before the first message: its own wait for the Simulator, and then some")
                    + ")") + " after " + audit.received() + " messages";
        } catch (IOException e) {
            error = "client " + subscription.name() + ": " + e.getMessage();
        }
        long announced = verifier.dayMessages();
        long end = announced < 0 ? subscription.fromSequence() - 1 : subscription.fromSequence() + announced - 1;
        return new Result(announced, audit.received(), audit.gaps(end), audit.duplicates(), audit.reorderings(),
                verifier.bytes(), (System.nanoTime() - (firstMessageNanos[0] != 0 ? firstMessageNanos[0] : start)) / 1e9,
                latency, error, malformed);
    }
}
