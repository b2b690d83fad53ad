package dev.perflab.orderbook;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * student — a planted solution of "make cancel O(1)" (teacher's copy; exercises/teacher/README.md): correct, and
 * the usual first wrong turn. Each level is a mutable list and the id index finds the level, but a cancel still
 * removes the order with {@code List.remove(Object)}: a scan of the level and a shift of what follows, so the cost
 * grows with the depth. {@code ./lab grade orderbook --file …} must say NOT YET, naming the flat target.
 */
public final class StudentBook implements OrderBook {
    private final OrderBookListener listener;
    private final TreeMap<BigDecimal, List<RestingOrder>> bids = new TreeMap<>(Comparator.reverseOrder());
    private final TreeMap<BigDecimal, List<RestingOrder>> asks = new TreeMap<>();
    private final Map<Long, RestingOrder> byId = new HashMap<>();

    public StudentBook(OrderBookListener listener) {
        this.listener = listener;
    }

    private TreeMap<BigDecimal, List<RestingOrder>> levels(Side side) {
        return side == Side.BUY ? bids : asks;
    }

    @Override
    public void add(Side side, long orderId, long priceTicks) {
        if (byId.containsKey(orderId)) {
            listener.rejectedDuplicate(orderId);
            return;
        }
        Map.Entry<BigDecimal, List<RestingOrder>> best = levels(side.opposite()).firstEntry();
        if (best != null && DecimalPrices.crosses(side, DecimalPrices.of(priceTicks), best.getKey())) {
            RestingOrder resting = best.getValue().get(0);
            byId.remove(resting.id());
            remove(resting);
            listener.executedAgainst(side, orderId, resting.id(), DecimalPrices.ticks(resting.price()));
            return;
        }
        RestingOrder order = new RestingOrder(orderId, side, DecimalPrices.of(priceTicks));
        levels(side).computeIfAbsent(order.price(), p -> new ArrayList<>()).add(order);
        byId.put(orderId, order);
        listener.added(orderId);
    }

    @Override
    public void cancel(long orderId) {
        RestingOrder order = byId.remove(orderId);
        if (order == null) {
            listener.cancelRejected(orderId);
            return;
        }
        remove(order);
        listener.canceled(orderId);
    }

    private void remove(RestingOrder order) {
        List<RestingOrder> level = levels(order.side()).get(order.price());
        level.remove(order);
        if (level.isEmpty()) {
            levels(order.side()).remove(order.price());
        }
    }
}
