package dev.perflab.orderbook;

/** Which side of the book an order rests on: bids are {@link #BUY}, asks are {@link #SELL}. */
public enum Side {
    BUY,
    SELL;

    public Side opposite() {
        return this == BUY ? SELL : BUY;
    }
}
