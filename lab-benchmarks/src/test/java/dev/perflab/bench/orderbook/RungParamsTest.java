package dev.perflab.bench.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.perflab.ladder.Entry;
import dev.perflab.orderbook.OrderBookLadder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.annotations.Param;

/**
 * JMH's {@code @Param} values must be compile-time constants, so each suite spells out the rung ids. This
 * test keeps those lists equal to the ladder: every rung and peer, in ladder order, and nothing else.
 */
class RungParamsTest {
    private static final List<String> LADDER_IDS =
            OrderBookLadder.LADDER.correct().stream().map(Entry::id).toList();

    @ParameterizedTest
    @ValueSource(classes = {OrderBookCancelBenchmark.class})
    void rungParamListsEveryRungAndPeerInLadderOrder(Class<?> benchmark) throws Exception {
        assertEquals(LADDER_IDS, rungs(benchmark));
    }

    /** The replay is split in two suites: r0 on its own budget, then every other rung and peer. */
    @Test
    void theTwoReplaySuitesTogetherListEveryRungAndPeerInLadderOrder() throws Exception {
        List<String> naive = rungs(OrderBookNaiveReplayBenchmark.class);
        assertEquals(List.of(OrderBookLadder.LADDER.naive().id()), naive);
        List<String> both = new java.util.ArrayList<>(naive);
        both.addAll(rungs(OrderBookReplayBenchmark.class));
        assertEquals(LADDER_IDS, both);
    }

    private static List<String> rungs(Class<?> benchmark) throws Exception {
        return List.of(benchmark.getField("rung").getAnnotation(Param.class).value());
    }

    /** Runs each measured method as JMH would (one per trial) and lets the tear-down check the events. */
    @Test
    void cancelBenchmarkRestoresTheBookOnEveryRung() {
        for (String rung : LADDER_IDS) {
            for (Runnable method : List.<java.util.function.Consumer<OrderBookCancelBenchmark>>of(
                    OrderBookCancelBenchmark::cancelFirst, OrderBookCancelBenchmark::cancelLast,
                    OrderBookCancelBenchmark::cancelNonexistent).stream().map(m -> (Runnable) () -> trial(rung, m)).toList()) {
                method.run();
            }
        }
    }

    private static void trial(String rung, java.util.function.Consumer<OrderBookCancelBenchmark> method) {
        OrderBookCancelBenchmark b = new OrderBookCancelBenchmark();
        b.rung = rung;
        b.depth = 10;
        b.buildLevel();
        for (int i = 0; i < 25; i++) {
            method.accept(b);
        }
        b.checkEvents();
    }

    /**
     * {@code ./lab run orderbook --rung r1,student,r2} hands {@code student} to JMH as a {@code -p rung} value: the
     * suites resolve an exercise through the ladder like any id, though the default lists above leave it out. The
     * mystery (correct as shipped and once fixed) runs through the tear-down's count; the student's level is built,
     * whatever the learner's cancel does yet (the skeleton's own test reads its pristine copy).
     */
    @Test
    void theExerciseRungsAreMeasuredWhenNamed() {
        trial("mystery", OrderBookCancelBenchmark::cancelLast);
        OrderBookCancelBenchmark b = new OrderBookCancelBenchmark();
        b.rung = "student";
        b.depth = 10;
        b.buildLevel();
    }

    @Test
    void tearDownCatchesABookThatDidNotRestore() {
        OrderBookCancelBenchmark b = new OrderBookCancelBenchmark();
        b.rung = "tuned";
        b.depth = 10;
        b.buildLevel();
        b.cancelLast();
        b.cancelNonexistent();
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, b::checkEvents);
    }
}
