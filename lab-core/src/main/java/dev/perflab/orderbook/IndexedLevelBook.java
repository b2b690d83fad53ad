package dev.perflab.orderbook;

import org.pcollections.HashTreePMap;
import org.pcollections.PMap;

/**
 * r1 — r0 plus an index from order id to its resting order (and so its price level): a cancel touches
 * one level instead of the whole book.
 *
 * <p><b>What changed.</b> A persistent map {@code orderId → RestingOrder} replaces r0's scan over every
 * level. Cancel looks up the order's side and price, then rebuilds only that level's immutable queue
 * without it. An unknown id is rejected after one lookup.
 *
 * <p><b>Why faster.</b> The report's profile put 84% of CPU in cancel's scan ({@code exists()} 53%,
 * {@code Queue.iterator()} 31%): the work now grows with one level's depth, not the book's size. It is
 * still linear in the level's depth (the rebuild), still allocates a new book per command, and still compares
 * {@code BigDecimal}s; later rungs remove those.
 */
public final class IndexedLevelBook implements OrderBook {

    /** One immutable snapshot: the levels and the index of resting orders by id. */
    private record Book(PersistentLevels levels, PMap<Long, RestingOrder> byId) {
    }

    private final OrderBookListener listener;
    private Book book = new Book(PersistentLevels.EMPTY, HashTreePMap.empty());

    public IndexedLevelBook(OrderBookListener listener) {
        this.listener = listener;
    }

    @Override
    public void add(Side side, long orderId, long priceTicks) {
        book = add(book, new RestingOrder(orderId, side, DecimalPrices.of(priceTicks)));
    }

    private Book add(Book current, RestingOrder order) {
        if (current.byId().containsKey(order.id())) {
            listener.rejectedDuplicate(order.id());
            return new Book(current.levels(), current.byId());
        }
        RestingOrder match = current.levels().matchFor(order.side(), order.price());
        if (match == null) {
            listener.added(order.id());
            return new Book(current.levels().append(order), current.byId().plus(order.id(), order));
        }
        PersistentLevels levels = current.levels().removeHead(match.side(), match.price());
        listener.executedAgainst(order.side(), order.id(), match.id(), DecimalPrices.ticks(match.price()));
        return new Book(levels, current.byId().minus(match.id()));
    }

    @Override
    public void cancel(long orderId) {
        book = cancel(book, orderId);
    }

    private Book cancel(Book current, long orderId) {
        RestingOrder order = current.byId().get(orderId);
        if (order == null) {
            listener.cancelRejected(orderId);
            return new Book(current.levels(), current.byId());
        }
        listener.canceled(orderId);
        return new Book(current.levels().remove(order.side(), order.price(), orderId), current.byId().minus(orderId));
    }
}
