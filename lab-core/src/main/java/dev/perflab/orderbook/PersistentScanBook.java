package dev.perflab.orderbook;

import java.math.BigDecimal;
import java.util.Map;
import org.pcollections.HashTreePSet;
import org.pcollections.PSet;
import org.pcollections.PQueue;

/**
 * r0 — the report's book: a persistent sorted map of decimal price → immutable FIFO queue, a new book per
 * command, and a cancel that scans every level for the id.
 *
 * <p><b>Shape.</b> Each command builds a new immutable {@code Book} (structural sharing keeps old nodes).
 * Cancel walks every level of both sides with an iterator until one {@code exists()} the id, then
 * rebuilds that level without it (a new queue node per order left). Its cost grows with the whole book;
 * a cancel of an unknown id walks everything before giving up (no early exit).
 *
 * <p><b>What the report measured</b> (its hardware, 2016): replay fell from 112,309 to 44,328 commands/s
 * as 250k → 1M commands grew the book; ~84% of CPU and ~99% of allocation were in cancel. Cancel at one
 * level fell linearly with depth (cancel-last 7.37M ops/s at depth 1, 242k at 100).
 *
 * <p>The persistent set of resting ids is only there for the duplicate-id rule (an extension of the
 * report's domain); cancel deliberately does not consult it, to keep the report's linear scan.
 */
public final class PersistentScanBook implements OrderBook {

    /** One immutable snapshot: the levels and the ids resting in them. */
    private record Book(PersistentLevels levels, PSet<Long> resting) {
    }

    private final OrderBookListener listener;
    private Book book = new Book(PersistentLevels.EMPTY, HashTreePSet.empty());

    public PersistentScanBook(OrderBookListener listener) {
        this.listener = listener;
    }

    @Override
    public void add(Side side, long orderId, long priceTicks) {
        book = add(book, new RestingOrder(orderId, side, DecimalPrices.of(priceTicks)));
    }

    private Book add(Book current, RestingOrder order) {
        if (current.resting().contains(order.id())) {
            listener.rejectedDuplicate(order.id());
            return new Book(current.levels(), current.resting());
        }
        RestingOrder match = current.levels().matchFor(order.side(), order.price());
        if (match == null) {
            listener.added(order.id());
            return new Book(current.levels().append(order), current.resting().plus(order.id()));
        }
        PersistentLevels levels = current.levels().removeHead(match.side(), match.price());
        listener.executedAgainst(order.side(), order.id(), match.id(), DecimalPrices.ticks(match.price()));
        return new Book(levels, current.resting().minus(match.id()));
    }

    @Override
    public void cancel(long orderId) {
        book = cancel(book, orderId);
    }

    private Book cancel(Book current, long orderId) {
        for (Side side : Side.values()) {
            for (Map.Entry<BigDecimal, PQueue<RestingOrder>> level : current.levels().side(side).entrySet()) {
                if (PersistentLevels.exists(level.getValue(), orderId)) {
                    listener.canceled(orderId);
                    return new Book(current.levels().remove(side, level.getKey(), orderId),
                            current.resting().minus(orderId));
                }
            }
        }
        listener.cancelRejected(orderId);
        return new Book(current.levels(), current.resting());
    }
}
