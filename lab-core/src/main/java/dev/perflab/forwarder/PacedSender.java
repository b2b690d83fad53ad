package dev.perflab.forwarder;

import dev.perflab.pump.WireDay;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.LockSupport;
import java.util.zip.CRC32C;

/**
 * The Simulator under {@code --rate N}: message {@code i} (from 0) is due at {@code start + i / N} seconds.
 * Each message is stamped with its intended send time ({@link EpochClock}, in the exchange-time field,
 * its CRC-32C recomputed), so a client's latency counts from when the message <em>should</em> have left:
 * a Simulator or forwarder that falls behind shows it in the latency instead of hiding it (no coordinated
 * omission). Every message already due goes out in one write.
 *
 * <pre>
 *   wait until message i is due ──▶ stage i, i+1, … while due (stamp, CRC) ──▶ one write ──▶ repeat
 * </pre>
 *
 * One thread; allocates nothing per message.
 */
public final class PacedSender {
    /** Where the stamp goes: the message's exchange-time field ({@link dev.perflab.marketdata.MdfMessage}, bytes 12..19). */
    public static final int STAMP_OFFSET = 12;
    static final int STAGING_BYTES = 64 * 1024;
    /** The first message is due this long after the call, so the first write does not start late. */
    static final long START_LEAD_NANOS = 1_000_000;

    /** A rate at which every message is due at once: the warm-up stamps and frames without waiting. */
    private static final double AT_ONCE = 1e15;

    private PacedSender() {
    }

    /**
     * Warms the stamping and framing of {@link #send} on days written to nothing until the compilers are nearly
     * idle ({@link WarmUp#untilQuiet}); returns the seconds it took.
     */
    public static double warmUp(int messages) throws Exception {
        EpochClock clock = new EpochClock();
        return WarmUp.untilQuiet(messages, day -> send(OutputStream.nullOutputStream(), day, AT_ONCE, clock));
    }

    /**
     * Sends {@code day} to {@code out} at {@code messagesPerSecond}; returns the messages sent.
     */
    public static long send(OutputStream out, WireDay day, double messagesPerSecond, EpochClock clock) throws IOException {
        if (!(messagesPerSecond > 0)) {
            throw new IllegalArgumentException("rate " + messagesPerSecond + " messages/s; expected > 0");
        }
        byte[] image = day.image();
        byte[] staging = new byte[STAGING_BYTES];
        ByteBuffer view = ByteBuffer.wrap(staging);
        CRC32C crc = new CRC32C();
        out.write(image, 0, day.recordOffset(0));
        double intervalNanos = 1e9 / messagesPerSecond;
        long start = System.nanoTime() + START_LEAD_NANOS;
        int n = day.messages();
        int i = 0;
        while (i < n) {
            long due = start + (long) (i * intervalNanos);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
                continue;
            }
            int staged = 0;
            long now = System.nanoTime();
            while (i < n && start + (long) (i * intervalNanos) - now <= 0) {
                int from = day.recordOffset(i);
                int record = day.recordOffset(i + 1) - from;
                if (staged + record > staging.length) {
                    break;
                }
                System.arraycopy(image, from, staging, staged, record);
                int length = record - 8;
                view.putLong(staged + 4 + STAMP_OFFSET, clock.epochNanos(start + (long) (i * intervalNanos)));
                crc.reset();
                crc.update(staging, staged + 4, length);
                view.putInt(staged + 4 + length, (int) crc.getValue());
                staged += record;
                i++;
            }
            out.write(staging, 0, staged);
        }
        out.flush();
        return n;
    }
}
