package dev.perflab.orderbook;

import java.math.BigDecimal;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * student — the reference solution of "make cancel O(1)" (teacher's copy; exercises/teacher/README.md): r2's logic
 * in the learner's one file. Each resting order is a node of its level's doubly-linked list ({@link OrderNode},
 * {@link PriceLevel}) and the id index points at the node, so a cancel finds the node in one hash lookup and unlinks
 * it with a few pointer writes, whatever the depth of its level.
 */
public final class StudentBook implements OrderBook {
    private final OrderBookListener listener;
    private final TreeMap<BigDecimal, PriceLevel> bids = new TreeMap<>(Comparator.reverseOrder());
    private final TreeMap<BigDecimal, PriceLevel> asks = new TreeMap<>();
    private final Map<Long, OrderNode> byId = new HashMap<>();

    public StudentBook(OrderBookListener listener) {
        this.listener = listener;
    }

    private TreeMap<BigDecimal, PriceLevel> levels(Side side) {
        return side == Side.BUY ? bids : asks;
    }

    @Override
    public void add(Side side, long orderId, long priceTicks) {
        if (byId.containsKey(orderId)) {
            listener.rejectedDuplicate(orderId);
            return;
        }
        Map.Entry<BigDecimal, PriceLevel> best = levels(side.opposite()).firstEntry();
        if (best != null && DecimalPrices.crosses(side, DecimalPrices.of(priceTicks), best.getKey())) {
            OrderNode resting = best.getValue().head;
            byId.remove(resting.id);
            unlink(resting);
            listener.executedAgainst(side, orderId, resting.id, best.getValue().priceTicks);
            return;
        }
        OrderNode node = new OrderNode();
        node.id = orderId;
        levels(side).computeIfAbsent(DecimalPrices.of(priceTicks), p -> new PriceLevel(side, priceTicks)).append(node);
        byId.put(orderId, node);
        listener.added(orderId);
    }

    @Override
    public void cancel(long orderId) {
        OrderNode node = byId.remove(orderId);
        if (node == null) {
            listener.cancelRejected(orderId);
            return;
        }
        unlink(node);
        listener.canceled(orderId);
    }

    /** Takes the node out of its level, and the level out of its side once it is empty. */
    private void unlink(OrderNode node) {
        PriceLevel level = node.level;
        level.unlink(node);
        if (level.isEmpty()) {
            levels(level.side).remove(DecimalPrices.of(level.priceTicks));
        }
    }
}
