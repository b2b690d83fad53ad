package dev.perflab.bench.orderbook;

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
 *   warm-up                     5 iterations; measurement: 8 iterations × 2 forks (standard)
 * </pre>
 * Longer streams are prefixes of the same stream (the generator is sequential), so 250k is exactly the
 * first quarter of 1M. {@code gc.alloc.rate.norm} is bytes allocated per command: the empty book's own
 * construction spread over the N commands (JMH's gc profiler counts the whole iteration, setup included).
 *
 * <h2>Why it is measured this way (issue 9: replay rows carried ±50–800%)</h2>
 * <ul>
 *   <li><b>Enough iterations, and forks.</b> JMH's error is the 99.9% interval of the iteration scores,
 *       t(n−1) · s/√n for n iterations with spread s: 18 × s with 3 iterations, 6.5 × s with 4, 1.9 × s
 *       with 8, 1.02 × s with 16, 0.64 × s with 32. The standard run measures 2 forks × 16 iterations
 *       (±10% holds while the iterations differ by up to 15.6%, and a fork's JIT luck shows in the spread
 *       instead of hiding in it): with 2 × 8 a quiet 2-core run found spreads of 7–21% between one-second
 *       iterations, and only 3 of 14 rows within ±10%. {@code --quick} measures 1 fork × 8 (±25% up to a
 *       13% spread). Before, one fork of 4–6
 *       iterations needed a 2–4% spread, and measured 10–60%.</li>
 *   <li><b>Warm-up long enough for the slow rungs.</b> With 2 s of warm-up r2 at 1M still climbed from
 *       10.8M to 15.3M commands/s over its four iterations. The generator ran in the fork and profiled
 *       the book classes the rungs share with r3's types first (54 deoptimized methods in an r2 fork
 *       against 39 without it); it now runs in a child JVM ({@link ReplayStreamChild}).
 *       The rest is C2 compiling the replay path: 5 one-second warm-up iterations (at least five replays
 *       even for r1 at 1M), and then an untimed wait until the fork's JIT queues are empty
 *       ({@link JitQueue}), because on a busy machine the compilations warm-up queued finish much later
 *       than it ends (at load 17 here r3's book methods finished compiling 18.9 s into the fork, and the
 *       score doubled the next iteration). The log prints the wait.</li>
 *   <li><b>GC of the previous replays' books.</b> Each replay drops a book (r4's preallocates a
 *       64k-tick window per side) that was collected later, inside some timed replay, at a point that
 *       moved with the rate and with G1's resizing of eden: the quiet run's 250k rows of r1, r4 and
 *       exchange-core naive went bimodal within a fork (±25–41%), while JFR showed no deoptimization or
 *       recompilation there. An untimed {@code System.gc()} before each replay, a young generation fixed
 *       at 512 MB and a fixed, pre-touched 1 GB heap ({@link ReplayState#FORK_JVM_ARGS}) make every replay
 *       start from the same empty young generation and meet only the GCs its own allocation causes (none
 *       at 250k for any tuned rung: exchange-core naive allocates 47 MB per replay, r1 417 MB).</li>
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
 * {@code ./lab run orderbook} (these annotations), {@code ./lab run orderbook --quick}, or
 * {@code java -jar lab-benchmarks/target/benchmarks.jar OrderBookReplayBenchmark -prof gc}. The annotations
 * are the standard run's options ({@code OrderBookComponent.REPLAY}, {@code lab-scenarios}; a test there
 * reads them from this file and fails when the two differ).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-Xmn512m", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 16, time = 1)
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
        return replay(500_000);
    }

    @Benchmark
    @OperationsPerInvocation(750_000)
    public long replay750k() {
        return replay(750_000);
    }
}
