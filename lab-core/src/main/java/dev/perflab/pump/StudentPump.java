package dev.perflab.pump;

import dev.perflab.marketdata.MdfFormatException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;

/**
 * student — EXERCISE "read the stream in blocks": your rung, between r1 and r4. The sender is r4's
 * ({@link NioDirectGatheringPump}: the day in one direct buffer, gathering writes); the receiver is yours.
 *
 * <p><b>The task.</b> r0 and r1 read each length, message and CRC with its own read: one or more calls per
 * message, so the receiver is bounded by calls per second, not by bytes. Write a receiver that reads the
 * channel in large blocks and verifies every message in place:
 * <ol>
 *   <li>read as many bytes as the kernel has (up to a buffer-full) with {@code accepted.read(buffer)};</li>
 *   <li>hand the verifier what arrived: {@link StreamVerifier#consume} checks every <em>whole</em> unit
 *       (the day's header, each record) and leaves the buffer's position at the first partial one;</li>
 *   <li>keep that partial unit for the next read: TCP is a stream, a read ends anywhere, mid-record included;</li>
 *   <li>at the end of the stream ({@code read} returns -1) call {@link StreamVerifier#finish} with the bytes
 *       of the partial unit left over (0 when the stream ended between days).</li>
 * </ol>
 * A record is at most 4 + {@value dev.perflab.marketdata.MdfMessage#MAX_BYTES} + 4 bytes; make your buffer much
 * larger than that (it decides how many system calls a day costs). Allocate it once, not per read.
 *
 * <p><b>Check and measure.</b>
 * <pre>
 *   ./lab check socket-pump --rung student                    # ✓/✗ per contract check, exit 0 when all pass
 *   ./lab run socket-pump --rung r1,student,r4 --quick        # your receiver beside r1 and r4, iperf3 first
 * </pre>
 * Hints, the usual wrong turns and the reference solution (r4's receiver) are in {@code exercises/README.md};
 * do not peek at {@link BufferReceiver} before trying.
 */
public final class StudentPump implements Pump {
    private final Pump sender = new NioDirectGatheringPump();

    /** r4's sender, as it is: not part of the exercise. */
    @Override
    public Sender connect(InetSocketAddress to, WireDay day) throws IOException {
        return sender.connect(to, day);
    }

    @Override
    public void receive(SocketChannel accepted, StreamVerifier verifier) throws IOException, MdfFormatException {
        // TODO (exercise): read `accepted` in large blocks into one buffer, verifier.consume(...) the whole units,
        // keep the partial one for the next read, and verifier.finish(leftover) when read returns -1.
        throw new UnsupportedOperationException("StudentPump.receive is not written yet: read the channel in blocks, "
                + "verify every whole record (StreamVerifier.consume), keep the partial one for the next read and call "
                + "StreamVerifier.finish at the end of the stream; see exercises/README.md");
    }
}
