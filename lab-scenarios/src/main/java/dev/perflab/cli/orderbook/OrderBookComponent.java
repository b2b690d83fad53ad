package dev.perflab.cli.orderbook;

import dev.perflab.cli.OrderBookCommand;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhOptions;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.LatencyWorkload;
import dev.perflab.cli.component.ProfileDefaults;
import dev.perflab.cli.component.RunLength;
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
    /** Cancel lasts nanoseconds: 300 ms iterations already hold millions of operations. */
    private static final JmhOptions CANCEL_QUICK = new JmhOptions(1, 1, "300ms", 3, "300ms");

    /** Cancel first, last and nonexistent at one level of depth 1–1000. */
    static final JmhSuite CANCEL = new JmhSuite("cancel", PKG + "OrderBookCancelBenchmark", Map.of(
            RunLength.SMOKE, CANCEL_QUICK,
            RunLength.QUICK, CANCEL_QUICK,
            RunLength.STANDARD, new JmhOptions(1, 3, "1s", 5, "1s"),
            RunLength.FULL, new JmhOptions(3, 5, "2s", 10, "2s")));

    /** The rung whose replay has its own suite and budget ({@link #REPLAY_NAIVE}); every other rung replays in {@link #REPLAY}. */
    static final String NAIVE_RUNG = OrderBookLadder.LADDER.resolve("naive").id();

    /**
     * Replay of 250k–1M commands by r1–r4 and the peers: one op is one command, one invocation one whole
     * replay into an empty book built untimed, an iteration as many whole replays as fit in 1 s (the
     * benchmark's class comment says why). JMH's 99.9% error is t(n−1)·s/√n for n iterations with spread
     * s: 0.64 × s for the standard run's 2 forks × 16 (±10% up to a 15.6% spread), 1.28 × s for the quick
     * run's 1 × 12 (±25% up to 19.5%). The standard run had 2 × 8 (1.02 × s) until a quiet run showed spreads
     * of 7–21% between one-second iterations (JDK 17, 2 cores): 3 of its 14 rows were within ±10%; the quick
     * run had 1 × 8 (1.9 × s) until r1 at 250k came out at ±30.5% in a quiet run. 5 × 1 s of warm-up: the replay path's compilation settled within 2 s
     * of replaying here even for r2. The standard run's options are the benchmark's own annotations
     * ({@code OrderBookReplayBenchmark}); {@code ReplayOptionsTest} fails when they differ. Not in a smoke run.
     */
    static final JmhSuite REPLAY = new JmhSuite("replay", PKG + "OrderBookReplayBenchmark", Map.of(
            RunLength.QUICK, new JmhOptions(1, 5, "1s", 12, "1s"),
            RunLength.STANDARD, new JmhOptions(2, 5, "1s", 16, "1s"),
            RunLength.FULL, new JmhOptions(3, 5, "1s", 16, "2s")),
            Map.of(RunLength.QUICK, "replay(250k|1M)"), id -> !id.equals(NAIVE_RUNG));

    /**
     * The naive rung's replay on its own budget: an iteration of r0 is exactly one whole replay (about 35 s
     * at 1M on the quiet 2-core machine), so it gets 1 warm-up replay and 16 measured ones at 250k and 1M in
     * the standard run (error 1.02 × the spread between replays; with 6, 2.8 ×, a quiet run's 6–8% spreads
     * gave ±18–23%) and 8 at 250k only in the quick run (1.9 ×; {@code OrderBookNaiveReplayBenchmark}; its
     * annotations are the standard run's).
     */
    static final JmhSuite REPLAY_NAIVE = new JmhSuite("replay-naive", PKG + "OrderBookNaiveReplayBenchmark", Map.of(
            RunLength.QUICK, new JmhOptions(1, 1, "1s", 8, "1s"),
            RunLength.STANDARD, new JmhOptions(1, 1, "1s", 16, "1s"),
            RunLength.FULL, new JmhOptions(2, 1, "1s", 16, "1s")),
            Map.of(RunLength.QUICK, "replay250k"), id -> id.equals(NAIVE_RUNG));

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
        return Map.of("depth", List.of("1", "1000"));
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
