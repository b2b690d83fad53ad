package dev.perflab.orderbook;

/**
 * The matching algorithm of rungs r2–r4, written once: price levels are intrusive FIFO lists
 * ({@link PriceLevel}) and an index maps each resting id to its {@link OrderNode}, so cancel is O(1).
 *
 * <p>Subclasses choose only <em>where</em> levels and nodes live (decimal tree map, primitive tree map,
 * tick-indexed array with a pool) — which is exactly what changes between those rungs. Each JMH fork
 * loads one rung, so these calls are monomorphic and the JIT inlines them.
 */
abstract class LinkedLevelsBook implements OrderBook {
    protected final OrderBookListener listener;

    protected LinkedLevelsBook(OrderBookListener listener) {
        this.listener = listener;
    }

    @Override
    public final void add(Side side, long orderId, long priceTicks) {
        if (findOrder(orderId) != null) {
            listener.rejectedDuplicate(orderId);
            return;
        }
        PriceLevel best = crossedLevel(side, priceTicks);
        if (best != null) {
            OrderNode resting = best.head;
            long restingId = resting.id;
            removeOrder(restingId);
            unlinkAndRelease(resting);
            listener.executedAgainst(side, orderId, restingId, best.priceTicks);
            return;
        }
        OrderNode node = newNode();
        node.id = orderId;
        levelForAdd(side, priceTicks).append(node);
        putOrder(orderId, node);
        listener.added(orderId);
    }

    @Override
    public final void cancel(long orderId) {
        OrderNode node = removeOrder(orderId);
        if (node == null) {
            listener.cancelRejected(orderId);
            return;
        }
        unlinkAndRelease(node);
        listener.canceled(orderId);
    }

    private void unlinkAndRelease(OrderNode node) {
        PriceLevel level = node.level;
        level.unlink(node);
        if (level.isEmpty()) {
            levelEmptied(level);
        }
        releaseNode(node);
    }

    /** The best level on the side opposite {@code incoming} if an order at {@code limitTicks} crosses it, else null. */
    protected abstract PriceLevel crossedLevel(Side incoming, long limitTicks);

    /** The level at this price on this side, created if there is none. */
    protected abstract PriceLevel levelForAdd(Side side, long priceTicks);

    /** Called when the last order leaves a level. */
    protected abstract void levelEmptied(PriceLevel level);

    protected abstract OrderNode findOrder(long orderId);

    protected abstract void putOrder(long orderId, OrderNode node);

    /** Removes the id from the index and returns its node, or null if the id is not resting. */
    protected abstract OrderNode removeOrder(long orderId);

    /** A fresh node; r4 takes it from a pool. */
    protected OrderNode newNode() {
        return new OrderNode();
    }

    /** The node is no longer in the book; r4 returns it to its pool. */
    protected void releaseNode(OrderNode node) {
    }
}
