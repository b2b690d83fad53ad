package dev.perflab.orderbook;

import java.util.HashMap;
import java.util.Map;

/**
 * mystery — a lab with a hidden cause: a correct order book, slower than it should be. The brief is in
 * {@code exercises/mysteries.md}; {@code ./lab grade orderbook --rung mystery} says PASS once it is fixed.
 *
 * <p>r3's price levels ({@link LongLevelsBook}: prices as {@code long} ticks in sorted maps, each level an
 * intrusive list of order nodes), an index from order id to node, and nodes reused through a free list.
 */
public final class MysteryBook extends LongLevelsBook {
    private final Map<Long, OrderNode> byId = new HashMap<>();
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
