package dev.perflab.orderbook;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Differential properties: on random command streams every rung emits exactly r0's events. Streams mix
 * a narrow band of prices (so orders cross and queue), prices far outside any dense window, a small id
 * space (so duplicates and id reuse happen), and cancels of resting, gone and unknown ids. jqwik shrinks a
 * failing stream; the seeded streams of {@link OrderBookContract} (which {@code ./lab check} runs without
 * jqwik) have the same shape. The comparison itself is {@link OrderBookContract#assertAgreesWithNaive}.
 */
class OrderBookDifferentialTest {

    /** One command before it is put in a stream: type 0 buy, 1 sell, 2 cancel. */
    record Command(int type, long id, long price) {
    }

    @Property(tries = 300)
    void everyRungEmitsR0sEvents(@ForAll("streams") CommandStream commands) {
        assertAllAgreeWithNaive(commands, OrderBookLadder.LADDER.rungs());
    }

    @Property(tries = 200)
    void everyPeerEmitsR0sEvents(@ForAll("streams") CommandStream commands) {
        assertAllAgreeWithNaive(commands, peers());
    }

    @Property(tries = 10)
    void everyPeerEmitsR0sEventsOnGeneratedMarkets(@ForAll long seed) {
        assertAllAgreeWithNaive(CommandGenerator.generate(
                new CommandGenerator.Config(seed, 3_000, 0.6, 10_000, 20, 200, 0.01)), peers());
    }

    private static List<Entry<OrderBookFactory>> peers() {
        return OrderBookLadder.LADDER.entries().stream().filter(e -> e.kind() == Kind.PEER).toList();
    }

    @Property(tries = 25)
    void everyRungEmitsR0sEventsOnGeneratedMarkets(@ForAll long seed) {
        CommandStream commands = CommandGenerator.generate(
                new CommandGenerator.Config(seed, 4_000, 0.6, 10_000, 20, 200, 0.01));
        assertAllAgreeWithNaive(commands, OrderBookLadder.LADDER.rungs());
    }

    static void assertAllAgreeWithNaive(CommandStream commands, List<Entry<OrderBookFactory>> books) {
        for (Entry<OrderBookFactory> book : books) {
            OrderBookContract.assertAgreesWithNaive(commands, book.factory(), book.id());
        }
    }

    @Provide
    Arbitrary<CommandStream> streams() {
        Arbitrary<Long> price = Arbitraries.frequencyOf(
                Tuple.of(20, Arbitraries.longs().between(9_990, 10_010)),
                Tuple.of(1, Arbitraries.of(1L, 2L, 100_000_000L, 99_999_999L, 10_000L + 70_000L)),
                Tuple.of(1, Arbitraries.longs().between(1, 1_000_000_000_000L)));
        Arbitrary<Command> command = Combinators.combine(
                Arbitraries.integers().between(0, 2), Arbitraries.longs().between(1, 40), price)
                .as(Command::new);
        return command.list().ofMaxSize(400).map(OrderBookDifferentialTest::toStream);
    }

    private static CommandStream toStream(List<Command> commands) {
        CommandStream stream = new CommandStream(commands.size());
        for (Command c : commands) {
            if (c.type() == 2) {
                stream.cancel(c.id());
            } else {
                stream.add(c.type() == 0 ? Side.BUY : Side.SELL, c.id(), c.price());
            }
        }
        return stream;
    }
}
