package dev.perflab.cli.toy;

import dev.perflab.bench.Planted;
import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The toy component's JMH suite: one sum of 1..n per operation, per rung; its standard run as short as JMH allows.
 * It calls lab-benchmarks' planted-slowdown hook as every benchmark there does, so {@code ./lab ab} tests can plant one.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 0)
@Measurement(iterations = 1, time = 100, timeUnit = TimeUnit.MILLISECONDS)
public class ToySumBenchmark {
    @Param({"r0-loop-sum", "r1-closed-form"})
    public String rung;

    @Param({"1000"})
    public long n;

    private LongUnaryOperator sum;

    @Setup
    public void resolve() {
        sum = ToyLadder.LADDER.resolve(rung).factory();
    }

    @Benchmark
    public long sum() {
        Planted.work();
        return sum.applyAsLong(n);
    }
}
