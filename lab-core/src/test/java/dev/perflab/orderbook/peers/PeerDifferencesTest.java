package dev.perflab.orderbook.peers;

import static dev.perflab.orderbook.Side.BUY;
import static dev.perflab.orderbook.Side.SELL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.perflab.orderbook.OrderBook;
import exchange.core2.core.common.MatcherEventType;
import exchange.core2.core.common.MatcherTradeEvent;
import exchange.core2.core.common.OrderAction;
import exchange.core2.core.common.cmd.OrderCommand;
import exchange.core2.core.orderbook.IOrderBook;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** What the peers do where their rules differ from ours, with and without the adapters' corrections. */
class PeerDifferencesTest {
    private final RecordingListener events = new RecordingListener();

    @Test
    void parityReusesAnExecutedIdOnlyBecauseTheAdapterPurgesIt() {
        reuseExecutedId(new ParityMatchBook(events));
        assertEquals(List.of("added 1", "executed 1/2 @100", "added 1", "canceled 1"), events.events);
    }

    /** Parity 0.7.0 keeps an executed order in its id map: re-use of the id is dropped, a cancel succeeds. */
    @Test
    void parityAsShippedDropsReuseOfAnExecutedIdButCancelsIt() {
        reuseExecutedId(ParityMatchBook.withoutPurge(events));
        assertEquals(List.of("added 1", "executed 1/2 @100", "rejectedDuplicate 1", "canceled 1"), events.events);
    }

    /**
     * Parity as shipped: canceling an executed order whose level had emptied removes the level now at that
     * price, so order 3 stops matching (sell 4 rests beside it) though it can still be canceled.
     */
    @Test
    void parityAsShippedLosesALiveLevelWhenAnExecutedOrderIsCanceled() {
        OrderBook book = ParityMatchBook.withoutPurge(events);
        book.add(BUY, 1, 100);
        book.add(SELL, 2, 100);
        book.add(BUY, 3, 100);
        book.cancel(1);
        book.add(SELL, 4, 100);
        book.cancel(3);
        assertEquals(List.of("added 1", "executed 1/2 @100", "added 3", "canceled 1", "added 4", "canceled 3"),
                events.events);
    }

    @Test
    void parityWithPurgeKeepsTheLiveLevel() {
        OrderBook book = new ParityMatchBook(events);
        book.add(BUY, 1, 100);
        book.add(SELL, 2, 100);
        book.add(BUY, 3, 100);
        book.cancel(1);
        book.add(SELL, 4, 100);
        assertEquals(List.of("added 1", "executed 1/2 @100", "added 3", "cancelRejected 1", "executed 3/4 @100"),
                events.events);
    }

    private static void reuseExecutedId(OrderBook book) {
        book.add(BUY, 1, 100);
        book.add(SELL, 2, 100);
        book.add(BUY, 1, 99);
        book.cancel(1);
    }

    /** exchange-core alone matches first and checks the id only for a remainder: a crossing duplicate executes. */
    @ParameterizedTest
    @EnumSource(ExchangeCoreBook.Impl.class)
    void exchangeCoreAloneExecutesACrossingDuplicate(ExchangeCoreBook.Impl impl) {
        IOrderBook peer = ExchangeCoreBook.newBook(impl);
        assertNull(place(peer, OrderAction.BID, 1, 99));
        assertNull(place(peer, OrderAction.ASK, 2, 101));
        MatcherTradeEvent trade = place(peer, OrderAction.BID, 1, 101);
        assertEquals(MatcherEventType.TRADE, trade.eventType);
        assertEquals(2, trade.matchedOrderId);
        assertEquals(101, trade.price);
        assertEquals(MatcherEventType.REJECT, place(peer, OrderAction.BID, 1, 98).eventType);
    }

    private static MatcherTradeEvent place(IOrderBook peer, OrderAction action, long id, long price) {
        OrderCommand cmd = ExchangeCoreBook.placeCommand();
        cmd.action = action;
        cmd.orderId = id;
        cmd.price = price;
        cmd.reserveBidPrice = action == OrderAction.BID ? price : 0;
        peer.newOrder(cmd);
        return cmd.matcherEvent;
    }
}
