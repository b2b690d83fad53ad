package dev.perflab.forwarder;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import dev.perflab.pump.BlockWritesPump;
import dev.perflab.pump.TransferToPump;
import java.util.List;

/**
 * The forwarder end to end (report 000): the Simulator's rungs (how the day leaves it) over the tuned
 * ring, then the report's exhibits as configurations of the forwarder. Each entry says what it changes:
 *
 * <pre>
 *   entry                   Simulator sends                          forwarder stores into (mdf-ring rung)
 *   r0-file-streamed        reads the file record by record, a        r3-single-writer-ring
 *                           write per message (the report's ~22 MB/s)
 *   r1-preloaded            the day in memory, 32 KB block writes     r3-single-writer-ring
 *   r2-transfer-to          FileChannel.transferTo (zero copy)        r3-single-writer-ring
 *   x-console-logging       as r2                                     x-logging-hot-path: a log line per message
 *                                                                     on the receive path (report: 10 → 3 MB/s)
 *   x-window-5000-db        as r2                                     r0-synchronized-window-db: 5,000 messages
 *                                                                     in memory, older ones from H2
 *   x-synchronized-list     as r2                                     r1-large-window: the whole day, as objects
 *                                                                     in a synchronized list
 * </pre>
 *
 * The ring is r3, not r4: the forwarder stages each client's records (length, message, CRC) before a
 * write, so r4's zero-copy slices would be copied anyway (it works, {@code ./lab mdf forwarder --ring r4}).
 * The exhibits are correct, only slow: every one must still deliver the whole day to every client.
 */
public final class ForwarderLadder {
    public static final String COMPONENT = "mdf";
    static final String TUNED_RING = "r3-single-writer-ring";

    public static final Ladder<ForwarderConfig> LADDER = new Ladder<>(COMPONENT,
            "Market-data forwarder end to end (report 000): Simulator → MDF (ring + H2 history) → K clients, one late", List.of(
            new Entry<>("r0-file-streamed", Kind.RUNG,
                    "Simulator reads its day file record by record, one socket write per message; ring r3",
                    new ForwarderConfig(new FileStreamedSender(), TUNED_RING)),
            new Entry<>("r1-preloaded", Kind.RUNG,
                    "Simulator holds the day in memory and writes 32 KB blocks; ring r3",
                    new ForwarderConfig(new BlockWritesPump()::connect, TUNED_RING)),
            new Entry<>("r2-transfer-to", Kind.RUNG,
                    "Simulator sends the file with FileChannel.transferTo (sendfile, zero copy); ring r3",
                    new ForwarderConfig(new TransferToPump()::connect, TUNED_RING)),
            new Entry<>("x-console-logging", Kind.EXHIBIT,
                    "r2 with a formatted log line per message on the forwarder's receive path (ring x-logging-hot-path)",
                    new ForwarderConfig(new TransferToPump()::connect, "x-logging-hot-path")),
            new Entry<>("x-window-5000-db", Kind.EXHIBIT,
                    "r2 with the report's 5,000-message window; older messages come from the H2 database (ring r0)",
                    new ForwarderConfig(new TransferToPump()::connect, "r0-synchronized-window-db")),
            new Entry<>("x-synchronized-list", Kind.EXHIBIT,
                    "r2 with the whole day as message objects in one synchronized list (ring r1-large-window)",
                    new ForwarderConfig(new TransferToPump()::connect, "r1-large-window"))))
            .withContract(new ForwarderContract());

    private ForwarderLadder() {
    }
}
