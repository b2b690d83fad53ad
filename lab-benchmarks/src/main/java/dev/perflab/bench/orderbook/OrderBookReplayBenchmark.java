package dev.perflab.bench.orderbook;

import dev.perflab.orderbook.CommandGenerator;
import dev.perflab.orderbook.CommandStream;
import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.OrderBookFactory;
import dev.perflab.orderbook.OrderBookLadder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The report's throughput table: replay a recorded stream of 250k, 500k, 750k and 1M commands into an
 * empty book and report commands per second. The stream comes from {@link CommandGenerator} (volatile
 * market, seed 2016): 60% cancels, and the book grows as the stream goes on (steered from 1,000 resting
 * orders towards 6,000 at 1M commands), so longer replays meet a deeper book — which is what made the
 * report's naive book fall from 112k to 44k commands/s, while a tuned book stays flat.
 *
 * <h2>How it measures</h2>
 * <pre>
 *   trial setup (untimed)       generate the 1M-command stream once, as flat arrays
 *   invocation setup (untimed)  a new, empty book and listener
 *   invocation (timed)          replay commands [0, N) into it; @OperationsPerInvocation(N)
 *   iteration                   invocations until the iteration time is up: one replay for r0
 *                               (about 40 s at 1M), dozens or hundreds for the tuned books
 *                               (milliseconds each)
 * </pre>
 * The score is commands/s over whole replays, so it is the replay's own rate. Longer streams are
 * prefix-extended versions of the same stream (the generator is sequential), so 250k is exactly the
 * first quarter of 1M. {@code gc.alloc.rate.norm} is bytes allocated per command, the empty book's own
 * construction spread over the N commands (JMH's gc profiler counts the whole iteration, setup included).
 *
 * <h2>Pitfalls avoided</h2>
 * <ul>
 *   <li><b>Too few iterations.</b> JMH's error is the 99.9% interval of the iteration scores:
 *       t(n−1) · s/√n for n iterations with spread s. With 3 iterations that is 18 × s, so a 5% spread
 *       between iterations printed as ±91% (the ±50–800% rows of issue 9); 4 iterations give 6.5 × s,
 *       5 give 3.9 × s, 6 give 2.8 × s. The standard run (this class's annotations) measures 6
 *       iterations after a 2 s warm-up iteration (for r0 that is one whole replay): ±10% holds up to a
 *       3.5% spread between iterations. {@code ./lab run --quick} measures 4: ±25% up to 3.9%.</li>
 *   <li><b>Chunks are not samples.</b> Cutting the stream into short chunks would give more, shorter
 *       measured units, but a chunk's rate depends on where it sits: the book grows along the stream, so
 *       for r0 late chunks run several times slower than early ones. Their scores would not be samples of
 *       one quantity (the interval would measure the book's growth), and their mean is not the
 *       replay's rate. So one invocation is one whole replay, and a slow rung's iteration count is its
 *       count of whole replays: r0's 1M row costs 40 s per iteration, which is why the iteration counts
 *       stay small and the iterations short (1 s: one replay for r0, many for the others).</li>
 *   <li><b>Building the book inside the measurement.</b> The empty book (r4 preallocates a 64k-tick
 *       window per side) is built in an invocation-level setup, outside the timed part. JMH timestamps
 *       each invocation for that, which distorts only invocations of microseconds; these last
 *       milliseconds to seconds.</li>
 *   <li><b>Dead code and wrong books.</b> Events go to a {@link CountingListener} on the heap and the
 *       checksum is returned; each replay checks it produced exactly one event per command.</li>
 * </ul>
 * One fork per rung and size keeps one rung's JIT profile from shaping another's.
 *
 * <h2>Run</h2>
 * {@code ./lab run orderbook} (these annotations), {@code ./lab run orderbook --quick}, or
 * {@code java -jar lab-benchmarks/target/benchmarks.jar OrderBookReplayBenchmark -prof gc}. The annotations
 * are the standard run's options ({@code OrderBookComponent.REPLAY}, {@code lab-scenarios}; a test there
 * reads them from this file and fails when the two differ).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 6, time = 1)
public class OrderBookReplayBenchmark {
    static final long SEED = 2016;
    static final int MAX_COMMANDS = 1_000_000;

    @Param({"r0-persistent-scan", "r1-indexed-level", "r2-intrusive-list", "r3-long-ticks", "r4-tick-array",
            "peer-parity", "peer-exchange-naive", "peer-exchange-direct"})
    public String rung;

    private OrderBookFactory factory;
    private CommandStream commands;
    private CountingListener events;
    private OrderBook book;

    @Setup(Level.Trial)
    public void generate() {
        generate(MAX_COMMANDS);
    }

    /** The first {@code count} commands of the same stream (the generator is sequential); tests use a short one. */
    void generate(int count) {
        factory = OrderBookLadder.LADDER.resolve(rung).factory();
        commands = CommandGenerator.generate(CommandGenerator.Config.volatileMarket(SEED, count));
    }

    /** Untimed: every replay starts from an empty book. */
    @Setup(Level.Invocation)
    public void emptyBook() {
        events = new CountingListener();
        book = factory.create(events);
    }

    /** Replays the first {@code count} commands into the book {@link #emptyBook()} made; the checksum of its events. */
    long replay(int count) {
        commands.replay(book, 0, count);
        if (events.events() != count) {
            throw new IllegalStateException(rung + " gave " + events.events() + " events for " + count
                    + " commands (a replay into a book that was not empty?)");
        }
        return events.checksum;
    }

    @Benchmark
    @OperationsPerInvocation(250_000)
    public long replay250k() {
        return replay(250_000);
    }

    @Benchmark
    @OperationsPerInvocation(500_000)
    public long replay500k() {
        return replay(500_000);
    }

    @Benchmark
    @OperationsPerInvocation(750_000)
    public long replay750k() {
        return replay(750_000);
    }

    @Benchmark
    @OperationsPerInvocation(1_000_000)
    public long replay1M() {
        return replay(1_000_000);
    }
}
