package dev.perflab.orderbook;

/**
 * Receives the events of an {@link OrderBook}: exactly one call per command, in command order.
 *
 * <p>Prices are in ticks (see {@link PriceFormat}); an execution always carries the price of the order
 * that was resting in the book, never the incoming order's limit.
 */
public interface OrderBookListener {

    /** The order did not execute and now rests in the book, behind every order already at its price. */
    void added(long orderId);

    /** The incoming order executed against the best resting order on the other side; neither rests. */
    void executed(long buyOrderId, long sellOrderId, long priceTicks);

    /**
     * Reports an execution from the incoming order's side: puts the two ids in buy/sell order.
     *
     * @param priceTicks the resting order's price
     */
    default void executedAgainst(Side incomingSide, long incomingId, long restingId, long priceTicks) {
        if (incomingSide == Side.BUY) {
            executed(incomingId, restingId, priceTicks);
        } else {
            executed(restingId, incomingId, priceTicks);
        }
    }

    /** The resting order was removed. */
    void canceled(long orderId);

    /** No order with this id rests in the book: it executed, was canceled, or never existed. */
    void cancelRejected(long orderId);

    /** An order with this id still rests in the book; the new order was dropped. */
    void rejectedDuplicate(long orderId);
}
