package dev.perflab.orderbook;

import java.math.BigDecimal;

/** An immutable resting order, as the persistent rungs (r0, r1) keep it in their FIFO queues. */
record RestingOrder(long id, Side side, BigDecimal price) {
}
