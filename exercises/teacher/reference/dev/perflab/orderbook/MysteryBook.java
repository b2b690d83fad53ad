package dev.perflab.orderbook;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

/**
 * mystery — the fix (teacher's copy; exercises/teacher/README.md names the cause): the id index is fastutil's
 * {@code Long2ObjectOpenHashMap}, keyed by the primitive {@code long}. The shipped {@code HashMap<Long, OrderNode>}
 * boxed every id above 127 into a new {@code Long} and made a {@code HashMap.Node} for every put: the bytes per
 * add that the pooled nodes were there to avoid.
 *
 * <p>r3's price levels ({@link LongLevelsBook}: prices as {@code long} ticks in sorted maps, each level an
 * intrusive list of order nodes), an index from order id to node, and nodes reused through a free list.
 */
public final class MysteryBook extends LongLevelsBook {
    private final Long2ObjectOpenHashMap<OrderNode> byId = new Long2ObjectOpenHashMap<>();
    private OrderNode freeNodes;

    public MysteryBook(OrderBookListener listener) {
        super(listener);
    }

    @Override
    protected OrderNode findOrder(long orderId) {
        return byId.get(orderId);
    }

    @Override
    protected void putOrder(long orderId, OrderNode node) {
        byId.put(orderId, node);
    }

    @Override
    protected OrderNode removeOrder(long orderId) {
        return byId.remove(orderId);
    }

    @Override
    protected OrderNode newNode() {
        OrderNode node = freeNodes;
        if (node == null) {
            return new OrderNode();
        }
        freeNodes = node.next;
        node.next = null;
        return node;
    }

    @Override
    protected void releaseNode(OrderNode node) {
        node.next = freeNodes;
        freeNodes = node;
    }
}
