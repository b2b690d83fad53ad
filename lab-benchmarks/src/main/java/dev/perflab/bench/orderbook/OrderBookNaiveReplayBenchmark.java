package dev.perflab.bench.orderbook;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The naive rung's replay, on its own budget: the same stream, op and steps as
 * {@link OrderBookReplayBenchmark} (one op is one command, one invocation one whole replay of [0, N) into
 * an empty book built untimed; {@link ReplayState}), at the report's two points only: 250k and 1M
 * commands. r0 copies its persistent book on every command (65 KB allocated per command at 250k), so one
 * replay of 1M lasts about 35 s on the quiet 2-core machine (28.7k commands/s), and an iteration is always
 * exactly one replay. With the tuned suite's 2 forks × (5 + 8) iterations at four sizes it would take well
 * over an hour; here the standard run is 1 fork, 1 warm-up replay and 16 measured replays per size. JMH's
 * error is then 1.02 × the spread between replays, so ±10% holds up to a 9.8% spread. It was 6 replays
 * (2.8 ×) after a quiet quick run where r0's replays differed by 1.3%; the quiet standard run that followed
 * had spreads of 6–8% and errors of ±17.9% (1M) and ±22.5% (250k): r0's replays are not always that alike.
 * {@code --quick} replays 250k only, 8 times (about 4 s each). Being a separate JMH class, its rows form a
 * table of their own: compare r0 with the tuned rungs by their rates, e.g. r4/r0 at 1M.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-Xmn512m", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 16, time = 1)
public class OrderBookNaiveReplayBenchmark extends ReplayState {
    @Param({"r0-persistent-scan"})
    public String rung;

    @Override
    String rung() {
        return rung;
    }
}
