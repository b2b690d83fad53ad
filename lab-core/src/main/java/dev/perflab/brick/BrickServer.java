package dev.perflab.brick;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The mover's server: holds the file ({@link SequentialSource} or {@link PageTable}), accepts the rung's
 * connections and serves each on its own thread until the client closes it.
 *
 * <pre>
 *  connection thread c (group c % groups)
 *    loop: read batch × 4-byte requests ─▶ per request: source.next() claims and transforms a line
 *          ─▶ header + result (padded to 256 bytes from r2 on) into the out buffer ─▶ one write per batch
 *    after the last line: end responses carrying the line count, until the client closes
 * </pre>
 * A client that closes before it has been sent the end of the file is an error naming it and the lines it
 * had taken; so is a malformed request, and a client silent for {@link Wire#livenessMillis()} (stream or
 * channel: {@link Wire}). Any of these closes every connection, so nothing waits on a dead peer.
 */
public final class BrickServer implements AutoCloseable {
    /** How long {@link #serve()} waits for each of the rung's connections: the lab's liveness limit, 30 s unless set. */
    static int acceptTimeoutMillis() {
        return Wire.livenessMillis();
    }

    /** What a finished server reports. */
    public record Summary(long lines, long linesSent, long casRetries, String error) {
    }

    private final Path file;
    private final MoverSettings settings;
    private final ServerSocket socket;
    private final ServerSocketChannel channel;
    private final int livenessMillis;
    private final AtomicLong linesSent = new AtomicLong();
    private final AtomicLong casRetries = new AtomicLong();
    private final List<Wire> wires = new ArrayList<>();
    private volatile String error;

    /** Binds {@code bind} (port 0: any free port). */
    public BrickServer(Path file, MoverSettings settings, InetSocketAddress bind) throws IOException {
        this(file, settings, bind, Wire.livenessMillis());
    }

    /** A server whose reads and writes give up after {@code livenessMillis} without a byte (a test's silent client). */
    BrickServer(Path file, MoverSettings settings, InetSocketAddress bind, int livenessMillis) throws IOException {
        this.file = file;
        this.livenessMillis = livenessMillis;
        this.settings = settings;
        if (settings.nio()) {
            channel = ServerSocketChannel.open();
            channel.bind(bind, settings.connections());
            channel.socket().setSoTimeout(acceptTimeoutMillis());
            socket = null;
        } else {
            socket = new ServerSocket();
            socket.bind(bind, settings.connections());
            socket.setSoTimeout(acceptTimeoutMillis());
            channel = null;
        }
    }

    /** The bound address, for {@code listening on HOST:PORT}. */
    public InetSocketAddress address() {
        return (InetSocketAddress) (socket != null ? socket.getLocalSocketAddress() : channel.socket().getLocalSocketAddress());
    }

    /** Loads the file as the rung says, accepts the rung's connections, serves them, and returns when all have closed. */
    public Summary serve() throws IOException, InterruptedException {
        try (LineSource source = settings.table() == MoverSettings.Table.SEQUENTIAL ? new SequentialSource(file)
                : new PageTable(file, settings.groups(), settings.loadInBackground(), settings.claim(), settings.wake())) {
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < settings.connections(); c++) {
                Wire wire = accept();
                synchronized (wires) {
                    wires.add(wire);
                }
                LineSource.Claimer claimer = new LineSource.Claimer(c % settings.groups());
                Thread t = new Thread(() -> serveOne(wire, source, claimer), "brick-server-" + c);
                t.start();
                threads.add(t);
            }
            for (Thread t : threads) {
                t.join();
            }
            return new Summary(source.totalLines(), linesSent.get(), casRetries.get(), error);
        } catch (BrickFormatException e) {
            fail(e.getMessage());
            throw e;
        } finally {
            close(); // one serve per server: connections still in the backlog are refused, not left waiting
        }
    }

    /**
     * The next connection, within {@link #acceptTimeoutMillis()}. A {@code ServerSocketChannel}'s own accept has
     * no time limit; its socket adaptor's has, and hands back the accepted channel ({@code Socket.getChannel}).
     */
    private Wire accept() throws IOException {
        try {
            if (socket != null) {
                return Wire.of(socket.accept(), livenessMillis);
            }
            return Wire.of(channel.socket().accept().getChannel(), livenessMillis);
        } catch (SocketTimeoutException e) {
            throw new IOException("no client connected to " + address() + " within " + acceptTimeoutMillis() + " ms", null);
        }
    }

    private void serveOne(Wire wire, LineSource source, LineSource.Claimer claimer) {
        int batch = settings.batchLines();
        ByteBuffer requests = wire.allocate(batch * Protocol.REQUEST_BYTES);
        ByteBuffer responses = wire.allocate(batch * Protocol.MAX_RESPONSE_BYTES);
        byte[] result = new byte[Bricks.MAX_RESULT_BYTES];
        long taken = 0;
        boolean endSent = false;
        // not try (wire): that would close this connection before the catch below records why, and the client,
        // seeing it close, would close the others, so that another thread could record "client disconnected" first
        try {
            for (;;) {
                requests.clear();
                if (!wire.readFully(requests)) {
                    if (!endSent) {
                        fail("client " + wire.peer() + " disconnected after " + taken + " lines, before the end of " + file);
                    }
                    return;
                }
                responses.clear();
                for (int i = 0; i < batch; i++) {
                    int request = requests.getInt(i * Protocol.REQUEST_BYTES);
                    if (request != Protocol.REQUEST_NEXT) {
                        throw new Protocol.FrameException(String.format("client %s sent request 0x%08x, expected 0x%08x",
                                wire.peer(), request, Protocol.REQUEST_NEXT));
                    }
                    int start = responses.position();
                    long next = error == null ? source.next(claimer, result) : -1;
                    if (error != null) {
                        return;
                    }
                    if (next < 0) {
                        responses.putInt(Protocol.TAG_END).putShort((short) Protocol.END_BODY_BYTES).putInt(source.totalLines());
                        endSent = true;
                    } else {
                        int len = (int) next;
                        responses.putInt((int) (next >>> 32)).putShort((short) len).put(result, 0, len);
                        taken++;
                    }
                    if (settings.fixedResponses()) {
                        responses.position(start + Protocol.FIXED_RESPONSE_BYTES);
                    }
                }
                responses.flip();
                wire.write(responses);
            }
        } catch (BrickFormatException e) {
            fail(e.getMessage());
        } catch (IOException e) {
            fail(Wire.failure("client", wire.peer(), e));
        } catch (RuntimeException e) {
            // a bug in the table (the exercise's claim, say): one line naming it, and every connection closed
            fail("the thread serving " + wire.peer() + " failed: " + e);
        } finally {
            try {
                wire.close();
            } catch (IOException ignored) {
                // the connection is done either way
            }
            linesSent.addAndGet(taken);
            casRetries.addAndGet(claimer.casRetries);
        }
    }

    /** Records the first error and closes every connection, so no thread on either side waits on a dead peer. */
    private void fail(String message) {
        synchronized (wires) {
            if (error == null) {
                error = message;
            }
            for (Wire w : wires) {
                try {
                    w.close();
                } catch (IOException ignored) {
                    // closing is all that is left to do
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
        } else {
            channel.close();
        }
    }
}
