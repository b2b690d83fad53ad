package dev.perflab.bench.orderbook;

import dev.perflab.bench.Planted;
import dev.perflab.orderbook.OrderBook;
import dev.perflab.orderbook.OrderBookLadder;
import dev.perflab.orderbook.Side;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The report's cancel table: one price level holding {@code depth} orders, and a cancel of the first,
 * the last, or an id that does not exist — for every rung and peer, depth 1 to 1000.
 *
 * <h2>The same work at every depth: an anchor order</h2>
 * Behind the {@code depth} orders the calls move, one more order rests at the front of the level for the whole
 * trial and is never cancelled: the anchor. Without it a level of depth 1 emptied on every cancel, so the book
 * removed the level and the re-add built it again, work a level of depth 1,000 never does; the "flat cancel"
 * gate compares the two depths, so it compared different work. With the anchor the level only ever loses and
 * regains one order, at every depth, and what changes with the depth is where that order sits: exactly the
 * report's question.
 *
 * <h2>Keeping the book the same size without per-invocation setup</h2>
 * A cancel shrinks the book, so the next invocation would measure a different book. Rebuilding it in a
 * {@code @Setup(Level.Invocation)} method would put JMH's timestamps around a sub-microsecond operation,
 * which JMH's own docs warn distorts the result. Instead each measured call restores the book itself:
 * <ul>
 *   <li>{@code cancelFirst} cancels the first order in line behind the anchor and adds it back at the end:
 *       the level keeps its depth and the next call cancels the next order in line;</li>
 *   <li>{@code cancelLast} cancels the order at the end and adds it back, at the end again;</li>
 *   <li>{@code cancelNonexistent} cancels an id that never rested: no change to restore. The id is a field of
 *       the state set in the set-up, not a constant, so the JIT cannot fold the hash of a known key.</li>
 * </ul>
 * So {@code cancelFirst} and {@code cancelLast} report <b>cancel + re-add</b> per operation, and
 * {@code cancelNonexistent} a cancel alone. For the tuned rungs the add is a small constant; for r0 it is
 * a persistent-map update, also small next to a scan of {@code depth} orders. {@code -prof gc}'s
 * {@code gc.alloc.rate.norm} then gives bytes allocated per cancel + add.
 *
 * <h2>Warm-up with margin</h2>
 * Measured without warm-up, exchange-core's direct book rose for about two seconds (1.2M, 2.5M, 5.0M, then 7.0M
 * cancels/s) before it flattened: C2 was still compiling its paths, and two seconds was the whole warm-up. So the
 * warm-up is four one-second iterations, twice what the slowest entry needed, and before the first measured
 * iteration the fork waits, untimed, until its JIT compile queues are empty ({@link JitQueue}, as the replay suite
 * does; the wait is printed in JMH's log). A row whose measured iterations still trend is marked "not steady" by
 * the lab's report, and a gate in {@code ci/gates.yaml} requires the tuned rows to be steady.
 *
 * <h2>Other pitfalls avoided</h2>
 * Events go to a {@link CountingListener} whose counters live on the heap, so nothing is dead code; the
 * tear-down checks every call produced the events it should. One fork per rung keeps the JIT's profile
 * of one rung from polluting another's (the book is called through an interface).
 *
 * <h2>Budget</h2>
 * A cancel lasts nanoseconds, so a 500 ms iteration already holds millions of them; what varies between
 * iterations on a shared machine is interference (another process's time slice, a GC, a JIT mode switch),
 * not the operation. JMH's error is t(n−1)·s/√n for n iterations with spread s, so many short iterations
 * narrow it fastest: 24 give 0.77 × s, where 5 gave 3.9 × s. These annotations are the default run's
 * options ({@code ./lab run orderbook}); the other lengths are in {@code OrderBookComponent}.
 *
 * <h2>Run</h2>
 * {@code ./lab run orderbook}, or directly:
 * {@code java -jar lab-benchmarks/target/benchmarks.jar OrderBookCancelBenchmark -p depth=1000 -prof gc}.
 * The report's figures (2016 hardware, r0 only): cancel-last 7.37M ops/s at depth 1, 242k at depth 100.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 24, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class OrderBookCancelBenchmark {
    static final long LEVEL_PRICE_TICKS = 10_000;
    /** The id of the anchor, the order that rests at the front of the level and is never cancelled. */
    static final long ANCHOR_ID = 1;

    @Param({"r0-persistent-scan", "r1-indexed-level", "r2-intrusive-list", "r3-long-ticks", "r4-tick-array",
            "peer-parity", "peer-exchange-naive", "peer-exchange-direct"})
    public String rung;

    @Param({"1", "10", "100", "1000"})
    public int depth;

    private OrderBook book;
    private CountingListener events;
    /** Ids in the level's FIFO order, as a ring starting at {@code front}. */
    private long[] queue;
    private int front;
    private long lastId;
    /** An id that never rests in the book; a field, so its hash is not a constant the JIT can fold. */
    private long absentId;
    private long calls;
    private int warmUpsDone;
    private boolean settled;

    @Setup(Level.Trial)
    public void buildLevel() {
        JitQueue.touch();
        events = new CountingListener();
        book = OrderBookLadder.LADDER.resolve(rung).factory().create(events);
        book.add(Side.SELL, ANCHOR_ID, LEVEL_PRICE_TICKS);
        queue = new long[depth];
        for (int i = 0; i < depth; i++) {
            queue[i] = ANCHOR_ID + 1 + i;
            book.add(Side.SELL, queue[i], LEVEL_PRICE_TICKS);
        }
        lastId = queue[depth - 1];
        // A bid below the level, so the book has two sides as in a market.
        book.add(Side.BUY, lastId + 1, LEVEL_PRICE_TICKS - 10);
        absentId = lastId + 2;
    }

    /**
     * Untimed, after the last warm-up iteration: wait for the warm-up's compilations to finish ({@link JitQueue};
     * the wait is printed in JMH's log). In the warm-up iteration's tear-down, not the first measured iteration's
     * set-up: {@code -prof gc} counts an iteration's set-up and tear-down with it, and polling the compile queue
     * allocates (a string per poll), which the tuned rows' "allocates nothing" gate would read as the book's.
     */
    @TearDown(Level.Iteration)
    public void settleAfterWarmUp(IterationParams iteration) {
        if (iteration.getType() == IterationType.WARMUP && ++warmUpsDone == iteration.getCount()) {
            settled = true;
            JitQueue.settleBeforeMeasuring();
        }
    }

    /** A run without warm-up iterations ({@code -wi 0}) waits before its first measured one instead. */
    @Setup(Level.Iteration)
    public void settleWithoutWarmUp(IterationParams iteration) {
        if (iteration.getType() == IterationType.MEASUREMENT && !settled) {
            settled = true;
            JitQueue.settleBeforeMeasuring();
        }
    }

    @Benchmark
    public void cancelFirst() {
        Planted.work();
        long id = queue[front];
        book.cancel(id);
        book.add(Side.SELL, id, LEVEL_PRICE_TICKS);
        front = front + 1 == depth ? 0 : front + 1;
        calls++;
    }

    @Benchmark
    public void cancelLast() {
        Planted.work();
        book.cancel(lastId);
        book.add(Side.SELL, lastId, LEVEL_PRICE_TICKS);
        calls++;
    }

    @Benchmark
    public void cancelNonexistent() {
        Planted.work();
        book.cancel(absentId);
        calls++;
    }

    @TearDown(Level.Trial)
    public void checkEvents() {
        long setupAdds = depth + 2;
        boolean restoring = events.canceled > 0;
        long expectedAdds = setupAdds + (restoring ? calls : 0);
        if (events.added != expectedAdds || events.executed != 0 || events.rejectedDuplicate != 0
                || (restoring ? events.canceled != calls || events.cancelRejected != 0 : events.cancelRejected != calls)) {
            throw new IllegalStateException(rung + " produced unexpected events: added " + events.added + ", canceled "
                    + events.canceled + ", cancelRejected " + events.cancelRejected + ", executed " + events.executed
                    + " for " + calls + " calls");
        }
    }
}
