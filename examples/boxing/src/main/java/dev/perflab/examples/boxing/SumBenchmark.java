package dev.perflab.examples.boxing;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
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
 * The ladder's suite: one sum of {@code size} ints per operation, per rung. Its rung ids are written once, in
 * {@link BoxingLadder}'s entries: {@code @Param({})} leaves them to perflab, which passes {@code -p rung=…} (every
 * entry, or the rungs named with {@code --rung}), and its run length with JMH's own options; the other annotations
 * are the defaults of a plain {@code java -jar} run, which needs {@code -p rung=r0-boxed-stream,…} then.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SumBenchmark {
    @Param({})
    public String rung;

    @Param({"10000"})
    public int size;

    private LongSupplier sum;

    @Setup
    public void keepTheNumbers() {
        sum = BoxingLadder.LADDER.resolve(rung).factory().apply(BoxingLadder.numbers(size, 42));
    }

    @Benchmark
    public long sum() {
        return sum.getAsLong();
    }
}
