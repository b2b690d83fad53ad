package dev.perflab.cli.profile;

import dev.perflab.orderbook.EventLog;
import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.OrderBookLadder;
import dev.perflab.orderbook.Side;

/**
 * A child JVM's workload for {@link ProfileTest}: on one rung's book, 1,000 resting orders, then cancel the
 * last and add it back, over and over, for a given time — what {@code OrderBookCancelBenchmark.cancelLast}
 * measures, without JMH. Arguments: the rung (as {@code ./lab} names it) and the run time in milliseconds.
 */
public final class ProfiledWorkload {
    private static final int RESTING_ORDERS = 1_000;
    private static final long PRICE_TICKS = 10_000;
    private static final int ITERATIONS_PER_CLOCK_READ = 10_000;

    private ProfiledWorkload() {
    }

    public static void main(String[] args) {
        long runMillis = Long.parseLong(args[1]);
        EventLog log = new EventLog(16);
        OrderBook book = OrderBookLadder.LADDER.resolve(args[0]).factory().create(log);
        for (int id = 1; id <= RESTING_ORDERS; id++) {
            book.add(Side.SELL, id, PRICE_TICKS);
        }
        long end = System.nanoTime() + runMillis * 1_000_000;
        long iterations = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < ITERATIONS_PER_CLOCK_READ; i++) {
                book.cancel(RESTING_ORDERS);
                book.add(Side.SELL, RESTING_ORDERS, PRICE_TICKS);
                log.clear();
            }
            iterations += ITERATIONS_PER_CLOCK_READ;
        }
        System.out.println("done: " + iterations + " cancels in " + runMillis + " ms");
    }
}
