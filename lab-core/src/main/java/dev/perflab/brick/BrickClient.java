package dev.perflab.brick;

import dev.perflab.net.Sockets;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The mover's client: opens the rung's connections, and on each a thread asks for lines (a batch of
 * requests per write) and puts every result it gets into the {@link ResultSink} ({@link OrderedWriter} or
 * {@link ClientPages}), until the server answers "end". The result goes to {@code RESULT.partial}
 * ({@link ResultFile}); only a run where every line arrived leaves it ready for {@link ResultFile#complete()}.
 *
 * <p>A connection that fails (server died, bad frame) fails the run: the other connections are closed,
 * every wait in the sink ends, and {@link #fetch} throws with one line naming the peer and the lines
 * written; the partial file keeps its partial name.
 */
public final class BrickClient {
    /** What a finished fetch reports. */
    public record Summary(long lines, long resultBytes) {
    }

    private final MoverSettings settings;
    private final InetSocketAddress server;
    private final int livenessMillis;
    private final List<Wire> wires = new ArrayList<>();
    private final AtomicInteger totalLines = new AtomicInteger(-1);
    private volatile String error;

    public BrickClient(MoverSettings settings, InetSocketAddress server) {
        this(settings, server, Wire.livenessMillis());
    }

    /** A client whose reads and writes give up after {@code livenessMillis} without a byte (a test's silent server). */
    BrickClient(MoverSettings settings, InetSocketAddress server, int livenessMillis) {
        this.settings = settings;
        this.server = server;
        this.livenessMillis = livenessMillis;
    }

    /** Fetches every line into {@code result} (left open and not renamed: the caller checks and completes it). */
    public Summary fetch(ResultFile result) throws IOException, InterruptedException {
        ResultSink sink = settings.table() == MoverSettings.Table.SEQUENTIAL ? new OrderedWriter(result.channel())
                : new ClientPages(result.channel(), ClientPages.Output.MAPPED, settings.wake());
        for (int c = 0; c < settings.connections(); c++) {
            wires.add(connect());
        }
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < wires.size(); c++) {
            Wire wire = wires.get(c);
            Thread t = new Thread(() -> fetchOne(wire, sink), "brick-client-" + c);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        if (error != null) {
            sink.abort();
            throw new IOException(error + " (" + sink.written() + " lines written to " + result.partial() + ")", null);
        }
        try {
            sink.finish(totalLines.get());
        } catch (IOException e) {
            throw new IOException(e.getMessage() + " (partial result: " + result.partial() + ")", null);
        }
        return new Summary(totalLines.get(), result.channel().size());
    }

    private Wire connect() throws IOException {
        if (settings.nio()) {
            return Wire.of(Sockets.openChannel(server), livenessMillis);
        }
        return Wire.of(Sockets.open(server), livenessMillis);
    }

    private void fetchOne(Wire wire, ResultSink sink) {
        int batch = settings.batchLines();
        ByteBuffer requests = wire.allocate(batch * Protocol.REQUEST_BYTES);
        for (int i = 0; i < batch; i++) {
            requests.putInt(Protocol.REQUEST_NEXT);
        }
        ByteBuffer responses = wire.allocate(batch * Protocol.MAX_RESPONSE_BYTES);
        try (wire) {
            boolean end = false;
            while (!end && error == null) {
                requests.clear();
                wire.write(requests);
                if (settings.responses() == MoverSettings.Responses.FIXED) {
                    responses.clear().limit(batch * Protocol.FIXED_RESPONSE_BYTES);
                    readOrFail(wire, responses);
                    for (int i = 0; i < batch; i++) {
                        end |= deliver(responses, i * Protocol.FIXED_RESPONSE_BYTES, sink);
                    }
                } else if (settings.responses() == MoverSettings.Responses.PACKED) {
                    end |= readPacked(wire, responses, batch, sink);
                } else {
                    for (int i = 0; i < batch; i++) {
                        responses.clear().limit(Protocol.HEADER_BYTES);
                        readOrFail(wire, responses);
                        responses.limit(Protocol.HEADER_BYTES + Protocol.checkHeader(responses, 0));
                        readOrFail(wire, responses);
                        end |= deliver(responses, 0, sink);
                    }
                }
            }
        } catch (IOException e) {
            fail(Wire.failure("server", wire.peer(), e), sink);
        }
    }

    /**
     * Reads the {@code batch} packed responses to one batch of requests (r6 on): each read takes whatever has
     * arrived; every whole frame in it is checked ({@link Protocol#checkHeader}, the 210-byte limit) and
     * delivered, and a frame cut by the end of a read waits for the next one. N frames are at most N ×
     * {@link Protocol#MAX_RESPONSE_BYTES}, so {@code responses} never needs compacting. The server answers a
     * batch with exactly N frames and sends nothing before the next batch, so a byte left over after the N-th
     * frame breaks the format. Returns true if an end response was among them.
     */
    private boolean readPacked(Wire wire, ByteBuffer responses, int batch, ResultSink sink) throws IOException {
        responses.clear();
        boolean end = false;
        int at = 0;
        for (int parsed = 0; parsed < batch; ) {
            if (wire.readSome(responses) < 0) {
                throw new IOException("closed the connection before the end of the file", null);
            }
            int filled = responses.position();
            while (parsed < batch && filled - at >= Protocol.HEADER_BYTES) {
                int frame = Protocol.HEADER_BYTES + Protocol.checkHeader(responses, at);
                if (filled - at < frame) {
                    break;
                }
                end |= deliver(responses, at, sink);
                at += frame;
                parsed++;
            }
        }
        if (responses.position() != at) {
            throw new Protocol.FrameException((responses.position() - at) + " bytes after the " + batch
                    + " responses to a batch of " + batch + " requests");
        }
        return end;
    }

    private static void readOrFail(Wire wire, ByteBuffer buf) throws IOException {
        if (!wire.readFully(buf)) {
            throw new IOException("closed the connection before the end of the file", null);
        }
    }

    /** Hands one response to the sink; returns true if it was the end. */
    private boolean deliver(ByteBuffer responses, int at, ResultSink sink) throws IOException {
        int len = Protocol.checkHeader(responses, at);
        int tag = responses.getInt(at);
        if (tag == Protocol.TAG_END) {
            int total = responses.getInt(at + Protocol.HEADER_BYTES);
            if (!totalLines.compareAndSet(-1, total) && totalLines.get() != total) {
                throw new Protocol.FrameException("two end responses disagree: " + totalLines.get() + " and " + total + " lines");
            }
            return true;
        }
        sink.put(tag, responses, at + Protocol.HEADER_BYTES, len);
        return false;
    }

    private void fail(String message, ResultSink sink) {
        synchronized (wires) {
            if (error == null) {
                error = message;
            }
        }
        sink.abort();
        for (Wire w : wires) {
            try {
                w.close();
            } catch (IOException ignored) {
                // closing is all that is left to do
            }
        }
    }

    /** The settings' server address on loopback. */
    public static InetSocketAddress loopback(int port) {
        return new InetSocketAddress("127.0.0.1", port);
    }

}
