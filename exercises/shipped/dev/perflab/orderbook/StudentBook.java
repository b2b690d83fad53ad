package dev.perflab.orderbook;

import org.pcollections.HashTreePMap;
import org.pcollections.PMap;

/**
 * student — EXERCISE "make cancel O(1)": your rung, between r1 and r2. Start: r1's code
 * ({@link IndexedLevelBook}), with {@link #cancel} left for you to write.
 *
 * <p><b>The task.</b> r1 finds a cancelled order's level through its id index, then rebuilds that level's
 * immutable queue without it: the work grows with the level's depth, and every command allocates a new
 * book. Make {@code cancel} cost the same whatever the depth (no walk through a level), keeping every rule
 * of {@link OrderBook}: FIFO within a level, one event per command, ids reusable once their order is gone.
 * You may change {@code add} and the fields as you need; only the constructor's signature must stay.
 *
 * <p><b>Check and measure.</b>
 * <pre>
 *   ./lab check orderbook --rung student                      # ✓/✗ per contract check, exit 0 when all pass
 *   ./lab run orderbook --rung r1,student,r2 --benchmark cancel --quick   # your rung beside r1 and r2
 *   ./lab grade orderbook                                     # PASS, NOT YET or UNDECIDED, against r2
 * </pre>
 * Hints, the usual wrong turns and the reference solution (r2, {@link IntrusiveListBook}) are in
 * {@code exercises/README.md}; do not peek at r2 before trying.
 */
public final class StudentBook implements OrderBook {

    /** One immutable snapshot: the levels and the index of resting orders by id (r1's book). */
    private record Book(PersistentLevels levels, PMap<Long, RestingOrder> byId) {
    }

    private final OrderBookListener listener;
    private Book book = new Book(PersistentLevels.EMPTY, HashTreePMap.empty());

    public StudentBook(OrderBookListener listener) {
        this.listener = listener;
    }

    @Override
    public void add(Side side, long orderId, long priceTicks) {
        RestingOrder order = new RestingOrder(orderId, side, DecimalPrices.of(priceTicks));
        if (book.byId().containsKey(orderId)) {
            listener.rejectedDuplicate(orderId);
            return;
        }
        RestingOrder match = book.levels().matchFor(side, order.price());
        if (match == null) {
            listener.added(orderId);
            book = new Book(book.levels().append(order), book.byId().plus(orderId, order));
            return;
        }
        listener.executedAgainst(side, orderId, match.id(), DecimalPrices.ticks(match.price()));
        book = new Book(book.levels().removeHead(match.side(), match.price()), book.byId().minus(match.id()));
    }

    /**
     * TODO (exercise): cancel the resting order with this id ({@code listener.canceled(orderId)}), or reject
     * the cancel when no order with this id rests ({@code listener.cancelRejected(orderId)}), in time that
     * does not grow with the depth of the order's level.
     */
    @Override
    public void cancel(long orderId) {
        throw new UnsupportedOperationException("StudentBook.cancel is not written yet: cancel the resting order "
                + orderId + " (or reject the cancel) without walking its level; see exercises/README.md");
    }
}
