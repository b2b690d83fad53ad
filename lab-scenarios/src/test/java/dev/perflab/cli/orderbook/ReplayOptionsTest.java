package dev.perflab.cli.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.component.JmhOptions;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.RunLength;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The replay suites' standard runs are the benchmarks' own annotations, so that running a class directly
 * ({@code java -jar benchmarks.jar OrderBookReplayBenchmark}) measures what {@code ./lab run orderbook} does.
 * {@code lab-scenarios} does not depend on {@code lab-benchmarks}, so this reads the annotations from the
 * source files (their time unit is JMH's default, seconds). It also pins the budgets that issue 9 asked
 * for: enough iterations for JMH's error to be usable, forks in the standard run, a warm-up that covers
 * the slow-to-warm rungs, and r0 on a separate, smaller budget.
 */
class ReplayOptionsTest {
    private static final Path BENCHMARKS = Path.of(System.getProperty("basedir", "."))
            .resolve("../lab-benchmarks/src/main/java/dev/perflab/bench/orderbook");
    /** JMH's error is t(n−1)·s/√n; these keep it at most about twice the iteration spread s. */
    private static final int QUICK_MIN_ITERATIONS = 12;
    private static final int STANDARD_MIN_MEASURED = 32;
    private static final int MIN_WARMUP_SECONDS = 5;
    /** r0: 16 replays give an error of 1.02 × the spread between replays (6 gave 2.8 ×: ±18–23% from 6–8% spreads). */
    private static final int NAIVE_MIN_REPLAYS = 16;
    /** r0 in the quick run, 250k only: 8 replays (1.9 ×; ±19.6% quiet, within the quick goal of ±25%). */
    private static final int NAIVE_QUICK_MIN_REPLAYS = 8;

    static java.util.stream.Stream<Arguments> suites() {
        return java.util.stream.Stream.of(
                Arguments.of(OrderBookComponent.REPLAY, "OrderBookReplayBenchmark.java"),
                Arguments.of(OrderBookComponent.REPLAY_NAIVE, "OrderBookNaiveReplayBenchmark.java"));
    }

    @ParameterizedTest
    @MethodSource("suites")
    void standardRunIsTheBenchmarksAnnotations(JmhSuite suite, String file) throws Exception {
        Path benchmark = BENCHMARKS.resolve(file);
        assertTrue(Files.isRegularFile(benchmark), "not found: " + benchmark);
        String source = Files.readString(benchmark);
        int forks = Integer.parseInt(group(source, benchmark, "@Fork\\(value = (\\d+)", 1));
        String warmup = "@Warmup\\(iterations = (\\d+), time = (\\d+)\\)";
        String measurement = "@Measurement\\(iterations = (\\d+), time = (\\d+)\\)";
        JmhOptions annotated = new JmhOptions(forks,
                Integer.parseInt(group(source, benchmark, warmup, 1)), group(source, benchmark, warmup, 2) + "s",
                Integer.parseInt(group(source, benchmark, measurement, 1)), group(source, benchmark, measurement, 2) + "s");
        assertEquals(annotated, suite.optionsFor(RunLength.STANDARD).orElseThrow());
    }

    /** r1–r4 and the peers: 12 iterations when quick (error 1.28 × the spread), 2 forks × 16 in the standard run (0.64 ×: the quiet spreads were 7–21%). */
    @Test
    void tunedRungsMeasureEnoughIterationsAndForks() {
        JmhOptions quick = OrderBookComponent.REPLAY.optionsFor(RunLength.QUICK).orElseThrow();
        assertTrue(quick.iterations() * quick.forks() >= QUICK_MIN_ITERATIONS, quick.toString());
        for (RunLength length : new RunLength[] {RunLength.STANDARD, RunLength.FULL}) {
            JmhOptions options = OrderBookComponent.REPLAY.optionsFor(length).orElseThrow();
            assertTrue(options.forks() >= 2, length + ": " + options);
            assertTrue(options.forks() * options.iterations() >= STANDARD_MIN_MEASURED, length + ": " + options);
        }
    }

    /** r2 still climbed after 2 s of warm-up; every run length warms the tuned rungs for 5 one-second iterations or more. */
    @Test
    void tunedRungsWarmUpForFiveSeconds() {
        for (RunLength length : RunLength.values()) {
            OrderBookComponent.REPLAY.optionsFor(length).ifPresent(options -> {
                assertEquals("1s", options.warmupTime(), length + ": " + options);
                assertTrue(options.warmupIterations() >= MIN_WARMUP_SECONDS, length + ": " + options);
            });
        }
    }

    /**
     * r0 (one replay per iteration, ~50 s at 1M) runs in its own suite with fewer replays than the tuned
     * rungs get iterations, and the quick run replays 250k only; the tuned suite does not list r0.
     */
    @Test
    void theNaiveRungHasItsOwnSmallerBudget() {
        for (RunLength length : RunLength.values()) {
            OrderBookComponent.REPLAY_NAIVE.optionsFor(length).ifPresent(naive -> {
                JmhOptions tuned = OrderBookComponent.REPLAY.optionsFor(length).orElseThrow();
                int replays = length == RunLength.QUICK ? NAIVE_QUICK_MIN_REPLAYS : NAIVE_MIN_REPLAYS;
                assertTrue(naive.warmupIterations() >= 1 && naive.iterations() >= replays, length + ": " + naive);
                assertTrue(naive.forks() * (naive.warmupIterations() + naive.iterations())
                        < tuned.forks() * (tuned.warmupIterations() + tuned.iterations()), length + ": " + naive);
            });
        }
        assertEquals("^dev\\.perflab\\.bench\\.orderbook\\.OrderBookNaiveReplayBenchmark\\.(replay250k)$",
                OrderBookComponent.REPLAY_NAIVE.include(RunLength.QUICK, null));
        assertTrue(new OrderBookComponent().suites().containsAll(
                java.util.List.of(OrderBookComponent.REPLAY, OrderBookComponent.REPLAY_NAIVE)));
    }

    private static String group(String source, Path file, String regex, int group) {
        Matcher m = Pattern.compile(regex).matcher(source);
        assertTrue(m.find(), "no " + regex + " in " + file);
        return m.group(group);
    }

    /** {@code --rung r4} replays r4 on the tuned budget only; {@code --rung r0} only on r0's; an exercise goes with the tuned rungs. */
    @Test
    void namedRungsGoToTheSuiteWhoseBudgetTheyNeed() {
        java.util.Map<String, java.util.List<String>> named = java.util.Map.of("rung",
                java.util.List.of("r0-persistent-scan", "r4-tick-array", "student"));
        assertEquals(java.util.List.of("r4-tick-array", "student"),
                OrderBookComponent.REPLAY.params(named).get("rung"));
        assertEquals(java.util.List.of("r0-persistent-scan"),
                OrderBookComponent.REPLAY_NAIVE.params(named).get("rung"));
        assertEquals(java.util.List.of(), OrderBookComponent.REPLAY_NAIVE.params(
                java.util.Map.of("rung", java.util.List.of("r4-tick-array"))).get("rung"));
        assertEquals(java.util.Map.of("depth", java.util.List.of("1")), 
                OrderBookComponent.REPLAY_NAIVE.params(java.util.Map.of("depth", java.util.List.of("1"))), "no --rung: unchanged");
    }
}
