package dev.perflab.forwarder;

import dev.perflab.mdf.DayFile;
import dev.perflab.mdf.MdfFormatException;
import dev.perflab.mdf.MdfRing;
import dev.perflab.net.Sockets;
import dev.perflab.pump.StreamVerifier;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The MDF of report 000: one day in from the Simulator, stored (history first, then a ring rung), out to
 * every client at the client's own pace. One listening socket; a connection says what it is by its first
 * four bytes: {@code PLMD} (a day file: the Simulator) or {@code PLSB} (a {@link Subscription}: a client).
 *
 * <pre>
 *   Simulator ──day file──▶ feed thread: StreamVerifier (length ≤ limit, CRC, sequence 1, 2, …)
 *                              │  per socket read: history.recordAll(batch), then ring.append × batch,
 *                              │  then published ← last sequence, unpark the sessions
 *                              ▼
 *                         [ ring rung ] ── reader(from) ──▶ session thread 1 ──day file──▶ client 1
 *                              │                       ──▶ session thread 2 ──day file──▶ client 2 (slow)
 *          older than the ring's window ◀── history ───────┘ session thread 3 ──day file──▶ late joiner
 * </pre>
 *
 * <h2>Assumptions and guarantees</h2>
 * <ul>
 *   <li>Threads: {@link #run} (waits, then stops everything), one acceptor, one feed thread (the ring's
 *       only writer), one session thread per client. Each client gets a day file: the header (its count is
 *       the day's from its first sequence on), then each message once, in order, with its CRC-32C.</li>
 *   <li>A session blocks only on its own socket: a slow client never blocks the feed; a ring that laps it
 *       sends it on from history. A client that disconnects ends its session only (one error line).</li>
 *   <li>The Simulator disconnecting (or going silent for {@link Sockets#LIVENESS_MILLIS} ms) ends the day
 *       at the last whole message: every session delivers up to it and closes its client's stream. A
 *       malformed frame ends the day the same way, after one line naming its byte offset ({@link Report#malformed}).</li>
 *   <li>Nothing outlives the deadline: at it, every socket is closed, which ends every blocked read or write.</li>
 * </ul>
 */
public final class Forwarder {
    /** Bytes per read from the Simulator: also the largest batch recorded in history at once. */
    static final int FEED_READ_BYTES = 64 * 1024;
    /** Bytes a session stages before a write to its client. */
    static final int SESSION_STAGING_BYTES = 64 * 1024;
    /** A session with nothing to send parks this long unless the feed wakes it first. */
    static final long IDLE_PARK_NANOS = 1_000_000;
    /** How often {@link #run} checks whether the day is done. */
    static final long DONE_CHECK_MILLIS = 5;
    /** How long stopped threads get to finish after their sockets closed. */
    static final long JOIN_MILLIS = 2_000;

    /** One client's session, as the forwarder saw it. */
    public record SessionReport(String name, String peer, long fromSequence, long publishedAtJoin, long delivered,
                                long bytes, double catchUpMillis, long historyReads, boolean completed, String error,
                                boolean feedEndedFirst) {
    }

    /**
     * What the forwarder did.
     *
     * @param announced        the message count the Simulator's day header announced, or -1 if none came
     * @param received         messages received, stored and published (the day ends at the last of them)
     * @param feedBytes        bytes received from the Simulator (whole units)
     * @param feedSeconds      from the Simulator's first byte to the day's end
     * @param forwardedBytes   bytes written to all clients
     * @param forwardSeconds   from the first byte written to a client to the last
     * @param sessions         every client session, in subscription order
     * @param errors           one line per problem (a lost client, a cut feed, the deadline)
     * @param malformed        the one line for a malformed frame from the Simulator, or null
     */
    public record Report(long announced, long received, long feedBytes, double feedSeconds, long forwardedBytes,
                         double forwardSeconds, List<SessionReport> sessions, List<String> errors, String malformed) {
    }

    private final ServerSocket server;
    private final MdfRing ring;
    private final CountingHistory history;
    private final int expectedClients;
    private final long deadlineNanos;
    private final Consumer<String> errorLines;
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final List<Session> sessions = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final AtomicBoolean feedTaken = new AtomicBoolean();
    private final AtomicInteger sessionsEnded = new AtomicInteger();
    private volatile boolean stopping;
    private volatile long announced = -1;
    private volatile long published;
    private volatile boolean feedEnded;
    private volatile String malformed;
    private volatile long feedBytes;
    private volatile long feedStartNanos;
    private volatile long feedEndNanos;

    /**
     * @param server          bound; the forwarder accepts on it until {@link #run} returns, then closes it
     * @param ring            empty, over {@code history}; the feed is its only writer
     * @param expectedClients the day is done when the feed ended and this many sessions ended
     * @param deadlineNanos   {@link System#nanoTime()} by which everything stops
     * @param errorLines      where each error line goes as it happens (e.g. stderr), besides the report
     */
    public Forwarder(ServerSocket server, MdfRing ring, CountingHistory history, int expectedClients, long deadlineNanos,
                     Consumer<String> errorLines) {
        this.server = server;
        this.ring = ring;
        this.history = history;
        this.expectedClients = expectedClients;
        this.deadlineNanos = deadlineNanos;
        this.errorLines = errorLines;
    }

    /** Serves one day; returns when the feed and {@code expectedClients} sessions ended, or at the deadline. */
    public Report run() throws InterruptedException {
        start("mdf-acceptor", this::acceptLoop);
        while (!(feedEnded && sessionsEnded.get() >= expectedClients) && System.nanoTime() - deadlineNanos < 0) {
            Thread.sleep(DONE_CHECK_MILLIS);
        }
        if (!(feedEnded && sessionsEnded.get() >= expectedClients)) {
            error("forwarder: deadline reached with " + (feedEnded ? "the day received" : published + " messages received")
                    + " and " + sessionsEnded.get() + " of " + expectedClients + " client(s) done; stopping");
        }
        stopping = true;
        Sockets.closeQuietly(server);
        sockets.forEach(Sockets::closeQuietly);
        for (Thread t : threads) {
            LockSupport.unpark(t);
            t.join(JOIN_MILLIS);
        }
        return report();
    }

    /** Clients that subscribed so far (any thread). */
    public int subscriptions() {
        return sessions.size();
    }

    private Report report() {
        List<SessionReport> list = new ArrayList<>();
        long bytes = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Session s : sessions) {
            list.add(s.report());
            bytes += s.bytes;
            if (s.firstWriteNanos != 0) {
                first = Math.min(first, s.firstWriteNanos);
                last = Math.max(last, s.lastWriteNanos);
            }
        }
        double feedSeconds = feedStartNanos == 0 ? 0 : Math.max(1e-9, (feedEndNanos - feedStartNanos) / 1e9);
        double forwardSeconds = first == Long.MAX_VALUE ? 0 : Math.max(1e-9, (last - first) / 1e9);
        return new Report(announced, published, feedBytes, feedSeconds, bytes, forwardSeconds, list, List.copyOf(errors), malformed);
    }

    private void error(String line) {
        errors.add(line);
        errorLines.accept(line);
    }

    private void start(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        threads.add(t);
        t.start();
    }

    private void acceptLoop() {
        try {
            server.setSoTimeout((int) Math.max(1, Math.min(Sockets.ACCEPT_TIMEOUT_MILLIS, DONE_CHECK_MILLIS * 20)));
            while (!stopping) {
                try {
                    Socket socket = Sockets.configure(server.accept());
                    sockets.add(socket);
                    start("mdf-connection", () -> classify(socket));
                } catch (SocketTimeoutException e) {
                    // look at the stop flag again
                }
            }
        } catch (IOException e) {
            if (!stopping) {
                error("forwarder: accepting on " + Sockets.describe(server) + " failed: " + e.getMessage());
            }
        }
    }

    /** Reads the first four bytes: a day file is the Simulator, a subscription a client, anything else is refused. */
    private void classify(Socket socket) {
        String peer = Sockets.hostPort((java.net.InetSocketAddress) socket.getRemoteSocketAddress());
        try {
            InputStream in = socket.getInputStream();
            byte[] magic = in.readNBytes(4);
            if (Arrays.equals(magic, DayFile.MAGIC)) {
                if (feedTaken.compareAndSet(false, true)) {
                    feed(socket, in, "simulator " + peer);
                } else {
                    error("forwarder: a second Simulator connected from " + peer + "; one day per run, refused");
                    Sockets.closeQuietly(socket);
                }
            } else if (Arrays.equals(magic, Subscription.MAGIC)) {
                Session session = new Session(socket, Subscription.readAfterMagic(in, "client " + peer), peer);
                sessions.add(session);
                session.run();
            } else {
                error("connection from " + peer + ":byte 0: expected 'PLMD' (a day from the Simulator) or 'PLSB'"
                        + " (a client's subscription); closed");
                Sockets.closeQuietly(socket);
            }
        } catch (IOException e) {
            if (!stopping) {
                error("forwarder: " + e.getMessage());
            }
            Sockets.closeQuietly(socket);
        }
    }

    // ---- the feed: the ring's only writer ----

    private final List<byte[]> batch = new ArrayList<>();

    private void feed(Socket socket, InputStream in, String source) {
        feedStartNanos = System.nanoTime();
        StreamVerifier verifier = new StreamVerifier(source, (buf, at, length) -> {
            byte[] copy = new byte[length];
            buf.get(at, copy);
            batch.add(copy);
        }, true);
        ByteBuffer buf = ByteBuffer.allocate(FEED_READ_BYTES);
        buf.put(DayFile.MAGIC);
        try {
            while (verifier.days() == 0) {
                int n = buf.hasRemaining() ? in.read(buf.array(), buf.position(), buf.remaining()) : 0;
                if (n < 0) {
                    break;
                }
                buf.position(buf.position() + n);
                buf.flip();
                try {
                    verifier.consume(buf);
                } finally {
                    buf.compact();
                    publishBatch(verifier);
                }
            }
            if (verifier.days() == 0) {
                error(source + " disconnected after " + published + " of " + Math.max(0, announced)
                        + " messages; the day ends there");
            }
        } catch (MdfFormatException e) {
            malformed = e.getMessage();
            error(e.getMessage());
        } catch (IOException e) {
            if (!stopping) {
                error(Sockets.describeFailure(e, source) + "; the day ends after " + published + " messages");
            }
        } catch (RuntimeException e) {
            error("forwarder: storing the day failed after " + published + " messages: " + e.getMessage());
        } finally {
            feedEndNanos = System.nanoTime();
            feedEnded = true;
            wakeSessions();
            Sockets.closeQuietly(socket);
        }
    }

    /** History first, then the ring, then the count sessions read: a message is published only once it is stored. */
    private void publishBatch(StreamVerifier verifier) {
        if (announced < 0 && verifier.dayMessages() >= 0) {
            announced = verifier.dayMessages();
        }
        feedBytes = verifier.bytes();
        if (batch.isEmpty()) {
            return;
        }
        byte[][] messages = batch.toArray(new byte[0][]);
        batch.clear();
        history.recordAll(messages);
        for (byte[] m : messages) {
            ring.append(ByteBuffer.wrap(m));
        }
        published += messages.length;
        wakeSessions();
    }

    private void wakeSessions() {
        for (Session s : sessions) {
            LockSupport.unpark(s.thread);
        }
    }

    // ---- a client's session ----

    private final class Session {
        private final Socket socket;
        private final Subscription subscription;
        private final String peer;
        private final long joinNanos = System.nanoTime();
        private final ByteBuffer staging = ByteBuffer.allocate(SESSION_STAGING_BYTES);
        private final int[] stagedAt = new int[SESSION_STAGING_BYTES / (dev.perflab.mdf.MdfMessage.MIN_BYTES + 8) + 1];
        private final java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        private volatile Thread thread;
        private long firstStagedSequence;
        private int stagedCount;
        private long publishedAtJoin = -1;
        private volatile long delivered;
        private volatile long bytes;
        private volatile long firstWriteNanos;
        private volatile long lastWriteNanos;
        private volatile double catchUpMillis = Double.NaN;
        private volatile long historyReads;
        private volatile boolean completed;
        private volatile boolean feedEndedFirst;
        private volatile String error;
        private java.io.OutputStream out;

        Session(Socket socket, Subscription subscription, String peer) {
            this.socket = socket;
            this.subscription = subscription;
            this.peer = peer;
            this.thread = Thread.currentThread();
        }

        void run() {
            try {
                thread = Thread.currentThread();
                out = socket.getOutputStream();
                serve();
                completed = true;
            } catch (IOException | RuntimeException e) {
                Throwable cause = e instanceof java.io.UncheckedIOException ? e.getCause() : e;
                String what = cause instanceof IOException io ? Sockets.describeFailure(io, "client " + subscription.name() + " " + peer)
                        : "client " + subscription.name() + " " + peer + ": " + cause.getMessage();
                if (!stopping) {
                    error(what + " after " + delivered + " messages; the other clients go on");
                }
                error = what;
            } finally {
                feedEndedFirst = feedEnded;
                historyReads = history.readsOnThisThread();
                Sockets.closeQuietly(socket);
                sessionsEnded.incrementAndGet();
            }
        }

        private void serve() throws IOException {
            while (announced < 0 && !feedEnded && !stopping) {
                LockSupport.parkNanos(IDLE_PARK_NANOS);
            }
            if (announced < 0) {
                throw new IOException("no day arrived from the Simulator");
            }
            publishedAtJoin = published;
            long from = subscription.fromSequence();
            long count = Math.max(0, announced - (from - 1));
            ByteBuffer header = DayFile.header(count);
            out.write(header.array(), 0, header.remaining());
            bytes += header.remaining();
            dev.perflab.mdf.MdfReader reader = ring.reader(from);
            while (!stopping) {
                boolean ended = feedEnded;
                long upTo = published;
                if (reader.nextSequence() > upTo && ended) {
                    break;
                }
                int n;
                firstStagedSequence = reader.nextSequence();
                try {
                    n = reader.poll(this::stage);
                } catch (dev.perflab.mdf.OverwrittenException e) {
                    n = dropFrom(e.firstUnsafeSequence());
                }
                flush();
                if (Double.isNaN(catchUpMillis) && reader.nextSequence() > publishedAtJoin) {
                    catchUpMillis = (System.nanoTime() - joinNanos) / 1e6;
                }
                if (n == 0) {
                    LockSupport.parkNanos(IDLE_PARK_NANOS);
                }
            }
            if (stopping) {
                throw new IOException("stopped at the deadline");
            }
            out.flush();
            socket.shutdownOutput();
        }

        /** One record (length, message, CRC-32C) into the staging buffer; a full buffer goes to the client first. */
        private void stage(ByteBuffer message) {
            int length = message.remaining();
            if (staging.remaining() < length + 8) {
                flushUnchecked();
            }
            stagedAt[stagedCount++] = staging.position();
            crc.reset();
            crc.update(message.duplicate());
            staging.putInt(length).put(message).putInt((int) crc.getValue());
            delivered++;
        }

        /** A zero-copy ring overwrote what it handed out from {@code sequence} on: unsend it if still staged. */
        private int dropFrom(long sequence) throws IOException {
            long index = sequence - firstStagedSequence;
            if (index < 0 || index > stagedCount) {
                throw new IOException("the ring overwrote messages from " + sequence + " already sent; resetting the client");
            }
            staging.position(stagedAt[(int) index]);
            delivered -= stagedCount - index;
            stagedCount = (int) index;
            return stagedCount;
        }

        private void flushUnchecked() {
            try {
                flush();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        private void flush() throws IOException {
            if (staging.position() > 0) {
                if (firstWriteNanos == 0) {
                    firstWriteNanos = System.nanoTime();
                }
                out.write(staging.array(), 0, staging.position());
                bytes += staging.position();
                lastWriteNanos = System.nanoTime();
                staging.clear();
            }
            firstStagedSequence += stagedCount;
            stagedCount = 0;
        }

        SessionReport report() {
            return new SessionReport(subscription.name(), peer, subscription.fromSequence(), publishedAtJoin, delivered,
                    bytes, catchUpMillis, historyReads, completed, error, feedEndedFirst);
        }
    }
}
