package dev.perflab.cli.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.RunLength;
import dev.perflab.jmh.BenchmarkCatalog;
import dev.perflab.jmh.JmhOptions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The order book's budgets, read where they live: the default run's in the benchmark classes' annotations
 * (through JMH's benchmark list, as the lab reads them), the other lengths' in {@code OrderBookComponent}.
 * They pin what makes each length's rows usable: enough iterations for JMH's error (t(n−1)·s/√n) to rank the
 * rungs, a warm-up that covers the slow-to-warm ones, and r0's replay on a budget of its own.
 */
class ReplayOptionsTest {
    private static final String PKG = "dev.perflab.bench.orderbook.";
    private static final BenchmarkCatalog CATALOG = BenchmarkCatalog.ofThisClassPath();
    /** JMH's error with n iterations is t(n−1)/√n × the spread: 0.87 × with 20, 1.9 × with 8. */
    private static final int DEFAULT_MIN_ITERATIONS = 20;
    private static final int QUICK_MIN_ITERATIONS = 8;
    private static final int FULL_MIN_MEASURED = 32;
    private static final int MIN_WARMUP_SECONDS = 5;
    /** r0: 16 replays give an error of 1.02 × the spread between replays. */
    private static final int NAIVE_MIN_REPLAYS = 16;

    private static JmhOptions options(JmhSuite suite, RunLength length, String method) {
        return suite.options(length, suite.className() + "." + method, CATALOG);
    }

    @Test
    void theDefaultRunIsTheAnnotationsAndMeasuresEnoughIterations() {
        assertTrue(OrderBookComponent.REPLAY.optionsFor(RunLength.STANDARD).isEmpty(), "the standard run passes no flags");
        JmhOptions replay = options(OrderBookComponent.REPLAY, RunLength.STANDARD, "replay250k");
        assertTrue(replay.forks() * replay.iterations() >= DEFAULT_MIN_ITERATIONS, replay.toString());
        JmhOptions cancel = options(OrderBookComponent.CANCEL, RunLength.STANDARD, "cancelLast");
        assertTrue(cancel.forks() * cancel.iterations() >= DEFAULT_MIN_ITERATIONS, cancel.toString());
        assertEquals("^dev\\.perflab\\.bench\\.orderbook\\.OrderBookReplayBenchmark\\.(replay250k)$",
                OrderBookComponent.REPLAY.include(RunLength.STANDARD));
        assertEquals(List.of("1", "1000"), OrderBookComponent.CANCEL.params(RunLength.STANDARD, Map.of()).get("depth"));
    }

    @Test
    void aTableCannotHoldTheStandardRunsOptions() {
        assertThrows(IllegalArgumentException.class, () -> OrderBookComponent.CANCEL
                .with(RunLength.STANDARD, new JmhOptions(1, 1, "1s", 1, "1s")));
    }

    /** r1–r4 and the peers: 8 iterations when quick (error 1.9 × the spread), 2 forks × 16 when full. */
    @Test
    void tunedRungsMeasureEnoughIterationsAndForks() {
        JmhOptions quick = options(OrderBookComponent.REPLAY, RunLength.QUICK, "replay250k");
        assertTrue(quick.iterations() * quick.forks() >= QUICK_MIN_ITERATIONS, quick.toString());
        JmhOptions full = options(OrderBookComponent.REPLAY, RunLength.FULL, "replay1M");
        assertTrue(full.forks() >= 2, full.toString());
        assertTrue(full.forks() * full.iterations() >= FULL_MIN_MEASURED, full.toString());
    }

    /** r2 still climbs after 2 s of warm-up; the default and full runs warm the tuned rungs for 5 seconds or more. */
    @Test
    void tunedRungsWarmUpForFiveSeconds() {
        for (RunLength length : List.of(RunLength.STANDARD, RunLength.FULL)) {
            JmhOptions options = options(OrderBookComponent.REPLAY, length, "replay250k");
            assertTrue(options.warmupSeconds() >= MIN_WARMUP_SECONDS, length + ": " + options);
        }
    }

    /** r0 (one replay per iteration) has its own suite, with fewer replays than the tuned rungs get iterations. */
    @Test
    void theNaiveRungHasItsOwnSmallerBudget() {
        for (RunLength length : List.of(RunLength.STANDARD, RunLength.FULL)) {
            JmhOptions naive = options(OrderBookComponent.REPLAY_NAIVE, length, "replay250k");
            JmhOptions tuned = options(OrderBookComponent.REPLAY, length, "replay250k");
            assertTrue(naive.warmupIterations() >= 1 && naive.iterations() >= NAIVE_MIN_REPLAYS, length + ": " + naive);
            assertTrue(naive.forks() * (naive.warmupIterations() + naive.iterations())
                    < tuned.forks() * (tuned.warmupIterations() + tuned.iterations()), length + ": " + naive);
        }
        assertEquals("^dev\\.perflab\\.bench\\.orderbook\\.OrderBookNaiveReplayBenchmark\\.(replay250k)$",
                OrderBookComponent.REPLAY_NAIVE.include(RunLength.QUICK));
        assertTrue(new OrderBookComponent().suites().containsAll(List.of(OrderBookComponent.REPLAY, OrderBookComponent.REPLAY_NAIVE)));
    }

    /** {@code --rung r4} replays r4 on the tuned budget only; {@code --rung r0} only on r0's; an exercise goes with the tuned rungs. */
    @Test
    void namedRungsGoToTheSuiteWhoseBudgetTheyNeed() {
        Map<String, List<String>> named = Map.of("rung", List.of("r0-persistent-scan", "r4-tick-array", "student"));
        assertEquals(List.of("r4-tick-array", "student"), OrderBookComponent.REPLAY.params(RunLength.QUICK, named).get("rung"));
        assertEquals(List.of("r0-persistent-scan"), OrderBookComponent.REPLAY_NAIVE.params(RunLength.QUICK, named).get("rung"));
        assertEquals(List.of(), OrderBookComponent.REPLAY_NAIVE.params(RunLength.QUICK,
                Map.of("rung", List.of("r4-tick-array"))).get("rung"));
        assertEquals(Map.of("depth", List.of("1")),
                OrderBookComponent.REPLAY_NAIVE.params(RunLength.QUICK, Map.of("depth", List.of("1"))), "no --rung: unchanged");
    }

    /** The user's --param wins over a length's own params. */
    @Test
    void theUsersParamWinsOverTheLengths() {
        assertEquals(List.of("10"), OrderBookComponent.CANCEL.params(RunLength.STANDARD, Map.of("depth", List.of("10"))).get("depth"));
    }
}
