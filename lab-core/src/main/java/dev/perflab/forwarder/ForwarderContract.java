package dev.perflab.forwarder;

import dev.perflab.io.Scratch;
import dev.perflab.ladder.Check;
import dev.perflab.ladder.Contract;
import dev.perflab.net.Sockets;
import dev.perflab.pump.WireDay;
import java.io.OutputStream;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * What every configuration of the forwarder must do, in one JVM over loopback ({@link LoopbackDay}): the
 * whole day reaches every client, a joiner that joins mid-day and a late joiner once, in order; a slow client
 * does not hold the feed; a client that quits stops no one else; a Simulator that disconnects mid-day ends the
 * day at its last whole message; a malformed frame is one line with its byte offset; the history store failing
 * mid-day is one line and the clients still get every message the ring holds. Liveness bounds only, no timing.
 * {@code ForwarderContractTest} and {@code ./lab check forwarder --rung ID} run these same checks.
 */
public final class ForwarderContract implements Contract<ForwarderConfig> {
    /**
     * A small day: every check runs on every configuration (30 loopback days in {@code ForwarderContractTest}),
     * and what they prove (order, completeness, who waits for whom, where a fault lands) does not need more.
     * Lapping a slow client past the report's 5,000-message window needs a bigger day: {@code ForwarderFaultsTest}.
     */
    static final int MESSAGES = 2_000;
    static final long SEED = 13;
    /** Where the broken feeds break: well inside the day, past the first socket buffers' worth. */
    static final int FAULT_AT = 1_200;
    /** The day of the history-failure check: 2.2 MB, past a journal's next index row after {@link #FAULT_AT}. */
    static final int HISTORY_FAULT_MESSAGES = 8_000;
    /** A slow client parks this long per message (at least a timer tick, ~60 µs, in practice): 0.2 s a day or more. */
    static final long SLOW_NANOS_PER_MESSAGE = 100_000;
    static final Duration DEADLINE = Duration.ofSeconds(60);

    @Override
    public List<Check> checks(ForwarderConfig config) {
        return List.of(
                new Check("wholeDayReachesEveryClientAndTheLateJoiner", () -> wholeDay(config)),
                new Check("aSlowClientDoesNotHoldTheFeed", () -> slowClient(config)),
                new Check("aClientThatQuitsStopsNoOtherClient", () -> quitter(config)),
                new Check("simulatorDisconnectingEndsTheDayAtItsLastWholeMessage", () -> cutFeed(config)),
                new Check("aMalformedFrameIsOneLineWithItsByteOffset", () -> malformed(config)),
                new Check("theHistoryStoreFailingMidDayIsOneLineAndTheClientsGoOnFromTheRing", () -> historyFails(config)));
    }

    @FunctionalInterface
    private interface DayBody {
        void run(WireDay day) throws Exception;
    }

    private static void withDay(DayBody body) throws Exception {
        withDay(MESSAGES, body);
    }

