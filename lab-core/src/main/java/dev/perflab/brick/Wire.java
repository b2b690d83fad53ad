package dev.perflab.brick;

import dev.perflab.net.Liveness;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;

/**
 * One connection, as the mover's threads use it: whole buffers in, whole buffers out. r0–r3 go through the
 * socket's blocking streams and heap buffers (the JDK copies each write into a temporary native buffer);
 * from r4 on through a blocking {@link SocketChannel} with direct buffers and {@code TCP_NODELAY}.
 *
 * <p>One thread per wire. A read or write that waits {@link #livenessMillis()} without a byte moving ends in an
 * {@link IOException} saying so: a stream read through the socket's read timeout; a channel read or write
 * (a blocking {@code SocketChannel} ignores the socket's timeout) through {@link Watchdog}, which closes a
 * channel whose thread has waited that long, and the close wakes the thread. So a peer that stops sending,
 * or stops reading, cannot keep a server or client past the run's deadline; a dying peer's socket closes
 * and ends the wait at once.
 */
abstract class Wire implements Closeable {
    /** A read that waits this long on a live-but-silent peer gives up ({@link Liveness}: 30 s unless set). */
    static int livenessMillis() {
        return Liveness.millis();
    }

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

    /**
     * Reads what has arrived into {@code buf} from its position, at least one byte (waiting for it).
     *
     * @return the bytes read, or -1 if the peer closed the connection
     */
    abstract int readSome(ByteBuffer buf) throws IOException;

    abstract String peer();

    static Wire of(Socket socket) throws IOException {
        return of(socket, livenessMillis());
    }

    /** A wire whose reads give up after {@code livenessMillis} (a test's silent peer: less than the default). */
    static Wire of(Socket socket, int livenessMillis) throws IOException {
        socket.setSoTimeout(livenessMillis);
        return new StreamWire(socket, livenessMillis);
    }

    static Wire of(SocketChannel channel) throws IOException {
        return of(channel, livenessMillis());
    }

    /** A wire whose reads and writes give up after {@code livenessMillis}. */
    static Wire of(SocketChannel channel, int livenessMillis) throws IOException {
        channel.socket().setTcpNoDelay(true);
        return new ChannelWire(channel, livenessMillis);
    }

    /** One line for a wait that hit the liveness limit. */
    static String silent(String peer, int livenessMillis) {
        return peer + " sent nothing for " + (livenessMillis % 1000 == 0 ? livenessMillis / 1000 + " s" : livenessMillis + " ms");
    }

    /**
     * One line for a connection's failure, naming the peer by its role once: {@code client 127.0.0.1:42042 sent
     * nothing for 5 s}, {@code server 127.0.0.1:7555: Connection reset}.
     */
    static String failure(String role, String peer, Exception e) {
        String why = e.getMessage() != null ? e.getMessage() : e.toString();
        return why.startsWith(peer) ? role + " " + why : role + " " + peer + ": " + why;
    }

    private static final class StreamWire extends Wire {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;
        private final int livenessMillis;

        StreamWire(Socket socket, int livenessMillis) throws IOException {
            this.socket = socket;
            this.livenessMillis = livenessMillis;
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
                throw new IOException(silent(peer(), livenessMillis), null);
            }
            return true;
        }

        @Override
        int readSome(ByteBuffer buf) throws IOException {
            try {
                int n = in.read(buf.array(), buf.position(), buf.remaining());
                if (n > 0) {
                    buf.position(buf.position() + n);
                }
                return n;
            } catch (SocketTimeoutException e) {
                throw new IOException(silent(peer(), livenessMillis), null);
            }
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

    /**
     * A blocking {@code SocketChannel} with direct buffers. Each read or write call is bracketed by a store of
     * its start time in {@link #waitingSince} and a reset to {@link #IDLE} after it; {@link Watchdog} closes
     * the channel when a call has been waiting longer than the wire's liveness limit. The bracket is two
     * volatile stores per call (a call moves up to 16 KiB here); nothing is allocated.
     */
    private static final class ChannelWire extends Wire {
        private static final long IDLE = Long.MIN_VALUE;

        private final SocketChannel channel;
        private final String peer;
        private final long livenessNanos;
        private final int livenessMillis;
        private volatile long waitingSince = IDLE;
        private volatile boolean timedOut;

        ChannelWire(SocketChannel channel, int livenessMillis) throws IOException {
            this.channel = channel;
            this.peer = String.valueOf(channel.getRemoteAddress()).replaceFirst("^/", "");
            this.livenessMillis = livenessMillis;
            this.livenessNanos = livenessMillis * 1_000_000L;
            Watchdog.watch(this);
        }

        @Override
        ByteBuffer allocate(int bytes) {
            return ByteBuffer.allocateDirect(bytes);
        }

        @Override
        void write(ByteBuffer buf) throws IOException {
            try {
                while (buf.hasRemaining()) {
                    waitingSince = System.nanoTime();
                    channel.write(buf);
                }
            } catch (ClosedChannelException e) {
                throw timedOut ? new IOException(peer + " read nothing for " + livenessMillis + " ms", null) : e;
            } finally {
                waitingSince = IDLE;
            }
        }

        @Override
        boolean readFully(ByteBuffer buf) throws IOException {
            int start = buf.position();
            try {
                while (buf.hasRemaining()) {
                    waitingSince = System.nanoTime();
                    if (channel.read(buf) < 0) {
                        if (buf.position() == start) {
                            return false;
                        }
                        throw new EOFException(peer() + " closed the connection inside a frame");
                    }
                }
            } catch (ClosedChannelException e) {
                throw timedOut ? new IOException(silent(peer, livenessMillis), null) : e;
            } finally {
                waitingSince = IDLE;
            }
            return true;
        }

        @Override
        int readSome(ByteBuffer buf) throws IOException {
            try {
                int n;
                do {
                    waitingSince = System.nanoTime();
                    n = channel.read(buf);
                } while (n == 0 && buf.hasRemaining());
                return n;
            } catch (ClosedChannelException e) {
                throw timedOut ? new IOException(silent(peer, livenessMillis), null) : e;
            } finally {
                waitingSince = IDLE;
            }
        }

        /** Called by the watchdog: closes the channel if a call has waited past the limit; true once closed. */
        boolean closeIfStuck(long now) {
            long since = waitingSince;
            if (since != IDLE && now - since > livenessNanos && channel.isOpen()) {
                timedOut = true;
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // closing is what ends the wait; a failure to close leaves nothing else to do
                }
            }
            return !channel.isOpen();
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

    /**
     * One daemon thread for every {@link ChannelWire} of the JVM: every {@link #PERIOD_MILLIS} it asks each
     * watched wire to close itself if a read or write has waited past its limit, and forgets wires that are
     * closed. Started with the first channel wire; idle wires cost one volatile read per period.
     */
    static final class Watchdog {
        static final long PERIOD_MILLIS = 100;
        private static final java.util.Set<ChannelWire> WATCHED = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private static Thread thread;

        private Watchdog() {
        }

        static synchronized void watch(ChannelWire wire) {
            WATCHED.add(wire);
            if (thread == null) {
                thread = new Thread(Watchdog::run, "brick-wire-watchdog");
                thread.setDaemon(true);
                thread.start();
            }
        }

        private static void run() {
            for (;;) {
                long now = System.nanoTime();
                WATCHED.removeIf(w -> w.closeIfStuck(now));
                try {
                    Thread.sleep(PERIOD_MILLIS);
                } catch (InterruptedException e) {
                    return; // a daemon: nothing else ever interrupts it
                }
            }
        }
    }
}
