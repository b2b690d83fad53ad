package dev.perflab.bench.orderbook;

import dev.perflab.bench.Planted;
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
 *   trial      the 1M-command stream, generated in a child JVM ({@link ReplayStreamChild}) and decoded;
 *              the JIT queue read once (JitQueue.touch: its first read deoptimizes JDK maps)
 *   iteration  before the first measured one: wait until the JIT has compiled what warm-up queued
 *              (JitQueue; printed in the log)
 *   invocation drop the previous replay's book, System.gc(), then a new, empty book and listener
 *              (the replay after it is the timed part; the GCs show in -prof gc's gc.count/gc.time,
 *              not in B/op)
 * </pre>
 *
 * <h2>Why a collection before every replay, in a young generation of fixed size</h2>
 * Every replay drops a book of 1.5 MB (r4) to 100+ MB (exchange-core), collected later by whichever young
 * GC comes next, inside some later timed replay. How many of those land in an iteration, and where, depended
 * on the rate itself (r4 at 250k: 140 replays × 1.5 MB per 1 s iteration against an eden G1 had sized to
 * 205 MB, so at 40M commands/s a young GC fell inside the iteration and at 32M none did) and on G1's own
 * young-generation sizing, which it changes after every collection (51, then 205 eden regions in one r4
 * fork; exchange-core naive at 250k had one young GC at 0.52–0.87 s into each iteration, r1 3 or 4). So
 * the same replay met a different garbage history from one iteration to the next. JFR recordings of
 * those forks showed nothing else moving: no deoptimization and no C2 compilation of book or replay code
 * after the JIT wait, in r1, r4 or exchange-core naive at 250k. Now each replay starts from an empty young
 * generation of fixed size ({@link #FORK_JVM_ARGS}: {@code -Xmn}, heap pre-touched), so the only GCs inside
 * a timed replay are those its own allocation causes, at the same points of every replay: what the
 * replay costs, and nothing of its neighbours'. The collection is untimed; JMH's iteration is 1 s of
 * wall time, so it costs replays per iteration (r4 at 250k: about 40 instead of 140), not run time.
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

    /**
     * Every replay fork's heap (both suites' {@code @Fork(jvmArgsAppend)} spell this out, as annotations need
     * constants; a test keeps them equal): 1 GB fixed, so G1 does not resize it between iterations (without
     * it the heap grew from 388 MB to 500 MB during one r4 run); a young generation fixed at 512 MB
     * ({@code -Xmn}), so G1 does not resize eden between collections and a replay's own young GCs fall at
     * the same allocation points in every replay; and the heap touched at start-up
     * ({@code AlwaysPreTouch}), so no replay pays the first touch of a page of eden G1 had not used before.
     */
    static final String[] FORK_JVM_ARGS = {"-Xms1g", "-Xmx1g", "-Xmn512m", "-XX:+AlwaysPreTouch"};


    /** The rung this trial measures (the subclass's {@code @Param}). */
    abstract String rung();

    @Setup(Level.Trial)
    public void generate() {
        JitQueue.touch();
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
     * Untimed, before the first measured iteration: wait for the warm-up's compilations to finish
     * ({@link JitQueue}; the wait is printed in JMH's log).
     */
    @Setup(Level.Iteration)
    public void settle(IterationParams iteration) {
        if (iteration.getType() == IterationType.MEASUREMENT && !measuring) {
            measuring = true;
            JitQueue.settleBeforeMeasuring();
        }
    }

    /**
     * Untimed: every replay starts from an empty book, on a heap from which the previous replay's book has
     * been collected (the class comment says why).
     */
    @Setup(Level.Invocation)
    public void emptyBook() {
        book = null;
        events = null;
        System.gc();
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

    /** The book the next replay goes into (tests check that the previous one was collected). */
    OrderBook book() {
        return book;
    }

    /** The stream this trial replays (tests compare the child's with one generated here). */
    CommandStream commands() {
        return commands;
    }

    @Benchmark
    @OperationsPerInvocation(250_000)
    public long replay250k() {
        Planted.work();
        return replay(250_000);
    }

    @Benchmark
    @OperationsPerInvocation(1_000_000)
    public long replay1M() {
        Planted.work();
        return replay(1_000_000);
    }
}
