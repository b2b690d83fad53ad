package dev.perflab.pump;

import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.net.Sockets;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * {@code r3-nio-heap}: a {@code SocketChannel} and a heap {@code ByteBuffer} on each side, the form most
 * NIO code starts with. The sender stages each {@value PumpBuffers#BLOCK_BYTES}-byte block into its buffer
 * and writes it; the receiver reads {@value PumpBuffers#CHANNEL_RECEIVE_BYTES} bytes at a time. A heap
 * buffer cannot be handed to the kernel: the JDK copies it through a temporary direct buffer on every
 * call, which r4 removes.
 */
public final class NioHeapPump implements Pump {
    @Override
    public Sender connect(InetSocketAddress to, WireDay day) throws IOException {
        SocketChannel channel = Sockets.openChannel(to);
        ByteBuffer block = ByteBuffer.allocate(PumpBuffers.BLOCK_BYTES);
        return new Sender() {
            @Override
            public void sendDay() throws IOException {
                byte[] image = day.image();
                for (int at = 0; at < image.length; at += PumpBuffers.BLOCK_BYTES) {
                    block.clear();
                    block.put(image, at, Math.min(PumpBuffers.BLOCK_BYTES, image.length - at)).flip();
                    while (block.hasRemaining()) {
                        channel.write(block);
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
        BufferReceiver.receive(BufferReceiver.of(accepted), ByteBuffer.allocate(PumpBuffers.CHANNEL_RECEIVE_BYTES), verifier);
    }
}
