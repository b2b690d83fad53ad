package dev.perflab.examples.boxing;

import dev.perflab.kv.KvStore;
import dev.perflab.kv.ProbedStore;
import dev.perflab.orderbook.EventLog;
import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.Side;
import dev.perflab.orderbook.TickArrayBook;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Two of perflab's tuned rungs used as a plain library, each in a few lines: the order book's r4 ({@link
 * TickArrayBook}: one thread, one event per call on its listener) and the kv ladder's r5 ({@link ProbedStore}:
 * any number of writer threads, a folder on disk). Their class comments hold their contracts. {@link #main} runs both
 * and exits 1 if either does not do what its comment promises ({@code .ci/run} runs it).
 */
public final class Components {
    private Components() {
    }

    /** Two asks, a buy that crosses the best one, a cancel and a cancel of what is gone: five events, in order. */
    static EventLog orderBook() {
        EventLog events = new EventLog();
        OrderBook book = new TickArrayBook(events);
        book.add(Side.SELL, 1, 100);
        book.add(Side.SELL, 2, 101);
        book.add(Side.BUY, 3, 101);   // executes against order 1, the best ask, at its price
        book.cancel(2);
        book.cancel(2);               // rejected: order 2 no longer rests
        return events;
    }

    /** Three puts, one of them a key again, into a store in {@code dir}; closed, then opened again to read. */
    static String kvStore(Path dir) throws IOException {
        try (KvStore store = new ProbedStore(dir, 1_000)) {
            boolean stored = store.put(bytes("apple"), bytes("red"))
                    & store.put(bytes("pear"), bytes("green"))
                    & store.put(bytes("apple"), bytes("green"));   // the newest value wins
            if (!stored) {
                throw new IOException("the store refused a put (false: full or closed)");
            }
        }
        try (KvStore again = new ProbedStore(dir, 1_000)) {
            return again.count() + " keys, apple=" + new String(again.get(bytes("apple")), StandardCharsets.UTF_8);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws IOException {
        EventLog events = orderBook();
        byte[] expected = {EventLog.ADDED, EventLog.ADDED, EventLog.EXECUTED, EventLog.CANCELED, EventLog.CANCEL_REJECTED};
        boolean bookOk = events.size() == expected.length;
        for (int i = 0; bookOk && i < expected.length; i++) {
            bookOk = events.type(i) == expected[i];
        }
        Path dir = Files.createTempDirectory("perflab-example-kv");
        String kv = kvStore(dir);
        boolean kvOk = kv.equals("2 keys, apple=green");
        System.out.println("order book r4: " + events.size() + " events" + (bookOk ? " as promised" : ", NOT the five promised"));
        System.out.println("kv store r5: " + kv + (kvOk ? " as promised" : ", NOT 2 keys with apple=green"));
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        System.exit(bookOk && kvOk ? 0 : 1);
    }
}
