package dev.perflab.orderbook.peers;

import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.OrderBookListener;
import dev.perflab.orderbook.Side;
import exchange.core2.collections.objpool.ObjectsPool;
import exchange.core2.core.common.CoreSymbolSpecification;
import exchange.core2.core.common.MatcherEventType;
import exchange.core2.core.common.MatcherTradeEvent;
import exchange.core2.core.common.OrderAction;
import exchange.core2.core.common.OrderType;
import exchange.core2.core.common.SymbolType;
import exchange.core2.core.common.cmd.CommandResultCode;
import exchange.core2.core.common.cmd.OrderCommand;
import exchange.core2.core.common.cmd.OrderCommandType;
import exchange.core2.core.common.config.LoggingConfiguration;
import exchange.core2.core.orderbook.IOrderBook;
import exchange.core2.core.orderbook.OrderBookDirectImpl;
import exchange.core2.core.orderbook.OrderBookEventsHelper;
import exchange.core2.core.orderbook.OrderBookNaiveImpl;
import java.util.EnumSet;
import java.util.Map;

/**
 * Peer: one order book of exchange-core, {@code exchange.core2:exchange-core:0.5.3}, the matching engine
 * of an LMAX-Disruptor exchange, driven here standalone (no ring buffer, no risk engine) through its
 * {@link IOrderBook}: {@code newOrder} and {@code cancelOrder} with one reused {@link OrderCommand} each.
 * Its authors claim p50 0.5 µs / p99 4 µs at 1M ops/s (their README; measured through the whole core,
 * risk engine and ring buffer included, not this book alone).
 *
 * <p><b>Data structures.</b> {@link Impl#NAIVE} ({@code OrderBookNaiveImpl}): per side a
 * {@code TreeMap<Long, bucket>} whose bucket is a {@code LinkedHashMap<Long, Order>}, plus an Eclipse
 * {@code LongObjectHashMap} id → order. {@link Impl#DIRECT} ({@code OrderBookDirectImpl}): all orders of a
 * side in one doubly linked list in price-time order, with adaptive radix trees (ART) price → bucket and
 * id → order; orders, buckets and ART nodes come from an {@link ObjectsPool} sized as exchange-core's own
 * {@code MatchingEngineRouter} sizes it.
 *
 * <p><b>Settings.</b> One currency-exchange symbol (scale 1, no fees), one user id for every order (a
 * cancel must carry the order's uid; neither book in 0.5.3 prevents self-trades, so one uid is safe),
 * GTC limit orders of size 1, {@code reserveBidPrice} = price for bids, logging without debug levels.
 *
 * <p><b>Where exchange-core differs, and what this adapter does about it.</b>
 * <ul>
 *   <li>Duplicate id: both books match first and look at the id only if a remainder would rest. A buy
 *       or sell that reuses a resting id and crosses therefore <em>executes</em> (two live orders with
 *       one id for a moment); one that would rest gets a REJECT event and an unconditional slf4j
 *       {@code warn}. Ours rejects before matching. The adapter therefore asks the peer's own index
 *       first ({@code getOrderById}): one extra hash (naive) or ART (direct) lookup per add, no id set
 *       of its own. With that check the two agree on every command.</li>
 *   <li>Cancel of an unknown, executed or canceled id: {@code MATCHING_UNKNOWN_ORDER_ID}, as ours.</li>
 *   <li>Re-use of an id after cancel or execution: accepted, as ours (both books remove filled orders
 *       from their index).</li>
 * </ul>
 *
 * <p><b>Allocation the peer does itself.</b> In 0.5.3 {@code OrderBookEventsHelper} allocates a new
 * {@code MatcherTradeEvent} for every trade, cancel (REDUCE) and reject, whatever supplier it is given,
 * so each execution and each successful cancel allocates one event. The naive book also allocates per
 * add (a {@code headMap} view, an {@code ArrayList} of emptied prices, per matched bucket an iterator, an
 * {@code ArrayList} and a result object, an {@code Order} and a {@code LinkedHashMap} entry when it
 * rests) and boxes prices and ids outside {@code Long}'s small-value cache. The adapter allocates nothing
 * per command.
 */
public final class ExchangeCoreBook implements OrderBook {

    /** Which of exchange-core's two books. */
    public enum Impl { NAIVE, DIRECT }

