package dev.perflab.orderbook;

import java.math.BigDecimal;
import java.util.Comparator;
import org.pcollections.AmortizedPQueue;
import org.pcollections.PQueue;
import org.pcollections.PSortedMap;
import org.pcollections.TreePMap;

/**
 * The two sides of a persistent book, shared by r0 and r1: a sorted map of decimal price → immutable FIFO
 * queue of orders, best price first on each side. Every change returns a new {@code PersistentLevels};
 * the old one is untouched.
 *
 * <p>An immutable queue can only drop its head cheaply. Removing an order from the middle (a cancel)
 * rebuilds the level by filtering it: one new queue node per order left, O(depth) time and allocation.
 * That is the report's "list allocation in cancel" (~99% of its allocation profile).
 */
final class PersistentLevels {
    static final PersistentLevels EMPTY = new PersistentLevels(
            TreePMap.empty(Comparator.<BigDecimal>reverseOrder()), TreePMap.empty(Comparator.<BigDecimal>naturalOrder()));

    private final PSortedMap<BigDecimal, PQueue<RestingOrder>> bids;
    private final PSortedMap<BigDecimal, PQueue<RestingOrder>> asks;

    private PersistentLevels(PSortedMap<BigDecimal, PQueue<RestingOrder>> bids,
                             PSortedMap<BigDecimal, PQueue<RestingOrder>> asks) {
        this.bids = bids;
        this.asks = asks;
    }

    PSortedMap<BigDecimal, PQueue<RestingOrder>> side(Side side) {
        return side == Side.BUY ? bids : asks;
    }

    /** The earliest order at the best opposite price if an incoming order at {@code limit} crosses it, else null. */
    RestingOrder matchFor(Side incoming, BigDecimal limit) {
        PSortedMap<BigDecimal, PQueue<RestingOrder>> opposite = side(incoming.opposite());
        if (opposite.isEmpty()) {
            return null;
        }
        BigDecimal best = opposite.firstKey();
        return DecimalPrices.crosses(incoming, limit, best) ? opposite.get(best).peek() : null;
    }

    /** Appends the order at the back of its price level. */
    PersistentLevels append(RestingOrder order) {
        PSortedMap<BigDecimal, PQueue<RestingOrder>> levels = side(order.side());
        PQueue<RestingOrder> level = levels.get(order.price());
        PQueue<RestingOrder> grown = (level == null ? AmortizedPQueue.<RestingOrder>empty() : level).plus(order);
        return with(order.side(), levels.plus(order.price(), grown));
    }

    /** Removes the earliest order of the level (it executed). */
    PersistentLevels removeHead(Side side, BigDecimal price) {
        return replace(side, price, side(side).get(price).minus());
    }

    /** Removes one order from anywhere in its level by rebuilding the level without it. */
    PersistentLevels remove(Side side, BigDecimal price, long orderId) {
        PQueue<RestingOrder> rebuilt = AmortizedPQueue.empty();
        for (RestingOrder order : side(side).get(price)) {
            if (order.id() != orderId) {
                rebuilt = rebuilt.plus(order);
            }
        }
        return replace(side, price, rebuilt);
    }

    private PersistentLevels replace(Side side, BigDecimal price, PQueue<RestingOrder> level) {
        PSortedMap<BigDecimal, PQueue<RestingOrder>> levels = side(side);
        return with(side, level.isEmpty() ? levels.minus(price) : levels.plus(price, level));
    }

    private PersistentLevels with(Side side, PSortedMap<BigDecimal, PQueue<RestingOrder>> levels) {
        return side == Side.BUY ? new PersistentLevels(levels, asks) : new PersistentLevels(bids, levels);
    }

    /** Whether the queue holds the id, found by walking it with an iterator from the front. */
    static boolean exists(PQueue<RestingOrder> level, long orderId) {
        for (RestingOrder order : level) {
            if (order.id() == orderId) {
                return true;
            }
        }
        return false;
    }
}
