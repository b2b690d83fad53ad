package dev.perflab.orderbook.peers;

import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.OrderBookListener;
import dev.perflab.orderbook.Side;

/**
 * Peer: parity's matching engine, {@code com.paritytrading.parity:parity-match:0.7.0}
 * ({@code com.paritytrading.parity.match.OrderBook}), the price-time book of the Parity trading platform.
 *
 * <p><b>Data structures.</b> Per side a fastutil {@code Long2ObjectRBTreeMap} from price to a level that
 * holds its orders in a {@code java.util.ArrayList} (FIFO); one {@code Long2ObjectOpenHashMap} id → order.
 * It allocates an {@code Order} per resting order and a level + {@code ArrayList} + tree entry per new
 * price; taking the head of a level is {@code ArrayList.remove(0)} and a cancel is
 * {@code ArrayList.remove(Object)}, both O(orders at that level). Parity publishes no latency figures.
 *
 * <p><b>Translation.</b> {@code enter(id, side, price, 1)} and {@code cancel(id, 0)}; parity's callbacks
 * {@code match}, {@code add}, {@code cancel} become {@code executed}, {@code added}, {@code canceled}.
 * Parity stays silent when it ignores a command, so silence becomes {@code rejectedDuplicate} (enter)
 * or {@code cancelRejected} (cancel). With quantity 1 parity never calls back more than once.
 *
 * <p><b>Where parity differs, and what this adapter does about it.</b> Parity 0.7.0 never removes a
 * fully executed resting order from its id map, and leaves that dead {@code Order} with its remaining
 * quantity untouched (1). As shipped ({@link #withoutPurge}) that has three effects:
 * <ol>
 *   <li>a leak: the id map, and the dead orders it holds, grow with every execution;</li>
 *   <li>an executed id can never be used again: {@code enter} with it is silently dropped
 *       (→ {@code rejectedDuplicate} where our rules say {@code added} or {@code executed});</li>
 *   <li>a cancel of an executed id <em>succeeds</em> (→ {@code canceled} where ours says
 *       {@code cancelRejected}), and if the order's old level had emptied, parity removes whatever level
 *       now sits at that price from its tree: live orders at that price drop out of matching (they stay
 *       in the id map and can still be canceled).</li>
 * </ol>
 * By default the adapter therefore purges the executed id right after {@code enter} returns, with
 * parity's own {@code cancel(id, 0)} (the callback it makes is swallowed). That is safe here: within the
 * same command the incoming order does not rest, so no new level can have appeared at that price. It
 * costs parity one extra hash lookup and removal per execution, plus a scan of the old level's
 * {@code ArrayList} for an order no longer in it (O(orders left at that price); parity's own
 * {@code remove(0)} at the match is O(that) too). With the purge every event agrees with our rules.
 * Duplicates of a resting id need nothing: parity checks its id map before matching and ignores the
 * order, as ours does, so the adapter keeps no id set of its own.
 *
 * <p>Hot path: no allocation by the adapter; one boolean per command tells whether parity answered.
 */
public final class ParityMatchBook implements OrderBook {
    private static final long QUANTITY = 1;

    private final com.paritytrading.parity.match.OrderBook book;
    private final Events events;
    private final boolean purgeExecuted;

    /** Parity with executed ids purged, so that our id-reuse rule holds. */
    public ParityMatchBook(OrderBookListener listener) {
        this(listener, true);
    }

    private ParityMatchBook(OrderBookListener listener, boolean purgeExecuted) {
        this.events = new Events(listener);
        this.book = new com.paritytrading.parity.match.OrderBook(events);
        this.purgeExecuted = purgeExecuted;
    }

    /** Parity as shipped, for measuring it untouched: see the class comment for what then goes wrong. */
    public static ParityMatchBook withoutPurge(OrderBookListener listener) {
        return new ParityMatchBook(listener, false);
    }

    @Override
    public void add(Side side, long orderId, long priceTicks) {
        events.startCommand();
        book.enter(orderId, paritySide(side), priceTicks, QUANTITY);
        if (!events.answered) {
            events.listener.rejectedDuplicate(orderId);
        } else if (purgeExecuted && events.executedRestingId != 0) {
            purge(events.executedRestingId);
        }
    }

    @Override
    public void cancel(long orderId) {
        events.startCommand();
        book.cancel(orderId, 0);
        if (!events.answered) {
            events.listener.cancelRejected(orderId);
        }
    }

    private void purge(long restingId) {
        events.purging = true;
        book.cancel(restingId, 0);
        events.purging = false;
    }

    private static com.paritytrading.parity.match.Side paritySide(Side side) {
        return side == Side.BUY ? com.paritytrading.parity.match.Side.BUY : com.paritytrading.parity.match.Side.SELL;
    }

    /** Parity's listener: forwards to ours and records that parity answered the command. */
    private static final class Events implements com.paritytrading.parity.match.OrderBookListener {
        final OrderBookListener listener;
        boolean answered;
        boolean purging;
        long executedRestingId;

        Events(OrderBookListener listener) {
            this.listener = listener;
        }

        void startCommand() {
            answered = false;
            executedRestingId = 0;
        }

        @Override
        public void match(long restingOrderId, long incomingOrderId, com.paritytrading.parity.match.Side incomingSide,
                long price, long executedQuantity, long remainingQuantity) {
            answered = true;
            executedRestingId = restingOrderId;
            if (incomingSide == com.paritytrading.parity.match.Side.BUY) {
                listener.executed(incomingOrderId, restingOrderId, price);
            } else {
                listener.executed(restingOrderId, incomingOrderId, price);
            }
        }

        @Override
        public void add(long orderId, com.paritytrading.parity.match.Side side, long price, long size) {
            answered = true;
            listener.added(orderId);
        }

        @Override
        public void cancel(long orderId, long canceledQuantity, long remainingQuantity) {
            if (purging) {
                return;
            }
            answered = true;
            listener.canceled(orderId);
        }
    }
}