    private static final int SYMBOL = 1;
    private static final long UID = 1;
    private static final long QUANTITY = 1;

    private final IOrderBook book;
    private final OrderBookListener listener;
    private final OrderCommand place = placeCommand();
    private final OrderCommand cancel = cancelCommand();

    public ExchangeCoreBook(OrderBookListener listener, Impl impl) {
        this.listener = listener;
        this.book = newBook(impl);
    }

    public static ExchangeCoreBook naive(OrderBookListener listener) {
        return new ExchangeCoreBook(listener, Impl.NAIVE);
    }

    public static ExchangeCoreBook direct(OrderBookListener listener) {
        return new ExchangeCoreBook(listener, Impl.DIRECT);
    }

    @Override
    public void add(Side side, long orderId, long priceTicks) {
        if (book.getOrderById(orderId) != null) {
            listener.rejectedDuplicate(orderId);
            return;
        }
        boolean buy = side == Side.BUY;
        place.orderId = orderId;
        place.price = priceTicks;
        place.reserveBidPrice = buy ? priceTicks : 0;
        place.action = buy ? OrderAction.BID : OrderAction.ASK;
        place.matcherEvent = null;
        book.newOrder(place);
        report(side, orderId, place.matcherEvent);
    }

    private void report(Side side, long orderId, MatcherTradeEvent event) {
        if (event == null) {
            listener.added(orderId);
        } else if (event.eventType == MatcherEventType.TRADE) {
            listener.executedAgainst(side, orderId, event.matchedOrderId, event.price);
        } else {
            // REJECT: only for a duplicate id, which the check above already answered.
            listener.rejectedDuplicate(orderId);
        }
    }

    @Override
    public void cancel(long orderId) {
        cancel.orderId = orderId;
        cancel.matcherEvent = null;
        if (book.cancelOrder(cancel) == CommandResultCode.SUCCESS) {
            listener.canceled(orderId);
        } else {
            listener.cancelRejected(orderId);
        }
    }

    /** The peer itself, for tests that show what it does without this adapter. */
    IOrderBook peer() {
        return book;
    }

    static IOrderBook newBook(Impl impl) {
        CoreSymbolSpecification symbol = symbol();
        LoggingConfiguration logging = new LoggingConfiguration(EnumSet.noneOf(LoggingConfiguration.LoggingLevel.class));
        OrderBookEventsHelper events = OrderBookEventsHelper.NON_POOLED_EVENTS_HELPER;
        return impl == Impl.DIRECT
                ? new OrderBookDirectImpl(symbol, routerSizedPool(), events, logging)
                : new OrderBookNaiveImpl(symbol, routerSizedPool(), events, logging);
    }

    private static CoreSymbolSpecification symbol() {
        return CoreSymbolSpecification.builder()
                .symbolId(SYMBOL)
                .type(SymbolType.CURRENCY_EXCHANGE_PAIR)
                .baseCurrency(1)
                .quoteCurrency(2)
                .baseScaleK(1)
                .quoteScaleK(1)
                .takerFee(0)
                .makerFee(0)
                .build();
    }

    /** The capacities exchange-core's MatchingEngineRouter gives its pool (0.5.3). */
    private static ObjectsPool routerSizedPool() {
        return new ObjectsPool(Map.of(
                ObjectsPool.DIRECT_ORDER, 1024 * 1024,
                ObjectsPool.DIRECT_BUCKET, 1024 * 64,
                ObjectsPool.ART_NODE_4, 1024 * 32,
                ObjectsPool.ART_NODE_16, 1024 * 16,
                ObjectsPool.ART_NODE_48, 1024 * 8,
                ObjectsPool.ART_NODE_256, 1024 * 4));
    }

    static OrderCommand placeCommand() {
        OrderCommand cmd = new OrderCommand();
        cmd.command = OrderCommandType.PLACE_ORDER;
        cmd.orderType = OrderType.GTC;
        cmd.symbol = SYMBOL;
        cmd.uid = UID;
        cmd.size = QUANTITY;
        cmd.resultCode = CommandResultCode.VALID_FOR_MATCHING_ENGINE;
        return cmd;
    }

    private static OrderCommand cancelCommand() {
        OrderCommand cmd = new OrderCommand();
        cmd.command = OrderCommandType.CANCEL_ORDER;
        cmd.symbol = SYMBOL;
        cmd.uid = UID;
        return cmd;
    }
}
