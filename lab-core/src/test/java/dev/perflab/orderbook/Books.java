package dev.perflab.orderbook;

import dev.perflab.ladder.Entry;
import java.util.List;
import java.util.stream.Stream;

/** Test helpers: the ladder's entries as streams, and {@link OrderBookContract}'s replay helpers. */
final class Books {
    private Books() {
    }

    static Stream<Entry<OrderBookFactory>> correct() {
        return OrderBookLadder.LADDER.correct().stream();
    }

    static Stream<Entry<OrderBookFactory>> rungs() {
        return OrderBookLadder.LADDER.rungs().stream();
    }

    static CommandStream parse(String... lines) {
        return OrderBookContract.parse(lines);
    }

    static EventLog replay(OrderBookFactory factory, CommandStream commands) {
        return OrderBookContract.replay(factory, commands);
    }

    static List<String> events(OrderBookFactory factory, String... lines) {
        return OrderBookContract.events(factory, lines);
    }
}
