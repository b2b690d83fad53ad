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
 * commands. r0 copies its persistent book on every command (tens of KB allocated per command), so one
 * replay lasts seconds at 250k and tens of seconds at 1M, and an iteration is always exactly one replay.
 * With the tuned suite's budget at every size it would take hours; here the default run replays 250k
 * once to warm up and 16 times measured (JMH's error is then 1.02 × the spread between replays, and r0's
 * replays differ by a few percent), and {@code --full} adds 1M. Being a separate JMH class, its rows form a
 * table of their own: compare r0 with the tuned rungs by their rates, e.g. r4/r0 at 250k, which the lab
 * prints as the ladder's end-to-end speedup.
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
