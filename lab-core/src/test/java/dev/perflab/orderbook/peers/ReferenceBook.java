package dev.perflab.orderbook.peers;

import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.OrderBookListener;
import dev.perflab.orderbook.Side;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** The rules written as plainly as possible: a sorted map of FIFO queues per side, a map id → where it rests. */
final class ReferenceBook implements OrderBook {
    private record Resting(Side side, long priceTicks) {}

    private final TreeMap<Long, ArrayDeque<Long>> bids = new TreeMap<>(Comparator.reverseOrder());
    private final TreeMap<Long, ArrayDeque<Long>> asks = new TreeMap<>();
    private final Map<Long, Resting> resting = new HashMap<>();
    private final OrderBookListener listener;

    ReferenceBook(OrderBookListener listener) {
        this.listener = listener;
    }

    private TreeMap<Long, ArrayDeque<Long>> levels(Side side) {
        return side == Side.BUY ? bids : asks;
    }

    @Override
    public void add(Side side, long orderId, long priceTicks) {
        if (resting.containsKey(orderId)) {
            listener.rejectedDuplicate(orderId);
            return;
        }
        TreeMap<Long, ArrayDeque<Long>> opposite = levels(side.opposite());
        if (!opposite.isEmpty() && crosses(side, opposite.firstKey(), priceTicks)) {
            long bestPrice = opposite.firstKey();
            ArrayDeque<Long> level = opposite.get(bestPrice);
            long restingId = level.removeFirst();
            if (level.isEmpty()) {
                opposite.remove(bestPrice);
            }
            resting.remove(restingId);
            listener.executedAgainst(side, orderId, restingId, bestPrice);
            return;
        }
        levels(side).computeIfAbsent(priceTicks, p -> new ArrayDeque<>()).addLast(orderId);
        resting.put(orderId, new Resting(side, priceTicks));
        listener.added(orderId);
    }

    private static boolean crosses(Side incoming, long bestOpposite, long limit) {
        return incoming == Side.BUY ? bestOpposite <= limit : bestOpposite >= limit;
    }

    @Override
    public void cancel(long orderId) {
        Resting order = resting.remove(orderId);
        if (order == null) {
            listener.cancelRejected(orderId);
            return;
        }
        TreeMap<Long, ArrayDeque<Long>> levels = levels(order.side());
        ArrayDeque<Long> level = levels.get(order.priceTicks());
        level.remove(orderId);
        if (level.isEmpty()) {
            levels.remove(order.priceTicks());
        }
        listener.canceled(orderId);
    }
}
