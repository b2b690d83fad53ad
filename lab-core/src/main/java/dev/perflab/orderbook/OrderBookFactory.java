package dev.perflab.orderbook;

/** Creates an empty book that reports its events to the listener. */
@FunctionalInterface
public interface OrderBookFactory {
    OrderBook create(OrderBookListener listener);
}
