package dev.perflab.cli.forwarder;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.HostPort;
import dev.perflab.base.LabException;
import dev.perflab.cli.component.RungOption;
import dev.perflab.forwarder.Forwarder;
import dev.perflab.forwarder.ForwarderConfig;
import dev.perflab.forwarder.ForwarderLadder;
import dev.perflab.forwarder.WarmUp;
import dev.perflab.ladder.Entry;
import dev.perflab.mdf.MdfRingLadder;
import dev.perflab.net.Sockets;
import dev.perflab.scenario.RoleProtocol;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab forwarder forwarder}: the MDF of report 000 ({@link Forwarder}) as a process. Listens on one port for
 * the Simulator and the clients, stores the day (history, then a ring rung), forwards it, and ends when the day
 * ended and {@code --clients} clients were served (or at the deadline). {@code --rung} picks the forwarder's path
 * (history store, feed reads, session writes, ring) from a configuration of {@code ./lab run forwarder}.
 *
 * <p>Exit 0: the day came whole and every client was served; 2: the Simulator sent a malformed frame (one line
 * {@code simulator HOST:PORT:byte OFFSET: problem}); 1: anything else went wrong (a lost client, a cut day, the
 * history store failing, the deadline), each one line on stderr.
 */
@Command(name = "forwarder", mixinStandardHelpOptions = true, description = {
        "The market-data forwarder: receives one day from the simulator, stores it and sends it to every client.",
        "The day comes from ./lab forwarder simulator; it is stored in the history and the ring, and each",
        "./lab forwarder client gets it from the sequence it asks for. Prints 'listening on HOST:PORT', 'flowing' once",
        "--await-subscribers clients subscribed, a line per client and a 'summary {json}' line.",
        "--rung: the configuration whose forwarder to run (./lab list forwarder): its history store, feed, sessions and ring."})
public final class ForwarderCommand implements Callable<Integer> {
    static final int DEFAULT_PORT = 7411;
    static final int DEFAULT_DEADLINE_SECONDS = 300;
    static final int MAX_CLIENTS = 64;
    private static final long SUBSCRIBER_CHECK_MILLIS = 2;

    @Spec
    CommandSpec spec;

    @Option(names = "--bind", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:" + DEFAULT_PORT, converter = HostPort.class,
            description = "Where the Simulator and the clients connect (port 0 = any free port). Default: ${DEFAULT-VALUE}.")
    InetSocketAddress bind;

    @Mixin
    RungOption rung = RungOption.defaultingTo("tuned");

    @Option(names = "--ring", paramLabel = "ID",
            description = "Store into this mdf-ring rung instead of the configuration's (./lab list mdf-ring), e.g. r0 for the report's window of 5,000 messages.")
    String ring;

    @Option(names = "--clients", paramLabel = "K", defaultValue = "1",
            description = "Clients to serve before ending (1.." + MAX_CLIENTS + "). Default: ${DEFAULT-VALUE}.")
    int clients;

    @Option(names = "--await-subscribers", paramLabel = "N", defaultValue = "0",
            description = "Print 'flowing' once N clients subscribed (what ./lab run forwarder waits for before starting the Simulator).")
    int awaitSubscribers;

    @Option(names = "--db-url", paramLabel = "JDBC_URL", description = "History database, or the journal's index (default: an in-memory H2 database).")
    String dbUrl;

    @Option(names = "--journal-dir", paramLabel = "DIR", description = "Where a journal history writes its file (default: the temporary folder; deleted at the end).")
    Path journalDir;

    @Option(names = "--deadline-seconds", paramLabel = "S", defaultValue = "" + DEFAULT_DEADLINE_SECONDS,
            description = "Stop everything after S seconds. Default: ${DEFAULT-VALUE}.")
    double deadlineSeconds;

