package dev.perflab.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Checks;
import dev.perflab.ladder.ShippedExercises;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The order-book exercise: the shipped skeleton fails the contract, naming what is missing, and the same
 * checks pass once the {@code student} rung is r2's logic (the reference solution).
 */
class StudentBookTest {
    private static final Entry<OrderBookFactory> STUDENT = OrderBookLadder.LADDER.resolve("student");

    private static Map<String, Checks.Outcome> outcomes(OrderBookFactory book) throws InterruptedException {
        return Checks.run(OrderBookLadder.LADDER.contract().orElseThrow().checks(book)).stream()
                .collect(Collectors.toMap(Checks.Outcome::name, o -> o));
    }

    @Test
    void studentIsAnExerciseOutsideTheContractSuiteAndDefaultRuns() throws InterruptedException {
        assertSame(Kind.EXERCISE, STUDENT.kind());
        assertFalse(OrderBookLadder.LADDER.correct().contains(STUDENT));
        assertFalse(OrderBookLadder.LADDER.rungs().contains(STUDENT));
        assertEquals("r4-tick-array", OrderBookLadder.LADDER.tuned().id());
    }

    @Test
    void theShippedSkeletonFailsTheCancelChecksSayingCancelIsNotWritten() throws Exception {
        Map<String, Checks.Outcome> outcomes = ShippedExercises.byName(ShippedExercises.SHIPPED, OrderBookLadder.class, "student");
        assertTrue(outcomes.get("ordersThatDoNotCrossRest").passed(), "add is r1's and works");
        assertTrue(outcomes.get("earliestOrderAtAPriceExecutesFirst").passed());
        for (String cancelCheck : List.of("cancelRemovesARestingOrderOnce", "cancelInTheMiddleKeepsTheRestInOrder",
                "agreesWithR0OnRandomStreams", "agreesWithR0OnGeneratedMarkets")) {
            Checks.Outcome outcome = outcomes.get(cancelCheck);
            assertFalse(outcome.passed(), cancelCheck);
            assertTrue(outcome.failure().contains("StudentBook.cancel is not written yet"), outcome.failure());
        }
    }

    @Test
    void theChecksPassOnceTheStudentRungIsR2sLogic() throws InterruptedException {
        OrderBookFactory referenceSolution = IntrusiveListBook::new;
        Map<String, Checks.Outcome> outcomes = outcomes(referenceSolution);
        assertEquals(14, outcomes.size(), outcomes.keySet().toString());
        outcomes.values().forEach(o -> assertTrue(o.passed(), o.name() + ": " + o.failure()));
    }

    @Test
    void aWrongCancelIsNamedWithTheCommandsAndEvents() throws InterruptedException {
        OrderBookFactory cancelsTheWrongOrder = listener -> new OrderBook() {
            private final OrderBook inner = new IntrusiveListBook(listener);

            @Override
            public void add(Side side, long orderId, long priceTicks) {
                inner.add(side, orderId, priceTicks);
            }

            @Override
            public void cancel(long orderId) {
                inner.cancel(orderId == 2 ? 3 : orderId);
            }
        };
        Checks.Outcome outcome = outcomes(cancelsTheWrongOrder).get("cancelInTheMiddleKeepsTheRestInOrder");
        assertFalse(outcome.passed());
        assertTrue(outcome.failure().startsWith("commands [A S 1 101.00, A S 2 101.00, A S 3 101.00, C 2,"), outcome.failure());
        assertTrue(outcome.failure().contains("but was [ADDED 1, ADDED 2, ADDED 3, CANCELED 3,"), outcome.failure());
    }
}
