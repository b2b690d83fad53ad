package dev.perflab.cli.orderbook;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Headline;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.LatencyWorkload;
import dev.perflab.cli.component.ProfileDefaults;
import dev.perflab.cli.component.RunLength;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import dev.perflab.latency.LatencyTask;
import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.OrderBookFactory;
import dev.perflab.orderbook.OrderBookLadder;
import dev.perflab.orderbook.OrderFlow;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The order book (report 004) as the CLI sees it: three JMH suites (cancel, and the replay split in two so
 * that r0 has its own budget), a latency workload (an {@link OrderFlow} against a prefilled book), cancel
 * at depth 1,000 as what {@code profile} looks at, and {@code ./lab orderbook}.
 */
public final class OrderBookComponent implements Component {
    private static final String PKG = "dev.perflab.bench.orderbook.";
    /** The report's two points in every length: a level of one order, and a level 1,000 orders deep. */
    private static final Map<String, List<String>> TWO_DEPTHS = Map.of("depth", List.of("1", "1000"));

    /**
     * Cancel first, last and nonexistent at one price level of depth 1 to 1,000. The default run measures the
     * report's headline, cancel of the last order, at depth 1 and 1,000 with the class's annotations (many
     * short iterations: a cancel lasts nanoseconds, and the error shrinks with the count); {@code --full} every
     * method at every depth, two forks each; {@code --quick} fewer iterations after three warm-up seconds (with
     * one, the peers were still speeding up through the measured iterations at depth 1,000; they flattened after
     * about two); {@code --smoke} what the gates read (naive and tuned, every method, depth 1 and 1,000), with six
     * short measured iterations, the fewest the gate that requires the tuned rows to be steady can judge, after
     * 1.5 s of warm-up: with 0.6 s, tuned at depth 1,000 could still be speeding up through its first measured
     * iterations, and the gate failed as not steady (gate-evidence.md, order book).
     */
    static final JmhSuite CANCEL = JmhSuite.of("cancel", PKG + "OrderBookCancelBenchmark")
            .standard("cancelLast", TWO_DEPTHS)
            .with(RunLength.SMOKE, new JmhOptions(1, 3, "500ms", 6, "150ms"))
            .with(RunLength.QUICK, new JmhOptions(1, 3, "1s", 10, "300ms"), "cancelLast", TWO_DEPTHS)
            .with(RunLength.FULL, new JmhOptions(2, 4, "1s", 24, "500ms"));

    /** The rung whose replay has its own suite and budget ({@link #REPLAY_NAIVE}); every other rung replays in {@link #REPLAY}. */
    static final String NAIVE_RUNG = OrderBookLadder.LADDER.resolve("naive").id();

    /**
     * Replay of the recorded stream by r1–r4 and the peers: one op is one command, one invocation one whole
     * replay (the benchmark's class comment says why). The default run replays 250k commands, where the
     * naive rung's replay fits the run too, with the class's annotations; {@code --full} every size from 250k
     * to 1M with two forks, after the annotations' 25 warm-up seconds (exchange-core's late step, in the class
     * comment); {@code --quick} 250k with fewer iterations, ending before that step. Not in a smoke run.
     */
    static final JmhSuite REPLAY = JmhSuite.of("replay", PKG + "OrderBookReplayBenchmark")
            .standard("replay250k", Map.of())
            .with(RunLength.QUICK, new JmhOptions(1, 3, "1s", 8, "1s"), "replay250k")
            .with(RunLength.FULL, new JmhOptions(2, 25, "1s", 16, "1s"))
            .takingRungs(id -> !id.equals(NAIVE_RUNG));

