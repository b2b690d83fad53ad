package dev.perflab.orderbook;

import dev.perflab.ladder.Entry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Stream;

/** Test helpers: run text commands through a book and get its events as text lines. */
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
        try {
            return CommandText.read(new BufferedReader(new StringReader(String.join("\n", lines))), "test",
                    PriceFormat.CENTS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (StreamFormatException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    static EventLog replay(OrderBookFactory factory, CommandStream commands) {
        EventLog log = new EventLog(commands.size());
        commands.replay(factory.create(log));
        return log;
    }

    static List<String> events(OrderBookFactory factory, String... lines) {
        return replay(factory, parse(lines)).lines(PriceFormat.CENTS);
    }
}
