package dev.perflab.orderbook;

import dev.perflab.ladder.Check;
import dev.perflab.ladder.Checks;
import dev.perflab.ladder.Contract;
import dev.perflab.ladder.Shrink;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The one contract every rung and peer of the order book passes (exhibits excepted), as named checks:
 * the report's matching rule, FIFO within a level, executions at the resting price, the id rules; then
 * the differential checks, where the book must emit exactly r0's events on seeded random command streams
 * and on generated markets.
 *
 * <p>{@code OrderBookContractTest} and {@code OrderBookDifferentialTest} run these for every correct entry;
 * {@code ./lab check orderbook --rung ID} runs them for one (the learner's {@code student} rung, say).
 * Each check throws an {@link AssertionError} naming the commands, the expected and the actual events.
 */
public final class OrderBookContract implements Contract<OrderBookFactory> {

    /** Random streams of the differential check, seeds 1..n. */
    public static final int RANDOM_STREAMS = 200;
    /** At most this many commands in a random stream. */
    public static final int RANDOM_STREAM_MAX_COMMANDS = 400;
    /** Generated markets of the differential check, seeds 1..n. */
    public static final int GENERATED_MARKETS = 5;
    public static final int GENERATED_MARKET_COMMANDS = 4_000;

    @Override
    public List<Check> checks(OrderBookFactory book) {
        List<Check> checks = new ArrayList<>(scenarios(book));
        checks.add(new Check("agreesWithR0OnRandomStreams", () -> {
            for (int seed = 1; seed <= RANDOM_STREAMS; seed++) {
                assertAgreesWithNaive(randomStream(seed), book, "random stream seed " + seed);
            }
        }));
        checks.add(new Check("agreesWithR0OnGeneratedMarkets", () -> {
            for (int seed = 1; seed <= GENERATED_MARKETS; seed++) {
                assertAgreesWithNaive(CommandGenerator.generate(new CommandGenerator.Config(seed,
                        GENERATED_MARKET_COMMANDS, 0.6, 10_000, 20, 200, 0.01)), book, "generated market seed " + seed);
            }
        }));
        return checks;
    }

    /** The contract's scenarios alone: fixed command lists with the exact events they must produce. */
    public static List<Check> scenarios(OrderBookFactory book) {
        return List.of(
                scenario("ordersThatDoNotCrossRest", book,
                        List.of("ADDED 1", "ADDED 2", "ADDED 3"),
                        "A B 1 100.00", "A S 2 100.01", "A B 3 99.99"),
                scenario("buyAtOrAboveBestAskExecutesAtTheRestingPrice", book,
                        List.of("ADDED 1", "EXECUTED 2 1 101.00", "ADDED 3", "EXECUTED 4 3 101.50"),
                        "A S 1 101.00", "A B 2 105.00", "A S 3 101.50", "A B 4 101.50"),
                scenario("sellAtOrBelowBestBidExecutesAtTheRestingPrice", book,
                        List.of("ADDED 1", "EXECUTED 1 2 99.00", "ADDED 3", "EXECUTED 3 4 98.00"),
                        "A B 1 99.00", "A S 2 90.00", "A B 3 98.00", "A S 4 98.00"),
                scenario("earliestOrderAtAPriceExecutesFirst", book,
                        List.of("ADDED 1", "ADDED 2", "ADDED 3", "EXECUTED 4 1 101.00", "EXECUTED 5 2 101.00",
                                "EXECUTED 6 3 101.00", "ADDED 7"),
                        "A S 1 101.00", "A S 2 101.00", "A S 3 101.00",
                        "A B 4 101.00", "A B 5 102.00", "A B 6 101.00", "A B 7 101.00"),
                new Check("bestPriceExecutesBeforeEarlierWorsePrices", () -> {
                    expectEvents(book, List.of("ADDED 1", "ADDED 2", "EXECUTED 3 2 101.00", "EXECUTED 4 1 102.00"),
                            "A S 1 102.00", "A S 2 101.00", "A B 3 102.00", "A B 4 102.00");
                    expectEvents(book, List.of("ADDED 1", "ADDED 2", "EXECUTED 2 3 99.00", "EXECUTED 1 4 98.00"),
                            "A B 1 98.00", "A B 2 99.00", "A S 3 98.00", "A S 4 98.00");
                }),
                scenario("cancelRemovesARestingOrderOnce", book,
                        List.of("ADDED 1", "CANCELED 1", "CANCEL_REJECTED 1", "ADDED 2"),
                        "A B 1 100.00", "C 1", "C 1", "A S 2 100.00"),
                scenario("cancelOfExecutedOrUnknownOrdersIsRejected", book,
                        List.of("ADDED 1", "EXECUTED 2 1 100.00", "CANCEL_REJECTED 1", "CANCEL_REJECTED 2",
                                "CANCEL_REJECTED 77"),
                        "A S 1 100.00", "A B 2 100.00", "C 1", "C 2", "C 77"),
                scenario("cancelInTheMiddleKeepsTheRestInOrder", book,
                        List.of("ADDED 1", "ADDED 2", "ADDED 3", "CANCELED 2", "EXECUTED 4 1 101.00",
                                "EXECUTED 5 3 101.00", "ADDED 6"),
                        "A S 1 101.00", "A S 2 101.00", "A S 3 101.00", "C 2",
                        "A B 4 101.00", "A B 5 101.00", "A B 6 101.00"),
                scenario("bestPriceMovesWhenItsLevelEmpties", book,
                        List.of("ADDED 1", "ADDED 2", "CANCELED 1", "EXECUTED 2 3 99.00", "ADDED 4"),
                        "A B 1 100.00", "A B 2 99.00", "C 1", "A S 3 99.00", "A S 4 99.00"),
                scenario("addingAnIdThatStillRestsIsRejected", book,
                        List.of("ADDED 1", "REJECTED 1 duplicate-id", "REJECTED 1 duplicate-id", "CANCELED 1",
                                "CANCEL_REJECTED 1"),
                        "A B 1 100.00", "A S 1 200.00", "A B 1 100.00", "C 1", "C 1"),
                scenario("anIdMayBeReusedOnceItsOrderIsGone", book,
                        List.of("ADDED 1", "CANCELED 1", "ADDED 1", "EXECUTED 1 2 100.00", "ADDED 1", "CANCELED 1"),
                        "A B 1 100.00", "C 1", "A B 1 100.00", "A S 2 99.00", "A B 1 100.00", "C 1"),
                scenario("farApartPricesInOneStreamStayCorrect", book,
                        List.of("ADDED 1", "ADDED 2", "ADDED 3", "EXECUTED 3 4 100.00", "EXECUTED 1 5 0.01",
                                "ADDED 6", "EXECUTED 7 6 0.01", "EXECUTED 8 2 1000000.00", "ADDED 9", "CANCELED 9",
                                "CANCEL_REJECTED 6"),
                        "A B 1 0.01", "A S 2 1000000.00", "A B 3 100.00", "A S 4 0.01", "A S 5 0.01",
                        "A S 6 0.01", "A B 7 2000000.00", "A B 8 2000000.00", "A S 9 999.99", "C 9", "C 6"));
    }

    private static Check scenario(String name, OrderBookFactory book, List<String> expected, String... commands) {
        return new Check(name, () -> expectEvents(book, expected, commands));
    }

    private static void expectEvents(OrderBookFactory book, List<String> expected, String... commands) {
        List<String> actual = replayNamingAThrow(book, parse(commands), "commands " + List.of(commands)).lines(PriceFormat.CENTS);
        if (!expected.equals(actual)) {
            throw new AssertionError("commands " + List.of(commands) + ": expected " + expected + " but was " + actual);
        }
    }

    /**
     * Replays {@code commands} through r0 and through {@code book}.
     *
     * @throws AssertionError naming the first event where they differ, both events, and {@code what} the stream was
     */
    public static void assertAgreesWithNaive(CommandStream commands, OrderBookFactory book, String what) {
        EventLog expected = replay(OrderBookLadder.LADDER.naive().factory(), commands);
        if (expected.size() != commands.size()) {
            throw new AssertionError(what + ": r0 gave " + expected.size() + " events for " + commands.size()
                    + " commands; one event per command");
        }
        EventLog actual = replayNamingAThrow(book, commands, what);
        int difference = expected.firstDifference(actual);
        if (difference != -1) {
            throw new AssertionError(what + ": differs from r0 at event " + difference + ": expected "
                    + (difference < expected.size() ? expected.line(difference, PriceFormat.CENTS) : "nothing")
                    + " but was " + (difference < actual.size() ? actual.line(difference, PriceFormat.CENTS) : "nothing"));
        }
    }

    /**
     * A random stream shaped like the differential property's: a narrow band of prices (so orders cross and
     * queue), prices far outside any dense window, a small id space (duplicates, reuse), cancels of resting,
     * gone and unknown ids.
     */
    public static CommandStream randomStream(long seed) {
        Random random = new Random(seed);
        int n = random.nextInt(RANDOM_STREAM_MAX_COMMANDS + 1);
        long[] special = {1L, 2L, 100_000_000L, 99_999_999L, 10_000L + 70_000L};
        CommandStream stream = new CommandStream(n);
        for (int i = 0; i < n; i++) {
            int type = random.nextInt(3);
            long id = 1 + random.nextInt(40);
            int band = random.nextInt(22);
            long price = band < 20 ? 9_990 + random.nextInt(21)
                    : band == 20 ? special[random.nextInt(special.length)]
                    : 1 + Math.floorMod(random.nextLong(), 1_000_000_000_000L);
            if (type == 2) {
                stream.cancel(id);
            } else {
                stream.add(type == 0 ? Side.BUY : Side.SELL, id, price);
            }
        }
        return stream;
    }

    /** Text commands ({@code A B 1 100.00}, {@code C 1}) as a stream; a malformed line is a bug in the caller. */
    public static CommandStream parse(String... lines) {
        try {
            return CommandText.read(new BufferedReader(new StringReader(String.join("\n", lines))), "check",
                    PriceFormat.CENTS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (StreamFormatException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    /**
     * Replays {@code commands} through the book; when the book throws, an {@link AssertionError} that says what it
     * threw, where ({@link Checks#where}: the learner's file and line), and the shortest list of these commands that
     * still throws it from there ({@link Shrink}), which is what to replay by hand.
     */
    static EventLog replayNamingAThrow(OrderBookFactory book, CommandStream commands, String what) {
        try {
            return replay(book, commands);
        } catch (RuntimeException | StackOverflowError e) {
            String where = Checks.where(e).orElse("?");
            List<Integer> shortest = Shrink.shortest(commands.size(), kept -> throwsFrom(book, select(commands, kept), e, where));
            throw new AssertionError(what + ": threw " + e + " at " + where + ", after the commands " + text(select(commands, shortest))
                    + " (the shortest of these " + commands.size() + " that still throw it there)", e);
        }
    }

    private static boolean throwsFrom(OrderBookFactory book, CommandStream commands, Throwable first, String where) {
        try {
            replay(book, commands);
            return false;
        } catch (RuntimeException | StackOverflowError e) {
            return e.getClass() == first.getClass() && Checks.where(e).orElse("?").equals(where);
        }
    }

    /** The commands at these indices, in this order. */
    private static CommandStream select(CommandStream all, List<Integer> indices) {
        CommandStream some = new CommandStream(indices.size());
        for (int i : indices) {
            if (all.type(i) == CommandStream.CANCEL) {
                some.cancel(all.orderId(i));
            } else {
                some.add(all.type(i) == CommandStream.BUY ? Side.BUY : Side.SELL, all.orderId(i), all.priceTicks(i));
            }
        }
        return some;
    }

    /** {@code [A B 1 100.00, C 1]}. */
    private static String text(CommandStream commands) {
        StringBuilder out = new StringBuilder();
        try {
            CommandText.write(commands, out, PriceFormat.CENTS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString().lines().toList().toString();
    }

    public static EventLog replay(OrderBookFactory factory, CommandStream commands) {
        EventLog log = new EventLog(commands.size());
        commands.replay(factory.create(log));
        return log;
    }

    public static List<String> events(OrderBookFactory factory, String... lines) {
        return replay(factory, parse(lines)).lines(PriceFormat.CENTS);
    }
}
