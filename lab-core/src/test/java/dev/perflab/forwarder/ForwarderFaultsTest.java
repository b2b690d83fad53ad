package dev.perflab.forwarder;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.pump.StreamVerifier;
import dev.perflab.pump.WireDay;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forwarder's faults beyond the contract: a slow client and a late joiner on the report's 5,000-message
 * window continue from the H2 history; a forwarder whose Simulator never comes stops at its deadline; bad
 * subscriptions are one line with an offset; the audit counts gaps, duplicates and reorderings; the paced
 * Simulator's stamped messages still pass every check. Liveness bounds only.
 */
@Timeout(120)
class ForwarderFaultsTest {
    @TempDir
    Path dir;

    /**
     * A frozen client (it subscribed, then reads nothing and keeps its socket open) is cut by the forwarder once it
     * took nothing for the liveness limit, in a line naming it; the other client gets the whole day and the day ends
     * then, not at the deadline. Before the forwarder watched its sessions, the frozen one's blocked write held the
     * day until the deadline (60 s here), which the timeout below would fail.
     */
    @Test
    @Timeout(40)
    void aFrozenClientIsCutAfterTheLivenessLimitAndTheDayEnds() throws Exception {
        System.setProperty(dev.perflab.net.Liveness.PROPERTY, "2");
        try {
            // a day larger than the loopback socket's buffers on both sides, so the frozen client's writes block
            WireDay day = WireDay.generate(200_000, 7, dir.resolve("day.bin"));
            ForwarderConfig config = ForwarderLadder.LADDER.resolve("r2").factory();
            LoopbackDay.Outcome o = LoopbackDay.run(config, List.of(LoopbackDay.ClientPlan.onTime("live"),
                    LoopbackDay.ClientPlan.frozen("frozen")), LoopbackDay.simulator(config, day), Duration.ofSeconds(60));
            assertTrue(o.clients().get(0).complete(), o.clients().get(0).toString());
            String errors = o.forwarder().errors().toString();
            assertTrue(errors.contains("client frozen") && errors.contains("took nothing for 2 s"), errors);
            assertTrue(errors.lines().noneMatch(l -> l.contains("deadline")), errors);
        } finally {
            System.clearProperty(dev.perflab.net.Liveness.PROPERTY);
        }
    }

    @Test
    void aSlowClientAndALateJoinerOnTheSmallWindowContinueFromHistory() throws Exception {
        WireDay day = WireDay.generate(30_000, 5, dir.resolve("day.bin"));
        ForwarderConfig config = ForwarderLadder.LADDER.resolve("x-window-5000-db").factory();
        LoopbackDay.Outcome o = LoopbackDay.run(config, List.of(LoopbackDay.ClientPlan.onTime("fast"),
                LoopbackDay.ClientPlan.slow("slow", 100_000), LoopbackDay.ClientPlan.late("late")),
                LoopbackDay.simulator(config, day), Duration.ofSeconds(90));
        assertEquals(30_000, o.forwarder().received(), o.forwarder().errors().toString());
        for (ClientStream.Result c : o.clients()) {
            assertTrue(c.complete(), c.toString());
        }
        for (Forwarder.SessionReport s : o.forwarder().sessions()) {
            if (!s.name().equals("fast")) {
                assertTrue(s.historyReads() > 0, s.name() + " should have read from history: " + s);
            }
        }
    }

