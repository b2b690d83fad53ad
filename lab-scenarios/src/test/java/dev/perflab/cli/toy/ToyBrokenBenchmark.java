package dev.perflab.cli.toy;

import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The toy's sum with one trial that throws: its {@code r1-closed-form} trial fails in setup, so JMH prints the
 * stack trace, goes on, exits 0 and writes no row for it. {@link RunMissingRowsTest} checks the lab notices.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ToyBrokenBenchmark {
    static final String BROKEN_RUNG = "r1-closed-form";

    @Param({"r0-loop-sum", BROKEN_RUNG})
    public String rung;

    @Param({"1000"})
    public long n;

    private LongUnaryOperator sum;

    @Setup
    public void resolve() {
        if (rung.equals(BROKEN_RUNG)) {
            throw new IllegalStateException("this trial fails on purpose");
        }
        sum = ToyLadder.LADDER.resolve(rung).factory();
    }

    @Benchmark
    public long sum() {
        return sum.applyAsLong(n);
    }
}
