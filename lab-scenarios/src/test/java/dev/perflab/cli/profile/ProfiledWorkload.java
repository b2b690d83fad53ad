package dev.perflab.cli.profile;

import dev.perflab.orderbook.EventLog;
import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.Side;
import dev.perflab.orderbook.TickArrayBook;

/** A child JVM's workload for the profiler smoke test: cancel and re-add on the tuned book for a while. */
public final class ProfiledWorkload {
    private ProfiledWorkload() {
    }

    public static void main(String[] args) {
        long iterations = Long.parseLong(args[0]);
        EventLog log = new EventLog(16);
        OrderBook book = new TickArrayBook(log);
        for (int i = 1; i <= 1000; i++) {
            book.add(Side.SELL, i, 10_000);
        }
        for (long i = 0; i < iterations; i++) {
            book.cancel(1000);
            book.add(Side.SELL, 1000, 10_000);
            if (log.size() > 8) {
                log.clear();
            }
        }
        System.out.println("done " + iterations);
    }
}
