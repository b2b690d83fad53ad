package dev.perflab.examples.boxing;

import dev.perflab.ladder.Check;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Summing ten thousand ints, three ways: the ladder a teacher shows before anyone mentions the JIT. Each rung keeps
 * the numbers its own way (built once, as a rung's set-up) and sums them on each call.
 *
 * <ul>
 *   <li>{@code r0-boxed-stream}: a {@code List<Integer>} summed by a stream that reduces to a boxed {@code Long}, so
 *       every step unboxes two numbers and may box the partial sum again.</li>
 *   <li>{@code r1-boxed-loop}: the same list, a plain loop into a {@code long}: no boxing of the sum, but each
 *       element is still a pointer to an {@code Integer} somewhere on the heap.</li>
 *   <li>{@code r2-int-array}: an {@code int[]}: the numbers side by side in memory, a loop the JIT can unroll and
 *       vectorise.</li>
 * </ul>
 *
 * The contract ({@link #checks}) holds every rung to the same answers, overflow past {@code int} included.
 */
public final class BoxingLadder {
    /** Given the numbers, a rung's way of keeping them; the supplier sums them (what the benchmark times). */
    public interface Sum extends Function<int[], LongSupplier> {
    }

    public static final Ladder<Sum> LADDER = new Ladder<Sum>("boxing", "Example: summing boxed and primitive ints", List.of(
            new Entry<Sum>("r0-boxed-stream", Kind.RUNG, "a List<Integer> reduced by a stream into a boxed Long", BoxingLadder::boxedStream),
            new Entry<Sum>("r1-boxed-loop", Kind.RUNG, "the same list, a loop into a long", BoxingLadder::boxedLoop),
            new Entry<Sum>("r2-int-array", Kind.RUNG, "an int[] summed in a loop", BoxingLadder::intArray)))
            .withContract(BoxingLadder::checks)
            .withSuites(SumBenchmark.class);

    private BoxingLadder() {
    }

    private static LongSupplier boxedStream(int[] values) {
        List<Integer> list = boxed(values);
        return () -> list.stream().reduce(0L, (sum, v) -> sum + v, Long::sum);
    }

    private static LongSupplier boxedLoop(int[] values) {
        List<Integer> list = boxed(values);
        return () -> {
            long sum = 0;
            for (Integer v : list) {
                sum += v;
            }
            return sum;
        };
    }

    private static LongSupplier intArray(int[] values) {
        int[] array = values.clone();
        return () -> {
            long sum = 0;
            for (int v : array) {
                sum += v;
            }
            return sum;
        };
    }

    private static List<Integer> boxed(int[] values) {
        List<Integer> list = new ArrayList<>(values.length);
        for (int v : values) {
            list.add(v);
        }
        return list;
    }

    /** Random numbers, the same for every rung and run. */
    static int[] numbers(int size, long seed) {
        return new Random(seed).ints(size).toArray();
    }

    /** The contract every rung passes: {@code perflab --with JAR check boxing --rung ID} runs it. */
    static List<Check> checks(Sum rung) {
        return List.of(
                new Check("nothingSumsToZero", () -> expect(0, rung.apply(new int[0]).getAsLong(), "the sum of no numbers")),
                new Check("aSumGoesPastIntegerMaxValue", () -> {
                    int[] big = {Integer.MAX_VALUE, Integer.MAX_VALUE, 2};
                    expect(2L * Integer.MAX_VALUE + 2, rung.apply(big).getAsLong(), "MAX_VALUE + MAX_VALUE + 2, in a long");
                }),
                new Check("randomNumbersSumAsAPlainLoopSumsThem", () -> {
                    for (long seed = 1; seed <= 5; seed++) {
                        int[] values = numbers(10_000, seed);
                        long expected = 0;
                        for (int v : values) {
                            expected += v;
                        }
                        expect(expected, rung.apply(values).getAsLong(), "10,000 random ints, seed " + seed);
                    }
                }),
                new Check("theNumbersAreKeptNotReadAgain", () -> {
                    int[] values = {1, 2, 3};
                    LongSupplier sum = rung.apply(values);
                    values[0] = 100;
                    expect(6, sum.getAsLong(), "1 + 2 + 3 after the caller changed its array");
                }));
    }

    private static void expect(long expected, long actual, String what) {
        if (expected != actual) {
            throw new AssertionError(what + ": expected " + expected + ", got " + actual);
        }
    }
}
