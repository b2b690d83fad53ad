package dev.perflab.cli.toy;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.RunLength;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * The toy's JMH suite under another name, with forks just long enough for {@code ./lab ab}'s tests to see a
 * planted slowdown: a warm-up iteration, so the loop is compiled, then five short measured ones. Its numbers are
 * not for reading (the tests share the machine).
 */
public final class ToyAbComponent implements Component {
    public static final String NAME = "toy-ab";
    private static final JmhOptions SHORT = new JmhOptions(1, 1, "300ms", 5, "100ms");
    private static final Ladder<LongUnaryOperator> LADDER = new Ladder<>(NAME, "Toy for ab: the sum 1..n", ToyLadder.LADDER.entries());

    @Override
    public Ladder<LongUnaryOperator> ladder() {
        return LADDER;
    }

    @Override
    public List<JmhSuite> suites() {
        return List.of(JmhSuite.of("sum", ToySumBenchmark.class.getName(), Map.of(
                RunLength.SMOKE, SHORT, RunLength.QUICK, SHORT, RunLength.FULL, SHORT)));
    }
}
