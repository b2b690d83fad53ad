package dev.perflab.orderbook.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.OrderBookFactory;
import dev.perflab.orderbook.Side;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * 10,000 random commands (fixed seed), each peer against {@link ReferenceBook}, command by command.
 * Prices 95..105 ticks; half the commands cancel a known id (mostly a recent one; one in twenty an
 * unknown id); one add in six re-uses a known id, resting (→ duplicate) or gone (→ allowed again).
 */
class PeerRandomCommandsTest {
    private static final int COMMANDS = 10_000;
    private static final long SEED = 20_240_601L;
    private static final int RECENT = 32;

    static Stream<Named<OrderBookFactory>> books() {
        return Stream.of(
                Named.of("parity", ParityMatchBook::new),
                Named.of("exchange-core naive", ExchangeCoreBook::naive),
                Named.of("exchange-core direct", ExchangeCoreBook::direct));
    }

    @ParameterizedTest
    @MethodSource("books")
    void matchesReference(OrderBookFactory factory) {
        compareWithReference(factory);
    }

    private static void compareWithReference(OrderBookFactory factory) {
        RecordingListener expected = new RecordingListener();
        RecordingListener actual = new RecordingListener();
        OrderBook reference = new ReferenceBook(expected);
        OrderBook peer = factory.create(actual);
        SplittableRandom random = new SplittableRandom(SEED);
        List<Long> knownIds = new ArrayList<>();
        long nextId = 1;
        for (int i = 0; i < COMMANDS; i++) {
            if (random.nextBoolean() && !knownIds.isEmpty()) {
                long id = random.nextInt(20) == 0 ? nextId + 1_000_000 : pick(random, knownIds);
                reference.cancel(id);
                peer.cancel(id);
                check(i, "cancel " + id, expected, actual);
            } else {
                Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
                long price = 95 + random.nextInt(11);
                long id = knownIds.isEmpty() || random.nextInt(6) != 0 ? nextId++ : pick(random, knownIds);
                knownIds.add(id);
                reference.add(side, id, price);
                peer.add(side, id, price);
                check(i, "add " + side + " " + id + " @" + price, expected, actual);
            }
        }
        assertEveryKindOccurs(expected.events);
    }

    /** The stream is only a good test if it reaches every outcome, each many times. */
    private static void assertEveryKindOccurs(List<String> events) {
        Map<String, Long> kinds = events.stream().collect(Collectors.groupingBy(e -> e.split(" ")[0], Collectors.counting()));
        for (String kind : List.of("added", "executed", "canceled", "cancelRejected", "rejectedDuplicate")) {
            assertTrue(kinds.getOrDefault(kind, 0L) >= 100, () -> kind + " too rare: " + kinds);
        }
    }

    /** A known id, mostly a recent one so that it often still rests. */
    private static long pick(SplittableRandom random, List<Long> ids) {
        int window = random.nextInt(4) == 0 ? ids.size() : Math.min(ids.size(), RECENT);
        return ids.get(ids.size() - 1 - random.nextInt(window));
    }

    private static void check(int index, String command, RecordingListener expected, RecordingListener actual) {
        assertEquals(index + 1, expected.events.size());
        assertEquals(index + 1, actual.events.size(), () -> "not exactly one event for command " + index + ": " + command);
        assertEquals(expected.events.get(index), actual.events.get(index), () -> "command " + index + ": " + command);
    }
}
