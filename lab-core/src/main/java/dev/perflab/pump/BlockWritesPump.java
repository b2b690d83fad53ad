package dev.perflab.pump;

import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.net.Sockets;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * {@code r2-block-writes}: the report's bare socket test. The sender writes the day in
 * {@value PumpBuffers#BLOCK_BYTES}-byte blocks straight from its bytes (no message boundaries, no buffered
 * stream copy); the receiver reads up to a block at a time into an array and verifies every whole record
 * in it. A system call moves 32 KB each way, and nothing is copied in user space on the way out.
 */
public final class BlockWritesPump implements Pump {
    @Override
    public Sender connect(InetSocketAddress to, WireDay day) throws IOException {
        Socket socket = Sockets.open(to);
        OutputStream out = socket.getOutputStream();
        return new Sender() {
            @Override
            public void sendDay() throws IOException {
                byte[] image = day.image();
                for (int at = 0; at < image.length; at += PumpBuffers.BLOCK_BYTES) {
                    out.write(image, at, Math.min(PumpBuffers.BLOCK_BYTES, image.length - at));
                }
            }

            @Override
            public void close() throws IOException {
                socket.close();
            }
        };
    }

    @Override
    public void receive(SocketChannel accepted, StreamVerifier verifier) throws IOException, MdfFormatException {
        BufferReceiver.receive(BufferReceiver.of(accepted.socket().getInputStream()),
                ByteBuffer.allocate(PumpBuffers.BLOCK_BYTES), verifier);
    }
}
