package dev.perflab.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.perflab.ladder.Entry;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one contract every rung and peer of the order book passes (exhibits excepted): the report's
 * matching rule, FIFO within a level, executions at the resting price, and the id rules.
 */
class OrderBookContractTest {

    private static List<String> run(Entry<OrderBookFactory> book, String... commands) {
        return Books.events(book.factory(), commands);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void ordersThatDoNotCrossRest(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "ADDED 2", "ADDED 3"),
                run(book, "A B 1 100.00", "A S 2 100.01", "A B 3 99.99"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void buyAtOrAboveBestAskExecutesAtTheRestingPrice(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "EXECUTED 2 1 101.00", "ADDED 3", "EXECUTED 4 3 101.50"),
                run(book, "A S 1 101.00", "A B 2 105.00", "A S 3 101.50", "A B 4 101.50"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void sellAtOrBelowBestBidExecutesAtTheRestingPrice(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "EXECUTED 1 2 99.00", "ADDED 3", "EXECUTED 3 4 98.00"),
                run(book, "A B 1 99.00", "A S 2 90.00", "A B 3 98.00", "A S 4 98.00"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void earliestOrderAtAPriceExecutesFirst(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "ADDED 2", "ADDED 3", "EXECUTED 4 1 101.00", "EXECUTED 5 2 101.00",
                        "EXECUTED 6 3 101.00", "ADDED 7"),
                run(book, "A S 1 101.00", "A S 2 101.00", "A S 3 101.00",
                        "A B 4 101.00", "A B 5 102.00", "A B 6 101.00", "A B 7 101.00"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void bestPriceExecutesBeforeEarlierWorsePrices(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "ADDED 2", "EXECUTED 3 2 101.00", "EXECUTED 4 1 102.00"),
                run(book, "A S 1 102.00", "A S 2 101.00", "A B 3 102.00", "A B 4 102.00"));
        assertEquals(List.of("ADDED 1", "ADDED 2", "EXECUTED 2 3 99.00", "EXECUTED 1 4 98.00"),
                run(book, "A B 1 98.00", "A B 2 99.00", "A S 3 98.00", "A S 4 98.00"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void cancelRemovesARestingOrderOnce(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "CANCELED 1", "CANCEL_REJECTED 1", "ADDED 2"),
                run(book, "A B 1 100.00", "C 1", "C 1", "A S 2 100.00"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void cancelOfExecutedOrUnknownOrdersIsRejected(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "EXECUTED 2 1 100.00", "CANCEL_REJECTED 1", "CANCEL_REJECTED 2",
                        "CANCEL_REJECTED 77"),
                run(book, "A S 1 100.00", "A B 2 100.00", "C 1", "C 2", "C 77"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void cancelInTheMiddleKeepsTheRestInOrder(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "ADDED 2", "ADDED 3", "CANCELED 2", "EXECUTED 4 1 101.00",
                        "EXECUTED 5 3 101.00", "ADDED 6"),
                run(book, "A S 1 101.00", "A S 2 101.00", "A S 3 101.00", "C 2",
                        "A B 4 101.00", "A B 5 101.00", "A B 6 101.00"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void bestPriceMovesWhenItsLevelEmpties(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "ADDED 2", "CANCELED 1", "EXECUTED 2 3 99.00", "ADDED 4"),
                run(book, "A B 1 100.00", "A B 2 99.00", "C 1", "A S 3 99.00", "A S 4 99.00"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void addingAnIdThatStillRestsIsRejected(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "REJECTED 1 duplicate-id", "REJECTED 1 duplicate-id", "CANCELED 1",
                        "CANCEL_REJECTED 1"),
                run(book, "A B 1 100.00", "A S 1 200.00", "A B 1 100.00", "C 1", "C 1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void anIdMayBeReusedOnceItsOrderIsGone(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "CANCELED 1", "ADDED 1", "EXECUTED 1 2 100.00", "ADDED 1", "CANCELED 1"),
                run(book, "A B 1 100.00", "C 1", "A B 1 100.00", "A S 2 99.00", "A B 1 100.00", "C 1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.perflab.orderbook.Books#correct")
    void farApartPricesInOneStreamStayCorrect(Entry<OrderBookFactory> book) {
        assertEquals(List.of("ADDED 1", "ADDED 2", "ADDED 3", "EXECUTED 3 4 100.00", "EXECUTED 1 5 0.01",
                        "ADDED 6", "EXECUTED 7 6 0.01", "EXECUTED 8 2 1000000.00", "ADDED 9", "CANCELED 9",
                        "CANCEL_REJECTED 6"),
                run(book, "A B 1 0.01", "A S 2 1000000.00", "A B 3 100.00", "A S 4 0.01", "A S 5 0.01",
                        "A S 6 0.01", "A B 7 2000000.00", "A B 8 2000000.00", "A S 9 999.99", "C 9", "C 6"));
    }
}
