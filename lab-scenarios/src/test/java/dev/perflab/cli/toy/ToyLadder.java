package dev.perflab.cli.toy;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.function.LongUnaryOperator;

/** A two-rung ladder for {@link ComponentRegistrationTest}: the sum 1 + 2 + … + n, by a loop and by n(n+1)/2. */
public final class ToyLadder {
    public static final String COMPONENT = "toy";

    public static final Ladder<LongUnaryOperator> LADDER = new Ladder<>(COMPONENT, "Toy: the sum 1..n", List.of(
            new Entry<>("r0-loop-sum", Kind.RUNG, "adds 1..n in a loop", ToyLadder::loop),
            new Entry<>("r1-closed-form", Kind.RUNG, "n(n+1)/2", n -> n * (n + 1) / 2)));

    private ToyLadder() {
    }

    private static long loop(long n) {
        long sum = 0;
        for (long i = 1; i <= n; i++) {
            sum += i;
        }
        return sum;
    }
}