    /**
     * Each history store and sender of the rungs after r2, on the report's 5,000-message window (mdf-ring's r0 under
     * r3–r6, the record ring's under r7): a slow client is lapped and continues from that store (behind the feed: it
     * waits for what was not stored yet), and a late joiner reads most of the day from it; every client gets the
     * whole day once, in order.
     */
    @ParameterizedTest(name = "{0} on a 5,000-message window")
    @ValueSource(strings = {"r3-history-behind", "r4-journal-history", "r5-forwarded-crc", "r6-direct-receive", "r7-record-spans"})
    void everyNewRungsStoreServesALappedSlowClientAndALateJoiner(String rung) throws Exception {
        WireDay day = WireDay.generate(30_000, 6, dir.resolve("day.bin"));
        ForwarderConfig rungConfig = ForwarderLadder.LADDER.resolve(rung).factory();
        ForwarderConfig config = rungConfig.withRing(ForwarderConfig.recordRing(rungConfig.ringRung()) ? RecordRing.WINDOW_5000
                : "r0-synchronized-window-db");
        LoopbackDay.Outcome o = null;
        for (int attempt = 1; attempt <= TORN_SPAN_ATTEMPTS; attempt++) {
            o = LoopbackDay.run(config, List.of(LoopbackDay.ClientPlan.onTime("fast"),
                    LoopbackDay.ClientPlan.slow("slow", 100_000), LoopbackDay.ClientPlan.late("late")),
                    LoopbackDay.simulator(config, day), Duration.ofSeconds(90));
            if (!onlyTornSpanResets(o.forwarder().errors())) {
                break;
            }
            System.out.println(rung + ": day " + attempt + " reset a client whose span was overwritten while it was sent"
                    + " (the record ring's documented answer when a sender thread is descheduled for a whole window); "
                    + "running the day again: " + o.forwarder().errors());
        }
        assertEquals(30_000, o.forwarder().received(), o.forwarder().errors().toString());
        assertTrue(o.forwarder().errors().isEmpty(), o.forwarder().errors().toString());
        for (ClientStream.Result c : o.clients()) {
            assertTrue(c.complete(), c.toString());
        }
        for (Forwarder.SessionReport s : o.forwarder().sessions()) {
            if (!s.name().equals("fast")) {
                assertTrue(s.historyReads() > 0, s.name() + " should have read from history: " + s);
            }
        }
    }

    /**
     * A sender thread descheduled while the writer laps its whole window sends a span that was overwritten under it;
     * the record ring can only reset that client ({@link RecordRing.Reader.Lapped}). On a loaded machine with few cores even the
     * on-time client can be descheduled that long, so a day whose only errors are such resets is run again; any other
     * error, or resets on every attempt, fails.
     */
    private static final int TORN_SPAN_ATTEMPTS = 3;

    private static boolean onlyTornSpanResets(List<String> errors) {
        return !errors.isEmpty() && errors.stream().allMatch(e -> e.contains("the ring overwrote") && e.contains("resetting the client"));
    }

    /** The tuned rung's warm-up runs a whole day through the same path (a day that goes wrong throws). */
    @Test
    void theWarmUpDayRunsTheTunedPathToTheEnd() {
        ForwarderConfig tuned = ForwarderLadder.LADDER.tuned().factory();
        assertTrue(tuned.warmUpMessages() > 0, "the tuned rung warms up");
        assertDoesNotThrow(() -> WarmUp.run(tuned, 3_000));
    }

    /** The instruments of every rung warm up too: a client reads and checks a whole day from memory, a paced Simulator frames one. */
    @Test
    void theClientAndThePacedSimulatorWarmUpOnWholeDays() {
        assertDoesNotThrow(() -> ClientStream.warmUp(3_000));
        assertDoesNotThrow(() -> PacedSender.warmUp(3_000));
    }

    /** A client's warm-up round checks what it reads as a real read does: a bad CRC in the day is named, not warmed over. */
    @Test
    void theClientsWarmUpRoundChecksEveryRecord() throws Exception {
        Path file = dir.resolve("warm.bin");
        WireDay good = WireDay.generate(500, 3, file);
        assertDoesNotThrow(() -> ClientStream.readFromMemory(good));
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        bytes[good.recordOffset(250) - 1] ^= 0x40;   // the last byte of record 249's CRC-32C
        java.nio.file.Files.write(file, bytes);
        assertThrows(dev.perflab.marketdata.MdfFormatException.class, () -> ClientStream.readFromMemory(WireDay.load(file)));
    }