    private static void withDay(int messages, DayBody body) throws Exception {
        Path file = Scratch.file("forwarder-contract", ".bin");
        try {
            body.run(WireDay.generate(messages, SEED, file));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void wholeDay(ForwarderConfig config) throws Exception {
        withDay(day -> {
            LoopbackDay.Outcome o = LoopbackDay.run(config, List.of(LoopbackDay.ClientPlan.onTime("a"),
                    LoopbackDay.ClientPlan.onTime("b"), LoopbackDay.ClientPlan.midDay("mid", MESSAGES / 2),
                    LoopbackDay.ClientPlan.late("late")), LoopbackDay.simulator(config, day), DEADLINE);
            requireDay(o.forwarder(), MESSAGES);
            for (ClientStream.Result c : o.clients()) {
                requireComplete(c, MESSAGES);
            }
            Forwarder.SessionReport mid = session(o.forwarder(), "mid");
            if (mid.publishedAtJoin() < MESSAGES / 2) {
                throw new AssertionError("the mid-day joiner was served before its join point: " + mid);
            }
        });
    }

    private static void slowClient(ForwarderConfig config) throws Exception {
        withDay(day -> {
            LoopbackDay.Outcome o = LoopbackDay.run(config, List.of(LoopbackDay.ClientPlan.onTime("fast"),
                    LoopbackDay.ClientPlan.slow("slow", SLOW_NANOS_PER_MESSAGE)), LoopbackDay.simulator(config, day), DEADLINE);
            requireDay(o.forwarder(), MESSAGES);
            o.clients().forEach(c -> requireComplete(c, MESSAGES));
            Forwarder.SessionReport slow = session(o.forwarder(), "slow");
            if (!slow.feedEndedFirst()) {
                throw new AssertionError("the feed ended only after the slow client had its day: it was held back");
            }
        });
    }

    private static void quitter(ForwarderConfig config) throws Exception {
        withDay(day -> {
            LoopbackDay.Outcome o = LoopbackDay.run(config, List.of(LoopbackDay.ClientPlan.quitter("quitter"),
                    LoopbackDay.ClientPlan.onTime("stays"), LoopbackDay.ClientPlan.late("late")), LoopbackDay.simulator(config, day), DEADLINE);
            if (o.forwarder().received() != MESSAGES) {
                throw new AssertionError("the forwarder received " + o.forwarder().received() + " of " + MESSAGES + " messages");
            }
            requireComplete(o.clients().get(1), MESSAGES);
            requireComplete(o.clients().get(2), MESSAGES);
            if (o.forwarder().errors().stream().anyMatch(e -> e.contains("deadline"))) {
                throw new AssertionError("the forwarder waited for the deadline: " + o.forwarder().errors());
            }
        });
    }

    private static void cutFeed(ForwarderConfig config) throws Exception {
        withDay(day -> {
            int cut = day.recordOffset(FAULT_AT) + 10;
            LoopbackDay.Outcome o = LoopbackDay.run(config, List.of(LoopbackDay.ClientPlan.onTime("a"),
                    LoopbackDay.ClientPlan.late("late")), to -> raw(to, Arrays.copyOf(day.image(), cut)), DEADLINE);
            Forwarder.Report f = o.forwarder();
            if (f.received() != FAULT_AT || f.malformed() != null
                    || f.errors().stream().noneMatch(e -> e.contains("disconnected after " + FAULT_AT + " of " + MESSAGES))) {
                throw new AssertionError("expected the day to end at message " + FAULT_AT + " with one line saying the Simulator"
                        + " disconnected; got " + f.received() + " messages, errors " + f.errors());
            }
            for (ClientStream.Result c : o.clients()) {
                if (c.received() != FAULT_AT || c.duplicates() != 0 || c.reorderings() != 0 || c.error() == null
                        || !c.error().contains("stream ended inside day 1 after message " + FAULT_AT)) {
                    throw new AssertionError("a client should have every message up to " + FAULT_AT + " and a stream that ends there; got " + c);
                }
            }
        });
    }

    private static void malformed(ForwarderConfig config) throws Exception {
        withDay(day -> {
            byte[] bad = day.image().clone();
            int at = day.recordOffset(FAULT_AT);
            bad[at + 4 + 40] ^= 1;
            LoopbackDay.Outcome o = LoopbackDay.run(config, List.of(LoopbackDay.ClientPlan.onTime("a")),
                    to -> raw(to, bad), DEADLINE);
            Forwarder.Report f = o.forwarder();
            String expected = ":byte " + at + ": message " + (FAULT_AT + 1) + " of day 1 fails its CRC-32C";
            if (f.malformed() == null || !f.malformed().contains(expected) || f.received() != FAULT_AT) {
                throw new AssertionError("expected '" + expected + "' after " + FAULT_AT + " messages; got " + f.malformed()
                        + " after " + f.received());
            }
            if (o.clients().get(0).received() != FAULT_AT) {
                throw new AssertionError("the client should still get the " + FAULT_AT + " good messages; got " + o.clients().get(0));
            }
        });
    }

    /**
     * The history database is shut down (as a closed database or a full disk stops it) once the forwarder has
     * published {@value #FAULT_AT} messages: one error line names the store, the day goes on from the ring, and
     * every client, one joining right then too, gets all of it. With a journal the day is
     * {@value #HISTORY_FAULT_MESSAGES} messages: its index takes a row per MiB, so its database is written again
     * only a MiB later (every journal configuration's ring holds such a day); otherwise {@value #MESSAGES}, which
     * the report's 5,000-message window holds too.
     */
    private static void historyFails(ForwarderConfig config) throws Exception {
        String url = "jdbc:h2:mem:forwarder-contract-history-" + HISTORY_DATABASES.incrementAndGet();
        int messages = config.history() == ForwarderConfig.History.JOURNAL ? HISTORY_FAULT_MESSAGES : MESSAGES;
        try (Connection keeper = DriverManager.getConnection(url)) {
            withDay(messages, day -> {
                LoopbackDay.Outcome o = LoopbackDay.run(config, List.of(LoopbackDay.ClientPlan.onTime("a"),
                        LoopbackDay.ClientPlan.onTime("b"), LoopbackDay.ClientPlan.midDay("mid", FAULT_AT)), (to, forwarder) -> {
                    try (Socket socket = Sockets.open(to)) {
                        OutputStream out = socket.getOutputStream();
                        int half = day.recordOffset(FAULT_AT);
                        out.write(day.image(), 0, half);
                        out.flush();
                        awaitPublished(forwarder, FAULT_AT);
                        shutDown(keeper);
                        out.write(day.image(), half, day.bytes() - half);
                    }
                }, DEADLINE, url);
                Forwarder.Report f = o.forwarder();
                List<String> historyLines = f.errors().stream().filter(e -> e.contains("history store failed")).toList();
                if (f.received() != messages || f.historyFailure() == null || historyLines.size() != 1 || f.errors().size() != 1) {
                    throw new AssertionError("expected the whole day received and one line naming the failed history store; got "
                            + f.received() + " messages, errors " + f.errors() + ", history stored " + f.historyRecorded()
                            + " messages, its failure " + f.historyFailure());
                }
                for (ClientStream.Result c : o.clients()) {
                    requireComplete(c, messages);
                }
            });
        }
    }

    private static final java.util.concurrent.atomic.AtomicLong HISTORY_DATABASES = new java.util.concurrent.atomic.AtomicLong();

    /** H2's error codes for a statement on a database, or a connection, that is closed already. */
    private static final java.util.Set<Integer> H2_CLOSED = java.util.Set.of(90098, 90121, 90007);

    /**
     * Shuts the history database down. H2 can refuse a {@code SHUTDOWN} that races a commit of the forwarder's store
     * (an {@code MVStoreException}, "Transaction was illegally transitioned from ROLLED_BACK to COMMITTED"); the feed
     * then stopped half-way and the check failed on the test's own step, not the forwarder. Another try shuts it, or
     * finds it closed.
     */
    private static void shutDown(Connection keeper) throws java.io.IOException {
        java.sql.SQLException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            try (Statement s = keeper.createStatement()) {
                s.execute("SHUTDOWN");
                return;
            } catch (java.sql.SQLException e) {
                if (H2_CLOSED.contains(e.getErrorCode())) {
                    return;
                }
                last = e;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new java.io.IOException("could not shut the history database down: " + (last == null ? "interrupted" : last.getMessage()), last);
    }

    private static void awaitPublished(Forwarder forwarder, long messages) throws java.io.IOException {
        long deadline = System.nanoTime() + DEADLINE.toNanos() / 2;
        while (forwarder.published() < messages) {
            if (System.nanoTime() - deadline > 0) {
                throw new java.io.IOException("the forwarder published " + forwarder.published() + " of the first " + messages + " messages");
            }
            java.util.concurrent.locks.LockSupport.parkNanos(100_000);
        }
    }

    private static Forwarder.SessionReport session(Forwarder.Report f, String name) {
        return f.sessions().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no session for client " + name));
    }

    private static void raw(java.net.InetSocketAddress to, byte[] bytes) throws java.io.IOException {
        try (Socket socket = Sockets.open(to)) {
            OutputStream out = socket.getOutputStream();
            out.write(bytes);
        }
    }

    private static void requireDay(Forwarder.Report f, long messages) {
        if (f.received() != messages || !f.errors().isEmpty() || f.malformed() != null) {
            throw new AssertionError("the forwarder received " + f.received() + " of " + messages + " messages; errors " + f.errors());
        }
    }

    private static void requireComplete(ClientStream.Result c, long messages) {
        if (!c.complete() || c.received() != messages) {
            throw new AssertionError("a client did not get the whole day once, in order: " + c);
        }
    }
}
