package dev.perflab.pump;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.util.List;

/**
 * The socket-pump ladder (report 000): a day of market data from a sender to a receiver over TCP, from one
 * small write per message to zero-copy {@code transferTo}. Every rung's receiver verifies every message
 * ({@link StreamVerifier}); the ids are the ones {@code ./lab run socket-pump --rung} and the rows use.
 */
public final class PumpLadder {
    public static final String COMPONENT = "socket-pump";

    public static final Ladder<Pump> LADDER = new Ladder<>(COMPONENT,
            "Socket pumps (report 000): a day of messages over TCP, each receiver checking sequence and CRC", List.of(
            new Entry<>("r0-message-writes", Kind.RUNG,
                    "one write + flush per message on the unbuffered stream; reads per length, message, CRC",
                    new MessageWritesPump()),
            new Entry<>("r1-buffered-streams", Kind.RUNG,
                    "buffered streams as large as the socket buffers; flush once per day",
                    new BufferedStreamsPump()),
            new Entry<>("r2-block-writes", Kind.RUNG,
                    "32 KB block writes of the day's bytes; block reads into an array (the report's bare test)",
                    new BlockWritesPump()),
            new Entry<>("r3-nio-heap", Kind.RUNG,
                    "SocketChannel with heap ByteBuffers (the JDK copies them through a direct buffer)",
                    new NioHeapPump()),
            new Entry<>("r4-nio-direct-gathering", Kind.RUNG,
                    "the day in a direct buffer, gathering writes of 128 record slices; direct-buffer reads",
                    new NioDirectGatheringPump()),
            new Entry<>("r5-transfer-to", Kind.RUNG,
                    "FileChannel.transferTo from the day file (sendfile, zero copy); direct-buffer reads",
                    new TransferToPump()),
            new Entry<>("r6-verifier-thread", Kind.RUNG,
                    "r5's sender; the receiver reads on one thread and verifies on another (read and CRC overlap)",
                    new VerifierThreadPump()),
            new Entry<>("student", Kind.EXERCISE,
                    "exercise \"read the stream in blocks\": r4's sender with a receiver written by you (StudentPump, exercises/README.md)",
                    new StudentPump())))
            .withContract(new PumpContract());

    private PumpLadder() {
    }
}
