package dev.perflab.brick;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * One connection, as the mover's threads use it: whole buffers in, whole buffers out. r0–r3 go through the
 * socket's blocking streams and heap buffers (the JDK copies each write into a temporary native buffer);
 * from r4 on through a blocking {@link SocketChannel} with direct buffers and {@code TCP_NODELAY}.
 *
 * <p>One thread per wire. Stream reads time out after {@link #LIVENESS_MILLIS}; a channel read returns when
 * the peer's socket closes, which a dying process does.
 */
abstract class Wire implements Closeable {
    /** A read that waits this long on a live-but-silent peer gives up. */
    static final int LIVENESS_MILLIS = 30_000;

    /** A buffer of this wire's kind (heap or direct). */
    abstract ByteBuffer allocate(int bytes);

    /** Writes {@code buf} from position to limit. */
    abstract void write(ByteBuffer buf) throws IOException;

    /**
     * Fills {@code buf} from position to limit.
     *
     * @return false if the peer closed before the first byte
     * @throws EOFException if it closed after some
     */
    abstract boolean readFully(ByteBuffer buf) throws IOException;

    abstract String peer();

    static Wire of(Socket socket) throws IOException {
        socket.setSoTimeout(LIVENESS_MILLIS);
        return new StreamWire(socket);
    }

    static Wire of(SocketChannel channel) throws IOException {
        channel.socket().setTcpNoDelay(true);
        return new ChannelWire(channel);
    }

    private static final class StreamWire extends Wire {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;

        StreamWire(Socket socket) throws IOException {
            this.socket = socket;
            this.in = socket.getInputStream();
            this.out = socket.getOutputStream();
        }

        @Override
        ByteBuffer allocate(int bytes) {
            return ByteBuffer.allocate(bytes);
        }

        @Override
        void write(ByteBuffer buf) throws IOException {
            out.write(buf.array(), buf.position(), buf.remaining());
            buf.position(buf.limit());
        }

        @Override
        boolean readFully(ByteBuffer buf) throws IOException {
            int start = buf.position();
            try {
                while (buf.hasRemaining()) {
                    int n = in.read(buf.array(), buf.position(), buf.remaining());
                    if (n < 0) {
                        if (buf.position() == start) {
                            return false;
                        }
                        throw new EOFException(peer() + " closed the connection inside a frame");
                    }
                    buf.position(buf.position() + n);
                }
            } catch (SocketTimeoutException e) {
                throw new IOException(peer() + " sent nothing for " + LIVENESS_MILLIS + " ms", null);
            }
            return true;
        }

        @Override
        String peer() {
            return String.valueOf(socket.getRemoteSocketAddress()).replaceFirst("^/", "");
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private static final class ChannelWire extends Wire {
        private final SocketChannel channel;
        private final String peer;

        ChannelWire(SocketChannel channel) throws IOException {
            this.channel = channel;
            this.peer = String.valueOf(channel.getRemoteAddress()).replaceFirst("^/", "");
        }

        @Override
        ByteBuffer allocate(int bytes) {
            return ByteBuffer.allocateDirect(bytes);
        }

        @Override
        void write(ByteBuffer buf) throws IOException {
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
        }

        @Override
        boolean readFully(ByteBuffer buf) throws IOException {
            int start = buf.position();
            while (buf.hasRemaining()) {
                if (channel.read(buf) < 0) {
                    if (buf.position() == start) {
                        return false;
                    }
                    throw new EOFException(peer() + " closed the connection inside a frame");
                }
            }
            return true;
        }

        @Override
        String peer() {
            return peer;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
