package dev.perflab.net;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * One connected peer, TCP or Unix domain, as blocking streams: what the SHA pipeline's roles read and write.
 * Made by {@link Sockets#connect(Endpoint, String)} and {@link Listener#accept(String)}.
 *
 * <p>Both kinds keep the lab's liveness rule: a read that waits {@link Sockets#LIVENESS_MILLIS} without a byte
 * ends in a {@link SocketTimeoutException}, and {@link #close()} from another thread ends a blocked read or
 * write. A TCP connection is a {@link Socket} with {@code TCP_NODELAY} and the read timeout. A Unix one is a
 * non-blocking {@link SocketChannel} whose streams wait in a {@link Selector} for the time limit, as the JDK's
 * own socket does for a timed read (a blocking channel would ignore the socket's timeout). One thread reads
 * and one thread writes a connection at a time.
 */
public interface Connection extends Closeable {
    InputStream in() throws IOException;

    OutputStream out() throws IOException;

    /** Half-closes: the peer reads end of stream after what was written. */
    void shutdownOutput() throws IOException;

    /** e.g. {@code executor 127.0.0.1:40123} or {@code executor on unix:/tmp/…/collector.sock}, for messages. */
    String peer(String name);

    /** A TCP socket, configured by {@link Sockets#configure} (no-delay, the liveness read timeout). */
    static Connection of(Socket socket) throws IOException {
        return new Tcp(Sockets.configure(socket));
    }

    final class Tcp implements Connection {
        private final Socket socket;

        Tcp(Socket socket) {
            this.socket = socket;
        }

        @Override
        public InputStream in() throws IOException {
            return socket.getInputStream();
        }

        @Override
        public OutputStream out() throws IOException {
            return socket.getOutputStream();
        }

        @Override
        public void shutdownOutput() throws IOException {
            socket.shutdownOutput();
        }

        @Override
        public String peer(String name) {
            return Sockets.peer(name, socket);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /**
     * A connected Unix domain stream socket. The channel is non-blocking; a read or write that cannot move a
     * byte waits in this direction's selector, reads for at most {@link Sockets#LIVENESS_MILLIS}.
     */
    final class Unix implements Connection {
        private final SocketChannel channel;
        private final String where;
        private final Selector readable;
        private final Selector writable;

        /** @param where the socket file's endpoint, named in messages (an accepted peer has no address of its own) */
        Unix(SocketChannel channel, Endpoint where) throws IOException {
            this.channel = channel;
            this.where = where.toString();
            channel.configureBlocking(false);
            this.readable = Selector.open();
            this.writable = Selector.open();
            channel.register(readable, SelectionKey.OP_READ);
            channel.register(writable, SelectionKey.OP_WRITE);
        }

        @Override
        public InputStream in() {
            return new InputStream() {
                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    if (len == 0) {
                        return 0;
                    }
                    ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                    long deadline = System.nanoTime() + Sockets.LIVENESS_MILLIS * 1_000_000L;
                    for (;;) {
                        int n = channel.read(buf);
                        if (n != 0) {
                            return n;
                        }
                        long left = deadline - System.nanoTime();
                        if (left <= 0) {
                            throw new SocketTimeoutException("read timed out");
                        }
                        await(readable, left);
                    }
                }

                @Override
                public int read() throws IOException {
                    byte[] one = new byte[1];
                    int n = read(one, 0, 1);
                    return n < 0 ? -1 : one[0] & 0xff;
                }
            };
        }

        @Override
        public OutputStream out() {
            return new OutputStream() {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                    while (buf.hasRemaining()) {
                        if (channel.write(buf) == 0) {
                            // no write time limit here, as on a TCP socket: the writer's own watchdog closes a stalled connection
                            await(writable, Long.MAX_VALUE);
                        }
                    }
                }

                @Override
                public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }
            };
        }

        /** Waits until the channel is ready in {@code selector}'s direction, {@code nanos} at most, or it is closed. */
        private void await(Selector selector, long nanos) throws IOException {
            try {
                selector.select(Math.max(1, nanos / 1_000_000));
                selector.selectedKeys().clear();
            } catch (ClosedSelectorException e) {
                throw new AsynchronousCloseException(); // close() ran: the channel is closed too
            }
            if (!channel.isOpen()) {
                throw new AsynchronousCloseException();
            }
        }

        @Override
        public void shutdownOutput() throws IOException {
            channel.shutdownOutput();
        }

        @Override
        public String peer(String name) {
            return name + " on " + where;
        }

        @Override
        public void close() throws IOException {
            try {
                channel.close();
            } finally {
                // a thread waiting in select is not woken by the channel's close
                readable.wakeup();
                writable.wakeup();
                readable.close();
                writable.close();
            }
        }
    }
}
