package dev.perflab.orderbook;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * The ids resting in a book, learned from its events, for picking a random one in O(1). Used by the
 * command sources ({@link CommandGenerator}, {@link OrderFlow}) that steer a book by what it holds.
 *
 * <p>Ids sit densely in a list; a hash map gives each id's slot, so a removal moves the last id into the
 * freed slot. Every event is then forwarded to a downstream listener (a no-op by default), so a caller
 * can still record or count the book's events. No allocation unless the book outgrows the sizes given.
 */
final class RestingOrders implements OrderBookListener {
    private static final OrderBookListener NONE = new OrderBookListener() {
        @Override
        public void added(long orderId) {
        }

        @Override
        public void executed(long buyOrderId, long sellOrderId, long priceTicks) {
        }

        @Override
        public void canceled(long orderId) {
        }

        @Override
        public void cancelRejected(long orderId) {
        }

        @Override
        public void rejectedDuplicate(long orderId) {
        }
    };

    private final LongArrayList ids;
    private final Long2IntOpenHashMap slots;
    private final OrderBookListener downstream;

    RestingOrders() {
        this(16, NONE);
    }

    /**
     * @param expectedOrders sizes the list and map so that a book of about this many orders never resizes them
     * @param downstream     receives every event after this tracker has seen it; null for none
     */
    RestingOrders(int expectedOrders, OrderBookListener downstream) {
        this.ids = new LongArrayList(Math.max(16, expectedOrders));
        this.slots = new Long2IntOpenHashMap(Math.max(16, expectedOrders));
        this.downstream = downstream == null ? NONE : downstream;
    }

    int size() {
        return ids.size();
    }

    long get(int index) {
        return ids.getLong(index);
    }

    boolean contains(long id) {
        return slots.containsKey(id);
    }

    @Override
    public void added(long orderId) {
        slots.put(orderId, ids.size());
        ids.add(orderId);
        downstream.added(orderId);
    }

    @Override
    public void executed(long buyOrderId, long sellOrderId, long priceTicks) {
        remove(buyOrderId);
        remove(sellOrderId);
        downstream.executed(buyOrderId, sellOrderId, priceTicks);
    }

    @Override
    public void canceled(long orderId) {
        remove(orderId);
        downstream.canceled(orderId);
    }

    @Override
    public void cancelRejected(long orderId) {
        downstream.cancelRejected(orderId);
    }

    @Override
    public void rejectedDuplicate(long orderId) {
        downstream.rejectedDuplicate(orderId);
    }

    private void remove(long id) {
        if (!slots.containsKey(id)) {
            return;
        }
        int slot = slots.remove(id);
        long last = ids.removeLong(ids.size() - 1);
        if (slot < ids.size()) {
            ids.set(slot, last);
            slots.put(last, slot);
        }
    }
}
