package dev.perflab.pump;

import dev.perflab.marketdata.DayFile;
import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.net.Sockets;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * {@code r4-nio-direct-gathering}: the day lives in one direct buffer, as the market-data ring's messages do
 * from its r3 on, and the sender hands the kernel slices of it (the day's header, then each record) in
 * gathering writes of up to {@value PumpBuffers#GATHER_SLICES} slices: no staging copy in Java and none in the
 * JDK (a direct buffer goes to {@code writev} as it is). The receiver reads into a direct buffer and verifies
 * in place.
 *
 * <pre>
 *   direct day: [hdr|rec 1|rec 2|rec 3|…]        writev(slices[i .. i+127]) until every slice is written
 *   slices:      ^^^ ^^^^^ ^^^^^ ^^^^^
 * </pre>
 */
public final class NioDirectGatheringPump implements Pump {
    @Override
    public Sender connect(InetSocketAddress to, WireDay day) throws IOException {
        SocketChannel channel = Sockets.openChannel(to);
        ByteBuffer direct = ByteBuffer.allocateDirect(day.bytes()).put(day.image()).flip();
        ByteBuffer[] slices = new ByteBuffer[day.messages() + 1];
        slices[0] = direct.slice(0, DayFile.HEADER_BYTES);
        for (int i = 0; i < day.messages(); i++) {
            slices[i + 1] = direct.slice(day.recordOffset(i), day.recordOffset(i + 1) - day.recordOffset(i));
        }
        return new Sender() {
            @Override
            public void sendDay() throws IOException {
                for (ByteBuffer s : slices) {
                    s.rewind();
                }
                int next = 0;
                while (next < slices.length) {
                    channel.write(slices, next, Math.min(PumpBuffers.GATHER_SLICES, slices.length - next));
                    while (next < slices.length && !slices[next].hasRemaining()) {
                        next++;
                    }
                }
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }

    @Override
    public void receive(SocketChannel accepted, StreamVerifier verifier) throws IOException, MdfFormatException {
        receiveDirect(accepted, verifier);
    }

    /** The channel read into a direct buffer: r4's and r5's receiver. */
    static void receiveDirect(SocketChannel accepted, StreamVerifier verifier) throws IOException, MdfFormatException {
        BufferReceiver.receive(BufferReceiver.of(accepted), ByteBuffer.allocateDirect(PumpBuffers.CHANNEL_RECEIVE_BYTES), verifier);
    }
}
