package dev.perflab.orderbook;

import it.unimi.dsi.fastutil.longs.Long2ObjectRBTreeMap;
import it.unimi.dsi.fastutil.longs.LongComparators;
import java.util.HashMap;
import java.util.Map;

/**
 * mystery — a lab with a hidden cause: a correct order book, slower than it should be. The brief is in
 * {@code exercises/mysteries.md}; {@code ./lab grade orderbook --rung mystery} says PASS once it is fixed.
 *
 * <p>Prices as {@code long} ticks in sorted maps of levels, each level an intrusive list of order nodes, an index
 * from order id to node, and nodes reused through a free list.
 */
public final class MysteryBook extends LinkedLevelsBook {
    private final Long2ObjectRBTreeMap<PriceLevel> bids = new Long2ObjectRBTreeMap<>(LongComparators.OPPOSITE_COMPARATOR);
    private final Long2ObjectRBTreeMap<PriceLevel> asks = new Long2ObjectRBTreeMap<>();
    private final Map<Long, OrderNode> byId = new HashMap<>();
    private OrderNode freeNodes;

    public MysteryBook(OrderBookListener listener) {
        super(listener);
    }

    private Long2ObjectRBTreeMap<PriceLevel> levels(Side side) {
        return side == Side.BUY ? bids : asks;
    }

    @Override
    protected PriceLevel crossedLevel(Side incoming, long limitTicks) {
        Long2ObjectRBTreeMap<PriceLevel> opposite = levels(incoming.opposite());
        if (opposite.isEmpty()) {
            return null;
        }
        long best = opposite.firstLongKey();
        boolean crosses = incoming == Side.BUY ? best <= limitTicks : best >= limitTicks;
        return crosses ? opposite.get(best) : null;
    }

    @Override
    protected PriceLevel levelForAdd(Side side, long priceTicks) {
        Long2ObjectRBTreeMap<PriceLevel> levels = levels(side);
        PriceLevel level = levels.get(priceTicks);
        if (level == null) {
            level = new PriceLevel(side, priceTicks);
            levels.put(priceTicks, level);
        }
        return level;
    }

    @Override
    protected void levelEmptied(PriceLevel level) {
        levels(level.side).remove(level.priceTicks);
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
