package dev.perflab.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Entry;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The latency runs' command source: repeatable, cancel-heavy, a book that keeps its size, the same
 * events on every rung, and no allocation per command. Counts and bounds only; nothing is timed.
 */
class OrderFlowTest {
    private static final int PREFILL = 1_000;

    /** Runs {@code commands} commands of a flow (after its prefill) on a fresh book of {@code factory}. */
    private static EventLog run(OrderBookFactory factory, long seed, int prefill, int commands) {
        EventLog log = new EventLog(prefill + commands);
        OrderFlow flow = new OrderFlow(seed, prefill, log);
        OrderBook book = factory.create(flow.listener());
        flow.prefill(book);
        for (int i = 0; i < commands; i++) {
            flow.next(book);
        }
        return log;
    }

    @Test
    void sameSeedSameEventsOtherSeedOtherEvents() {
        OrderBookFactory tuned = OrderBookLadder.LADDER.tuned().factory();
        EventLog first = run(tuned, 7, PREFILL, 50_000);
        EventLog again = run(tuned, 7, PREFILL, 50_000);
        EventLog other = run(tuned, 8, PREFILL, 50_000);
        assertEquals(PREFILL + 50_000, first.size(), "one event per command");
        assertEquals(-1, first.firstDifference(again));
        assertNotEquals(-1, first.firstDifference(other));
    }

    @Test
    void bookStaysNearThePrefillSizeAndMostCommandsAreCancels() {
        OrderFlow flow = new OrderFlow(11, PREFILL);
        OrderBook book = OrderBookLadder.LADDER.tuned().factory().create(flow.listener());
        flow.prefill(book);
        assertEquals(PREFILL, flow.restingOrders(), "the prefill is passive: nothing executes");
        int smallest = Integer.MAX_VALUE;
        int largest = 0;
        for (int i = 0; i < 200_000; i++) {
            flow.next(book);
            smallest = Math.min(smallest, flow.restingOrders());
            largest = Math.max(largest, flow.restingOrders());
        }
        assertTrue(smallest >= PREFILL * 0.8 && largest <= PREFILL * 1.2, "book size ranged " + smallest + "–" + largest);
        long cancels = flow.cancels() + flow.cancelsRejected();
        assertTrue(cancels > 0.55 * 200_000 && cancels < 0.65 * 200_000, cancels + " cancels of 200,000 commands");
        assertTrue(flow.cancelsRejected() > 0.1 * cancels, flow.cancelsRejected() + " cancels of gone or unknown orders");
        assertTrue(flow.executions() > 0.01 * 200_000, flow.executions() + " executions");
        assertEquals(flow.commands(), flow.events(), "one event per command");
    }

    @Test
    void everyRungGivesTheSameEvents() {
        EventLog expected = run(OrderBookLadder.LADDER.naive().factory(), 3, 200, 20_000);
        for (Entry<OrderBookFactory> rung : OrderBookLadder.LADDER.rungs()) {
            EventLog actual = run(rung.factory(), 3, 200, 20_000);
            int difference = expected.firstDifference(actual);
            assertEquals(-1, difference, () -> rung.id() + " differs from r0 at event " + difference + ": "
                    + (difference < actual.size() ? actual.line(difference, PriceFormat.CENTS) : "nothing"));
        }
    }

    @Test
    void steadyStateAllocatesNothingPerCommand() {
        OrderFlow flow = new OrderFlow(5, PREFILL);
        OrderBook book = OrderBookLadder.LADDER.tuned().factory().create(flow.listener());
        flow.prefill(book);
        for (int i = 0; i < 200_000; i++) {
            flow.next(book);
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < 200_000; i++) {
            flow.next(book);
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        // One small object per command would be ≥ 3.2 MB; allow for a few level slots first used now.
        assertTrue(allocated < 200_000, allocated + " bytes allocated by 200,000 commands");
    }

    @Test
    void prefillMustBePositive() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new OrderFlow(1, 0));
        assertTrue(e.getMessage().contains("prefill"), e.getMessage());
    }
}
