package dev.perflab.ladder;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The shortest sequence of operations that still fails, from one that does: what a learner should read first when a
 * check threw in the middle of a random stream of 300 commands. First the shortest failing prefix (the operations
 * after the failure never ran), then each remaining operation dropped in turn, kept out whenever what is left still
 * fails the same way, until no single one can go. Deterministic; at most {@link #MAX_TRIES} replays.
 *
 * <pre>
 *   [c0 c1 c2 … c211 ✗ c212 … c299]  ──prefix──▶  [c0 … c211]  ──drop one at a time──▶  [c7 c211]
 * </pre>
 */
public final class Shrink {
    /** Replays a shrink may make; a replay of a few hundred commands takes microseconds. */
    public static final int MAX_TRIES = 5_000;

    private Shrink() {
    }

    /**
     * The indices of a shortest failing sub-sequence of {@code 0 … size-1}, in order.
     *
     * @param fails whether the operations at these indices, in this order, still fail the same way; true for the whole
     */
    public static List<Integer> shortest(int size, Predicate<List<Integer>> fails) {
        int tries = 0;
        int prefix = size;
        for (int n = 1; n < size && tries < MAX_TRIES; n++, tries++) {
            if (fails.test(range(n))) {
                prefix = n;
                break;
            }
        }
        List<Integer> kept = range(prefix);
        boolean dropped = true;
        while (dropped && tries < MAX_TRIES) {
            dropped = false;
            for (int i = kept.size() - 1; i >= 0 && tries < MAX_TRIES; i--, tries++) {
                List<Integer> without = new ArrayList<>(kept);
                without.remove(i);
                if (!without.isEmpty() && fails.test(without)) {
                    kept = without;
                    dropped = true;
                }
            }
        }
        return kept;
    }

    private static List<Integer> range(int n) {
        return IntStream.range(0, n).boxed().collect(Collectors.toList());
    }
}
