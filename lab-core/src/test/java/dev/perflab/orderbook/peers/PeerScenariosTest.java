package dev.perflab.orderbook.peers;

import static dev.perflab.orderbook.Side.BUY;
import static dev.perflab.orderbook.Side.SELL;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.OrderBookFactory;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The same explicit scenarios for every peer adapter, and for the reference book they are compared with. */
class PeerScenariosTest {

    static Stream<Named<OrderBookFactory>> books() {
        return Stream.of(
                Named.of("reference", ReferenceBook::new),
                Named.of("parity", ParityMatchBook::new),
                Named.of("exchange-core naive", ExchangeCoreBook::naive),
                Named.of("exchange-core direct", ExchangeCoreBook::direct));
    }

    private final RecordingListener events = new RecordingListener();

    private OrderBook open(OrderBookFactory factory) {
        return factory.create(events);
    }

    private void expect(String... expected) {
        assertEquals(List.of(expected), events.events);
    }

    @ParameterizedTest
    @MethodSource("books")
    void buyCrossingBestAskExecutesAtRestingPrice(OrderBookFactory factory) {
        OrderBook book = open(factory);
        book.add(SELL, 1, 100);
        book.add(BUY, 2, 103);
        expect("added 1", "executed 2/1 @100");
    }

    @ParameterizedTest
    @MethodSource("books")
    void sellCrossingBestBidExecutesAtRestingPrice(OrderBookFactory factory) {
        OrderBook book = open(factory);
        book.add(BUY, 1, 100);
        book.add(SELL, 2, 97);
        expect("added 1", "executed 1/2 @100");
    }

    @ParameterizedTest
    @MethodSource("books")
    void nonCrossingOrdersRest(OrderBookFactory factory) {
        OrderBook book = open(factory);
        book.add(BUY, 1, 99);
        book.add(SELL, 2, 100);
        expect("added 1", "added 2");
    }

    @ParameterizedTest
    @MethodSource("books")
    void fifoWithinALevel(OrderBookFactory factory) {
        OrderBook book = open(factory);
        book.add(SELL, 1, 100);
        book.add(SELL, 2, 100);
        book.add(BUY, 3, 100);
        book.add(BUY, 4, 100);
        expect("added 1", "added 2", "executed 3/1 @100", "executed 4/2 @100");
    }

    @ParameterizedTest
    @MethodSource("books")
    void pricePriorityBeforeTime(OrderBookFactory factory) {
        OrderBook book = open(factory);
        book.add(SELL, 1, 102);
        book.add(SELL, 2, 101);
        book.add(BUY, 3, 99);
        book.add(BUY, 4, 100);
        book.add(BUY, 5, 105);
        book.add(SELL, 6, 95);
        expect("added 1", "added 2", "added 3", "added 4", "executed 5/2 @101", "executed 4/6 @100");
    }

    @ParameterizedTest
    @MethodSource("books")
    void cancelOfRestingOrderRemovesIt(OrderBookFactory factory) {
        OrderBook book = open(factory);
        book.add(SELL, 1, 100);
        book.cancel(1);
        book.add(BUY, 2, 100);
        expect("added 1", "canceled 1", "added 2");
    }

    @ParameterizedTest
    @MethodSource("books")
    void secondCancelIsRejected(OrderBookFactory factory) {
        OrderBook book = open(factory);
        book.add(BUY, 1, 100);
        book.cancel(1);
        book.cancel(1);
        expect("added 1", "canceled 1", "cancelRejected 1");
    }

    @ParameterizedTest
    @MethodSource("books")
    void cancelOfExecutedOrderIsRejected(OrderBookFactory factory) {
        OrderBook book = open(factory);
        book.add(BUY, 1, 100);
        book.add(SELL, 2, 100);
        book.cancel(1);
        book.cancel(2);
        expect("added 1", "executed 1/2 @100", "cancelRejected 1", "cancelRejected 2");
    }

    @ParameterizedTest
    @MethodSource("books")
    void cancelOfUnknownIdIsRejected(OrderBookFactory factory) {
        OrderBook book = open(factory);
        book.cancel(42);
        book.add(BUY, 1, 100);
        book.cancel(43);
        expect("cancelRejected 42", "added 1", "cancelRejected 43");
    }

    @ParameterizedTest
    @MethodSource("books")
    void duplicateOfRestingIdIsRejectedEvenWhenItWouldCross(OrderBookFactory factory) {
        OrderBook book = open(factory);
        book.add(BUY, 1, 99);
        book.add(SELL, 2, 101);
        book.add(BUY, 1, 98);
        book.add(BUY, 1, 101);
        book.add(SELL, 2, 99);
        expect("added 1", "added 2", "rejectedDuplicate 1", "rejectedDuplicate 1", "rejectedDuplicate 2");
    }

    @ParameterizedTest
    @MethodSource("books")
    void idIsReusableAfterCancel(OrderBookFactory factory) {
        OrderBook book = open(factory);
        book.add(BUY, 1, 100);
        book.cancel(1);
        book.add(SELL, 1, 101);
        book.add(BUY, 2, 101);
        expect("added 1", "canceled 1", "added 1", "executed 2/1 @101");
    }
}
