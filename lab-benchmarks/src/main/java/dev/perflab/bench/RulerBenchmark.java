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
 * copy 1,024 pseudo-random ints and sort them ({@code Arrays.sort}, the JDK's dual-pivot quicksort), tens of
 * µs, branchy and memory-bound like the rungs rather than a single intrinsic.
 *
 * <h2>Why {@value #INPUTS} different inputs</h2>
 * A ruler is only as good as its own spread: it can show a drift of the machine only where its forks agree
 * with each other. Sorting one and the same array in every invocation made forks of one run differ by a factor,
 * not by percent: the branch predictor had learned that one input, so a repeated array sorted much faster than
 * arrays that change, and how much of it a fork learned varied from fork to fork (figures and machines: the
 * ab-device logs and the RulerBenchmark section of the from-code-comments log in docs/measurements/README.md).
 * Cycling through {@value #INPUTS} arrays (1 MiB, from L2/L3) leaves it
 * nothing to learn but the sort itself; forks then agree within a few percent (figures: docs/ab.md, rulers).
 *
 * <h2>Pitfalls avoided</h2>
 * The inputs are generated once from a fixed seed and copied before every sort (sorting sorted data would be
 * another, faster benchmark); the median is returned, so the sort is not dead code. {@link Planted#work()} is
 * called like in every benchmark here, so a test can plant a moving ruler.
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
    /** Distinct inputs, cycled (a power of two); see the class comment. */
    static final int INPUTS = 256;
    static final long SEED = 1_024;

    private int[][] unsorted;
    private int[] work;
    private int next;

    @Setup
    public void generate() {
        SplittableRandom random = new SplittableRandom(SEED);
        unsorted = new int[INPUTS][];
        for (int i = 0; i < INPUTS; i++) {
            unsorted[i] = random.ints(INTS).toArray();
        }
        work = new int[INTS];
    }

    @Benchmark
    public int sortCopy() {
        Planted.work();
        int[] input = unsorted[next];
        next = (next + 1) & (INPUTS - 1);
        System.arraycopy(input, 0, work, 0, INTS);
        Arrays.sort(work);
        return work[INTS / 2];
    }
}
