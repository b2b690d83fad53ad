package dev.perflab.cli.toy;

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

/** The suite of {@link ToyJmhLadder}: one sum of squares of 1..n per operation, per rung; as short as JMH allows. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 0)
@Measurement(iterations = 1, time = 100, timeUnit = TimeUnit.MILLISECONDS)
public class ToyJmhBenchmark {
    @Param({"r0-loop", "r1-two-at-a-time", "r2-closed-form"})
    public String rung;

    @Param({"1000"})
    public long n;

    private LongUnaryOperator sum;

    @Setup
    public void resolve() {
        sum = ToyJmhLadder.LADDER.resolve(rung).factory();
    }

    @Benchmark
    public long sumOfSquares() {
        return sum.applyAsLong(n);
    }
}
