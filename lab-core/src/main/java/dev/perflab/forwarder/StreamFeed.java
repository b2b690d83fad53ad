package dev.perflab.forwarder;

import dev.perflab.pump.BufferReceiver;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The feed of rungs r0–r5: the socket's {@code InputStream} read into a heap buffer (as the pump's r2 receives),
 * a read waiting at most the liveness timeout. The JDK reads the socket into a temporary direct buffer of its own
 * and copies that into the array: two copies of every byte before the feed sees it.
 */
public final class StreamFeed implements FeedSource {
    @Override
    public ByteBuffer buffer(int bytes) {
        return ByteBuffer.allocate(bytes);
    }

    @Override
    public BufferReceiver.Source source(SocketChannel channel) throws IOException {
        return BufferReceiver.of(channel.socket().getInputStream());
    }
}
