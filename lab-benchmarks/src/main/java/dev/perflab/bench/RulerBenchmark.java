package dev.perflab.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The ruler of {@code ./lab ab}: work that no revision of the lab changes, measured between the rows of an A/B
 * run, so that a machine that drifted between the two sides shows as a ruler that moved. Only JDK code runs:
 * copy 1,024 fixed pseudo-random ints and sort them ({@code Arrays.sort}, the JDK's dual-pivot quicksort),
 * about 20–40 µs, branchy and memory-bound like the rungs rather than a single intrinsic.
 *
 * <h2>Pitfalls avoided</h2>
 * The input is generated once from a fixed seed and copied before every sort, so every invocation sorts the
 * same unsorted array (sorting sorted data would be another, faster benchmark); the median is returned, so the
 * sort is not dead code. {@link Planted#work()} is called like in every benchmark here, so a test can plant a
 * moving ruler.
 *
 * <h2>Run</h2>
 * {@code ./lab ab} adds it to every run; directly: {@code java -jar lab-benchmarks/target/benchmarks.jar RulerBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 10, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class RulerBenchmark {
    static final int INTS = 1_024;
    static final long SEED = 1_024;

    private int[] unsorted;
    private int[] work;

    @Setup
    public void generate() {
        unsorted = new SplittableRandom(SEED).ints(INTS).toArray();
        work = new int[INTS];
    }

    @Benchmark
    public int sortCopy() {
        Planted.work();
        System.arraycopy(unsorted, 0, work, 0, INTS);
        Arrays.sort(work);
        return work[INTS / 2];
    }
}
