package dev.perflab.orderbook;

import java.math.BigDecimal;
import java.util.Comparator;
import org.pcollections.PSortedMap;
import org.pcollections.PVector;
import org.pcollections.TreePMap;
import org.pcollections.TreePVector;

/**
 * The two sides of a persistent book, shared by r0 and r1: a sorted map of decimal price → immutable FIFO
 * queue of orders, best price first on each side. Every change returns a new {@code PersistentLevels};
 * the old one is untouched (structural sharing keeps that to O(log n) new nodes per change).
 */
final class PersistentLevels {
    static final PersistentLevels EMPTY = new PersistentLevels(
            TreePMap.empty(Comparator.<BigDecimal>reverseOrder()), TreePMap.empty(Comparator.<BigDecimal>naturalOrder()));

    private final PSortedMap<BigDecimal, PVector<RestingOrder>> bids;
    private final PSortedMap<BigDecimal, PVector<RestingOrder>> asks;

    private PersistentLevels(PSortedMap<BigDecimal, PVector<RestingOrder>> bids,
                             PSortedMap<BigDecimal, PVector<RestingOrder>> asks) {
        this.bids = bids;
        this.asks = asks;
    }

    PSortedMap<BigDecimal, PVector<RestingOrder>> side(Side side) {
        return side == Side.BUY ? bids : asks;
    }

    /** The earliest order at the best opposite price if an incoming order at {@code limit} crosses it, else null. */
    RestingOrder matchFor(Side incoming, BigDecimal limit) {
        PSortedMap<BigDecimal, PVector<RestingOrder>> opposite = side(incoming.opposite());
        if (opposite.isEmpty()) {
            return null;
        }
        BigDecimal best = opposite.firstKey();
        return DecimalPrices.crosses(incoming, limit, best) ? opposite.get(best).get(0) : null;
    }

    /** Appends the order at the back of its price level. */
    PersistentLevels append(RestingOrder order) {
        PSortedMap<BigDecimal, PVector<RestingOrder>> levels = side(order.side());
        PVector<RestingOrder> level = levels.get(order.price());
        PVector<RestingOrder> grown = (level == null ? TreePVector.<RestingOrder>empty() : level).plus(order);
        return with(order.side(), levels.plus(order.price(), grown));
    }

    /** Removes the order at {@code index} of the level at {@code price}, dropping the level if it empties. */
    PersistentLevels removeAt(Side side, BigDecimal price, int index) {
        PSortedMap<BigDecimal, PVector<RestingOrder>> levels = side(side);
        PVector<RestingOrder> shrunk = levels.get(price).minus(index);
        return with(side, shrunk.isEmpty() ? levels.minus(price) : levels.plus(price, shrunk));
    }

    private PersistentLevels with(Side side, PSortedMap<BigDecimal, PVector<RestingOrder>> levels) {
        return side == Side.BUY ? new PersistentLevels(levels, asks) : new PersistentLevels(bids, levels);
    }

    /** Position of the order in an immutable queue, found by walking it from the front; -1 if absent. */
    static int indexOf(PVector<RestingOrder> level, long orderId) {
        int index = 0;
        for (RestingOrder order : level) {
            if (order.id() == orderId) {
                return index;
            }
            index++;
        }
        return -1;
    }
}
