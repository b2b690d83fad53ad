package dev.perflab.forwarder;

import dev.perflab.marketdata.DayFile;
import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MdfRingLadder;
import dev.perflab.mdf.RingSize;
import dev.perflab.net.Liveness;
import dev.perflab.net.Sockets;
import dev.perflab.pump.BufferReceiver;
import dev.perflab.pump.StreamVerifier;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The MDF of report 000: one day in from the Simulator, stored (history, then a ring rung), out to every
 * client at the client's own pace. One listening socket; a connection says what it is by its first four
 * bytes: {@code PLMD} (a day file: the Simulator) or {@code PLSB} (a {@link Subscription}: a client). What a
 * rung changes is in its {@link ForwarderConfig}: the history store ({@link DayHistory}), the feed's reads
 * ({@link FeedSource}) and the sessions' writes ({@link SessionSender}); this class is the same for all.
 *
 * <pre>
 *   Simulator ──day file──▶ feed thread: read (FeedSource) ─▶ StreamVerifier (length ≤ limit, CRC, sequence 1, 2, …)
 *                              │  per read, the verified block: history.recordBlock ─▶ CRC table ─▶ ring.append × n
 *                              │  (or, the record ring: the block appended whole, as it arrived)
 *                              │  ─▶ published ← last sequence, unpark the sessions
 *                              ▼
 *                         [ ring rung ] ── reader(from) ──▶ session thread 1 ─SessionSender─▶ client 1
 *                              │                       ──▶ session thread 2 ─SessionSender─▶ client 2 (slow)
 *          older than the ring's window ◀── history ───────┘ session thread 3 ─SessionSender─▶ late joiner
 * </pre>
 *
 * <h2>Assumptions and guarantees</h2>
 * <ul>
 *   <li>Threads: {@link #run} (waits, watches the feed, then stops everything), one acceptor, one feed thread
 *       (the ring's only writer), one session thread per client, and the history store's own thread if it
 *       writes behind. Each client gets a day file: the header (its count is the day's from its first sequence
 *       on), then each message once, in order, with the CRC-32C the Simulator sent.</li>
 *   <li>A session blocks only on its own socket: a slow client never blocks the feed; a ring that laps it
 *       sends it on from history. A client that disconnects ends its session only (one error line).</li>
 *   <li>A client may ask to join once N messages are published ({@link Subscription#joinAtMessage()}): its
 *       session starts then, as if it had connected then, and catches up while the day flows on.</li>
 *   <li>The Simulator disconnecting (or sending nothing for {@link Sockets#LIVENESS_MILLIS} ms) ends the day
 *       at the last whole message: every session delivers up to it and closes its client's stream. A
 *       malformed frame ends the day the same way, after one line naming its byte offset ({@link Report#malformed}).</li>
 *   <li>The history store failing (the database closed, the disk full) is one error line; the day goes on
 *       from the ring, every client still gets what the ring holds, and only a reader that needs history
 *       beyond what was stored fails.</li>
 *   <li>Nothing outlives the deadline: at it, every socket is closed, which ends every blocked read or write.</li>
 * </ul>
 */
public final class Forwarder {
    /** Bytes per read from the Simulator: also the largest block handed to history at once. */
    static final int FEED_READ_BYTES = 64 * 1024;
    /** A session with nothing to send parks this long unless the feed wakes it first. */
    static final long IDLE_PARK_NANOS = 1_000_000;
    /** How often {@link #run} checks whether the day is done and whether the feed went silent. */
    static final long DONE_CHECK_MILLIS = 5;
    /** How long stopped threads get to finish after their sockets closed. */
    static final long JOIN_MILLIS = 2_000;

    /** One client's session, as the forwarder saw it. */
    public record SessionReport(String name, String peer, long fromSequence, long publishedAtJoin, long delivered,
                                long bytes, double catchUpMillis, long historyReads, boolean completed, String error,
                                boolean feedEndedFirst, boolean joinedLive) {
    }

    /**
     * What the forwarder did.
     *
     * @param announced        the message count the Simulator's day header announced, or -1 if none came
     * @param received         messages received, stored and published (the day ends at the last of them)
     * @param feedBytes        bytes received from the Simulator (whole units)
     * @param feedSeconds      from the Simulator's first byte to the day's last message published
     * @param forwardedBytes   bytes written to all clients
     * @param forwardSeconds   from the first byte written to a client to the last
     * @param sessions         every client session, in subscription order
     * @param errors           one line per problem (a lost client, a cut feed, the history store, the deadline)
     * @param malformed        the one line for a malformed frame from the Simulator, or null
     * @param historyRecorded  messages the history store had stored when the forwarder stopped
     * @param historyFailure   the history store's failure line, or null
     */
    public record Report(long announced, long received, long feedBytes, double feedSeconds, long forwardedBytes,
                         double forwardSeconds, List<SessionReport> sessions, List<String> errors, String malformed,
                         long historyRecorded, String historyFailure) {
    }

    /**
     * What the forwarder stores into, opened for one configuration: the history store, the ring over it (its
     * reads counted per session thread): an mdf-ring rung with the CRC table beside it, or a record ring. Closed
     * together.
     *
     * @param ring    the mdf-ring rung, or null with a record ring
     * @param records the record ring, or null with an mdf-ring rung
     * @param log     the exhibit's log of every message, or null
     */
    public record Stores(String ringId, DayHistory history, CountingHistory counted, MdfRing ring, RecordCrcs crcs, RecordRing records,
                         ConsoleLog log) implements AutoCloseable {
        /**
         * @param dbUrl      the history database (null: H2 in memory)
         * @param journalDir where a journal history goes (null: the temporary folder)
         * @throws IllegalArgumentException naming what could not be opened (a bad URL, an unknown ring)
         */
        public static Stores open(ForwarderConfig config, String dbUrl, Path journalDir) {
            DayHistory history = config.history().open(dbUrl, journalDir);
            try {
                CountingHistory counted = new CountingHistory(history);
                String id = config.ringRung();
                ConsoleLog log = config.logEachMessage() ? new ConsoleLog() : null;
                if (ForwarderConfig.recordRing(id)) {
                    return new Stores(id, history, counted, null, null, RecordRing.named(id, counted), log);
                }
                MdfRing ring = MdfRingLadder.LADDER.resolve(id).factory().create(counted);
                return new Stores(MdfRingLadder.LADDER.resolve(id).id(), history, counted, ring, new RecordCrcs(RingSize.DAY_WINDOW_MESSAGES),
                        null, log);
            } catch (RuntimeException e) {
                history.close();
                throw e;
            }
        }

        /** Closes all; a history store that already failed may fail again to close, which loses nothing more. */
        @Override
        public void close() {
            try {
                if (ring != null) {
                    ring.close();
                }
                if (log != null) {
                    log.close();
                }
            } finally {
                try {
                    history.close();
                } catch (RuntimeException e) {
                    if (history.failure() == null) {
                        throw e;
                    }
                }
            }
        }
    }

    private final ServerSocketChannel server;
    private final ForwarderConfig config;
    private final Stores stores;
    private final int expectedClients;
    private final long deadlineNanos;
    private final Consumer<String> errorLines;
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final List<Session> sessions = new CopyOnWriteArrayList<>();
    private final List<SocketChannel> sockets = new CopyOnWriteArrayList<>();
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
    private volatile long feedProgressNanos;
    private volatile SocketChannel feedChannel;
    private volatile boolean feedSilent;
    /** How long a session's client may take nothing while there is something to send: the liveness limit, read once. */
    private final java.time.Duration sessionStall = Liveness.limit();
    private volatile String historyFailure;

    /**
     * @param server          bound ({@link #listen}); the forwarder accepts on it until {@link #run} returns, then closes it
     * @param config          the feed's reads and the sessions' writes (the stores are opened from it too)
     * @param stores          empty; the feed is the ring's only writer
     * @param expectedClients the day is done when the feed ended and this many sessions ended
     * @param deadlineNanos   {@link System#nanoTime()} by which everything stops
     * @param errorLines      where each error line goes as it happens (e.g. stderr), besides the report
     */
    public Forwarder(ServerSocketChannel server, ForwarderConfig config, Stores stores, int expectedClients, long deadlineNanos,
                     Consumer<String> errorLines) {
        this.server = server;
        this.config = config;
        this.stores = stores;
        this.expectedClients = expectedClients;
        this.deadlineNanos = deadlineNanos;
        this.errorLines = errorLines;
    }

    /** A listening channel for the forwarder; port 0 picks a free one. */
    public static ServerSocketChannel listen(InetSocketAddress bind) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            server.bind(bind);
            return server;
        } catch (IOException e) {
            Sockets.closeQuietly(server);
            throw e;
        }
    }

    /** Serves one day; returns when the feed and {@code expectedClients} sessions ended, or at the deadline. */
    public Report run() throws InterruptedException {
        start("forwarder-acceptor", this::acceptLoop);
        while (!(feedEnded && sessionsEnded.get() >= expectedClients) && System.nanoTime() - deadlineNanos < 0) {
            Thread.sleep(DONE_CHECK_MILLIS);
            watchFeed();
            watchSessions();
        }
        boolean done = feedEnded && sessionsEnded.get() >= expectedClients;
        if (!done) {
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
        if (done) {
            stores.history().finish();
        }
        checkHistory();
        return report();
    }

    /** Clients that subscribed so far (any thread). */
    public int subscriptions() {
        return sessions.size();
    }

    /** Messages published to the sessions so far (any thread). */
    public long published() {
        return published;
    }

    /** A feed that sent nothing for the liveness time is closed: a channel read does not time out by itself. */
    private void watchFeed() {
        SocketChannel channel = feedChannel;
        if (channel != null && !feedEnded && System.nanoTime() - feedProgressNanos > Sockets.LIVENESS_MILLIS * 1_000_000L) {
            feedSilent = true;
            Sockets.closeQuietly(channel);
        }
    }

    /**
     * A session whose client took nothing for the liveness limit while there was something to send (it froze, or
     * stopped reading) is closed: a blocking write does not time out by itself, and the day would otherwise wait for
     * it until the deadline. A slow client still takes bytes, so it is never cut; a caught-up one has nothing to send.
     */
    private void watchSessions() {
        long now = System.nanoTime();
        long limit = sessionStall.toNanos();
        for (Session s : sessions) {
            SessionSender sender = s.sender;
            if (sender == null || !s.joined || s.ended) {
                continue;
            }
            long bytes = sender.bytes();
            if (bytes != s.watchedBytes || s.watchedSince == 0) {
                s.watchedBytes = bytes;
                s.watchedSince = now;
                s.publishedWhenWatched = published;
            } else if (now - s.watchedSince > limit && (published > s.publishedWhenWatched || feedEnded) && !s.stalled) {
                s.stalled = true;
                Sockets.closeQuietly(s.channel);
            }
        }
    }

    private Report report() {
        List<SessionReport> list = new ArrayList<>();
        long bytes = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Session s : sessions) {
            list.add(s.report());
            SessionSender sender = s.sender;
            if (sender != null) {
                bytes += sender.bytes();
                if (sender.firstWriteNanos() != 0) {
                    first = Math.min(first, sender.firstWriteNanos());
                    last = Math.max(last, sender.lastWriteNanos());
                }
            }
        }
        double feedSeconds = feedStartNanos == 0 ? 0 : Math.max(1e-9, (feedEndNanos - feedStartNanos) / 1e9);
        double forwardSeconds = first == Long.MAX_VALUE ? 0 : Math.max(1e-9, (last - first) / 1e9);
        return new Report(announced, published, feedBytes, feedSeconds, bytes, forwardSeconds, list, List.copyOf(errors), malformed,
                stores.history().recorded(), historyFailure);
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
            while (!stopping) {
                SocketChannel channel = server.accept();
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                channel.socket().setSoTimeout(Sockets.LIVENESS_MILLIS);
                sockets.add(channel);
                start("forwarder-connection", () -> classify(channel));
            }
        } catch (IOException e) {
            if (!stopping) {
                error("forwarder: accepting on " + describe(server) + " failed: " + e.getMessage());
            }
        }
    }

    private static String describe(ServerSocketChannel server) {
        try {
            return Sockets.hostPort((InetSocketAddress) server.getLocalAddress());
        } catch (IOException e) {
            return "its port";
        }
    }

    /** Reads the first four bytes: a day file is the Simulator, a subscription a client, anything else is refused. */
    private void classify(SocketChannel channel) {
        String peer = Sockets.hostPort((InetSocketAddress) channel.socket().getRemoteSocketAddress());
        try {
            InputStream in = channel.socket().getInputStream();
            byte[] magic = in.readNBytes(4);
            if (Arrays.equals(magic, DayFile.MAGIC)) {
                if (feedTaken.compareAndSet(false, true)) {
                    Thread.currentThread().setName("forwarder-feed");
                    feed(channel, "simulator " + peer);
                } else {
                    error("forwarder: a second Simulator connected from " + peer + "; one day per run, refused");
                    Sockets.closeQuietly(channel);
                }
            } else if (Arrays.equals(magic, Subscription.MAGIC)) {
                Session session = new Session(channel, Subscription.readAfterMagic(in, "client " + peer), peer);
                Thread.currentThread().setName("forwarder-session-" + session.subscription.name());
                sessions.add(session);
                session.run();
            } else {
                error("connection from " + peer + ":byte 0: expected 'PLMD' (a day from the Simulator) or 'PLSB'"
                        + " (a client's subscription); closed");
                Sockets.closeQuietly(channel);
            }
        } catch (IOException e) {
            if (!stopping) {
                error("forwarder: " + e.getMessage());
            }
            Sockets.closeQuietly(channel);
        }
    }

    // ---- the feed: the ring's only writer ----

    private void feed(SocketChannel channel, String source) {
        feedStartNanos = System.nanoTime();
        feedProgressNanos = feedStartNanos;
        feedChannel = channel;
        FeedBlock block = new FeedBlock(FEED_READ_BYTES);
        StreamVerifier verifier = new StreamVerifier(source, (buf, at, length) -> block.add(at, length), true);
        ByteBuffer buf = config.feed().buffer(FEED_READ_BYTES);
        ByteBuffer appendView = buf.duplicate();
        buf.put(DayFile.MAGIC);
        try {
            BufferReceiver.Source in = config.feed().source(channel);
            while (verifier.days() == 0) {
                block.clear(buf);
                int n = buf.hasRemaining() ? in.read(buf) : 0;
                if (n < 0) {
                    break;
                }
                feedProgressNanos = System.nanoTime();
                buf.flip();
                try {
                    verifier.consume(buf);
                } finally {
                    publishBlock(verifier, block, appendView);
                    buf.compact();
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
            if (feedSilent) {
                error(source + " sent nothing for " + Sockets.LIVENESS_MILLIS / 1000 + " s; the day ends after " + published + " messages");
            } else if (!stopping) {
                error(Sockets.describeFailure(e, source) + "; the day ends after " + published + " messages");
            }
        } catch (RuntimeException e) {
            error("forwarder: storing the day failed after " + published + " messages: " + e.getMessage());
        } finally {
            feedEndNanos = System.nanoTime();
            feedEnded = true;
            joinHeldSessions(true);
            wakeSessions();
            Sockets.closeQuietly(channel);
        }
    }

    /**
     * History first, then the CRC table, then the ring, then the count sessions read: a message is published only
     * once it is stored (a store that writes behind has it queued, and makes a reader wait for it).
     */
    private void publishBlock(StreamVerifier verifier, FeedBlock block, ByteBuffer view) {
        if (announced < 0 && verifier.dayMessages() >= 0) {
            announced = verifier.dayMessages();
        }
        feedBytes = verifier.bytes();
        block.keepInSequence(published + 1);
        int n = block.count();
        if (n == 0) {
            return;
        }
        if (historyFailure == null) {
            try {
                stores.history().recordBlock(block);
            } catch (RuntimeException | Error e) {
                // An Error from the store (a driver's assert) is the store's failure too: the day goes on from the ring.
                historyFailed(WrittenBehind.describe(e));
            }
            checkHistory();
        }
        if (stores.log() != null) {
            stores.log().block(block);
        }
        if (stores.records() != null) {
            stores.records().append(block);
        } else {
            long seq = block.firstSequence();
            MdfRing ring = stores.ring();
            RecordCrcs crcs = stores.crcs();
            for (int i = 0; i < n; i++) {
                int at = block.messageAt(i);
                crcs.store(seq + i, block.crc(i));
                view.clear().position(at).limit(at + block.length(i));
                ring.append(view);
            }
        }
        published += n;
        joinHeldSessions(false);
        wakeSessions();
    }

    /**
     * The feed thread starts the sessions whose join point it just published (or all that wait, at the day's end):
     * a held session joins at the moment the day reaches its point, whenever its own thread next runs.
     */
    private void joinHeldSessions(boolean dayEnded) {
        long now = published;
        for (Session s : sessions) {
            if (!s.joined && (dayEnded || now >= s.subscription.joinAtMessage()) && announced >= 0) {
                s.join(now);
            }
        }
    }

    /** Reports a history store that failed on its own thread (once). */
    private void checkHistory() {
        String failure = stores.history().failure();
        if (failure != null) {
            historyFailed(failure);
        }
    }

    private synchronized void historyFailed(String reason) {
        if (historyFailure != null) {
            return;
        }
        historyFailure = reason;
        error("forwarder: the history store failed with " + stores.history().recorded() + " messages stored (" + reason
                + "); the clients go on from the ring");
    }

    private void wakeSessions() {
        for (Session s : sessions) {
            LockSupport.unpark(s.thread);
        }
    }

    // ---- a client's session ----

    private final class Session {
        private final SocketChannel channel;
        private final Subscription subscription;
        private final String peer;
        private volatile Thread thread;
        private volatile SessionSender sender;
        private volatile boolean joined;
        private volatile long joinNanos;
        private volatile long publishedAtJoin = -1;
        private volatile boolean joinedLive;
        private volatile double catchUpMillis = Double.NaN;
        private volatile long historyReads;
        private volatile boolean completed;
        private volatile boolean feedEndedFirst;
        private volatile String error;
        private volatile boolean ended;
        /** Set by {@link #watchSessions} when it closed this session: its client took nothing for the liveness limit. */
        private volatile boolean stalled;
        // read and written by the thread that runs watchSessions only
        private long watchedBytes;
        private long watchedSince;
        private long publishedWhenWatched;

        Session(SocketChannel channel, Subscription subscription, String peer) {
            this.channel = channel;
            this.subscription = subscription;
            this.peer = peer;
            this.thread = Thread.currentThread();
        }

        void run() {
            try {
                thread = Thread.currentThread();
                sender = config.send().open(channel.socket(), stores.crcs());
                serve();
                completed = true;
            } catch (IOException | RuntimeException e) {
                Throwable cause = e instanceof java.io.UncheckedIOException ? e.getCause() : e;
                String what = stalled
                        ? "client " + subscription.name() + " " + peer + " took nothing for " + sessionStall.toSeconds()
                                + " s (it froze or stopped reading); its session closed"
                        : cause instanceof IOException io ? Sockets.describeFailure(io, "client " + subscription.name() + " " + peer)
                        : "client " + subscription.name() + " " + peer + ": " + cause.getMessage();
                if (!stopping) {
                    error(what + " after " + delivered() + " messages; the other clients go on");
                }
                error = what;
            } finally {
                feedEndedFirst = feedEnded;
                historyReads = stores.counted().readsOnThisThread();
                SessionSender s = sender;
                if (s != null) {
                    Sockets.closeQuietly(s::close);
                }
                Sockets.closeQuietly(channel);
                ended = true;
                sessionsEnded.incrementAndGet();
            }
        }

        /** The session's join: now, with {@code publishedNow} messages out; the first call (feed or session thread) wins. */
        synchronized void join(long publishedNow) {
            if (joined) {
                return;
            }
            joinNanos = System.nanoTime();
            publishedAtJoin = publishedNow;
            joinedLive = !feedEnded && publishedNow < announced;
            joined = true;
            LockSupport.unpark(thread);
        }

        private long delivered() {
            return sender == null ? 0 : sender.delivered();
        }

        /** Waits for the day's header and the subscription's join point; then delivers from the ring until the day is out. */
        private void serve() throws IOException {
            while (announced < 0 && !feedEnded && !stopping) {
                LockSupport.parkNanos(IDLE_PARK_NANOS);
            }
            if (announced < 0) {
                throw new IOException("no day arrived from the Simulator");
            }
            long joinAt = Math.min(subscription.joinAtMessage(), announced);
            while (!joined && !stopping) {
                if (published >= joinAt || feedEnded) {
                    join(published);
                } else {
                    LockSupport.parkNanos(IDLE_PARK_NANOS);
                }
            }
            long from = subscription.fromSequence();
            long count = Math.max(0, announced - (from - 1));
            sender.start(stores, from);
            sender.header(DayFile.header(count));
            while (!stopping) {
                boolean ended = feedEnded;
                long upTo = published;
                if (sender.nextSequence() > upTo && ended) {
                    break;
                }
                int n = sender.poll();
                if (Double.isNaN(catchUpMillis) && sender.nextSequence() > publishedAtJoin) {
                    catchUpMillis = (System.nanoTime() - joinNanos) / 1e6;
                }
                if (n == 0) {
                    LockSupport.parkNanos(IDLE_PARK_NANOS);
                }
            }
            if (stopping) {
                throw new IOException("stopped at the deadline");
            }
            sender.end();
            channel.shutdownOutput();
        }

        SessionReport report() {
            SessionSender s = sender;
            return new SessionReport(subscription.name(), peer, subscription.fromSequence(), publishedAtJoin, delivered(),
                    s == null ? 0 : s.bytes(), catchUpMillis, historyReads, completed, error, feedEndedFirst, joinedLive);
        }
    }
}
