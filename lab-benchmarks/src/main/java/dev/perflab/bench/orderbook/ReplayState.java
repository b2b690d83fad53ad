package dev.perflab.bench.orderbook;

import dev.perflab.orderbook.CommandGenerator;
import dev.perflab.orderbook.CommandStream;
import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.OrderBookFactory;
import dev.perflab.orderbook.OrderBookLadder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What the two replay suites share ({@link OrderBookReplayBenchmark}, {@link OrderBookNaiveReplayBenchmark}):
 * the stream, an empty book per replay, and the checked replay itself. Only the rungs (each suite's
 * {@code @Param}) and the run options differ; the report's two points, 250k and 1M commands, are measured
 * by both (JMH generates {@link #replay250k()} and {@link #replay1M()} for each subclass, under its name).
 * The untimed steps, in the order JMH runs them:
 * <pre>
 *   trial      the 1M-command stream, generated in a child JVM ({@link ReplayStreamChild}) and decoded
 *   iteration  before the first measured one: wait until the JIT has compiled what warm-up queued
 *              (JitQueue; printed in the log), then, every iteration, System.gc(): the books the
 *              previous iteration dropped are collected here, not in a timed replay of this one
 *              (counted by -prof gc's gc.count/gc.time, not by B/op)
 *   invocation a new, empty book and listener (the replay after it is the timed part)
 * </pre>
 */
@State(Scope.Thread)
public abstract class ReplayState {
    static final long SEED = 2016;
    static final int MAX_COMMANDS = 1_000_000;

    private OrderBookFactory factory;
    private CommandStream commands;
    private CountingListener events;
    private OrderBook book;
    private boolean measuring;

    /** The longest wait for the JIT's backlog before the first measured iteration (it is reported when hit). */
    static final long JIT_WAIT_MAX_MILLIS = 30_000;

    /** The rung this trial measures (the subclass's {@code @Param}). */
    abstract String rung();

    @Setup(Level.Trial)
    public void generate() {
        factory = OrderBookLadder.LADDER.resolve(rung()).factory();
        commands = ReplayStreamChild.generate(SEED, MAX_COMMANDS);
    }

    /**
     * The first {@code count} commands of the same stream, generated in this JVM (the generator is
     * sequential, so it is a prefix of the 1M stream); tests use a short one.
     */
    void generateHere(int count) {
        factory = OrderBookLadder.LADDER.resolve(rung()).factory();
        commands = CommandGenerator.generate(CommandGenerator.Config.volatileMarket(SEED, count));
    }

    /**
     * Untimed, before every iteration: before the first measured one, wait for the warm-up's compilations
     * to finish ({@link JitQueue}; the wait is printed in JMH's log); then collect the previous iteration's
     * books, so none is collected inside this iteration's replays.
     */
    @Setup(Level.Iteration)
    public void settle(IterationParams iteration) {
        if (iteration.getType() == IterationType.MEASUREMENT && !measuring) {
            measuring = true;
            long waited = JitQueue.awaitDrained(JIT_WAIT_MAX_MILLIS);
            System.out.println(waited < 0 ? "(JIT queue not readable on this JVM: measuring without waiting)"
                    : waited >= JIT_WAIT_MAX_MILLIS ? "(JIT queue still busy after " + waited + " ms: measuring anyway)"
                    : "(JIT queue drained " + waited + " ms after warm-up)");
        }
        System.gc();
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
            throw new IllegalStateException(rung() + " gave " + events.events() + " events for " + count
                    + " commands (a replay into a book that was not empty?)");
        }
        return events.checksum;
    }

    /** The stream this trial replays (tests compare the child's with one generated here). */
    CommandStream commands() {
        return commands;
    }

    @Benchmark
    @OperationsPerInvocation(250_000)
    public long replay250k() {
        return replay(250_000);
    }

    @Benchmark
    @OperationsPerInvocation(1_000_000)
    public long replay1M() {
        return replay(1_000_000);
    }
}
