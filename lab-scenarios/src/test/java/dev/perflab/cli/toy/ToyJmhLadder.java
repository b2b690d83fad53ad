package dev.perflab.cli.toy;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.function.LongUnaryOperator;

/**
 * A ladder measured by its JMH suite alone, added as the README's "Adding a component" says: its three rungs as
 * {@code Entry} lines and its suite's class ({@link Ladder#withSuites}), here; the suite, {@link ToyJmhBenchmark};
 * and one line naming {@link #LADDER} in a {@code META-INF/perflab/ladders} file (written by
 * {@code ComponentRegistrationTest}). No component class: {@code ./lab} makes the component from the ladder.
 */
public final class ToyJmhLadder {
    public static final String COMPONENT = "toy-jmh";

    public static final Ladder<LongUnaryOperator> LADDER = new Ladder<LongUnaryOperator>(COMPONENT, "Toy: the sum of squares 1..n", List.<Entry<LongUnaryOperator>>of(
            new Entry<>("r0-loop", Kind.RUNG, "adds i² for i in 1..n", ToyJmhLadder::loop),
            new Entry<>("r1-two-at-a-time", Kind.RUNG, "adds two squares per step", ToyJmhLadder::pairs),
            new Entry<>("r2-closed-form", Kind.RUNG, "n(n+1)(2n+1)/6", ToyJmhLadder::closedForm)))
            .withSuites(ToyJmhBenchmark.class.getName());

    private ToyJmhLadder() {
    }

    private static long loop(long n) {
        long sum = 0;
        for (long i = 1; i <= n; i++) {
            sum += i * i;
        }
        return sum;
    }

    private static long closedForm(long n) {
        return n * (n + 1) * (2 * n + 1) / 6;
    }

    private static long pairs(long n) {
        long sum = n % 2 == 1 ? n * n : 0;
        for (long i = 1; i + 1 <= n; i += 2) {
            sum += i * i + (i + 1) * (i + 1);
        }
        return sum;
    }
}
