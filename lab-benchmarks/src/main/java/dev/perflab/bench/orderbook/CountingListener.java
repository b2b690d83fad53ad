package dev.perflab.bench.orderbook;

import dev.perflab.orderbook.OrderBookListener;

/**
 * A listener for benchmarks: counts each kind of event and folds ids into a checksum, so the JIT cannot
 * drop the work that produced them (the fields are written to the heap and read at tear-down), and the
 * benchmark can check afterwards that the book did what it was asked to. Does not allocate.
 */
public final class CountingListener implements OrderBookListener {
    public long added;
    public long executed;
    public long canceled;
    public long cancelRejected;
    public long rejectedDuplicate;
    public long checksum;

    @Override
    public void added(long orderId) {
        added++;
        checksum += orderId;
    }

    @Override
    public void executed(long buyOrderId, long sellOrderId, long priceTicks) {
        executed++;
        checksum += buyOrderId ^ sellOrderId ^ priceTicks;
    }

    @Override
    public void canceled(long orderId) {
        canceled++;
        checksum -= orderId;
    }

    @Override
    public void cancelRejected(long orderId) {
        cancelRejected++;
        checksum ^= orderId;
    }

    @Override
    public void rejectedDuplicate(long orderId) {
        rejectedDuplicate++;
        checksum ^= orderId;
    }

    public long events() {
        return added + executed + canceled + cancelRejected + rejectedDuplicate;
    }
}
