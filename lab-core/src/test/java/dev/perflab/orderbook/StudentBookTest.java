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

    /**
     * The teacher's copies that check the grade's targets are reachable (exercises/teacher): the reference solution
     * and the planted slow one (a list per level, cancel by {@code remove(Object)}) both pass every check, so only
     * the grade's speed targets tell them apart.
     */
    @Test
    void theReferenceAndThePlantedSlowSolutionPassEveryCheck() throws Exception {
        for (String solution : List.of("reference", "slow")) {
            List<Checks.Outcome> outcomes = ShippedExercises.outcomes(ShippedExercises.EXERCISES.resolve("teacher").resolve(solution),
                    OrderBookLadder.class, "student");
            assertEquals(14, outcomes.size(), solution);
            outcomes.forEach(o -> assertTrue(o.passed(), solution + ": " + o.name() + ": " + o.failure()));
        }
    }

    /**
     * A wrong turn that throws (here: a cancel of a resting order 7, as a null level would) is named with the file and
     * line it came from and the shortest list of the stream's commands that still throws it there: an add of 7 and
     * its cancel, out of a random stream of hundreds.
     */
    @Test
    void aCancelThatThrowsNamesItsLineAndTheShortestCommandsThatThrowIt() throws InterruptedException {
        OrderBookFactory throwsOnSeven = listener -> new OrderBook() {
            private final OrderBook inner = new IntrusiveListBook(listener);
            private final java.util.Set<Long> resting = new java.util.HashSet<>();

            @Override
            public void add(Side side, long orderId, long priceTicks) {
                inner.add(side, orderId, priceTicks);
                resting.add(orderId);
            }

            @Override
            public void cancel(long orderId) {
                if (orderId == 7 && resting.contains(7L)) {
                    throw new NullPointerException("Cannot read field \"head\" because \"level\" is null");
                }
                inner.cancel(orderId);
            }
        };
        String failure = outcomes(throwsOnSeven).get("agreesWithR0OnRandomStreams").failure();
        assertTrue(failure.startsWith("random stream seed "), failure);
        assertTrue(failure.contains(": threw java.lang.NullPointerException: Cannot read field \"head\" because \"level\" is null"
                + " at StudentBookTest.java:"), failure);
        java.util.regex.Matcher shortest = java.util.regex.Pattern.compile("after the commands \\[(A [BS] 7 [0-9.]+), C 7] \\(the shortest"
                + " of these (\\d+) that still throw it there\\)$").matcher(failure);
        assertTrue(shortest.find(), failure);
        assertTrue(Integer.parseInt(shortest.group(2)) > 2, failure);
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
