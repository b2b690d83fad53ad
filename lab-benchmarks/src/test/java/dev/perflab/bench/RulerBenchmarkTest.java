package dev.perflab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The ruler sorts each of its inputs in turn, and returns each one's median: it cannot be dead code or stuck on one input. */
class RulerBenchmarkTest {
    @Test
    void everyInvocationSortsTheNextInputAndReturnsItsMedian() {
        RulerBenchmark ruler = new RulerBenchmark();
        ruler.generate();
        Set<Integer> medians = new HashSet<>();
        for (int i = 0; i < 2 * RulerBenchmark.INPUTS + 1; i++) {
            int[] expected = referenceInput(i % RulerBenchmark.INPUTS);
            Arrays.sort(expected);
            assertEquals(expected[RulerBenchmark.INTS / 2], ruler.sortCopy(), "invocation " + i);
            medians.add(expected[RulerBenchmark.INTS / 2]);
        }
        assertEquals(RulerBenchmark.INPUTS, medians.size(), "every input is a different array");
    }

    /** Input {@code k} as the ruler generates it: the k-th block of 1,024 ints from the fixed seed. */
    private static int[] referenceInput(int k) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(RulerBenchmark.SEED);
        int[] input = null;
        for (int i = 0; i <= k; i++) {
            input = random.ints(RulerBenchmark.INTS).toArray();
        }
        return input;
    }
}
