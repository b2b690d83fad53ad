package dev.perflab.bench.orderbook;

import dev.perflab.bench.Planted;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The report's throughput table: replay a recorded stream of 250k, 500k, 750k and 1M commands into an
 * empty book and report commands per second, for r1–r4 and the peers. The naive rung r0 replays the same
 * stream in {@link OrderBookNaiveReplayBenchmark}, on its own, smaller budget (one 1M replay of r0 lasts
 * about 35 s). The stream comes from {@code CommandGenerator} (volatile market, seed 2016): 60% cancels,
 * and the book grows as the stream goes on (steered from 1,000 resting orders towards 6,000 at 1M
 * commands), so longer replays meet a deeper book — which is what made the report's naive book fall from
 * 112k to 44k commands/s, while a tuned book stays flat.
 *
 * <h2>What one op is</h2>
 * <b>One op is one command.</b> One invocation replays the whole stream prefix [0, N) into an empty book
 * ({@code @OperationsPerInvocation(N)}); the score is commands/s over whole replays, i.e. the replay's own
 * rate. The steps ({@link ReplayState}):
 * <pre>
 *   trial setup (untimed)       the 1M-command stream, generated in a child JVM, decoded into flat arrays
 *   iteration setup (untimed)   before the first measured iteration, wait for the JIT queues to drain
 *   invocation setup (untimed)  System.gc(): the previous replay's book is collected; a new, empty book
 *                               and listener
 *   invocation (timed)          replay commands [0, N): 6–30 ms for r4, up to ~0.8 s for r1 at 1M
 *   iteration (1 s)             as many whole replays (with their untimed setups) as fit, at least one
 *   warm-up                     25 iterations; measurement: 20 iterations (default run), 2 forks × 16 (--full)
 * </pre>
 * Longer streams are prefixes of the same stream (the generator is sequential), so 250k is exactly the
 * first quarter of 1M. {@code gc.alloc.rate.norm} is bytes allocated per command: the empty book's own
 * construction spread over the N commands (JMH's gc profiler counts the whole iteration, setup included).
 *
 * <h2>Why it is measured this way</h2>
 * <ul>
 *   <li><b>Enough iterations.</b> JMH's error is the 99.9% interval of the iteration scores, t(n−1) · s/√n
 *       for n iterations with spread s: 18 × s with 3 iterations, 1.9 × s with 8, 0.87 × s with 20, 0.64 × s
 *       with 2 forks × 16. One-second replay iterations on a shared 2-core machine differ by several percent,
 *       so only the longer counts keep the error near ±10%; {@code --full} adds a second fork, so a fork's
 *       JIT luck shows in the spread instead of hiding in it.</li>
 *   <li><b>Warm-up long enough for the slow rungs.</b> The replay path of r2 and r3 keeps getting faster for
 *       several seconds while C2 compiles it, and the stream generator would profile the book classes before
 *       the rungs do if it ran in the fork, so it runs in a child JVM ({@link ReplayStreamChild}). Then the
 *       one-second warm-up iterations (25, the next item says why; at least one replay each even for r1 at 1M), and an untimed wait until the
 *       fork's JIT queues are empty ({@link JitQueue}): on a busy machine the compilations warm-up queued can
 *       finish long after it ends, and the score would jump mid-measurement. The log prints the wait.</li>
 *   <li><b>Warm-up past exchange-core direct's late step.</b> After a short warm-up, exchange-core's direct
 *       book stepped down once in the middle of the measurement and stayed at the lower rate, so the row
 *       trended; nothing was left in the JIT queue to wait for. A warm-up long enough to hold the step
 *       measured that lower, level rate, and 25 iterations leave a margin past the latest step seen. The
 *       step's cause was not found (a compilation that coincided with it was tried and ruled out). Every rung
 *       gets the same warm-up. {@code --quick}'s shorter run ends before the step, so it reads the peer's
 *       earlier, higher rate (docs/measurements/2026-12-01-orderbook-steady-rows.md has the runs).</li>
 *   <li><b>GC of the previous replays' books.</b> Each replay drops a book (r4's preallocates a
 *       64k-tick window per side). Collected later, inside some timed replay, at a point that moves with the
 *       rate and with G1's resizing of eden, it made rows bimodal within a fork while nothing was
 *       recompiled. An untimed {@code System.gc()} before each replay, a young generation fixed at 512 MB and
 *       a fixed, pre-touched 1 GB heap ({@link ReplayState#FORK_JVM_ARGS}) make every replay start from the
 *       same empty young generation and meet only the GCs its own allocation causes.</li>
 *   <li><b>Chunks are not samples.</b> Cutting the stream into short chunks would give more, shorter
 *       measured units, but a chunk's rate depends on where it sits: the book grows along the stream, so
 *       late chunks run slower than early ones. Their scores would not be samples of one quantity (the
 *       interval would measure the book's growth), and their mean is not the replay's rate. So one
 *       invocation is one whole replay, and an iteration holds whole replays only.</li>
 *   <li><b>Building the book inside the measurement.</b> The empty book is built in an invocation-level
 *       setup, outside the timed part. JMH timestamps each invocation for that, which distorts only
 *       invocations of microseconds; these last milliseconds.</li>
 *   <li><b>Dead code and wrong books.</b> Events go to a {@link CountingListener} on the heap and the
 *       checksum is returned; each replay checks it produced exactly one event per command.</li>
 * </ul>
 * Each rung and size runs in its own forks, so one rung's JIT profile does not shape another's.
 *
 * <h2>Run</h2>
 * {@code ./lab run orderbook} (these annotations: 250k), {@code ./lab run orderbook --full} (every size), or
 * {@code java -jar lab-benchmarks/target/benchmarks.jar OrderBookReplayBenchmark.replay250k -prof gc}. The
 * annotations are the default run's options; the other lengths are in {@code OrderBookComponent.REPLAY}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-Xmn512m", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 25, time = 1)
@Measurement(iterations = 20, time = 1)
public class OrderBookReplayBenchmark extends ReplayState {
    @Param({"r1-indexed-level", "r2-intrusive-list", "r3-long-ticks", "r4-tick-array",
            "peer-parity", "peer-exchange-naive", "peer-exchange-direct"})
    public String rung;

    @Override
    String rung() {
        return rung;
    }

    @Benchmark
    @OperationsPerInvocation(500_000)
    public long replay500k() {
        Planted.work();
        return replay(500_000);
    }

    @Benchmark
    @OperationsPerInvocation(750_000)
    public long replay750k() {
        Planted.work();
        return replay(750_000);
    }
}