    /**
     * The naive rung's replay on its own budget: an iteration of r0 is exactly one whole replay (seconds at
     * 250k, tens of seconds at 1M), so it gets its own counts: 250k in the default and quick runs, 250k and 1M
     * in the full run ({@code OrderBookNaiveReplayBenchmark}'s annotations are the default's).
     */
    static final JmhSuite REPLAY_NAIVE = JmhSuite.of("replay-naive", PKG + "OrderBookNaiveReplayBenchmark")
            .standard("replay250k", Map.of())
            .with(RunLength.QUICK, new JmhOptions(1, 1, "1s", 6, "1s"), "replay250k")
            .with(RunLength.FULL, new JmhOptions(1, 1, "1s", 16, "1s"))
            .takingRungs(id -> id.equals(NAIVE_RUNG));

    /** Where the report's point shows: cancel of the last order at a level 1,000 deep. */
    static final ProfileDefaults PROFILE = new ProfileDefaults("OrderBookCancelBenchmark.cancelLast",
            Map.of("depth", "1000"), new JmhOptions(1, 2, "1s", 3, "1s"));

    @Override
    public Ladder<OrderBookFactory> ladder() {
        return OrderBookLadder.LADDER;
    }

    @Override
    public List<JmhSuite> suites() {
        return List.of(CANCEL, REPLAY_NAIVE, REPLAY);
    }

    /** The flat-cancel gate compares depth 1 with depth 1,000 (ci/gates.yaml). */
    @Override
    public Map<String, List<String>> smokeParams() {
        return TWO_DEPTHS;
    }

    /** The report's two claims, tuned over naive: the whole replay, and a cancel at a level 1,000 orders deep. */
    @Override
    public List<Headline> headlines() {
        return List.of(
                new Headline("replay of 250k commands", "OrderBookReplayBenchmark.replay250k", Map.of("rung", "tuned"),
                        "OrderBookNaiveReplayBenchmark.replay250k", Map.of("rung", "naive")),
                new Headline("cancel of the last order at depth 1,000", "OrderBookCancelBenchmark.cancelLast",
                        Map.of("rung", "tuned", "depth", "1000"), "OrderBookCancelBenchmark.cancelLast", Map.of("rung", "naive", "depth", "1000")));
    }

    /**
     * An A/B run gates the cancel at the report's depth, 1,000: a regression in a rung's cancel path shows there
     * at least as much as at depth 1, and one depth halves the cancel rows.
     */
    @Override
    public Map<String, List<String>> abParams() {
        return Map.of("depth", List.of("1000"));
    }

    /**
     * Not the naive rung's replay: an iteration of it is one whole replay, so its forks outlast their planned time
     * many times over and take most of a run (the ab-quick-selections logs in docs/measurements/README.md), where r0 stays
     * gated by its cancel row.
     */
    @Override
    public List<JmhSuite> abSuites() {
        return List.of(CANCEL, REPLAY);
    }

    @Override
    public Optional<ProfileDefaults> profile() {
        return Optional.of(PROFILE);
    }

    @Override
    public Optional<LatencyWorkload> latency() {
        return Optional.of(new Flow());
    }

    @Override
    public List<Object> subcommands() {
        return List.of(new OrderBookCommand());
    }

    /** {@code flow.next(book)} per operation, after {@code prefill} resting orders; one event per command. */
    static final class Flow implements LatencyWorkload {
        @Override
        public String operations() {
            return "commands";
        }

        @Override
        public String prefillUnit() {
            return "orders";
        }

        @Override
        public Run prepare(String rungId, long seed, int prefill) {
            Entry<OrderBookFactory> entry = OrderBookLadder.LADDER.resolve(rungId);
            OrderFlow flow = new OrderFlow(seed, prefill);
            OrderBook book = entry.factory().create(flow.listener());
            flow.prefill(book);
            return new Run() {
                @Override
                public LatencyTask task() {
                    return sequence -> flow.next(book);
                }

                @Override
                public void checkConservation() {
                    if (flow.events() != flow.commands()) {
                        throw new IllegalStateException(entry.id() + " reported " + flow.events() + " events for "
                                + flow.commands() + " commands");
                    }
                }

                @Override
                public Map<String, Long> facts() {
                    return Map.of("book_orders_at_end", (long) flow.restingOrders());
                }
            };
        }
    }
}