    /** A warm-up round that fails is the warm-up's failure: no later round hides it. */
    @Test
    void aWarmUpRoundThatFailsStopsTheWarmUp() {
        int[] rounds = {0};
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> WarmUp.untilQuiet(100, day -> {
            rounds[0]++;
            throw new IllegalStateException("round " + rounds[0] + " of " + day.messages());
        }));
        assertEquals("round 1 of 100", e.getMessage());
    }

    @Test
    void aForwarderWhoseSimulatorNeverComesStopsAtItsDeadline() throws Exception {
        ForwarderConfig config = ForwarderLadder.LADDER.tuned().factory();
        try (ServerSocketChannel server = Forwarder.listen(new InetSocketAddress("127.0.0.1", 0));
             Forwarder.Stores stores = Forwarder.Stores.open(config, null, null)) {
            Forwarder forwarder = new Forwarder(server, config, stores, 1, System.nanoTime() + Duration.ofSeconds(1).toNanos(), line -> { });
            InetSocketAddress address = (InetSocketAddress) server.getLocalAddress();
            Thread client = new Thread(() -> ClientStream.run(address,
                    new Subscription(1, "waiting"), 0, null, System.nanoTime() + Duration.ofSeconds(30).toNanos()));
            client.setDaemon(true);
            client.start();
            Forwarder.Report report = forwarder.run();
            assertEquals(0, report.received());
            assertTrue(report.errors().stream().anyMatch(e -> e.contains("deadline reached")), report.errors().toString());
            client.join(10_000);
            assertTrue(!client.isAlive(), "the client should end once the forwarder closed its socket");
        }
    }

    @Test
    void aBadSubscriptionIsOneLineWithItsOffset() throws Exception {
        byte[] frame = new Subscription(1, "ok").encode();
        ByteBuffer.wrap(frame).putLong(4, 0);
        IOException e = assertThrows(IOException.class, () -> Subscription.readAfterMagic(
                new ByteArrayInputStream(frame, 4, frame.length - 4), "client x"));
        assertEquals("client x:byte 4: first sequence 0, expected ≥ 1", e.getMessage());
        byte[] negative = new Subscription(1, "ok").encode();
        ByteBuffer.wrap(negative).putLong(12, -5);
        e = assertThrows(IOException.class, () -> Subscription.readAfterMagic(
                new ByteArrayInputStream(negative, 4, negative.length - 4), "client z"));
        assertEquals("client z:byte 12: join at message -5, expected ≥ 0", e.getMessage());
        byte[] cut = new Subscription(1, "abcdef").encode();
        e = assertThrows(IOException.class, () -> Subscription.readAfterMagic(new ByteArrayInputStream(cut, 4, 18), "client y"));
        assertTrue(e.getMessage().startsWith("client y:byte 22: the subscription frame ends early"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Subscription(1, "no spaces"));
        Subscription back = Subscription.readAfterMagic(new ByteArrayInputStream(new Subscription(7, 300, "late-1").encode(), 4, 100), "c");
        assertEquals(new Subscription(7, 300, "late-1"), back);
    }

    @Test
    void theAuditCountsGapsDuplicatesAndReorderings() {
        SequenceAudit audit = new SequenceAudit(1);
        for (long s : new long[] {1, 2, 3, 5, 4, 4, 7}) {
            audit.accept(s);
        }
        assertEquals(7, audit.received());
        assertEquals(1, audit.duplicates());
        assertEquals(1, audit.reorderings());
        assertEquals(2, audit.gaps(8));
        assertEquals(0, audit.gaps(5));
    }

    @Test
    void thePacedSimulatorStampsEveryMessageAndKeepsItsChecksGood() throws Exception {
        WireDay day = WireDay.generate(500, 9, dir.resolve("paced.bin"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        EpochClock clock = new EpochClock();
        long before = clock.nowEpochNanos();
        assertEquals(500, PacedSender.send(out, day, 50_000, clock));
        long after = clock.nowEpochNanos();
        long[] stamps = new long[500];
        int[] n = {0};
        StreamVerifier verifier = new StreamVerifier("paced", (buf, at, length) ->
                stamps[n[0]++] = buf.getLong(at + PacedSender.STAMP_OFFSET), true);
        ByteBuffer bytes = ByteBuffer.wrap(out.toByteArray());
        verifier.consume(bytes);
        verifier.finish(bytes.remaining());
        assertEquals(500, verifier.messages());
        for (int i = 0; i < 500; i++) {
            assertTrue(stamps[i] >= before && stamps[i] <= after, "stamp " + i + " outside the send");
            assertTrue(i == 0 || stamps[i] > stamps[i - 1], "stamps increase with the sequence");
        }
    }

    @Test
    void aStrangerIsRefusedInOneLineAndTheDayGoesOn() throws Exception {
        WireDay day = WireDay.generate(2_000, 4, dir.resolve("day.bin"));
        ForwarderConfig config = ForwarderLadder.LADDER.resolve("r1").factory();
        LoopbackDay.Outcome o = LoopbackDay.run(config, List.of(LoopbackDay.ClientPlan.onTime("a")), to -> {
            try (Socket stranger = new Socket(to.getAddress(), to.getPort())) {
                stranger.getOutputStream().write("GET / HTTP/1.1\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            }
            LoopbackDay.simulator(config, day).to(to);
        }, Duration.ofSeconds(60));
        assertTrue(o.clients().get(0).complete(), o.clients().get(0).toString());
        assertNull(o.forwarder().malformed());
        assertTrue(o.forwarder().errors().stream().anyMatch(e -> e.contains(":byte 0: expected 'PLMD'")), o.forwarder().errors().toString());
    }
}
