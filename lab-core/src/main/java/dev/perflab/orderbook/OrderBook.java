package dev.perflab.orderbook;

/**
 * The limit order book of the report {@code 004_…}, as every rung and peer implements it.
 *
 * <p>Rules (shared/LADDERS.md §1): every order is for the same fixed quantity, so an order either
 * executes in full against one resting order or rests. A buy at or above the best ask executes against
 * the earliest order at the best ask; a sell at or below the best bid against the earliest order at the
 * best bid; the execution carries the resting order's price. Otherwise the order rests, FIFO within its
 * price level. An add whose id is still resting is rejected; an id may be reused once its order is gone.
 *
 * <p>Each command produces exactly one event on the book's {@link OrderBookListener}, before the call
 * returns. Implementations are single-threaded: one thread calls {@code add} and {@code cancel}.
 */
public interface OrderBook {

    /**
     * Enters a limit order.
     *
     * @param side       buy or sell
     * @param orderId    a positive id
     * @param priceTicks the limit price as a positive count of ticks
     */
    void add(Side side, long orderId, long priceTicks);

    /** Cancels the resting order with this id, or rejects the cancel if there is none. */
    void cancel(long orderId);
}
