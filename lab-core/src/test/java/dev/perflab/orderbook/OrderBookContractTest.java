package dev.perflab.orderbook;

import dev.perflab.ladder.Check;
import dev.perflab.ladder.Entry;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The one contract every rung and peer of the order book passes (exhibits and exercises excepted): the
 * checks of {@link OrderBookContract} (the report's matching rule, FIFO within a level, executions at the
 * resting price, the id rules, and agreement with r0 on seeded random streams and generated markets), one
 * dynamic test per check and entry. {@code ./lab check orderbook --rung ID} runs the same checks.
 */
class OrderBookContractTest {

    @TestFactory
    Stream<DynamicNode> everyCorrectEntryPassesTheContract() {
        return Books.correct().map(OrderBookContractTest::contractOf);
    }

    private static DynamicNode contractOf(Entry<OrderBookFactory> book) {
        return DynamicContainer.dynamicContainer(book.id(), OrderBookLadder.LADDER.contract().orElseThrow()
                .checks(book.factory()).stream().map(OrderBookContractTest::test));
    }

    static DynamicTest test(Check check) {
        return DynamicTest.dynamicTest(check.name(), () -> check.body().run());
    }
}
