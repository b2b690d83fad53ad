package dev.perflab.pump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Entry;
import dev.perflab.mdf.MdfFormatException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every rung over loopback in one JVM: its sender's days arrive whole, and its receiver catches each fault. */
@Timeout(60)
class PumpRungsTest {
    @TempDir
    static Path dir;
    static WireDay day;
    static final ExecutorService RECEIVERS = Executors.newCachedThreadPool();

    @BeforeAll
    static void generate() throws IOException {
        day = PumpFixtures.day(dir);
    }

    @AfterAll
    static void stop() {
        RECEIVERS.shutdownNow();
    }

    static Stream<Entry<Pump>> rungs() {
        return PumpLadder.LADDER.correct().stream();
    }

    /** Starts {@code pump}'s receiver on a free port; the future gives its verifier once the stream has ended. */
    static Future<StreamVerifier> receiver(Pump pump, ServerSocketChannel server) {
        Callable<StreamVerifier> receive = () -> {
            try (SocketChannel accepted = server.accept()) {
                StreamVerifier verifier = new StreamVerifier("test stream");
                pump.receive(accepted, verifier);
                return verifier;
            }
        };
        return RECEIVERS.submit(receive);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rungs")
    void threeDaysArriveWholeAndInOrder(Entry<Pump> rung) throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            Future<StreamVerifier> received = receiver(rung.factory(), server);
            try (Pump.Sender sender = rung.factory().connect((InetSocketAddress) server.getLocalAddress(), day)) {
                for (int d = 0; d < 3; d++) {
                    sender.sendDay();
                }
            }
            StreamVerifier v = received.get(30, TimeUnit.SECONDS);
            assertEquals(3L * day.messages(), v.messages());
            assertEquals(3, v.days());
            assertEquals(3L * day.bytes(), v.bytes());
        }
    }

    static Stream<Arguments> faults() {
        Stream.Builder<Arguments> all = Stream.builder();
        for (Entry<Pump> rung : PumpLadder.LADDER.correct()) {
            all.add(Arguments.of(rung, "loss", (Function<WireDay, byte[]>) d -> PumpFixtures.lose(d, 700), "gap"));
            all.add(Arguments.of(rung, "duplicate", (Function<WireDay, byte[]>) d -> PumpFixtures.duplicate(d, 700), "duplicated"));
            all.add(Arguments.of(rung, "corruption", (Function<WireDay, byte[]>) d -> PumpFixtures.corrupt(d, 700), "CRC-32C"));
            all.add(Arguments.of(rung, "truncation", (Function<WireDay, byte[]>) d -> PumpFixtures.truncate(d, 100), "stream ended"));
        }
        return all.build();
    }

    @ParameterizedTest(name = "{0} catches {1}")
    @MethodSource("faults")
    void everyReceiverCatchesABrokenStream(Entry<Pump> rung, String fault, Function<WireDay, byte[]> broken, String expected)
            throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            Future<StreamVerifier> received = receiver(rung.factory(), server);
            InetSocketAddress at = (InetSocketAddress) server.getLocalAddress();
            try (Socket socket = new Socket(at.getAddress(), at.getPort())) {
                OutputStream out = socket.getOutputStream();
                out.write(day.image());
                out.write(broken.apply(day));
            } catch (IOException closedEarly) {
                // the receiver may stop reading at the fault and close first: fine, it has seen it
            }
            ExecutionException e = assertThrows(ExecutionException.class, () -> received.get(30, TimeUnit.SECONDS));
            assertInstanceOf(MdfFormatException.class, e.getCause());
            assertTrue(e.getCause().getMessage().contains(expected) && e.getCause().getMessage().contains("day 2"),
                    e.getCause().getMessage());
        }
    }
}