    @Override
    public Integer call() throws Exception {
        ForwarderRoles.noteIfFormer(spec);
        if (clients < 1 || clients > MAX_CLIENTS || awaitSubscribers < 0 || awaitSubscribers > clients || deadlineSeconds <= 0) {
            throw new LabException("--clients must be 1.." + MAX_CLIENTS + ", --await-subscribers 0..clients, --deadline-seconds > 0");
        }
        Entry<ForwarderConfig> entry = ForwarderLadder.LADDER.resolve(rung.one());
        ForwarderConfig config = ring == null ? entry.factory() : entry.factory().withRing(MdfRingLadder.LADDER.resolve(ring).id());
        if (journalDir != null && !Files.isDirectory(journalDir)) {
            throw new LabException("--journal-dir " + journalDir + ": no such folder");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ForwarderRoles.warmUp(spec, "forwarder", "through the same path", config.warmUpMessages(), m -> WarmUp.run(config, m));
        // the deadline runs from here: opening the history (a database that never answers) counts against it
        long deadline = System.nanoTime() + (long) (deadlineSeconds * 1e9);
        Forwarder.Stores stores = openStores(config, deadline);
        ServerSocketChannel server;
        try {
            server = Forwarder.listen(bind);
        } catch (IOException e) {
            stores.close();
            throw new LabException("forwarder: cannot listen on " + Sockets.hostPort(bind) + ": " + e.getMessage());
        }
        Forwarder.Report report;
        try (stores; server) {
            Forwarder forwarder = new Forwarder(server, config, stores, clients,
                    deadline, line -> {
                        synchronized (err) {
                            err.println(line);
                            err.flush();
                        }
                    });
            RoleProtocol.printListening(out, (InetSocketAddress) server.getLocalAddress());
            announceSubscribers(forwarder, out);
            report = forwarder.run();
        }
        print(entry.id(), config.ringRung(), report, out);
        return report.malformed() != null ? LabException.BAD_INPUT : report.errors().isEmpty() ? 0 : LabException.CHECK_FAILED;
    }

    /**
     * The history and ring, opened before {@code deadline} or not at all: a database that accepts and never answers
     * ends the role in one line when the deadline passes (the database's own time limits, {@link
     * dev.perflab.net.JdbcLimits}, may end it sooner).
     */
    private Forwarder.Stores openStores(ForwarderConfig config, long deadline) throws InterruptedException {
        java.util.concurrent.CompletableFuture<Forwarder.Stores> opening = new java.util.concurrent.CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                opening.complete(Forwarder.Stores.open(config, dbUrl, journalDir));
            } catch (RuntimeException e) {
                opening.completeExceptionally(e);
            }
        }, "forwarder-open-history");
        t.setDaemon(true);
        t.start();
        try {
            return opening.get(Math.max(0, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            // a store that still opens later is closed, not leaked
            opening.thenAccept(Forwarder.Stores::close);
            throw new LabException("forwarder: --deadline-seconds " + trim(deadlineSeconds) + " passed while opening the history"
                    + (dbUrl != null ? " (--db-url " + dbUrl + "): the database did not answer" : ""));
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof IllegalArgumentException) {
                throw new LabException((dbUrl != null ? "--db-url: " : "") + e.getCause().getMessage());
            }
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    private static String trim(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
    }

    /** Prints 'flowing' (the role protocol's evidence of flow) once the awaited clients subscribed. */
    private void announceSubscribers(Forwarder forwarder, PrintWriter out) {
        if (awaitSubscribers == 0) {
            RoleProtocol.printFlowing(out);
            return;
        }
        Thread t = new Thread(() -> {
            try {
                while (forwarder.subscriptions() < awaitSubscribers) {
                    Thread.sleep(SUBSCRIBER_CHECK_MILLIS);
                }
                RoleProtocol.printFlowing(out);
            } catch (InterruptedException e) {
                // the process is ending
            }
        }, "forwarder-subscribers");
        t.setDaemon(true);
        t.start();
    }

    private void print(String rungId, String ringId, Forwarder.Report r, PrintWriter out) {
        double feedMb = r.feedBytes() / ForwarderScenario.BYTES_PER_MB / Math.max(1e-9, r.feedSeconds());
        double sendMb = r.forwardedBytes() / ForwarderScenario.BYTES_PER_MB / Math.max(1e-9, r.forwardSeconds());
        out.printf("forwarder %s (ring %s): received %,d of %,d messages (%,d bytes) in %.3f s, %,.1f MB/s; sent %,d bytes to %d client(s), %,.1f MB/s;"
                + " history stored %,d%s%n", rungId, ringId, r.received(), Math.max(0, r.announced()), r.feedBytes(), r.feedSeconds(), feedMb,
                r.forwardedBytes(), r.sessions().size(), sendMb, r.historyRecorded(), r.historyFailure() == null ? "" : " (failed)");
        ObjectNode summary = RoleProtocol.summary("forwarder").put("rung", rungId).put("ring", ringId).put("announced", r.announced())
                .put("received", r.received()).put("bytes", r.feedBytes()).put("feed_seconds", r.feedSeconds())
                .put("mb_per_s", feedMb).put("messages_per_s", r.received() / Math.max(1e-9, r.feedSeconds()))
                .put("forwarded_bytes", r.forwardedBytes()).put("forward_seconds", r.forwardSeconds()).put("send_mb_per_s", sendMb)
                .put("malformed", r.malformed()).put("errors", r.errors().size())
                .put("history_recorded", r.historyRecorded()).put("history_failure", r.historyFailure());
        ArrayNode sessions = summary.putArray("clients");
        for (Forwarder.SessionReport s : r.sessions()) {
            out.printf("  client %s (%s): %,d messages from %,d, %,d bytes; joined with %,d published%s, caught up in %s; %,d from history%s%n",
                    s.name(), s.peer(), s.delivered(), s.fromSequence(), s.bytes(), s.publishedAtJoin(), s.joinedLive() ? " (day live)" : "",
                    Double.isNaN(s.catchUpMillis()) ? "-" : String.format("%.1f ms", s.catchUpMillis()), s.historyReads(),
                    s.completed() ? "" : "; " + s.error());
            sessions.addObject().put("name", s.name()).put("delivered", s.delivered()).put("bytes", s.bytes())
                    .put("from", s.fromSequence()).put("published_at_join", s.publishedAtJoin())
                    .put("catch_up_ms", s.catchUpMillis()).put("history_reads", s.historyReads()).put("joined_live", s.joinedLive())
                    .put("completed", s.completed()).put("error", s.error());
        }
        RoleProtocol.printSummary(out, summary);
    }
}
