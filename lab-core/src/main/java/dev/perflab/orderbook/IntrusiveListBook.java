package dev.perflab.orderbook;

import java.math.BigDecimal;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * r2 — mutable levels as intrusive doubly-linked FIFO lists, and a map from order id to its list node:
 * cancel is O(1) whatever the depth.
 *
 * <p><b>What changed from r1.</b> The persistent book (a new snapshot per command) becomes one mutable
 * book: a {@code TreeMap<BigDecimal, PriceLevel>} per side and a {@code HashMap<Long, OrderNode>}. Cancel
 * finds the node by id and unlinks it; no walk through the level, no rebuilt queue.
 *
 * <p><b>Why faster.</b> r1's cancel still walked its level and copied O(log n) persistent nodes per
 * command; here a cancel is a hash lookup and four pointer writes. What is left: {@code BigDecimal}
 * prices (an object per command, slower compares), boxed {@code Long} keys, a node per order.
 */
public final class IntrusiveListBook extends LinkedLevelsBook {
    private final TreeMap<BigDecimal, PriceLevel> bids = new TreeMap<>(Comparator.reverseOrder());
    private final TreeMap<BigDecimal, PriceLevel> asks = new TreeMap<>();
    private final Map<Long, OrderNode> byId = new HashMap<>();

    public IntrusiveListBook(OrderBookListener listener) {
        super(listener);
    }

    private TreeMap<BigDecimal, PriceLevel> levels(Side side) {
        return side == Side.BUY ? bids : asks;
    }

    @Override
    protected PriceLevel crossedLevel(Side incoming, long limitTicks) {
        Map.Entry<BigDecimal, PriceLevel> best = levels(incoming.opposite()).firstEntry();
        if (best == null || !DecimalPrices.crosses(incoming, DecimalPrices.of(limitTicks), best.getKey())) {
            return null;
        }
        return best.getValue();
    }

    @Override
    protected PriceLevel levelForAdd(Side side, long priceTicks) {
        return levels(side).computeIfAbsent(DecimalPrices.of(priceTicks), price -> new PriceLevel(side, priceTicks));
    }

    @Override
    protected void levelEmptied(PriceLevel level) {
        levels(level.side).remove(DecimalPrices.of(level.priceTicks));
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
}
