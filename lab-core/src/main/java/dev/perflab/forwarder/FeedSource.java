package dev.perflab.forwarder;

import dev.perflab.pump.BufferReceiver;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * How the forwarder's feed reads the Simulator's stream: into what buffer, through which call. The feed loop
 * around it is the same for every rung ({@code Forwarder}): read, verify every whole record, hand the block
 * on, keep the partial record, read again.
 */
public interface FeedSource {
    /** The buffer the feed reads into, {@code bytes} long. */
    ByteBuffer buffer(int bytes);

    /** Reads from the Simulator's connection into the buffer at its position; -1 at the end of the stream. */
    BufferReceiver.Source source(SocketChannel channel) throws IOException;
}
