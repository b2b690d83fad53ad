package dev.perflab.bench.orderbook;

import dev.perflab.orderbook.CommandGenerator;
import dev.perflab.orderbook.CommandStream;
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
 * market, seed 2016): 60% cancels, and the book grows as the stream goes on, so longer replays meet a
 * deeper book — which is what made the report's naive book fall from 112k to 44k commands/s.
 *
 * <h2>How it measures</h2>
 * One invocation replays the whole stream into a fresh book; {@code @OperationsPerInvocation} divides by
 * the command count, so the score is commands/s. Longer streams are prefixes-extended versions of the
 * same stream (the generator is sequential), so 250k is exactly the first quarter of 1M. A replay lasts
 * from milliseconds (tuned) to many seconds (r0 at 1M); JMH then runs fewer invocations per iteration,
 * at least one. Book construction is inside the measurement and is small next to 250k commands.
 *
 * <h2>Run</h2>
 * {@code ./lab run orderbook}, or
 * {@code java -jar lab-benchmarks/target/benchmarks.jar OrderBookReplayBenchmark -prof gc}. The annotations
 * are the standard run's options ({@code OrderBookComponent.REPLAY}, {@code lab-scenarios}): keep them in step.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
public class OrderBookReplayBenchmark {
    static final long SEED = 2016;
    static final int MAX_COMMANDS = 1_000_000;

    @Param({"r0-persistent-scan", "r1-indexed-level", "r2-intrusive-list", "r3-long-ticks", "r4-tick-array",
            "peer-parity", "peer-exchange-naive", "peer-exchange-direct"})
    public String rung;

    private OrderBookFactory factory;
    private CommandStream commands;

    @Setup(Level.Trial)
    public void generate() {
        factory = OrderBookLadder.LADDER.resolve(rung).factory();
        commands = CommandGenerator.generate(CommandGenerator.Config.volatileMarket(SEED, MAX_COMMANDS));
    }

    private long replay(int count) {
        CountingListener events = new CountingListener();
        commands.replay(factory.create(events), 0, count);
        if (events.events() != count) {
            throw new IllegalStateException(rung + " gave " + events.events() + " events for " + count + " commands");
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
