package dev.perflab.forwarder;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import dev.perflab.pump.BlockWritesPump;
import dev.perflab.pump.TransferToPump;
import java.util.List;

/**
 * The forwarder end to end (report 000): first the Simulator's rungs (how the day leaves it), then the
 * forwarder's own, each one change that a profile of the rung before it called for, then the report's
 * exhibits put back into the tuned forwarder. Every configuration's forwarder warms up the same way before it
 * listens ({@link WarmUp}: days through its own path until the compilers are nearly idle), so the day that is
 * measured runs compiled code on every rung: a warm-up is a condition of the measurement, not an optimization
 * of one rung, and the cold forwarder is the exhibit {@code x-cold-jit}. Each entry says what it changes:
 *
 * <pre>
 *   entry                     changes                                             class
 *   r0-file-streamed          the report's Simulator: a file read and a socket     FileStreamedSender
 *                             write per message; the report's forwarder: H2 row
 *                             per message on the feed thread, stream reads, a
 *                             CRC-32C per client per message, ring r3
 *   r1-preloaded              Simulator: the day in memory, 32 KB block writes     BlockWritesPump
 *   r2-transfer-to            Simulator: FileChannel.transferTo (zero copy)        TransferToPump
 *   r3-history-behind         history: the H2 inserts on a thread behind the feed  WriteBehindHistory
 *   r4-journal-history        history: an append-only journal, H2 as its index     JournalHistory
 *   r5-forwarded-crc          sessions: the CRC the message arrived with           ForwardedCrcSender
 *   r6-direct-receive         feed: the socket channel into a direct buffer        DirectFeed
 *   r7-record-spans           the records kept as they arrived (RecordRing), each  RecordSpanSender
 *                             client sent contiguous spans (tuned)
 *   x-cold-jit                r7 without the warm-up: the day compiles its hot     WarmUp (off)
 *                             path on the cores it needs (the cold-JIT trap)
 *   x-console-logging         r7 with a log line per message on the receive path  ConsoleLog
 *   x-window-5000-db          r7 with the report's 5,000-message window and H2 rows as history
 *   x-synchronized-list       r7's path over the whole day as objects in one synchronized list (ring r1)
 *   x-gathering-slices        r6 over mdf-ring's r4: its slices in gathering writes GatheringSender
 *                             (the candidate r7 replaced, kept as a warning)
 *   student                   r6 with the sessions' framing left to the learner    StudentSender
 * </pre>
 *
 * The exhibits are correct, only slow: each must still deliver the whole day to every client.
 */
public final class ForwarderLadder {
    public static final String COMPONENT = "forwarder";
    static final String COPYING_RING = "r3-single-writer-ring";
    static final String ZERO_COPY_RING = "r4-batched-zero-copy";

    static final ForwarderConfig R0 = ForwarderConfig.report(new FileStreamedSender(), COPYING_RING).withWarmUp(WarmUp.MESSAGES);
    static final ForwarderConfig R1 = ForwarderConfig.report(new BlockWritesPump()::connect, COPYING_RING).withWarmUp(WarmUp.MESSAGES);
    static final ForwarderConfig R2 = ForwarderConfig.report(new TransferToPump()::connect, COPYING_RING).withWarmUp(WarmUp.MESSAGES);
    static final ForwarderConfig R3 = R2.withHistory(ForwarderConfig.History.WRITE_BEHIND_H2);
    static final ForwarderConfig R4 = R3.withHistory(ForwarderConfig.History.JOURNAL);
    static final ForwarderConfig R5 = R4.withSend(ForwarderConfig.Send.FORWARDED_CRC);
    static final ForwarderConfig R6 = R5.withFeed(new DirectFeed());
    static final ForwarderConfig R7 = R6.withRing(RecordRing.DAY);
    static final ForwarderConfig TUNED = R7;

    public static final Ladder<ForwarderConfig> LADDER = new Ladder<>(COMPONENT,
            "Market-data forwarder end to end (report 000): Simulator → forwarder (ring + history) → K clients, one joining late", List.of(
            new Entry<>("r0-file-streamed", Kind.RUNG,
                    "the report's Simulator (file read and socket write per message) and forwarder (H2 row per message on the feed thread)",
                    R0),
            new Entry<>("r1-preloaded", Kind.RUNG,
                    "Simulator holds the day in memory and writes 32 KB blocks",
                    R1),
            new Entry<>("r2-transfer-to", Kind.RUNG,
                    "Simulator sends the file with FileChannel.transferTo (sendfile, zero copy)",
                    R2),
            new Entry<>("r3-history-behind", Kind.RUNG,
                    "the H2 inserts move to a history thread behind the feed: the receive path never waits on the database",
                    R3),
            new Entry<>("r4-journal-history", Kind.RUNG,
                    "history as an append-only journal of the records as they arrived, H2 as its index (a row per block, not per message)",
                    R4),
            new Entry<>("r5-forwarded-crc", Kind.RUNG,
                    "sessions forward the CRC-32C each message arrived with (verified once on receive) instead of one per client",
                    R5),
            new Entry<>("r6-direct-receive", Kind.RUNG,
                    "the feed reads the socket channel into a direct buffer and appends to the ring from it",
                    R6),
            new Entry<>("r7-record-spans", Kind.RUNG,
                    "the records kept as they arrived (length, message, checked CRC) in one ring; each client is sent contiguous spans of it",
                    R7),
            new Entry<>("x-cold-jit", Kind.EXHIBIT,
                    "r7 without the warm-up every configuration gets: the day compiles its hot path on the cores it needs (the cold-JIT trap)",
                    TUNED.cold()),
            new Entry<>("x-console-logging", Kind.EXHIBIT,
                    "r7 with a formatted log line per message on the forwarder's receive path (the report's 10 → 3 MB/s)",
                    TUNED.withLogging()),
            new Entry<>("x-window-5000-db", Kind.EXHIBIT,
                    "r7 with the report's 5,000-message window and history as H2 rows: older messages come from the database",
                    TUNED.withRing(RecordRing.WINDOW_5000).withHistory(ForwarderConfig.History.WRITE_BEHIND_H2)),
            new Entry<>("x-synchronized-list", Kind.EXHIBIT,
                    "r7's path over the whole day as message objects in one synchronized list (ring r1-large-window)",
                    TUNED.withRing("r1-large-window")),
            new Entry<>("x-gathering-slices", Kind.EXHIBIT,
                    "r6 over mdf-ring's r4: its zero-copy slices in gathering writes, three buffers a message (the candidate r7 replaced)",
                    R6.withRing(ZERO_COPY_RING).withSend(ForwarderConfig.Send.GATHERING)),
            new Entry<>("student", Kind.EXERCISE,
                    "exercise \"frame the records\": r6 with the sessions' framing left to you (StudentSender, exercises/README.md)",
                    R6.withSend(ForwarderConfig.Send.STUDENT))))
            .withContract(new ForwarderContract());

    private ForwarderLadder() {
    }
}
